import { createHmac } from "node:crypto";
import type { ValidateEmailOtpResponse } from "@harbor/contract/auth";
import {
  SESSION_TTL_DAYS,
  SIGN_IN_CODE_LENGTH,
  SIGN_IN_CODE_MAX_ATTEMPTS,
  SIGN_IN_CODE_TTL_MINUTES,
} from "@harbor/contract/constants";
import { randomCode, randomToken, safeEqual, sha256 } from "../../platform/crypto";
import { AppError } from "../../platform/errors";
import type { Mailer } from "../../platform/mailer";
import type { StaffAccess } from "../../platform/realtime/staff-access";
import type { CompaniesRepository } from "../companies/companies.module";
import { type CompaniesService, nameFromEmail, workspaceNameFromEmail } from "../companies/companies.module";
import type { UsersRepository } from "../users/users.module";
import { alreadyRegisteredMail, noAccountMail, signInCodeMail, signUpCodeMail } from "./auth.mail";
import type { AuthRepository, CodePurpose } from "./auth.repository";

/** Resend limits (issue #2): per address one code per 30 s and ten per hour; per IP 30 per hour. */
export const CODE_THROTTLE = { emailGapSeconds: 30, emailPerHour: 10, ipPerHour: 30 } as const;

const DAY_MS = 24 * 3600_000;
const SESSION_TTL_MS = SESSION_TTL_DAYS * DAY_MS;

export type NewSession = { token: string; expiresAt: Date };

export function createAuthService(deps: {
  auth: AuthRepository;
  users: UsersRepository;
  companies: CompaniesRepository;
  companiesService: CompaniesService;
  mailer: Mailer;
  appSecret: string;
  publicUrl: string;
  staffAccess: Pick<StaffAccess, "endSession">;
}) {
  /** Keyed hash: a leaked table row cannot be brute-forced back to the code without APP_SECRET. */
  const hashCode = (email: string, code: string) =>
    createHmac("sha256", deps.appSecret).update(`${email}\n${code}`).digest("hex");

  async function throttle(email: string, ip: string) {
    const now = Date.now();
    const recent = await deps.auth.countRecentCodeRequests({
      email,
      ip,
      since: { email: new Date(now - 3600_000), ip: new Date(now - 3600_000) },
    });
    if (recent.latestForEmail) {
      const waitSeconds = Math.ceil(
        (recent.latestForEmail.getTime() + CODE_THROTTLE.emailGapSeconds * 1000 - now) / 1000,
      );
      if (waitSeconds > 0) {
        throw new AppError("TOO_MANY_REQUESTS", `Please wait ${waitSeconds} seconds before asking for another code.`);
      }
    }
    if (recent.byEmail >= CODE_THROTTLE.emailPerHour || recent.byIp >= CODE_THROTTLE.ipPerHour) {
      throw new AppError("TOO_MANY_REQUESTS", "Too many codes were requested. Please try again in an hour.");
    }
    await deps.auth.recordCodeRequest({ email, ip });
  }

  async function issueCode(email: string, purpose: CodePurpose) {
    const code = randomCode(SIGN_IN_CODE_LENGTH);
    await deps.auth.replaceCode({
      email,
      purpose,
      codeHash: hashCode(email, code),
      expiresAt: new Date(Date.now() + SIGN_IN_CODE_TTL_MINUTES * 60_000),
    });
    return code;
  }

  async function createSession(userId: string, companyId: string | null): Promise<NewSession> {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await deps.auth.createSession({ tokenHash: sha256(token), userId, companyId, expiresAt });
    return { token, expiresAt };
  }

  return {
    /**
     * Known and unknown addresses get the same answer, as on sign-in: only the mail differs. The
     * owner of an existing account gets a sign-in code, which the sign-up page's code entry takes
     * as well, so someone who forgot they have an account still gets in.
     */
    async register(options: { email: string; ip: string }) {
      await throttle(options.email, options.ip);
      if (await deps.auth.findUserByEmail(options.email)) {
        const code = await issueCode(options.email, "sign-in");
        await deps.mailer.send(alreadyRegisteredMail({ to: options.email, code }));
      } else {
        const code = await issueCode(options.email, "sign-up");
        await deps.mailer.send(signUpCodeMail({ to: options.email, code }));
      }
      return { message: `We sent a ${SIGN_IN_CODE_LENGTH}-character code to ${options.email}.` };
    },

    /**
     * Known and unknown addresses get the same answer; only the mail differs. An address that has
     * no account but has an invitation waiting gets a code that creates the account (signing in
     * is what an invited person tries first).
     */
    async requestSignInCode(options: { email: string; ip: string }) {
      await throttle(options.email, options.ip);
      const user = await deps.auth.findUserByEmail(options.email);
      if (user) {
        const code = await issueCode(options.email, "sign-in");
        await deps.mailer.send(signInCodeMail({ to: options.email, code }));
      } else if (await deps.users.hasInvitationsFor(options.email)) {
        const code = await issueCode(options.email, "sign-up");
        await deps.mailer.send(signInCodeMail({ to: options.email, code }));
      } else {
        await deps.mailer.send(noAccountMail({ to: options.email, signUpUrl: `${deps.publicUrl}/sign-up` }));
      }
      return { message: `If ${options.email} has a Harbor account, a sign-in code is on its way.` };
    },

    async validateCode(options: { email: string; otp: string }): Promise<{
      result: ValidateEmailOtpResponse;
      session: NewSession;
    }> {
      const attempt = await deps.auth.spendCodeAttempt({
        email: options.email,
        maxAttempts: SIGN_IN_CODE_MAX_ATTEMPTS,
      });
      if (!attempt) {
        const stored = await deps.auth.findCode(options.email);
        if (stored && stored.expiresAt > new Date() && stored.attempts >= SIGN_IN_CODE_MAX_ATTEMPTS) {
          throw new AppError("BAD_REQUEST", "Too many wrong tries. Please ask for a new code.");
        }
        throw new AppError("BAD_REQUEST", "This code is not valid or has expired. Please ask for a new code.");
      }
      const codeHash = hashCode(options.email, options.otp);
      if (!safeEqual(codeHash, attempt.codeHash)) {
        const triesLeft = SIGN_IN_CODE_MAX_ATTEMPTS - attempt.attempts;
        throw new AppError(
          "BAD_REQUEST",
          triesLeft > 0
            ? `That code is not right. ${triesLeft} ${triesLeft === 1 ? "try" : "tries"} left.`
            : "Too many wrong tries. Please ask for a new code.",
        );
      }
      if (!(await deps.auth.consumeCode({ email: options.email, codeHash }))) {
        throw new AppError("BAD_REQUEST", "This code is not valid or has expired. Please ask for a new code.");
      }

      const user =
        attempt.purpose === "sign-up"
          ? await deps.users.findOrCreate({ email: options.email, name: nameFromEmail(options.email) })
          : await deps.auth.findUserByEmail(options.email);
      if (!user) throw new AppError("BAD_REQUEST", "This code is not valid or has expired. Please ask for a new code.");

      const companies = await deps.companies.listForUser(user.id);
      // Someone invited before they had a workspace answers the invitation first (the dashboard
      // shows it): a workspace of their own, with its demo content, is not what they came for.
      if (companies.length === 0 && (await deps.users.hasInvitationsFor(user.email))) {
        return {
          result: { userID: user.id, email: user.email, hasMultipleCompanies: false, isNewCompany: false },
          session: await createSession(user.id, null),
        };
      }
      // A new sign-up, or someone whose every workspace is gone, starts with a workspace of their own.
      if (companies.length === 0) {
        const company = await deps.companiesService.createWorkspace({
          name: workspaceNameFromEmail(user.email),
          adminUserId: user.id,
        });
        return {
          result: { userID: user.id, email: user.email, hasMultipleCompanies: false, isNewCompany: true },
          session: await createSession(user.id, company.id),
        };
      }
      const onlyCompany = companies.length === 1 ? companies[0] : undefined;
      return {
        result: { userID: user.id, email: user.email, hasMultipleCompanies: !onlyCompany, isNewCompany: false },
        session: await createSession(user.id, onlyCompany?.id ?? null),
      };
    },

    /** Select or switch the session's company; only a company the user belongs to. */
    async selectCompany(options: {
      tokenHash: string;
      userId: string;
      companyId: string;
      /** The session's workspace before (null: none yet). */
      fromCompanyId: string | null;
    }) {
      const membership = await deps.companies.findMembership({ companyId: options.companyId, userId: options.userId });
      if (!membership) throw new AppError("NOT_FOUND", "You are not a member of this workspace.");
      await deps.auth.selectSessionCompany({ tokenHash: options.tokenHash, companyId: options.companyId });
      // Its live inbox reconnects into the workspace chosen now.
      if (options.fromCompanyId !== options.companyId) deps.staffAccess.endSession(options.tokenHash);
    },

    async logout(tokenHash: string) {
      await deps.auth.deleteSession(tokenHash);
      deps.staffAccess.endSession(tokenHash);
    },

    /** Sliding expiry: a session used within 30 days stays alive; it is extended at most daily. */
    async refreshSession(options: { tokenHash: string; expiresAt: Date }): Promise<Date | null> {
      const remaining = options.expiresAt.getTime() - Date.now();
      if (remaining > SESSION_TTL_MS - DAY_MS) return null;
      const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
      await deps.auth.extendSession({ tokenHash: options.tokenHash, expiresAt });
      return expiresAt;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

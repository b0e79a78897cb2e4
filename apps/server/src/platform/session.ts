import type { Role } from "@harbor/contract/common";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sha256 } from "./crypto";
import { AppError, adminOnly, notSignedIn } from "./errors";

export const SESSION_COOKIE = "harbor_session";

export type RequestAuth = {
  tokenHash: string;
  userId: string;
  email: string;
  /** The user's own name. */
  name: string;
  /** The name the selected company knows them by (staff replies, typing, invitations); else their own. */
  displayName: string;
  /** Null until the user picks a workspace, or after they were removed from the one selected. */
  companyId: string | null;
  role: Role | null;
};

export type CompanyAuth = RequestAuth & { companyId: string; role: Role };

declare module "fastify" {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

/** Any role but admin counts as agent (spec part 1 §6). */
export const toRole = (role: string | null): Role => (role === "admin" ? "admin" : "agent");

export function setSessionCookie(reply: FastifyReply, options: { token: string; expiresAt: Date; isSecure: boolean }) {
  reply.setCookie(SESSION_COOKIE, options.token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: options.isSecure,
    expires: options.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, isSecure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure: isSecure });
}

/** A stored session as the platform needs it; `companyId`/`role` are null without a membership. */
export type SessionRecord = {
  userId: string;
  email: string;
  /** The user's own name. */
  name: string;
  /** The name the selected company knows them by (its membership's), else their own. */
  displayName: string;
  companyId: string | null;
  role: string | null;
  expiresAt: Date;
};

/**
 * The platform's port to the sessions the auth module keeps: sessions are looked up by the hash of
 * the cookie's token (the token itself is never stored).
 */
export type SessionStore = {
  find(tokenHash: string): Promise<SessionRecord | null>;
  delete(tokenHash: string): Promise<void>;
  /** Extends a session nearing its end; answers the new expiry, or null when nothing changed. */
  refresh(options: { tokenHash: string; expiresAt: Date }): Promise<Date | null>;
};

/** Loads the session behind the cookie for every API request; handlers then ask for what they need. */
export function registerSessions(app: FastifyInstance, deps: { sessions: SessionStore; isSecureCookie: boolean }) {
  app.decorateRequest("auth", null);
  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith("/api/")) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const tokenHash = sha256(token);
    const session = await deps.sessions.find(tokenHash);
    if (!session || session.expiresAt <= new Date()) {
      if (session) await deps.sessions.delete(tokenHash);
      clearSessionCookie(reply, deps.isSecureCookie);
      return;
    }
    const isMember = session.companyId !== null && session.role !== null;
    request.auth = {
      tokenHash,
      userId: session.userId,
      email: session.email,
      name: session.name,
      displayName: isMember ? session.displayName : session.name,
      companyId: isMember ? session.companyId : null,
      role: isMember ? toRole(session.role) : null,
    };
    const extendedUntil = await deps.sessions.refresh({ tokenHash, expiresAt: session.expiresAt });
    if (extendedUntil) setSessionCookie(reply, { token, expiresAt: extendedUntil, isSecure: deps.isSecureCookie });
  });
}

export function requireUser(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw notSignedIn();
  return request.auth;
}

/** Signed in with a workspace selected: the companyId every repository call is scoped to. */
export function requireCompany(request: FastifyRequest): CompanyAuth {
  const auth = requireUser(request);
  if (!auth.companyId || !auth.role) throw new AppError("FORBIDDEN", "Please select a workspace first.");
  return { ...auth, companyId: auth.companyId, role: auth.role };
}

export function requireAdmin(request: FastifyRequest): CompanyAuth {
  const auth = requireCompany(request);
  if (auth.role !== "admin") throw adminOnly();
  return auth;
}

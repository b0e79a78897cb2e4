import { and, count, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { codeRequests, emailCodes, memberships, sessions, users } from "../../db/schema/index";

export type CodePurpose = "sign-in" | "sign-up";

/** SQL for codes, code throttling and sessions. Codes and sessions are per user, not per company. */
export function createAuthRepository(db: Database) {
  return {
    async findUserByEmail(email: string) {
      const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return user ?? null;
    },

    async countRecentCodeRequests(options: { email: string; ip: string; since: { email: Date; ip: Date } }) {
      const [byEmail] = await db
        .select({ n: count(), latest: sql<string | null>`max(${codeRequests.requestedAt})` })
        .from(codeRequests)
        .where(and(eq(codeRequests.email, options.email), gt(codeRequests.requestedAt, options.since.email)));
      const [byIp] = await db
        .select({ n: count() })
        .from(codeRequests)
        .where(and(eq(codeRequests.ip, options.ip), gt(codeRequests.requestedAt, options.since.ip)));
      return {
        byEmail: byEmail?.n ?? 0,
        latestForEmail: byEmail?.latest ? new Date(byEmail.latest) : null,
        byIp: byIp?.n ?? 0,
      };
    },

    async recordCodeRequest(options: { email: string; ip: string }) {
      await db.insert(codeRequests).values(options);
      // Rows older than the longest throttle window are never read again.
      await db.delete(codeRequests).where(lt(codeRequests.requestedAt, new Date(Date.now() - 2 * 3600_000)));
    },

    /** Stores the new code; replacing the row voids any earlier code for the address. */
    async replaceCode(options: { email: string; codeHash: string; purpose: CodePurpose; expiresAt: Date }) {
      await db
        .insert(emailCodes)
        .values({ ...options, attempts: 0 })
        .onConflictDoUpdate({
          target: emailCodes.email,
          set: {
            codeHash: options.codeHash,
            purpose: options.purpose,
            expiresAt: options.expiresAt,
            attempts: 0,
            createdAt: new Date(),
          },
        });
    },

    /**
     * Counts a try before the code is compared, in one statement, so parallel guesses cannot
     * exceed the limit. Returns nothing when the code is missing, expired or already locked.
     */
    async spendCodeAttempt(options: { email: string; maxAttempts: number }) {
      const [row] = await db
        .update(emailCodes)
        .set({ attempts: sql`${emailCodes.attempts} + 1` })
        .where(
          and(
            eq(emailCodes.email, options.email),
            gt(emailCodes.expiresAt, new Date()),
            lt(emailCodes.attempts, options.maxAttempts),
          ),
        )
        .returning();
      return row ?? null;
    },

    async findCode(email: string) {
      const [row] = await db.select().from(emailCodes).where(eq(emailCodes.email, email)).limit(1);
      return row ?? null;
    },

    /** Single use: only the request that deletes the row may sign in with it. */
    async consumeCode(options: { email: string; codeHash: string }) {
      const deleted = await db
        .delete(emailCodes)
        .where(and(eq(emailCodes.email, options.email), eq(emailCodes.codeHash, options.codeHash)))
        .returning({ email: emailCodes.email });
      return deleted.length === 1;
    },

    async createSession(options: { tokenHash: string; userId: string; companyId: string | null; expiresAt: Date }) {
      await db.insert(sessions).values(options);
    },

    /** The session with its user, and the role and name the user holds in the selected company. */
    async findSession(tokenHash: string) {
      const [row] = await db
        .select({
          tokenHash: sessions.tokenHash,
          expiresAt: sessions.expiresAt,
          userId: users.id,
          email: users.email,
          name: users.name,
          displayName: sql<string>`coalesce(${memberships.displayName}, ${users.name})`,
          companyId: sessions.companyId,
          role: memberships.role,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(
          memberships,
          and(eq(memberships.userId, sessions.userId), eq(memberships.companyId, sessions.companyId)),
        )
        .where(eq(sessions.tokenHash, tokenHash))
        .limit(1);
      return row ?? null;
    },

    async extendSession(options: { tokenHash: string; expiresAt: Date }) {
      await db.update(sessions).set({ expiresAt: options.expiresAt }).where(eq(sessions.tokenHash, options.tokenHash));
    },

    async selectSessionCompany(options: { tokenHash: string; companyId: string }) {
      await db.update(sessions).set({ companyId: options.companyId }).where(eq(sessions.tokenHash, options.tokenHash));
    },

    async deleteSession(tokenHash: string) {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    async deleteExpiredSessions() {
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;

import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { memberships, sessions, users } from "../../db/schema/index";

export class AlreadyMemberError extends Error {
  constructor(readonly email: string) {
    super(`${email} is already a member`);
  }
}

export function createUsersRepository(db: Database) {
  return {
    async findByEmail(email: string) {
      const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return user ?? null;
    },

    /** Returns the user with this e-mail, creating them when new (safe under concurrent calls). */
    async findOrCreate(options: { email: string; name: string }) {
      await db.insert(users).values(options).onConflictDoNothing({ target: users.email });
      const [user] = await db.select().from(users).where(eq(users.email, options.email)).limit(1);
      if (!user) throw new Error("User upsert returned no row");
      return user;
    },

    async listTeam(companyId: string) {
      return db
        .select({ _id: users.id, name: users.name, email: users.email, role: memberships.role })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(memberships.companyId, companyId))
        .orderBy(asc(users.name), asc(users.email));
    },

    async findMember(options: { companyId: string; userId: string }) {
      const [row] = await db
        .select({ _id: users.id, name: users.name, email: users.email, role: memberships.role })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.companyId, options.companyId), eq(memberships.userId, options.userId)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Adds each person to the company in one transaction: all are added or none. Throws
     * AlreadyMemberError (rolling everything back) when one of them is already in the team.
     */
    async addMembers(options: { companyId: string; members: { email: string; name: string; role: string }[] }) {
      return db.transaction(async (tx) => {
        const added: { _id: string; email: string; name: string; role: string }[] = [];
        for (const member of options.members) {
          await tx
            .insert(users)
            .values({ email: member.email, name: member.name })
            .onConflictDoNothing({ target: users.email });
          const [user] = await tx.select().from(users).where(eq(users.email, member.email)).limit(1);
          if (!user) throw new Error("User upsert returned no row");
          const inserted = await tx
            .insert(memberships)
            .values({ companyId: options.companyId, userId: user.id, role: member.role })
            .onConflictDoNothing()
            .returning();
          if (inserted.length === 0) throw new AlreadyMemberError(member.email);
          added.push({ _id: user.id, email: user.email, name: user.name, role: member.role });
        }
        return added;
      });
    },

    async updateMember(options: { companyId: string; userId: string; name: string; role: string }) {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ name: options.name }).where(eq(users.id, options.userId));
        await tx
          .update(memberships)
          .set({ role: options.role })
          .where(and(eq(memberships.companyId, options.companyId), eq(memberships.userId, options.userId)));
      });
    },

    /** Removes the membership and signs the person out of this company everywhere. */
    async removeMember(options: { companyId: string; userId: string }) {
      await db.transaction(async (tx) => {
        await tx
          .delete(memberships)
          .where(and(eq(memberships.companyId, options.companyId), eq(memberships.userId, options.userId)));
        await tx
          .delete(sessions)
          .where(and(eq(sessions.companyId, options.companyId), eq(sessions.userId, options.userId)));
      });
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

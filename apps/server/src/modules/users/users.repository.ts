import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";
import { companies, invitations, memberships, sessions, users } from "../../db/schema/index";

export class AlreadyMemberError extends Error {
  constructor(readonly email: string) {
    super(`${email} is already a member`);
  }
}

export class AlreadyInvitedError extends Error {
  constructor(readonly email: string) {
    super(`${email} is already invited`);
  }
}

/** The name a company knows its member by: its own for them, else the one they gave themselves. */
const memberName = sql<string>`coalesce(${memberships.displayName}, ${users.name})`;

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

    async listMembers(companyId: string) {
      return db
        .select({ _id: users.id, name: memberName, email: users.email, role: memberships.role })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(memberships.companyId, companyId))
        .orderBy(asc(memberName), asc(users.email));
    },

    /** The e-mail of the company's earliest admin (its owner, unless they left), or null. */
    async firstAdminEmail(companyId: string): Promise<string | null> {
      const [owner] = await db
        .select({ email: users.email })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.companyId, companyId), eq(memberships.role, "admin")))
        .orderBy(asc(memberships.createdAt))
        .limit(1);
      return owner?.email ?? null;
    },

    async listInvitations(companyId: string) {
      return db
        .select({
          _id: invitations.id,
          name: invitations.displayName,
          email: invitations.email,
          role: invitations.role,
        })
        .from(invitations)
        .where(eq(invitations.companyId, companyId))
        .orderBy(asc(invitations.displayName), asc(invitations.email));
    },

    async findMember(options: { companyId: string; userId: string }) {
      const [row] = await db
        .select({ _id: users.id, name: memberName, email: users.email, role: memberships.role })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.companyId, options.companyId), eq(memberships.userId, options.userId)))
        .limit(1);
      return row ?? null;
    },

    async findInvitation(options: { companyId: string; invitationId: string }) {
      const [row] = await db
        .select({
          _id: invitations.id,
          name: invitations.displayName,
          email: invitations.email,
          role: invitations.role,
        })
        .from(invitations)
        .where(and(eq(invitations.companyId, options.companyId), eq(invitations.id, options.invitationId)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Invites each person in one transaction: all are invited or none. Throws AlreadyMemberError
     * or AlreadyInvitedError (rolling everything back) when one of them is in the team already or
     * has an invitation waiting. Users are looked up only to find this company's own members.
     */
    async invite(options: {
      companyId: string;
      invitedByUserId: string;
      people: { email: string; name: string; role: string }[];
    }) {
      return db.transaction(async (tx) => {
        const invited: { _id: string; email: string; name: string; role: string }[] = [];
        for (const person of options.people) {
          const [member] = await tx
            .select({ userId: memberships.userId })
            .from(memberships)
            .innerJoin(users, eq(users.id, memberships.userId))
            .where(and(eq(memberships.companyId, options.companyId), eq(users.email, person.email)))
            .limit(1);
          if (member) throw new AlreadyMemberError(person.email);
          const [row] = await tx
            .insert(invitations)
            .values({
              companyId: options.companyId,
              email: person.email,
              displayName: person.name,
              role: person.role,
              invitedByUserId: options.invitedByUserId,
            })
            .onConflictDoNothing()
            .returning();
          if (!row) throw new AlreadyInvitedError(person.email);
          invited.push({ _id: row.id, email: row.email, name: row.displayName, role: row.role });
        }
        return invited;
      });
    },

    /** The company's name for its member and their role there; the user's own name is untouched. */
    async updateMember(options: { companyId: string; userId: string; displayName: string; role: string }) {
      await db
        .update(memberships)
        .set({ displayName: options.displayName, role: options.role })
        .where(and(eq(memberships.companyId, options.companyId), eq(memberships.userId, options.userId)));
    },

    async updateInvitation(options: { companyId: string; invitationId: string; displayName: string; role: string }) {
      await db
        .update(invitations)
        .set({ displayName: options.displayName, role: options.role })
        .where(and(eq(invitations.companyId, options.companyId), eq(invitations.id, options.invitationId)));
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

    async deleteInvitation(options: { companyId: string; invitationId: string }) {
      await db
        .delete(invitations)
        .where(and(eq(invitations.companyId, options.companyId), eq(invitations.id, options.invitationId)));
    },

    // ── The invitee's side: invitations addressed to the signed-in user's e-mail ──────────────

    async listInvitationsFor(email: string) {
      const inviter = alias(memberships, "inviter");
      const inviterUser = alias(users, "inviter_user");
      return db
        .select({
          invitationID: invitations.id,
          companyID: companies.id,
          companyName: companies.name,
          logoURL: companies.logoUrl,
          role: invitations.role,
          inviterName: sql<string | null>`coalesce(${inviter.displayName}, ${inviterUser.name})`,
        })
        .from(invitations)
        .innerJoin(companies, eq(companies.id, invitations.companyId))
        .leftJoin(
          inviter,
          and(eq(inviter.companyId, invitations.companyId), eq(inviter.userId, invitations.invitedByUserId)),
        )
        .leftJoin(inviterUser, eq(inviterUser.id, inviter.userId))
        .where(eq(invitations.email, email))
        .orderBy(asc(companies.name), asc(invitations.id));
    },

    async hasInvitationsFor(email: string) {
      const [row] = await db
        .select({ id: invitations.id })
        .from(invitations)
        .where(eq(invitations.email, email))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Turns the invitation into a membership, in one transaction: only the invitee (the user
     * with its address) can. Answers the company joined, or null when there is no such invitation.
     */
    async acceptInvitation(options: { invitationId: string; userId: string; email: string }) {
      return db.transaction(async (tx) => {
        const [invitation] = await tx
          .delete(invitations)
          .where(and(eq(invitations.id, options.invitationId), eq(invitations.email, options.email)))
          .returning();
        if (!invitation) return null;
        await tx
          .insert(memberships)
          .values({
            companyId: invitation.companyId,
            userId: options.userId,
            role: invitation.role,
            displayName: invitation.displayName,
          })
          .onConflictDoNothing();
        const [company] = await tx.select().from(companies).where(eq(companies.id, invitation.companyId)).limit(1);
        return company ?? null;
      });
    },

    async declineInvitation(options: { invitationId: string; email: string }) {
      const deleted = await db
        .delete(invitations)
        .where(and(eq(invitations.id, options.invitationId), eq(invitations.email, options.email)))
        .returning({ id: invitations.id });
      return deleted.length === 1;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

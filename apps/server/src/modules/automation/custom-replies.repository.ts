import type { CustomReplyNode } from "@harbor/contract/automation";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { customReplies, questionCategories } from "../../db/schema/index";

export type CustomReplyRow = typeof customReplies.$inferSelect;
export type CustomReplyFields = { name: string; isActive: boolean; nodes?: CustomReplyNode[] };

/** Custom replies (workflow graphs); every query is scoped by companyId. */
export function createCustomRepliesRepository(db: Database) {
  const inCompany = (companyId: string, replyId: string) =>
    and(eq(customReplies.id, replyId), eq(customReplies.companyId, companyId));

  return {
    /** The list's rows: the graph itself stays in the database, only its size comes along. */
    async list(companyId: string) {
      return db
        .select({
          id: customReplies.id,
          name: customReplies.name,
          isActive: customReplies.isActive,
          nodeCount: sql<number>`jsonb_array_length(${customReplies.nodes})::int`,
        })
        .from(customReplies)
        .where(eq(customReplies.companyId, companyId))
        .orderBy(asc(customReplies.name), asc(customReplies.id));
    },

    async find(companyId: string, replyId: string) {
      const [row] = await db.select().from(customReplies).where(inCompany(companyId, replyId)).limit(1);
      return row ?? null;
    },

    /** Ids of this company's replies among `replyIds` (to refuse another company's id in a reference). */
    async existingIds(companyId: string, replyIds: string[]) {
      if (replyIds.length === 0) return new Set<string>();
      const rows = await db
        .select({ id: customReplies.id })
        .from(customReplies)
        .where(and(eq(customReplies.companyId, companyId), sql`${customReplies.id} in ${replyIds}`));
      return new Set(rows.map((row) => row.id));
    },

    async count(companyId: string) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(customReplies)
        .where(eq(customReplies.companyId, companyId));
      return row?.count ?? 0;
    },

    async insert(companyId: string, fields: CustomReplyFields) {
      const [row] = await db
        .insert(customReplies)
        .values({ companyId, ...fields })
        .returning();
      if (!row) throw new Error("Custom reply insert returned no row");
      return row;
    },

    async update(companyId: string, replyId: string, fields: CustomReplyFields) {
      const [row] = await db.update(customReplies).set(fields).where(inCompany(companyId, replyId)).returning();
      return row ?? null;
    },

    /**
     * Deletes the reply and, in the same transaction, takes it off the categories and intents that
     * ran it, so none points at a reply that is gone.
     */
    async delete(companyId: string, replyId: string) {
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(customReplies)
          .where(inCompany(companyId, replyId))
          .returning({ id: customReplies.id });
        if (deleted.length === 0) return false;
        await tx
          .update(questionCategories)
          .set({ customReplyId: null })
          .where(and(eq(questionCategories.companyId, companyId), eq(questionCategories.customReplyId, replyId)));
        await tx
          .update(questionCategories)
          .set({
            intents: sql`(select coalesce(jsonb_agg(case when i->>'customReplyID' = ${replyId}
              then jsonb_set(i, '{customReplyID}', 'null'::jsonb) else i end order by n), '[]'::jsonb)
              from jsonb_array_elements(${questionCategories.intents}) with ordinality as e(i, n))`,
          })
          .where(
            and(
              eq(questionCategories.companyId, companyId),
              sql`${questionCategories.intents} @> ${JSON.stringify([{ customReplyID: replyId }])}::jsonb`,
            ),
          );
        return true;
      });
    },
  };
}

export type CustomRepliesRepository = ReturnType<typeof createCustomRepliesRepository>;

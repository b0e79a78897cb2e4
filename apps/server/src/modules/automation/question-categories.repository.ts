import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { chatAnalyses, chatTags, type IntentRecord, questionCategories } from "../../db/schema/index";

export type QuestionCategoryRow = typeof questionCategories.$inferSelect;
export type CategoryFields = { title: string; description: string; customReplyId: string | null; isActive: boolean };

/** Question categories and their intents (a JSON list on the row); every query is scoped by companyId. */
export function createQuestionCategoriesRepository(db: Database) {
  const inCompany = (companyId: string, categoryId: string) =>
    and(eq(questionCategories.id, categoryId), eq(questionCategories.companyId, companyId));

  return {
    async list(companyId: string) {
      return db
        .select()
        .from(questionCategories)
        .where(eq(questionCategories.companyId, companyId))
        .orderBy(asc(questionCategories.createdAt), asc(questionCategories.id));
    },

    async find(companyId: string, categoryId: string) {
      const [row] = await db.select().from(questionCategories).where(inCompany(companyId, categoryId)).limit(1);
      return row ?? null;
    },

    async count(companyId: string) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(questionCategories)
        .where(eq(questionCategories.companyId, companyId));
      return row?.count ?? 0;
    },

    async insert(companyId: string, fields: CategoryFields) {
      const [row] = await db
        .insert(questionCategories)
        .values({ companyId, ...fields })
        .returning();
      if (!row) throw new Error("Question category insert returned no row");
      return row;
    },

    /**
     * Null when the category is not this company's. A new title carries the chats filed under
     * the old one along (their analysis entries and the inbox's tags, in one transaction), so the
     * inbox's AI Conversations entry of a renamed category still lists its chats (decision 038).
     */
    async update(companyId: string, categoryId: string, fields: CategoryFields) {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ title: questionCategories.title })
          .from(questionCategories)
          .where(inCompany(companyId, categoryId))
          .for("update");
        if (!current) return null;
        const [row] = await tx
          .update(questionCategories)
          .set(fields)
          .where(inCompany(companyId, categoryId))
          .returning();
        if (current.title !== fields.title) {
          await tx
            .update(chatAnalyses)
            .set({ questionCategory: fields.title })
            .where(and(eq(chatAnalyses.companyId, companyId), eq(chatAnalyses.questionCategory, current.title)));
          const oldTag = and(
            eq(chatTags.companyId, companyId),
            eq(chatTags.kind, "category"),
            eq(chatTags.value, current.title),
          );
          // A chat that already has the new title (from a deleted category of that name) keeps one tag.
          await tx
            .update(chatTags)
            .set({ value: fields.title })
            .where(
              and(
                oldTag,
                sql`not exists (select 1 from chat_tags n where n.chat_id = ${chatTags.chatId}
                  and n.kind = 'category' and n.value = ${fields.title})`,
              ),
            );
          await tx.delete(chatTags).where(oldTag);
        }
        return row ?? null;
      });
    },

    async delete(companyId: string, categoryId: string) {
      const deleted = await db
        .delete(questionCategories)
        .where(inCompany(companyId, categoryId))
        .returning({ id: questionCategories.id });
      return deleted.length > 0;
    },

    /**
     * Changes the category's intents under a row lock, so two admins editing intents at once
     * don't lose each other's change. `change` returns the new list, or null to leave it.
     */
    async changeIntents(
      companyId: string,
      categoryId: string,
      change: (intents: IntentRecord[]) => IntentRecord[] | null,
    ): Promise<QuestionCategoryRow | null> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(questionCategories)
          .where(inCompany(companyId, categoryId))
          .for("update");
        if (!current) return null;
        const intents = change(current.intents);
        if (!intents) return current;
        const [row] = await tx
          .update(questionCategories)
          .set({ intents })
          .where(inCompany(companyId, categoryId))
          .returning();
        return row ?? null;
      });
    },
  };
}

export type QuestionCategoriesRepository = ReturnType<typeof createQuestionCategoriesRepository>;

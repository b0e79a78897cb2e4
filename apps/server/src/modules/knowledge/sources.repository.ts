import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { knowledgeSources } from "../../db/schema/index";

export type SourceRow = typeof knowledgeSources.$inferSelect;
export type NewSource = Omit<typeof knowledgeSources.$inferInsert, "id" | "createdAt" | "updatedAt">;

/** A company's knowledge sources (websites, shops, help centres, articles): SQL only, scoped by companyId. */
export function createSourcesRepository(db: Database) {
  return {
    async listSources(companyId: string) {
      const rows = await db
        .select()
        .from(knowledgeSources)
        .where(eq(knowledgeSources.companyId, companyId))
        .orderBy(asc(knowledgeSources.createdAt), asc(knowledgeSources.id));
      return rows.map((source) => ({ source, documentCount: source.documentCount }));
    },

    async findSource(companyId: string, sourceId: string) {
      const [row] = await db
        .select()
        .from(knowledgeSources)
        .where(and(eq(knowledgeSources.companyId, companyId), eq(knowledgeSources.id, sourceId)))
        .limit(1);
      return row ?? null;
    },

    async findSourceByType(companyId: string, sourceType: string) {
      const [row] = await db
        .select()
        .from(knowledgeSources)
        .where(and(eq(knowledgeSources.companyId, companyId), eq(knowledgeSources.sourceType, sourceType)))
        .limit(1);
      return row ?? null;
    },

    /** Inserts unless the company already has this type and URL; returns null then. */
    async createSource(source: NewSource) {
      const [row] = await db.insert(knowledgeSources).values(source).onConflictDoNothing().returning();
      return row ?? null;
    },

    async updateSource(companyId: string, sourceId: string, change: Partial<NewSource>) {
      const [row] = await db
        .update(knowledgeSources)
        .set({ ...change, updatedAt: new Date() })
        .where(and(eq(knowledgeSources.companyId, companyId), eq(knowledgeSources.id, sourceId)))
        .returning();
      return row ?? null;
    },

    /** Chunks stay searchable only while their document and its source are both active. */
    async setSourceActive(companyId: string, sourceId: string, isActive: boolean) {
      await db.transaction(async (tx) => {
        await tx
          .update(knowledgeSources)
          .set({ isActive, updatedAt: new Date() })
          .where(and(eq(knowledgeSources.companyId, companyId), eq(knowledgeSources.id, sourceId)));
        await tx.execute(sql`
          update knowledge_chunks c set is_searchable = ${isActive} and d.is_active
          from knowledge_documents d
          where d.id = c.document_id and d.company_id = ${companyId} and d.source_id = ${sourceId}`);
      });
    },

    async deleteSource(companyId: string, sourceId: string) {
      const deleted = await db
        .delete(knowledgeSources)
        .where(and(eq(knowledgeSources.companyId, companyId), eq(knowledgeSources.id, sourceId)))
        .returning({ id: knowledgeSources.id });
      return deleted.length === 1;
    },

    /** Sources whose schedule says it is time to sync again (any company: the scheduler's view). */
    async sourcesDueForSync(now: Date) {
      return db
        .select({ id: knowledgeSources.id, companyId: knowledgeSources.companyId })
        .from(knowledgeSources)
        .where(
          and(
            lte(knowledgeSources.nextSyncAt, now),
            eq(knowledgeSources.isActive, true),
            eq(knowledgeSources.isSyncing, false),
          ),
        )
        .limit(100);
    },
  };
}

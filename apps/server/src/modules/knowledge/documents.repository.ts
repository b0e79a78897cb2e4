import { DOCUMENT_SEARCH_COUNT_CAP } from "@harbor/contract/knowledge";
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { knowledgeChunks, knowledgeDocuments, knowledgeSources } from "../../db/schema/index";

export type DocumentRow = typeof knowledgeDocuments.$inferSelect;

/** A document as ingestion produces it, ready to replace the stored version. */
export type PreparedDocument = {
  referenceId: string;
  title: string;
  url: string | null;
  image: string | null;
  language: string;
  textSearchConfig: "english" | "dutch" | "simple";
  preview: string;
  contentHash: string;
  chunks: { content: string; embedding: number[] | null }[];
  embeddingModel: string;
};

/** A passage's full-text vector: the title weighs more than the text (A over B). */
export const searchVector = (config: string, title: string, content: string) =>
  sql`setweight(to_tsvector(${config}::regconfig, ${title}), 'A') || setweight(to_tsvector(${config}::regconfig, ${content}), 'B')`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * A source's documents and their passages: the paged list, a sync's replacement of changed
 * documents, flags and deletion. SQL only, scoped by companyId.
 */
export function createDocumentsRepository(db: Database) {
  return {
    async listDocuments(options: {
      companyId: string;
      sourceId: string;
      page: number;
      pageSize: number;
      searchTerm?: string;
      filter: "all" | "active" | "inactive";
    }) {
      const conditions = [
        eq(knowledgeDocuments.companyId, options.companyId),
        eq(knowledgeDocuments.sourceId, options.sourceId),
      ];
      if (options.filter !== "all") conditions.push(eq(knowledgeDocuments.isActive, options.filter === "active"));
      if (options.searchTerm) {
        const pattern = `%${escapeLike(options.searchTerm)}%`;
        const match = or(ilike(knowledgeDocuments.title, pattern), ilike(knowledgeDocuments.url, pattern));
        if (match) conditions.push(match);
      }
      const where = and(...conditions);
      const listOrder = [desc(knowledgeDocuments.updatedAt), asc(knowledgeDocuments.id)];
      // The page's ids come from the list index alone (an index-only scan in the list's order),
      // then only those rows are read: a deep page never reads the documents it skips.
      const pageIds = db
        .select({ id: knowledgeDocuments.id })
        .from(knowledgeDocuments)
        .where(where)
        .orderBy(...listOrder)
        .limit(options.pageSize)
        .offset((options.page - 1) * options.pageSize)
        .as("page_ids");
      const page = db
        .select(getTableColumns(knowledgeDocuments))
        .from(pageIds)
        .innerJoin(knowledgeDocuments, eq(knowledgeDocuments.id, pageIds.id))
        .orderBy(...listOrder);
      if (!options.searchTerm) {
        // The source row keeps its counts (trigger of migration 0011): no documents are counted here.
        const [[source], documents] = await Promise.all([
          db
            .select({ all: knowledgeSources.documentCount, active: knowledgeSources.activeDocumentCount })
            .from(knowledgeSources)
            .where(and(eq(knowledgeSources.companyId, options.companyId), eq(knowledgeSources.id, options.sourceId))),
          page,
        ]);
        const counts = { all: source?.all ?? 0, active: source?.active ?? 0 };
        const totalCount =
          options.filter === "all"
            ? counts.all
            : options.filter === "active"
              ? counts.active
              : counts.all - counts.active;
        return { documents, totalCount, isTotalCapped: false };
      }
      // A search counts at most one past the cap: enough to say "1000+", never a scan of every match.
      const matches = db
        .select({ one: sql`1` })
        .from(knowledgeDocuments)
        .where(where)
        .limit(DOCUMENT_SEARCH_COUNT_CAP + 1)
        .as("matches");
      const [documents, [counted]] = await Promise.all([page, db.select({ n: count() }).from(matches)]);
      const n = counted?.n ?? 0;
      return {
        documents,
        totalCount: Math.min(n, DOCUMENT_SEARCH_COUNT_CAP),
        isTotalCapped: n > DOCUMENT_SEARCH_COUNT_CAP,
      };
    },

    async findDocument(options: { companyId: string; sourceId: string; referenceId: string }) {
      const [row] = await db
        .select()
        .from(knowledgeDocuments)
        .where(
          and(
            eq(knowledgeDocuments.companyId, options.companyId),
            eq(knowledgeDocuments.sourceId, options.sourceId),
            eq(knowledgeDocuments.referenceId, options.referenceId),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async listChunks(companyId: string, documentId: string) {
      return db
        .select({ id: knowledgeChunks.id, content: knowledgeChunks.content, position: knowledgeChunks.position })
        .from(knowledgeChunks)
        .where(and(eq(knowledgeChunks.companyId, companyId), eq(knowledgeChunks.documentId, documentId)))
        .orderBy(asc(knowledgeChunks.position));
    },

    /** Content hashes of a source's documents, so a resync skips what did not change. */
    async documentHashes(companyId: string, sourceId: string) {
      const rows = await db
        .select({ referenceId: knowledgeDocuments.referenceId, contentHash: knowledgeDocuments.contentHash })
        .from(knowledgeDocuments)
        .where(and(eq(knowledgeDocuments.companyId, companyId), eq(knowledgeDocuments.sourceId, sourceId)));
      return new Map(rows.map((row) => [row.referenceId, row.contentHash]));
    },

    /**
     * Replaces documents and all their chunks in a single transaction: readers see the old
     * version or the new one, never a mix, and a failure leaves the old versions searchable.
     * Ingestion hands over a batch at a time (one commit per batch is what makes bulk syncs fast
     * on the embedded database). The active/show-as-source choices an admin made survive.
     * Returns null when the source no longer exists (deleted while it synced).
     */
    async replaceDocuments(options: { companyId: string; sourceId: string; documents: PreparedDocument[] }) {
      const { companyId, sourceId } = options;
      return db.transaction(async (tx) => {
        const [source] = await tx
          .select({ isActive: knowledgeSources.isActive })
          .from(knowledgeSources)
          .where(and(eq(knowledgeSources.companyId, companyId), eq(knowledgeSources.id, sourceId)))
          .for("update");
        if (!source) return null;
        if (options.documents.length === 0) return [];
        // Three statements for the whole batch: upsert the documents, drop their old chunks,
        // insert the new ones. Statement count, not row count, is what costs on PGlite.
        const stored = await tx
          .insert(knowledgeDocuments)
          .values(
            options.documents.map((document) => ({
              companyId,
              sourceId,
              referenceId: document.referenceId,
              title: document.title,
              url: document.url,
              image: document.image,
              language: document.language,
              preview: document.preview,
              contentHash: document.contentHash,
              hasContent: document.chunks.length > 0,
            })),
          )
          .onConflictDoUpdate({
            target: [knowledgeDocuments.sourceId, knowledgeDocuments.referenceId],
            set: {
              title: sql`excluded.title`,
              url: sql`excluded.url`,
              image: sql`excluded.image`,
              language: sql`excluded.language`,
              preview: sql`excluded.preview`,
              contentHash: sql`excluded.content_hash`,
              hasContent: sql`excluded.has_content`,
              updatedAt: new Date(),
            },
          })
          .returning();
        const rowByReference = new Map(stored.map((row) => [row.referenceId, row]));
        await tx.delete(knowledgeChunks).where(
          and(
            eq(knowledgeChunks.companyId, companyId),
            inArray(
              knowledgeChunks.documentId,
              stored.map((row) => row.id),
            ),
          ),
        );
        const chunkRows = options.documents.flatMap((document) => {
          const row = rowByReference.get(document.referenceId);
          if (!row) throw new Error("Upserted document missing from the batch");
          return document.chunks.map((chunk, position) => ({
            companyId,
            documentId: row.id,
            position,
            content: chunk.content,
            isSearchable: row.isActive && source.isActive,
            search: searchVector(document.textSearchConfig, document.title, chunk.content),
            embedding: chunk.embedding,
            embeddingModel: chunk.embedding ? document.embeddingModel : null,
          }));
        });
        // Bounded statements: PostgreSQL allows 65,535 parameters per statement.
        for (let i = 0; i < chunkRows.length; i += 500) {
          await tx.insert(knowledgeChunks).values(chunkRows.slice(i, i + 500));
        }
        return stored;
      });
    },

    async setDocumentFlags(options: {
      companyId: string;
      sourceId: string;
      referenceId: string;
      isActive: boolean;
      showAsSource: boolean;
    }) {
      return db.transaction(async (tx) => {
        const [document] = await tx
          .update(knowledgeDocuments)
          .set({ isActive: options.isActive, showAsSource: options.showAsSource, updatedAt: new Date() })
          .where(
            and(
              eq(knowledgeDocuments.companyId, options.companyId),
              eq(knowledgeDocuments.sourceId, options.sourceId),
              eq(knowledgeDocuments.referenceId, options.referenceId),
            ),
          )
          .returning();
        if (!document) return null;
        const [source] = await tx
          .select({ isActive: knowledgeSources.isActive })
          .from(knowledgeSources)
          .where(eq(knowledgeSources.id, options.sourceId));
        await tx
          .update(knowledgeChunks)
          .set({ isSearchable: options.isActive && (source?.isActive ?? false) })
          .where(and(eq(knowledgeChunks.companyId, options.companyId), eq(knowledgeChunks.documentId, document.id)));
        return document;
      });
    },

    async deleteDocument(options: { companyId: string; sourceId: string; referenceId: string }) {
      const deleted = await db
        .delete(knowledgeDocuments)
        .where(
          and(
            eq(knowledgeDocuments.companyId, options.companyId),
            eq(knowledgeDocuments.sourceId, options.sourceId),
            eq(knowledgeDocuments.referenceId, options.referenceId),
          ),
        )
        .returning({ id: knowledgeDocuments.id });
      return deleted.length === 1;
    },

    /** After a complete full sync: documents the source no longer has are removed. */
    async deleteDocumentsNotIn(options: { companyId: string; sourceId: string; keepReferenceIds: string[] }) {
      const conditions = [
        eq(knowledgeDocuments.companyId, options.companyId),
        eq(knowledgeDocuments.sourceId, options.sourceId),
      ];
      if (options.keepReferenceIds.length > 0) {
        conditions.push(notInArray(knowledgeDocuments.referenceId, options.keepReferenceIds));
      }
      const deleted = await db
        .delete(knowledgeDocuments)
        .where(and(...conditions))
        .returning({ id: knowledgeDocuments.id });
      return deleted.length;
    },
  };
}

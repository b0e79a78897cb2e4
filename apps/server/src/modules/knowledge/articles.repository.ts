import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { knowledgeChunks, knowledgeDocuments } from "../../db/schema/index";
import { searchVector } from "./documents.repository";

/** Authored help-centre articles: saved block by block, so unchanged blocks keep their embeddings. */
export function createArticlesRepository(db: Database) {
  return {
    /**
     * Saves an authored article's blocks: unchanged blocks keep their rows (and embeddings),
     * edited ones are rewritten, new ones added, deleted ones removed; all in one transaction.
     */
    async saveArticle(options: {
      companyId: string;
      sourceId: string;
      referenceId: string;
      title: string;
      isActive: boolean;
      language: string;
      textSearchConfig: "english" | "dutch" | "simple";
      deleteChunkIds: string[];
      blocks: { id: string | null; content: string | null; embedding: number[] | null }[];
      embeddingModel: string;
      preview: (chunks: string[]) => string;
    }) {
      return db.transaction(async (tx) => {
        const [document] = await tx
          .insert(knowledgeDocuments)
          .values({
            companyId: options.companyId,
            sourceId: options.sourceId,
            referenceId: options.referenceId,
            title: options.title,
            language: options.language,
            isActive: options.isActive,
            showAsSource: true,
          })
          .onConflictDoUpdate({
            target: [knowledgeDocuments.sourceId, knowledgeDocuments.referenceId],
            set: {
              title: options.title,
              isActive: options.isActive,
              language: options.language,
              updatedAt: new Date(),
            },
          })
          .returning();
        if (!document) throw new Error("Article upsert returned no row");
        if (options.deleteChunkIds.length > 0) {
          await tx
            .delete(knowledgeChunks)
            .where(
              and(
                eq(knowledgeChunks.companyId, options.companyId),
                eq(knowledgeChunks.documentId, document.id),
                inArray(knowledgeChunks.id, options.deleteChunkIds),
              ),
            );
        }
        const existing = await tx
          .select({ id: knowledgeChunks.id, content: knowledgeChunks.content })
          .from(knowledgeChunks)
          .where(and(eq(knowledgeChunks.companyId, options.companyId), eq(knowledgeChunks.documentId, document.id)));
        const existingById = new Map(existing.map((chunk) => [chunk.id, chunk.content]));
        const keptIds: string[] = [];
        const finalContents: string[] = [];
        for (const [position, block] of options.blocks.entries()) {
          const content = block.content ?? (block.id ? existingById.get(block.id) : undefined);
          if (content === undefined) return { missingChunkId: block.id };
          finalContents.push(content);
          const values = {
            position,
            content,
            isSearchable: options.isActive,
            search: searchVector(options.textSearchConfig, options.title, content),
            ...(block.content !== null
              ? { embedding: block.embedding, embeddingModel: block.embedding ? options.embeddingModel : null }
              : {}),
          };
          if (block.id && existingById.has(block.id)) {
            keptIds.push(block.id);
            await tx
              .update(knowledgeChunks)
              .set(values)
              .where(and(eq(knowledgeChunks.companyId, options.companyId), eq(knowledgeChunks.id, block.id)));
          } else {
            const [inserted] = await tx
              .insert(knowledgeChunks)
              .values({ companyId: options.companyId, documentId: document.id, ...values })
              .returning({ id: knowledgeChunks.id });
            if (inserted) keptIds.push(inserted.id);
          }
        }
        // Blocks that the request neither kept nor deleted explicitly are gone from the article.
        await tx
          .delete(knowledgeChunks)
          .where(
            and(
              eq(knowledgeChunks.companyId, options.companyId),
              eq(knowledgeChunks.documentId, document.id),
              keptIds.length > 0 ? notInArray(knowledgeChunks.id, keptIds) : sql`true`,
            ),
          );
        const hasContent = finalContents.some((content) => content.trim().length > 0);
        const [saved] = await tx
          .update(knowledgeDocuments)
          .set({ preview: options.preview(finalContents), hasContent })
          .where(eq(knowledgeDocuments.id, document.id))
          .returning();
        return { document: saved ?? document };
      });
    },
  };
}

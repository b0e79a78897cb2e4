import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Embedder } from "../../ai/embeddings/embedder";
import { type Database, queryRows } from "../../db/client";

export const REEMBED_JOB = "knowledge.reembed";
/** Passages embedded per round trip: one embedding request and one update statement. */
const BATCH_SIZE = 96;

/**
 * Re-embeds passages whose vectors came from another embedding model, in the background, after
 * AI_EMBEDDING_MODEL changed. Until a passage is re-embedded, retrieval skips its vector (vectors
 * of different models are never compared) and finds it by full text alone.
 */
export function createReembedding(deps: { db: Database; embedder: Embedder; log: FastifyBaseLogger }) {
  const { db, embedder } = deps;
  return {
    /** Whether any passage is embedded with another model (one indexed probe at startup). */
    async isNeeded() {
      const [row] = await queryRows<{ stale: boolean }>(
        db,
        sql`select exists (
              select 1 from knowledge_chunks where embedding_model is distinct from ${embedder.model}
            ) as stale`,
      );
      return row?.stale ?? false;
    },

    /** The job: batches until nothing is stale or the runner asks it to stop (it then resumes later). */
    async run(_job: unknown, signal: AbortSignal) {
      let total = 0;
      while (!signal.aborted) {
        const batch = await queryRows<{ id: string; title: string; content: string }>(
          db,
          sql`select c.id, d.title, c.content
              from knowledge_chunks c join knowledge_documents d on d.id = c.document_id
              where c.embedding_model is distinct from ${embedder.model}
              limit ${BATCH_SIZE}`,
        );
        if (batch.length === 0) break;
        // Title and passage together, exactly as ingestion embeds them (prepare-document.ts).
        const vectors = await embedder.embed(batch.map((row) => `${row.title}\n${row.content}`));
        const ids = `{${batch.map((row) => row.id).join(",")}}`;
        const literals = `{${vectors.map((vector) => `"[${vector.join(",")}]"`).join(",")}}`;
        await db.execute(sql`
          update knowledge_chunks c
          set embedding = v.embedding::vector, embedding_model = ${embedder.model}
          from unnest(${ids}::uuid[], ${literals}::text[]) as v(id, embedding)
          where c.id = v.id`);
        total += batch.length;
      }
      deps.log.info({ passages: total, model: embedder.model }, "re-embedded passages");
    },
  };
}

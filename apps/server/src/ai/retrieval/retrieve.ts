import { withoutInstructionLike } from "@harbor/contract/instruction-like";
import type { RetrievedChunk } from "@harbor/contract/knowledge";
import type { Embedder } from "../embeddings/embedder";
import { textQueryPlan } from "./build-text-query";
import { questionConcepts } from "./support-thesaurus";

/**
 * How much the vector side counts against the full-text side in the fusion. The local hashing
 * vectors are lexical and noisier than IDF-weighted full text (measured on shop-a, decision 004),
 * so they mostly break ties and rescue typos.
 */
const VECTOR_WEIGHT = 0.1;

export type RetrieveOptions = {
  companyId: string;
  query: string;
  limit?: number;
  /** One side alone, for measuring what each contributes (benchmarks, the admin playground). */
  mode?: "hybrid" | "text" | "vector";
  /** Overrides the fusion weight of the vector side (tuning runs). */
  vectorWeight?: number;
  /** Only passages of these knowledge sources. */
  sourceIds?: string[];
};

/** A concept of the question: a word, or a thesaurus group with its synonyms in every language. */
export type SearchConcept = { key: string; text: string };

/**
 * The engine's port to the knowledge base's search (the knowledge module's SQL): full-text ranking
 * of the concepts' lexemes under each text-search configuration, and vector similarity, fused.
 */
export type PassageSearch = {
  search(options: {
    companyId: string;
    concepts: SearchConcept[];
    /** PostgreSQL text-search configurations the concepts are stemmed with. */
    configs: string[];
    /** The question's embedding, or null to rank by full text alone. */
    embedding: number[] | null;
    embeddingModel: string;
    mode: "hybrid" | "text" | "vector";
    vectorWeight: number;
    limit: number;
    /** Only passages of these knowledge sources (absent: all of the company's). */
    sourceIds?: string[];
  }): Promise<RetrievedChunk[]>;
};

/**
 * Hybrid retrieval: the engine plans the question (its concepts and languages) and embeds it; the
 * knowledge module's search ranks the company's searchable passages by both and fuses them.
 */
export function createRetriever(deps: {
  search: PassageSearch;
  embedder: Embedder;
  /** Fusion weight of the vector side; semantic (remote) vectors deserve more than lexical hashes. */
  vectorWeight?: number;
  onEmbeddingFailure?: (error: unknown) => void;
}) {
  return {
    async retrieve(options: RetrieveOptions): Promise<RetrievedChunk[]> {
      const mode = options.mode ?? "hybrid";
      const question = options.query.slice(0, 2000);
      const plan = textQueryPlan(question);
      // A remote embedding model that fails costs the vector side only: full text still answers.
      const embedding =
        mode === "text"
          ? null
          : await deps.embedder.embed([question]).then(
              ([vector]) => vector ?? null,
              (error: unknown) => {
                deps.onEmbeddingFailure?.(error);
                return null;
              },
            );
      const passages = await deps.search.search({
        companyId: options.companyId,
        concepts: [
          ...questionConcepts(question, { translate: true, places: true }),
          ...plan.extraWords.map((word) => ({ key: `w:${word}`, text: word })),
        ],
        configs: plan.configs,
        embedding,
        embeddingModel: deps.embedder.model,
        mode,
        vectorWeight: options.vectorWeight ?? deps.vectorWeight ?? VECTOR_WEIGHT,
        limit: options.limit ?? 5,
        ...(options.sourceIds ? { sourceIds: options.sourceIds } : {}),
      });
      // Sentences that speak to the AI (prompt injection in a crawled page or an article) are never
      // handed to the answerer; the admin sees them flagged on the document (decision 030).
      return passages.flatMap((passage) => {
        const content = withoutInstructionLike(passage.content);
        return content ? [{ ...passage, content }] : [];
      });
    },
  };
}

export type Retriever = ReturnType<typeof createRetriever>;

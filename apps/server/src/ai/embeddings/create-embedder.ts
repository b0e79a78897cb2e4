import type { AppConfig } from "../../config";
import { EMBEDDING_DIMENSIONS } from "../../db/schema/knowledge";
import type { Embedder } from "./embedder";
import { createLocalHashingEmbedder } from "./local-hashing-embedder";

/** Fusion weights of the vector side (retrieve.ts): lexical hashes tie-break; semantic vectors count. */
export const LOCAL_VECTOR_WEIGHT = 0.1;
export const REMOTE_VECTOR_WEIGHT = 0.5;

/**
 * The configured embedder: a remote model over the OpenAI embeddings protocol when
 * AI_EMBEDDING_MODEL is set (fitted to the stored 384 dimensions), else the offline hashing one.
 */
export async function createEmbedder(config: AppConfig): Promise<{ embedder: Embedder; vectorWeight: number }> {
  if (!config.aiEmbeddingModel) return { embedder: createLocalHashingEmbedder(), vectorWeight: LOCAL_VECTOR_WEIGHT };
  // The AI SDK is loaded only when a remote model embeds (decision 078).
  const { createOpenAiEmbedder } = await import("../providers/remote-embedder");
  return {
    embedder: createOpenAiEmbedder({
      // Local OpenAI-compatible servers (Ollama, vLLM) need no key; the SDK still wants one.
      apiKey: config.openaiApiKey ?? "not-needed",
      baseURL: config.openaiBaseUrl,
      model: config.aiEmbeddingModel,
      dimensions: EMBEDDING_DIMENSIONS,
    }),
    vectorWeight: REMOTE_VECTOR_WEIGHT,
  };
}

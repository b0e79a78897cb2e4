import { createOpenAI } from "@ai-sdk/openai";
import { embedMany } from "ai";
import type { Embedder } from "../embeddings/embedder";
import { ProviderError } from "./llm-provider";
import { callProvider, type ProviderCallPolicy } from "./provider-call";

export type OpenAiEmbedderOptions = ProviderCallPolicy & {
  apiKey: string;
  /** Any server speaking OpenAI's /v1/embeddings (Ollama, vLLM, llama.cpp, TEI). */
  baseURL?: string;
  model: string;
  /** The length of the vectors the database column holds. */
  dimensions: number;
  fetch?: typeof globalThis.fetch;
};

/**
 * Texts per request. OpenAI takes up to 2,048, but other servers cap lower (Cohere-style 96 is
 * common) and a smaller request fails, times out and retries cheaper during a big sync.
 */
export const EMBEDDING_BATCH_SIZE = 96;

/** Embeddings over the OpenAI /v1/embeddings protocol, in batches of at most 96 texts. */
export function createOpenAiEmbedder(options: OpenAiEmbedderOptions): Embedder {
  const { apiKey, baseURL, model, dimensions, fetch, ...policy } = options;
  const embeddingModel = createOpenAI({ apiKey, baseURL, fetch }).embedding(model);
  const label = `openai embeddings ${model}`;
  const isAda = model.includes("ada-002");

  async function embedBatch(values: string[]): Promise<number[][]> {
    const { embeddings } = await callProvider({
      label,
      secret: apiKey,
      policy,
      attempt: (signal) =>
        embedMany({
          model: embeddingModel,
          values,
          abortSignal: signal,
          maxRetries: 0,
          // Asks models that can shorten vectors (text-embedding-3-*) for the column's length; the
          // check below catches a server that ignored it. ada-002 rejects the parameter outright.
          providerOptions: isAda ? {} : { openai: { dimensions } },
        }),
    });
    for (const vector of embeddings) {
      // A vector of another length can't be stored or compared; fail the sync, not the query later.
      if (vector.length !== dimensions) {
        throw new ProviderError(`${label} returned ${vector.length} numbers per vector instead of ${dimensions}`);
      }
    }
    return embeddings;
  }

  return {
    model,
    dimensions,
    async embed(texts) {
      const vectors: number[][] = [];
      // One batch after the other: a sync is not in a hurry, and parallel batches hit rate limits.
      for (let start = 0; start < texts.length; start += EMBEDDING_BATCH_SIZE) {
        vectors.push(...(await embedBatch(texts.slice(start, start + EMBEDDING_BATCH_SIZE))));
      }
      return vectors;
    },
  };
}

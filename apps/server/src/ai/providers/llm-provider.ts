import type { z } from "zod";
import type { TokenUsage } from "../answer/answer-types";

export type LlmMessage = { role: "user" | "assistant"; content: string };

export type LlmRequest = {
  system: string;
  messages: LlmMessage[];
  maxOutputTokens?: number;
  temperature?: number;
  signal?: AbortSignal;
};

/**
 * A remote language model (OpenAI or any OpenAI-compatible server, Anthropic) behind one
 * interface. Implementations own timeouts and retries with backoff; a call that still fails
 * throws `ProviderError`, which the pipeline turns into the degraded answer.
 */
export type LlmProvider = {
  name: "openai" | "anthropic";
  model: string;
  streamText(request: LlmRequest): {
    textStream: AsyncIterable<string>;
    /** Settles after the stream ends: the whole text and the tokens used. */
    finished: Promise<{ text: string; usage: TokenUsage }>;
  };
  generateObject<T>(
    request: LlmRequest & { schema: z.ZodType<T>; schemaName: string },
  ): Promise<{ object: T; usage: TokenUsage }>;
};

/** A provider call that failed after its retries; `message` is for logs, never for visitors. */
export class ProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ProviderError";
  }
}

import { createOpenAI } from "@ai-sdk/openai";
import type { LlmProvider } from "./llm-provider";
import type { ProviderCallPolicy } from "./provider-call";
import { createSdkLlmProvider } from "./sdk-llm-provider";

export type OpenAiProviderOptions = ProviderCallPolicy & {
  apiKey: string;
  /** Any OpenAI-compatible server (Ollama, vLLM, llama.cpp), e.g. http://127.0.0.1:11434/v1. */
  baseURL?: string;
  model: string;
  fetch?: typeof globalThis.fetch;
};

/**
 * OpenAI through the Chat Completions API. The SDK's default `openai(model)` speaks the newer
 * Responses API, which OpenAI-compatible servers don't implement; Chat Completions is the
 * protocol they all share.
 */
export function createOpenAiProvider(options: OpenAiProviderOptions): LlmProvider {
  const { apiKey, baseURL, model, fetch, ...policy } = options;
  const openai = createOpenAI({ apiKey, baseURL, fetch });
  return createSdkLlmProvider({ ...policy, name: "openai", model, languageModel: openai.chat(model), secret: apiKey });
}

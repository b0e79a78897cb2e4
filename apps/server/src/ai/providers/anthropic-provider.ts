import { createAnthropic } from "@ai-sdk/anthropic";
import type { LlmProvider } from "./llm-provider";
import type { ProviderCallPolicy } from "./provider-call";
import { createSdkLlmProvider } from "./sdk-llm-provider";

export type AnthropicProviderOptions = ProviderCallPolicy & {
  apiKey: string;
  /** Up to and including the version, like the SDK's default https://api.anthropic.com/v1. */
  baseURL?: string;
  model: string;
  fetch?: typeof globalThis.fetch;
};

/**
 * Anthropic through the Messages API. Structured output goes the way the SDK picks per model:
 * a forced `json` tool for older models (claude-3-5-haiku), `output_config.format` for newer ones.
 */
export function createAnthropicProvider(options: AnthropicProviderOptions): LlmProvider {
  const { apiKey, baseURL, model, fetch, ...policy } = options;
  const anthropic = createAnthropic({ apiKey, baseURL, fetch });
  return createSdkLlmProvider({ ...policy, name: "anthropic", model, languageModel: anthropic(model), secret: apiKey });
}

import type { LlmProvider } from "./llm-provider";

export type AiProviderConfig = {
  aiProvider: "local" | "openai" | "anthropic";
  aiModel?: string;
  openaiApiKey?: string;
  openaiBaseUrl?: string;
  anthropicApiKey?: string;
  /** A proxy or gateway in front of Anthropic, up to and including /v1. */
  anthropicBaseUrl?: string;
};

export type AiProviders = {
  /** null for the local engine, which composes answers without a language model. */
  llm: LlmProvider | null;
};

export const DEFAULT_OPENAI_MODEL = "gpt-4o-mini";
/**
 * Claude 3.5 Haiku (the first choice) is gone from the SDK's model table: it treats it as an
 * unknown legacy model, caps its output and warns on every call. Haiku 4.5 is its successor.
 */
export const DEFAULT_ANTHROPIC_MODEL = "claude-haiku-4-5";
/**
 * Local OpenAI-compatible servers (Ollama, llama.cpp) want no key, but the SDK refuses to start
 * without one; any non-empty value does.
 */
const KEYLESS_PLACEHOLDER = "not-needed";

/**
 * The remote model AI_PROVIDER chooses, checked at boot so a missing key fails fast. The SDKs are
 * loaded only for the provider chosen: with the local engine none is (~8 MB of V8 heap, decision 078).
 */
export async function createAiProviders(config: AiProviderConfig): Promise<AiProviders> {
  // `||`, not `??`: an empty variable means "not set" here as in config.ts.
  switch (config.aiProvider) {
    case "local":
      return { llm: null };
    case "openai": {
      const apiKey = config.openaiApiKey || (config.openaiBaseUrl ? KEYLESS_PLACEHOLDER : undefined);
      if (!apiKey) {
        throw new Error(
          "AI_PROVIDER=openai needs OPENAI_API_KEY, or OPENAI_BASE_URL for an OpenAI-compatible server that needs no key",
        );
      }
      const { createOpenAiProvider } = await import("./openai-provider");
      return {
        llm: createOpenAiProvider({
          apiKey,
          baseURL: config.openaiBaseUrl || undefined,
          model: config.aiModel || DEFAULT_OPENAI_MODEL,
        }),
      };
    }
    case "anthropic": {
      if (!config.anthropicApiKey) throw new Error("AI_PROVIDER=anthropic needs ANTHROPIC_API_KEY");
      const { createAnthropicProvider } = await import("./anthropic-provider");
      return {
        llm: createAnthropicProvider({
          apiKey: config.anthropicApiKey,
          baseURL: config.anthropicBaseUrl || undefined,
          model: config.aiModel || DEFAULT_ANTHROPIC_MODEL,
        }),
      };
    }
  }
}

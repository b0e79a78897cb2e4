import { describe, expect, it } from "vitest";
import { createAiProviders, DEFAULT_ANTHROPIC_MODEL, DEFAULT_OPENAI_MODEL } from "./create-providers";

describe("createAiProviders", () => {
  it("has no language model for the local engine", () => {
    expect(createAiProviders({ aiProvider: "local" }).llm).toBeNull();
  });

  it("builds the chosen provider with its default model, or AI_MODEL", () => {
    const openai = createAiProviders({ aiProvider: "openai", openaiApiKey: "sk-x" }).llm;
    expect(openai).toMatchObject({ name: "openai", model: DEFAULT_OPENAI_MODEL });
    const anthropic = createAiProviders({ aiProvider: "anthropic", anthropicApiKey: "sk-ant-x" }).llm;
    expect(anthropic).toMatchObject({ name: "anthropic", model: DEFAULT_ANTHROPIC_MODEL });
    const chosen = createAiProviders({ aiProvider: "openai", openaiApiKey: "sk-x", aiModel: "gpt-4.1" }).llm;
    expect(chosen?.model).toBe("gpt-4.1");
  });

  it("refuses to start without the chosen provider's key", () => {
    expect(() => createAiProviders({ aiProvider: "openai" })).toThrow(/OPENAI_API_KEY/);
    expect(() => createAiProviders({ aiProvider: "anthropic", openaiApiKey: "sk-x" })).toThrow(/ANTHROPIC_API_KEY/);
    expect(() => createAiProviders({ aiProvider: "openai", openaiApiKey: "" })).toThrow(/OPENAI_API_KEY/);
  });

  it("lets a local OpenAI-compatible server go without a key", () => {
    const llm = createAiProviders({
      aiProvider: "openai",
      openaiBaseUrl: "http://127.0.0.1:11434/v1",
      aiModel: "llama3.2",
    }).llm;
    expect(llm).toMatchObject({ name: "openai", model: "llama3.2" });
  });
});

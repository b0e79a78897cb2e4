import { describe, expect, it } from "vitest";
import { createAiProviders, DEFAULT_ANTHROPIC_MODEL, DEFAULT_OPENAI_MODEL } from "./create-providers";

describe("createAiProviders", async () => {
  it("has no language model for the local engine", async () => {
    expect((await createAiProviders({ aiProvider: "local" })).llm).toBeNull();
  });

  it("builds the chosen provider with its default model, or AI_MODEL", async () => {
    const openai = (await createAiProviders({ aiProvider: "openai", openaiApiKey: "sk-x" })).llm;
    expect(openai).toMatchObject({ name: "openai", model: DEFAULT_OPENAI_MODEL });
    const anthropic = (await createAiProviders({ aiProvider: "anthropic", anthropicApiKey: "sk-ant-x" })).llm;
    expect(anthropic).toMatchObject({ name: "anthropic", model: DEFAULT_ANTHROPIC_MODEL });
    const chosen = (await createAiProviders({ aiProvider: "openai", openaiApiKey: "sk-x", aiModel: "gpt-4.1" })).llm;
    expect(chosen?.model).toBe("gpt-4.1");
  });

  it("refuses to start without the chosen provider's key", async () => {
    await expect(createAiProviders({ aiProvider: "openai" })).rejects.toThrow(/OPENAI_API_KEY/);
    await expect(createAiProviders({ aiProvider: "anthropic", openaiApiKey: "sk-x" })).rejects.toThrow(
      /ANTHROPIC_API_KEY/,
    );
    await expect(createAiProviders({ aiProvider: "openai", openaiApiKey: "" })).rejects.toThrow(/OPENAI_API_KEY/);
  });

  it("lets a local OpenAI-compatible server go without a key", async () => {
    const llm = (
      await createAiProviders({
        aiProvider: "openai",
        openaiBaseUrl: "http://127.0.0.1:11434/v1",
        aiModel: "llama3.2",
      })
    ).llm;
    expect(llm).toMatchObject({ name: "openai", model: "llama3.2" });
  });
});

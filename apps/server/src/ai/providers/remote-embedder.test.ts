import { afterEach, describe, expect, it } from "vitest";
import { createVirtualClock } from "../../integrations/virtual-clock";
import { type FakeOpenAi, fakeVector, startFakeOpenAi } from "./fakes/openai-fake-server";
import { ProviderError } from "./llm-provider";
import { createOpenAiEmbedder, EMBEDDING_BATCH_SIZE } from "./remote-embedder";

const API_KEY = "sk-embed-test-123456";
let fake: FakeOpenAi | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup(options: { model?: string; dimensions?: number; nativeDimensions?: number } = {}) {
  const clock = createVirtualClock();
  fake = await startFakeOpenAi({ apiKey: API_KEY, nativeDimensions: options.nativeDimensions });
  const embedder = createOpenAiEmbedder({
    apiKey: API_KEY,
    baseURL: fake.baseURL,
    model: options.model ?? "text-embedding-3-small",
    dimensions: options.dimensions ?? 16,
    sleep: clock.sleep,
  });
  return { fake, embedder, clock };
}

describe("OpenAI embedder against the fake /v1/embeddings", () => {
  it("embeds in batches of at most 96 texts and keeps every vector with its text", async () => {
    const { fake, embedder } = await setup();
    const texts = Array.from({ length: 200 }, (_, index) => `passage number ${index}`);

    const vectors = await embedder.embed(texts);

    expect(fake.embeddingRequests().map((request) => request.input.length)).toEqual([96, 96, 8]);
    expect(EMBEDDING_BATCH_SIZE).toBe(96);
    expect(vectors).toHaveLength(200);
    expect(vectors[0]).toEqual(fakeVector("passage number 0", 16));
    expect(vectors[150]).toEqual(fakeVector("passage number 150", 16));
    expect(vectors[199]).toEqual(fakeVector("passage number 199", 16));
    const [first] = fake.embeddingRequests();
    expect(first?.model).toBe("text-embedding-3-small");
    expect(first?.dimensions).toBe(16);
  });

  it("makes no request for no texts", async () => {
    const { fake, embedder } = await setup();
    expect(await embedder.embed([])).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it("retries a batch after a 429 and goes on with the next", async () => {
    const { fake, embedder, clock } = await setup();
    fake.reply({ type: "error", status: 429, retryAfterSeconds: 2 });
    const vectors = await embedder.embed(Array.from({ length: 100 }, (_, index) => `t${index}`));
    expect(vectors).toHaveLength(100);
    expect(clock.waits).toEqual([2000]);
    expect(fake.embeddingRequests().map((request) => request.input.length)).toEqual([96, 96, 4]);
  });

  it("refuses vectors of another length than the column holds", async () => {
    // ada-002 can't shorten vectors, so the server answers with its own length.
    const { fake, embedder } = await setup({ model: "text-embedding-ada-002", dimensions: 16, nativeDimensions: 8 });
    const error = await embedder.embed(["hello"]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toContain("8 numbers per vector instead of 16");
    expect(fake.embeddingRequests()[0]?.dimensions).toBeUndefined();
  });

  it("reports a wrong key as ProviderError without the key", async () => {
    const { fake } = await setup();
    const wrongKey = "sk-embed-wrong-999999";
    const embedder = createOpenAiEmbedder({ apiKey: wrongKey, baseURL: fake.baseURL, model: "m", dimensions: 8 });
    const error = await embedder.embed(["hello"]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toContain("HTTP 401");
    expect((error as Error).message).not.toContain(wrongKey);
  });
});

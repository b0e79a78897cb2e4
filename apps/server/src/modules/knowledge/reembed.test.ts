import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { type FakeOpenAi, fakeVector, startFakeOpenAi } from "../../ai/providers/fakes/openai-fake-server";
import { createOpenAiEmbedder } from "../../ai/providers/remote-embedder";
import { createRetriever } from "../../ai/retrieval/retrieve";
import { EMBEDDING_DIMENSIONS, knowledgeChunks } from "../../db/schema/index";
import { createPassageSearch } from "./passage-search.repository";
import { createReembedding } from "./reembed";

/**
 * Switching the embedding model: passages written with the local hashing vectors are re-embedded
 * by the background job with the new model (a remote one, over the OpenAI protocol), and the
 * vector side of retrieval only ever compares vectors of one model.
 */
const API_KEY = "sk-reembed-test-123";
let h: Harness;
let fake: FakeOpenAi;
let owner: Awaited<ReturnType<Harness["signUp"]>>;

beforeAll(async () => {
  h = await createHarness();
  fake = await startFakeOpenAi({ apiKey: API_KEY });
  owner = await h.signUp("owner@reembed-shop.example");
  for (const [title, content] of [
    ["Gift cards", "Gift cards never expire and can be used in both stores."],
    ["Store hours", "Our Utrecht store is open Monday to Saturday from 10:00 to 18:00."],
  ]) {
    await h.api("POST", "/api/document/article/save", {
      cookie: owner.cookie,
      body: { document: { title, chunks: [{ content }] } },
    });
  }
  await h.app.services.jobRunner.waitUntilIdle({ timeoutMs: 30_000 });
});

afterAll(async () => {
  await h?.close();
  await fake?.close();
});

describe("re-embedding after an embedding model change", () => {
  it("re-embeds every stale passage with the new model, title and passage together", async () => {
    const remote = createOpenAiEmbedder({
      apiKey: API_KEY,
      baseURL: fake.baseURL,
      model: "text-embedding-3-small",
      dimensions: EMBEDDING_DIMENSIONS,
    });
    const reembedding = createReembedding({ db: h.db, embedder: remote, log: h.app.log });
    expect(await reembedding.isNeeded()).toBe(true);

    // Before: the vector side of a retriever on the new model finds nothing (no mixing).
    const retriever = createRetriever({ search: createPassageSearch(h.db), embedder: remote });
    expect(await retriever.retrieve({ companyId: owner.companyId, query: "gift cards", mode: "vector" })).toEqual([]);

    await reembedding.run({}, new AbortController().signal);
    expect(await reembedding.isNeeded()).toBe(false);
    const chunks = await h.db
      .select({
        model: knowledgeChunks.embeddingModel,
        embedding: knowledgeChunks.embedding,
        content: knowledgeChunks.content,
      })
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.companyId, owner.companyId));
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    for (const chunk of chunks) expect(chunk.model).toBe("text-embedding-3-small");
    const giftCards = chunks.find((chunk) => chunk.content.startsWith("Gift cards"));
    const expected = fakeVector(`Gift cards\n${giftCards?.content}`, EMBEDDING_DIMENSIONS);
    expect(giftCards?.embedding?.map((x) => Math.round(x * 1e4))).toEqual(expected.map((x) => Math.round(x * 1e4)));
    expect(fake.embeddingRequests().flatMap((request) => request.input)).toContain(`Gift cards\n${giftCards?.content}`);

    const found = await retriever.retrieve({ companyId: owner.companyId, query: "gift cards", mode: "vector" });
    expect(found.map((p) => p.title)).toContain("Gift cards");
  });

  it("stops between batches when the runner asks it to", async () => {
    const controller = new AbortController();
    controller.abort();
    const reembedding = createReembedding({ db: h.db, embedder: h.app.services.embedder, log: h.app.log });
    await reembedding.run({}, controller.signal);
    // The local model's passages were re-embedded above, so they are stale for the local model now.
    expect(await reembedding.isNeeded()).toBe(true);
  });
});

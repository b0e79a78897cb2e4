import type { AiAgent } from "@harbor/contract/ai-agent";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { tokenUsage } from "../../db/schema/index";
import { localPhrases } from "../answer/local/phrases";
import { type FakeOpenAi, startFakeOpenAi } from "../providers/fakes/openai-fake-server";
import { createOpenAiProvider } from "../providers/openai-provider";
import type { PipelineEvent } from "./answer-pipeline";

/**
 * The whole app answering with a remote model: the real AI SDK against a fake server that
 * speaks OpenAI's Chat Completions protocol on loopback. Covers what the pipeline adds around
 * the model: persona, rules and passages in the prompt; classification; the degraded answer.
 */
const API_KEY = "sk-test-pipeline-0123456789";
let h: Harness;
let fake: FakeOpenAi;
let owner: Awaited<ReturnType<Harness["signUp"]>>;

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: API_KEY });
  h = await createHarness({
    llm: createOpenAiProvider({
      apiKey: API_KEY,
      baseURL: fake.baseURL,
      model: "gpt-4o-mini",
      timeoutMs: 5_000,
      maxRetries: 1,
      retryBaseDelayMs: 1,
    }),
  });
  owner = await h.signUp("owner@remote-shop.example");
  await h.api("POST", "/api/document/article/save", {
    cookie: owner.cookie,
    body: {
      document: {
        title: "Evening delivery",
        chunks: [{ content: "Evening delivery between 18:00 and 22:00 costs €2.50 extra in the Netherlands." }],
      },
    },
  });
  await h.app.services.jobRunner.waitUntilIdle({ timeoutMs: 30_000 });
  for (const rule of [
    { title: "Sign off", description: "End every answer with 'Happy trails!'", isActive: true },
    { title: "Old rule", description: "Mention the summer sale", isActive: false },
  ]) {
    await h.api("POST", "/api/ai-agent/answer-rule/save", { cookie: owner.cookie, body: rule });
  }
});

afterAll(async () => {
  await h?.close();
  await fake?.close();
});

beforeEach(() => {
  fake.requests.length = 0;
});

/** The classifier asks for JSON first; the answerer streams text second. */
function classification(overrides: Record<string, unknown> = {}) {
  return {
    type: "object" as const,
    value: {
      questionCategory: null,
      selectedIntent: null,
      shortenedCustomerMessage: "Evening delivery?",
      isOrderSpecific: false,
      ...overrides,
    },
    usage: { inputTokens: 120, outputTokens: 20 },
  };
}

async function ask(question: string) {
  const chat = await h.app.services.chatsRepository.createChat(owner.companyId);
  const events: PipelineEvent[] = [];
  const result = await h.app.services.chatAnswering.answerInChat({
    companyId: owner.companyId,
    chatId: chat.id,
    question,
    onEvent: (event) => events.push(event),
  });
  return { chatId: chat.id, result, events };
}

describe("answer pipeline with a remote model", () => {
  it("sends persona, active rules and passages, streams the answer and stores it with usage", async () => {
    const agent = (await h.api<AiAgent>("GET", "/api/ai-agent/", { cookie: owner.cookie })).body.data;
    fake.setFallback((request) => {
      const body = request.body as { response_format?: unknown; tools?: unknown };
      if (body.response_format || body.tools) return classification();
      return {
        type: "text",
        text: ["Evening delivery runs 18:00–22:00 ", "and costs €2.50 extra [1]. ", "Happy trails!"],
        usage: { inputTokens: 900, outputTokens: 30 },
      };
    });
    const { chatId, result, events } = await ask("do you deliver in the evening?");
    expect(result.outcome).toBe("answered");
    expect(result.answer?.message).toBe("Evening delivery runs 18:00–22:00 and costs €2.50 extra. Happy trails!");
    expect(events.filter((e) => e.type === "chunk").length).toBeGreaterThan(1);
    expect(result.answer?.references.map((r) => r.title)).toEqual(["Evening delivery"]);

    const answerRequest = fake.chatRequests().find((r) => JSON.stringify(r.messages).includes("<passage"));
    const messages = answerRequest?.messages as { role: string; content: string }[];
    const system = messages.find((m) => m.role === "system")?.content ?? "";
    expect(system).toContain(agent.persona.name);
    expect(system).toContain("End every answer with 'Happy trails!'");
    expect(system).not.toContain("summer sale");
    expect(system).not.toContain("€2.50");
    const user = messages.filter((m) => m.role === "user").at(-1)?.content ?? "";
    expect(user).toContain("Evening delivery between 18:00 and 22:00");
    expect(user).toContain("do you deliver in the evening?");

    const usage = await h.db.select().from(tokenUsage).where(eq(tokenUsage.chatId, chatId));
    const byModel = usage.filter((row) => row.model === "gpt-4o-mini");
    expect(byModel.reduce((sum, row) => sum + row.inputTokens, 0)).toBeGreaterThanOrEqual(1020);
  });

  it("gives the degraded answer, never an error, when the provider keeps failing", async () => {
    fake.setFallback(() => ({ type: "error", status: 500, message: "upstream exploded at /srv/model.py:42" }));
    const { result, events } = await ask("do you deliver in the evening?");
    expect(result.outcome).toBe("provider-failed");
    expect(result.answer?.message).toBe(localPhrases.en.providerFailed);
    expect(events.at(-1)).toEqual({ type: "chunk", text: localPhrases.en.providerFailed });
    expect(result.answer?.message).not.toContain("model.py");
  });

  it("offers the order flow when the model classifies the question as about the visitor's own order", async () => {
    fake.setFallback((request) => {
      const body = request.body as { response_format?: unknown; tools?: unknown };
      if (body.response_format || body.tools) return classification({ isOrderSpecific: true });
      return { type: "text", text: "Your order shipped yesterday." };
    });
    const { result, events } = await ask("where is my parcel, order 1043?");
    expect(result.outcome).toBe("needs-order");
    expect(result.answer?.message).not.toContain("shipped yesterday");
    expect(fake.chatRequests().length).toBeGreaterThan(0);
    // Whatever may have streamed before the verdict, the visitor is left with the order flow.
    expect(events.at(-1)).toMatchObject({ text: result.answer?.message });
  });

  it("starts writing the answer while the classification is still out, and stores its analysis after", async () => {
    const answer = "Evening delivery runs 18:00–22:00 and costs €2.50 extra [1].";
    fake.setFallback((request) => {
      const body = request.body as { response_format?: unknown; tools?: unknown };
      // A slow classifier that fails, twice (the provider tries once more): no classification.
      if (body.response_format || body.tools) return { type: "error", status: 500, delayMs: 3000 };
      return { type: "text", text: answer };
    });
    const classifierRequests = () =>
      fake.chatRequests().filter((request) => request.response_format || request.tools).length;
    let classifierRequestsAtFirstChunk = -1;
    const chat = await h.app.services.chatsRepository.createChat(owner.companyId);
    const result = await h.app.services.chatAnswering.answerInChat({
      companyId: owner.companyId,
      chatId: chat.id,
      question: "do you deliver in the evening?",
      onEvent: (event) => {
        if (event.type === "chunk" && classifierRequestsAtFirstChunk < 0) {
          classifierRequestsAtFirstChunk = classifierRequests();
        }
      },
    });
    // The first words went out while the classifier was still on its first try (waiting for it
    // would have put them after its retry).
    expect(classifierRequestsAtFirstChunk).toBe(1);
    expect(classifierRequests()).toBe(2);
    expect(result.outcome).toBe("answered");
    expect(result.answer?.message).toBe("Evening delivery runs 18:00–22:00 and costs €2.50 extra.");
    // The failed classification leaves the analysis to the question itself, as it always did.
    expect(result.classification?.shortenedCustomerMessage).toBe("do you deliver in the evening?");
  });

  it("stops an answer being written when a late classification finds an order question, and offers the order flow", async () => {
    fake.setFallback((request) => {
      const body = request.body as { response_format?: unknown; tools?: unknown };
      if (body.response_format || body.tools) return { ...classification({ isOrderSpecific: true }), delayMs: 300 };
      // A model that never finishes: only stopping it lets the turn end.
      return { type: "text", text: "Your parcel is on its way", isLeftOpen: true };
    });
    const { result, events } = await ask("has my parcel left the warehouse yet?");
    expect(result.outcome).toBe("needs-order");
    expect(result.answer?.message).not.toContain("on its way");
    expect(events.at(-1)).toMatchObject({ text: result.answer?.message });
    // Words of the answer that went out are taken back; none went out, the order flow is simply said.
    const hadStreamed = events.slice(0, -1).some((event) => event.type === "chunk");
    expect(events.at(-1)?.type).toBe(hadStreamed ? "replace" : "chunk");
  });
});

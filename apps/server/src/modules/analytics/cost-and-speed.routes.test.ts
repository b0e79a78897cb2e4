import type { CostAndSpeed, ModelPrices } from "@harbor/contract/analytics";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { chatMessages, chats, tokenUsage } from "../../db/schema/index";

/*
 * March 2025 of one shop in UTC, each chat placed by hand; the expectations are counted from this
 * list. Outcomes as decision 039 defines them; waits are question → answer.
 *
 * chat  language  created (UTC)   answers (wait)        ends                outcome     rating
 * c1    en        03-10 10:00     2 s                   "Yes, thank you"    confirmed   5
 * c2    nl        03-10 12:00     4 s                   silence             assumed     -
 * c3    nl        03-11 09:00     6 s                   with a person       handed off  2
 * c4    he        03-11 10:00     10 s, 20 s            rated 4             confirmed   4
 * c5    (none)    03-12 08:00     1 s                   rated 1             open        1
 * c6    en        03-13 08:00     3 s                   rated 4             confirmed   4
 * c7    en        03-14 08:00     -                     nobody answered     (no AI)     -
 * c8    en        02-28 23:59:50  12 s (03-01 00:00:02) silence             (February)  -
 *
 * Tokens (USD per million at the defaults: gpt-4o-mini 0.15 in / 0.60 out, local 0):
 *   c1 gpt-4o-mini 1,000,000 in + 100,000 out on 03-10, and 1,000,000 out on 04-02 (a later answer)
 *   c2 local 5,000 in + 500 out;  c3 gpt-4o-mini 2,000,000 in;  c4 my-llama 1,000 in + 1,000 out
 *   c8 gpt-4o-mini 1,000,000 in (a February conversation);  the playground: my-llama 7 in, today
 * So gpt-4o-mini = 3,000,000 in × 0.15 + 1,100,000 out × 0.60 = 0.45 + 0.66 = 1.11 USD; my-llama
 * has no price. 6 conversations, 4 resolutions: 0.185 per conversation, 0.2775 per resolution.
 */

let h: Harness;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let rival: Awaited<ReturnType<Harness["signUp"]>>;
let agentCookie: string;

const MARCH = { startDate: "2025-03-01", endDate: "2025-03-31" };
const at = (iso: string) => new Date(iso);
const later = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000);

let ticket = 0;
async function seedChat(options: {
  companyId: string;
  createdAt: string;
  language: string | null;
  /** Each question's time and how many seconds the AI took to answer it. */
  questions: { at: string; waitSeconds: number }[];
  status?: "open" | "human";
  rating?: number;
  saidResolved?: boolean;
  usage?: { model: string; input: number; output: number; at?: string }[];
}) {
  ticket += 1;
  const last = options.questions.at(-1);
  const [chat] = await h.db
    .insert(chats)
    .values({
      companyId: options.companyId,
      visitorId: `visitor-${ticket}`,
      ticketId: `C${ticket}`,
      status: options.status ?? "open",
      rating: options.rating ?? null,
      language: options.language,
      createdAt: at(options.createdAt),
      lastMessageAt: last ? later(last.at, last.waitSeconds + 60) : at(options.createdAt),
    })
    .returning({ id: chats.id });
  if (!chat) throw new Error("no chat");
  const base = { companyId: options.companyId, chatId: chat.id };
  for (const question of options.questions) {
    const [asked] = await h.db
      .insert(chatMessages)
      .values({
        ...base,
        message: "A question",
        messageType: "question",
        senderRole: "customer",
        createdAt: at(question.at),
      })
      .returning({ id: chatMessages.id });
    if (question.waitSeconds < 0) continue;
    await h.db.insert(chatMessages).values({
      ...base,
      message: "An answer",
      messageType: "answer",
      senderRole: "ai",
      messageData: { questionID: asked?.id },
      createdAt: later(question.at, question.waitSeconds),
    });
  }
  if (options.saidResolved && last) {
    await h.db.insert(chatMessages).values({
      ...base,
      message: "Yes, thank you",
      messageType: "widget_event",
      senderRole: "customer",
      eventType: "IS_RESOLVED",
      createdAt: later(last.at, last.waitSeconds + 30),
    });
  }
  for (const usage of options.usage ?? []) {
    const spentAt = at(usage.at ?? options.createdAt);
    await h.db.insert(tokenUsage).values({
      ...base,
      purpose: "chat",
      model: usage.model,
      inputTokens: usage.input,
      outputTokens: usage.output,
      day: spentAt.toISOString().slice(0, 10),
      createdAt: spentAt,
    });
  }
}

const costAndSpeed = (cookie: string, body: unknown) =>
  h.api<CostAndSpeed>("POST", "/api/analytics/cost-and-speed", { cookie, body });
const prices = (cookie: string) => h.api<ModelPrices>("GET", "/api/analytics/model-prices", { cookie });
const setPrice = (cookie: string, body: unknown) =>
  h.api<ModelPrices>("POST", "/api/analytics/model-prices", { cookie, body });
const resetPrice = (cookie: string, model: string) =>
  h.api<ModelPrices>("POST", "/api/analytics/model-prices/reset", { cookie, body: { model } });
const priceOf = (table: ModelPrices, model: string) => table.prices.find((row) => row.model === model);

beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUp("owner@cost.example");
  rival = await h.signUp("owner@rival-cost.example");
  agentCookie = (await h.addMember(owner.cookie, { name: "Ann Agent", email: "ann@cost.example", role: "agent" }))
    .cookie;
  const companyId = owner.companyId;
  await seedChat({
    companyId,
    createdAt: "2025-03-10T10:00:00Z",
    language: "en",
    questions: [{ at: "2025-03-10T10:00:00Z", waitSeconds: 2 }],
    saidResolved: true,
    rating: 5,
    usage: [
      { model: "gpt-4o-mini", input: 1_000_000, output: 100_000 },
      { model: "gpt-4o-mini", input: 0, output: 1_000_000, at: "2025-04-02T08:00:00Z" },
    ],
  });
  await seedChat({
    companyId,
    createdAt: "2025-03-10T12:00:00Z",
    language: "nl",
    questions: [{ at: "2025-03-10T12:00:00Z", waitSeconds: 4 }],
    usage: [{ model: "local", input: 5_000, output: 500 }],
  });
  await seedChat({
    companyId,
    createdAt: "2025-03-11T09:00:00Z",
    language: "nl",
    status: "human",
    rating: 2,
    questions: [{ at: "2025-03-11T09:00:00Z", waitSeconds: 6 }],
    usage: [{ model: "gpt-4o-mini", input: 2_000_000, output: 0 }],
  });
  await seedChat({
    companyId,
    createdAt: "2025-03-11T10:00:00Z",
    language: "he",
    rating: 4,
    questions: [
      { at: "2025-03-11T10:00:00Z", waitSeconds: 10 },
      { at: "2025-03-11T10:01:00Z", waitSeconds: 20 },
    ],
    usage: [{ model: "my-llama", input: 1_000, output: 1_000 }],
  });
  await seedChat({
    companyId,
    createdAt: "2025-03-12T08:00:00Z",
    language: null,
    rating: 1,
    questions: [{ at: "2025-03-12T08:00:00Z", waitSeconds: 1 }],
  });
  await seedChat({
    companyId,
    createdAt: "2025-03-13T08:00:00Z",
    language: "en",
    rating: 4,
    questions: [{ at: "2025-03-13T08:00:00Z", waitSeconds: 3 }],
  });
  await seedChat({
    companyId,
    createdAt: "2025-03-14T08:00:00Z",
    language: "en",
    questions: [{ at: "2025-03-14T08:00:00Z", waitSeconds: -1 }],
  });
  await seedChat({
    companyId,
    createdAt: "2025-02-28T23:59:50Z",
    language: "en",
    questions: [{ at: "2025-02-28T23:59:50Z", waitSeconds: 12 }],
    usage: [{ model: "gpt-4o-mini", input: 1_000_000, output: 0 }],
  });
  // The playground's use of a model makes it "used" without being any conversation's cost.
  const now = new Date();
  await h.db.insert(tokenUsage).values({
    companyId,
    chatId: null,
    purpose: "playground",
    model: "my-llama",
    inputTokens: 7,
    outputTokens: 0,
    day: now.toISOString().slice(0, 10),
    createdAt: now,
  });
  // The rival's March: one Dutch conversation on gpt-4o, never in the owner's figures.
  await seedChat({
    companyId: rival.companyId,
    createdAt: "2025-03-10T10:00:00Z",
    language: "nl",
    questions: [{ at: "2025-03-10T10:00:00Z", waitSeconds: 50 }],
    usage: [{ model: "gpt-4o", input: 1_000_000, output: 0 }],
  });
});
afterAll(async () => {
  await h?.close();
});

describe("POST /api/analytics/cost-and-speed", () => {
  it("prices the month's conversations at Harbor's defaults (local free, an unknown model left out)", async () => {
    const response = await costAndSpeed(owner.cookie, MARCH);
    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(data).toMatchObject({ currency: "USD", conversations: 6, resolutions: 4, timeZone: "UTC" });
    expect(data.totalCost).toBeCloseTo(1.11, 6);
    expect(data.costPerConversation).toBeCloseTo(0.185, 6);
    expect(data.costPerResolution).toBeCloseTo(0.2775, 6);
    expect(data.costByModel).toEqual([
      { model: "gpt-4o-mini", inputTokens: 3_000_000, outputTokens: 1_100_000, cost: expect.closeTo(1.11, 6) },
      { model: "local", inputTokens: 5_000, outputTokens: 500, cost: 0 },
      { model: "my-llama", inputTokens: 1_000, outputTokens: 1_000, cost: null },
    ]);
  });

  it("gives the answers' waits per day of the answer, interpolated p50 and p95", async () => {
    const data = (await costAndSpeed(owner.cookie, MARCH)).body.data;
    expect(data.latencyByDay).toEqual([
      // c8 began in February, but its answer came on 1 March.
      { date: "2025-03-01", answers: 1, p50Ms: 12_000, p95Ms: 12_000 },
      // 2 s and 4 s: the middle is 3 s; the 95th lies 95% of the way from 2 s to 4 s.
      { date: "2025-03-10", answers: 2, p50Ms: 3_000, p95Ms: 3_900 },
      // 6, 10 and 20 s: 10 s in the middle; 95th at rank 1.9, 90% of the way from 10 s to 20 s.
      { date: "2025-03-11", answers: 3, p50Ms: 10_000, p95Ms: 19_000 },
      { date: "2025-03-12", answers: 1, p50Ms: 1_000, p95Ms: 1_000 },
      { date: "2025-03-13", answers: 1, p50Ms: 3_000, p95Ms: 3_000 },
    ]);
  });

  it("reads a questionID in capitals as its question's, and one that names no message as no wait, never an error", async () => {
    const odd = await h.signUp("owner@odd-question-ids.example");
    const base = { companyId: odd.companyId };
    const [chat] = await h.db
      .insert(chats)
      .values({ ...base, visitorId: "odd-visitor", ticketId: "ODD1", createdAt: at("2025-03-20T08:00:00Z") })
      .returning({ id: chats.id });
    const chatId = chat?.id as string;
    const ask = async (time: string) => {
      const [asked] = await h.db
        .insert(chatMessages)
        .values({ ...base, chatId, message: "Q", messageType: "question", senderRole: "customer", createdAt: at(time) })
        .returning({ id: chatMessages.id });
      return asked?.id as string;
    };
    const answer = (questionID: unknown, time: string) =>
      h.db.insert(chatMessages).values({
        ...base,
        chatId,
        message: "A",
        messageType: "answer",
        senderRole: "ai",
        messageData: { questionID },
        createdAt: at(time),
      });
    await answer((await ask("2025-03-20T08:00:00Z")).toUpperCase(), "2025-03-20T08:00:05Z");
    await ask("2025-03-20T09:00:00Z");
    for (const questionID of ["not-a-uuid", "1234", 42, "00000000-0000-0000-0000-00000000000g"]) {
      await answer(questionID, "2025-03-20T09:00:07Z");
    }
    const response = await costAndSpeed(odd.cookie, MARCH);
    expect(response.status).toBe(200);
    expect(response.body.data.latencyByDay).toEqual([{ date: "2025-03-20", answers: 1, p50Ms: 5_000, p95Ms: 5_000 }]);
  });

  it("splits outcomes and ratings by the visitor's language", async () => {
    const data = (await costAndSpeed(owner.cookie, MARCH)).body.data;
    expect(data.qualityByLanguage).toEqual([
      {
        language: "en",
        conversations: 2,
        resolutions: 2,
        handoffs: 0,
        resolutionRate: 100,
        handoffRate: 0,
        ratings: 2,
        averageRating: 4.5,
      },
      {
        language: "nl",
        conversations: 2,
        resolutions: 1,
        handoffs: 1,
        resolutionRate: 50,
        handoffRate: 50,
        ratings: 1,
        averageRating: 2,
      },
      {
        language: "he",
        conversations: 1,
        resolutions: 1,
        handoffs: 0,
        resolutionRate: 100,
        handoffRate: 0,
        ratings: 1,
        averageRating: 4,
      },
      {
        language: "other",
        conversations: 1,
        resolutions: 0,
        handoffs: 0,
        resolutionRate: 0,
        handoffRate: 0,
        ratings: 1,
        averageRating: 1,
      },
    ]);
  });

  it("answers an empty range with zeros and no cost per conversation or resolution", async () => {
    const data = (await costAndSpeed(owner.cookie, { startDate: "2024-06-01", endDate: "2024-06-30" })).body.data;
    expect(data).toMatchObject({
      conversations: 0,
      resolutions: 0,
      totalCost: 0,
      costPerConversation: null,
      costPerResolution: null,
      costByModel: [],
      latencyByDay: [],
    });
    expect(data.qualityByLanguage.map((row) => [row.language, row.conversations, row.averageRating])).toEqual([
      ["en", 0, null],
      ["nl", 0, null],
      ["he", 0, null],
      ["other", 0, null],
    ]);
  });

  it("shows another company only its own chats and tokens", async () => {
    const data = (await costAndSpeed(rival.cookie, MARCH)).body.data;
    expect(data).toMatchObject({ conversations: 1, resolutions: 1, totalCost: 2.5, costPerConversation: 2.5 });
    expect(data.latencyByDay).toEqual([{ date: "2025-03-10", answers: 1, p50Ms: 50_000, p95Ms: 50_000 }]);
    expect(data.qualityByLanguage.find((row) => row.language === "nl")?.conversations).toBe(1);
  });

  it("is for admins only and refuses a bad range", async () => {
    expect((await costAndSpeed(agentCookie, MARCH)).status).toBe(403);
    const reversed = await costAndSpeed(owner.cookie, { startDate: "2025-03-31", endDate: "2025-03-01" });
    expect(reversed.status).toBe(400);
    expect(reversed.body.hasError).toBe(true);
    expect((await h.api("POST", "/api/analytics/cost-and-speed", { body: MARCH })).status).toBe(401);
  });
});

describe("/api/analytics/model-prices", () => {
  it("lists Harbor's defaults and, first, a used model without a price", async () => {
    const table = (await prices(owner.cookie)).body.data;
    expect(table.currency).toBe("USD");
    expect(table.prices[0]).toEqual({
      model: "my-llama",
      inputPerMillion: null,
      outputPerMillion: null,
      source: "missing",
      hasDefault: false,
    });
    expect(priceOf(table, "local")).toEqual({
      model: "local",
      inputPerMillion: 0,
      outputPerMillion: 0,
      source: "default",
      hasDefault: true,
    });
    expect(priceOf(table, "gpt-4o-mini")).toMatchObject({
      inputPerMillion: 0.15,
      outputPerMillion: 0.6,
      source: "default",
    });
    expect(priceOf(table, "claude-haiku-4-5")).toMatchObject({ source: "default" });
  });

  it("prices with the admin's table, and a reset goes back to the default", async () => {
    const priced = await setPrice(owner.cookie, { model: "my-llama", inputPerMillion: 1, outputPerMillion: 2 });
    expect(priced.status).toBe(200);
    expect(priceOf(priced.body.data, "my-llama")).toEqual({
      model: "my-llama",
      inputPerMillion: 1,
      outputPerMillion: 2,
      source: "custom",
      hasDefault: false,
    });
    await setPrice(owner.cookie, { model: "gpt-4o-mini", inputPerMillion: 0.3, outputPerMillion: 1.2 });
    // gpt-4o-mini doubles to 2.22; my-llama adds 1,000 × 1 + 1,000 × 2 per million = 0.003.
    let data = (await costAndSpeed(owner.cookie, MARCH)).body.data;
    expect(data.totalCost).toBeCloseTo(2.223, 6);
    expect(data.costByModel.find((row) => row.model === "my-llama")?.cost).toBeCloseTo(0.003, 6);
    // The rival's figures keep Harbor's defaults.
    expect((await costAndSpeed(rival.cookie, MARCH)).body.data.totalCost).toBe(2.5);
    expect(priceOf((await prices(rival.cookie)).body.data, "gpt-4o-mini")?.source).toBe("default");

    const reset = await resetPrice(owner.cookie, "gpt-4o-mini");
    expect(priceOf(reset.body.data, "gpt-4o-mini")).toMatchObject({ inputPerMillion: 0.15, source: "default" });
    expect(priceOf(reset.body.data, "my-llama")?.source).toBe("custom");
    data = (await costAndSpeed(owner.cookie, MARCH)).body.data;
    expect(data.totalCost).toBeCloseTo(1.113, 6);
    const unpriced = await resetPrice(owner.cookie, "my-llama");
    expect(priceOf(unpriced.body.data, "my-llama")?.source).toBe("missing");
  });

  it("refuses a negative price, a missing name and a non-admin", async () => {
    const negative = await setPrice(owner.cookie, { model: "gpt-4o", inputPerMillion: -1, outputPerMillion: 2 });
    expect(negative.status).toBe(400);
    expect(negative.body).toMatchObject({ hasError: true, message: expect.stringContaining("negative") });
    expect((await setPrice(owner.cookie, { model: "  ", inputPerMillion: 1, outputPerMillion: 2 })).status).toBe(400);
    expect((await setPrice(owner.cookie, { model: "gpt-4o", inputPerMillion: "1" })).status).toBe(400);
    expect((await prices(agentCookie)).status).toBe(403);
    expect((await setPrice(agentCookie, { model: "gpt-4o", inputPerMillion: 1, outputPerMillion: 2 })).status).toBe(
      403,
    );
    expect((await resetPrice(agentCookie, "gpt-4o")).status).toBe(403);
    expect(priceOf((await prices(owner.cookie)).body.data, "gpt-4o")?.source).toBe("default");
  });
});

describe("days of the reporting zone", () => {
  it("puts each answer on its day in the company's zone", async () => {
    // New York is UTC-5 until 9 March 2025 and UTC-4 after: c8's answer (1 March 00:00:02 UTC)
    // falls on 28 February there, and c8 itself began in February either way.
    await h.api("POST", "/api/analytics/time-zone", { cookie: owner.cookie, body: { timeZone: "America/New_York" } });
    const data = (await costAndSpeed(owner.cookie, MARCH)).body.data;
    expect(data.timeZone).toBe("America/New_York");
    expect(data.latencyByDay.map((day) => [day.date, day.answers])).toEqual([
      ["2025-03-10", 2],
      ["2025-03-11", 3],
      ["2025-03-12", 1],
      ["2025-03-13", 1],
    ]);
    const february = (await costAndSpeed(owner.cookie, { startDate: "2025-02-28", endDate: "2025-02-28" })).body.data;
    expect(february.latencyByDay).toEqual([{ date: "2025-02-28", answers: 1, p50Ms: 12_000, p95Ms: 12_000 }]);
    // c8's gpt-4o-mini tokens: 1,000,000 in at 0.15.
    expect(february).toMatchObject({ conversations: 1, resolutions: 1, totalCost: 0.15 });
  });
});

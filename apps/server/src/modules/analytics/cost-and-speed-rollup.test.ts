import { randomUUID } from "node:crypto";
import type { ModelPrice } from "@harbor/contract/analytics";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { queryRows } from "../../db/client";
import { chatMessages, chats, companies } from "../../db/schema/index";
import {
  type AnalyticsRepository,
  type ConversationCostRow,
  createAnalyticsRepository,
  type ReportWindow,
} from "./analytics.repository";
import { DEFAULT_MODEL_PRICES } from "./default-model-prices";
import { insertUsage, type SeededUsage, seededRandom, reportWindow as window } from "./rollup-test-fixtures";

/*
 * The rollups behind Cost and speed (migration 0033, decision 070): chat_tokens and
 * chat_tokens_daily (a conversation's tokens in the UTC day it began), chat_language_daily (its
 * language, class and rating) and answer_wait_days (closed days' answer waits, cached when read and
 * dropped when older messages change). Read through them, Cost and speed equals the statements they
 * replace ("facts"), which read every conversation and every answer. Every company is new per test.
 */

let h: Harness;
let analytics: AnalyticsRepository;
let ticket = 0;

const PRICES: ModelPrice[] = [...DEFAULT_MODEL_PRICES];

async function newCompany() {
  ticket += 1;
  return (await h.signUp(`owner${ticket}@cost-rollup.example`)).companyId;
}

type Turn = { askedAt: string; waitMs: number };

/** A chat with its visitor's questions and the AI's answers (each naming its question), written straight to the tables. */
async function seedChat(
  companyId: string,
  options: {
    createdAt: string;
    language?: string | null;
    turns?: Turn[];
    status?: "open" | "human" | "ticket";
    rating?: number | null;
    visitor?: string;
  },
) {
  ticket += 1;
  const turns = options.turns ?? [];
  const lastAt = turns.reduce(
    (latest, turn) => Math.max(latest, Date.parse(turn.askedAt) + turn.waitMs),
    Date.parse(options.createdAt),
  );
  const [chat] = await h.db
    .insert(chats)
    .values({
      companyId,
      visitorId: options.visitor ?? `visitor${ticket}`,
      ticketId: `K${ticket}`,
      status: options.status ?? "open",
      rating: options.rating ?? null,
      language: options.language ?? null,
      createdAt: new Date(options.createdAt),
      lastMessageAt: new Date(lastAt),
    })
    .returning({ id: chats.id });
  if (!chat) throw new Error("no chat");
  const messages = turns.flatMap((turn) => {
    const questionId = randomUUID();
    return [
      {
        id: questionId,
        companyId,
        chatId: chat.id,
        message: "Where is my order?",
        messageType: "question",
        senderRole: "customer",
        createdAt: new Date(turn.askedAt),
      },
      {
        companyId,
        chatId: chat.id,
        message: "It left yesterday.",
        messageType: "answer",
        senderRole: "ai",
        messageData: { questionID: questionId },
        createdAt: new Date(Date.parse(turn.askedAt) + turn.waitMs),
      },
    ];
  });
  if (messages.length > 0) await h.db.insert(chatMessages).values(messages);
  return chat.id;
}

type Usage = SeededUsage;
const use = (companyId: string, usages: Usage[]) => insertUsage(h.db, companyId, usages);

/** The company's rows of the three rollup tables, in a fixed order. */
async function rollupOf(companyId: string) {
  const chatTokens = await queryRows<Record<string, unknown>>(
    h.db,
    sql`select chat_id::text as chat_id, model, input_tokens::float8 as input, output_tokens::float8 as output, usages
      from chat_tokens where company_id = ${companyId} order by chat_id, model`,
  );
  const tokens = await queryRows<Record<string, unknown>>(
    h.db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, model, input_tokens::float8 as input, output_tokens::float8 as output, usages
      from chat_tokens_daily where company_id = ${companyId} order by day, model`,
  );
  const languages = await queryRows<Record<string, unknown>>(
    h.db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, language, class, chats, ratings, rating_sum
      from chat_language_daily where company_id = ${companyId} order by day, language, class`,
  );
  return { chatTokens, tokens, languages };
}

/** The rows the triggers kept, after checking that a rebuild makes the same. */
async function keptRows(companyId: string) {
  const kept = await rollupOf(companyId);
  await h.db.execute(sql`select chat_cost_rebuild(${companyId}::uuid)`);
  expect(await rollupOf(companyId)).toEqual(kept);
  return kept;
}

const sorted = (rows: ConversationCostRow[]) =>
  [...rows].sort((a, b) => `${a.card}\u0000${a.name}`.localeCompare(`${b.card}\u0000${b.name}`));

/** The costs and languages through the rollups, after checking they equal every conversation's. */
async function costsOf(reportWindow: ReportWindow, now: Date) {
  const costs = sorted(await analytics.conversationCosts(reportWindow, now, PRICES, "rollup"));
  expect(costs).toEqual(sorted(await analytics.conversationCosts(reportWindow, now, PRICES, "facts")));
  return costs;
}

/**
 * Cost and speed through the rollups, after checking it equals the statements they replace. The
 * waits are read twice through the cache: the first read stores the closed days, the second reads them.
 */
async function costAndSpeed(reportWindow: ReportWindow, now: Date) {
  const costs = await costsOf(reportWindow, now);
  const latency = await analytics.answerLatencyByDay(reportWindow, "rollup");
  const oracle = await analytics.answerLatencyByDay(reportWindow, "facts");
  expect(latency).toEqual(oracle);
  expect(await analytics.answerLatencyByDay(reportWindow, "rollup")).toEqual(oracle);
  return { costs, latency };
}

const languageRow = (costs: ConversationCostRow[], language: string) => {
  const row = costs.find((entry) => entry.card === "language" && entry.name === language);
  return row && [row.conversations, row.resolutions, row.handoffs, row.ratings, row.rating_sum];
};
const modelRow = (costs: ConversationCostRow[], model: string) => {
  const row = costs.find((entry) => entry.card === "model" && entry.name === model);
  return row && [row.input_tokens, row.output_tokens];
};

const LATER = new Date("2026-01-01T00:00:00Z");

beforeAll(async () => {
  h = await createHarness();
  analytics = createAnalyticsRepository(h.db);
});

afterAll(async () => {
  await h.close();
});

describe("chat_tokens_daily and chat_language_daily", () => {
  it("move a conversation's tokens and class as its chat changes, and keep nothing of a deleted chat", async () => {
    const companyId = await newCompany();
    const chatId = await seedChat(companyId, { createdAt: "2025-05-05T10:00:00Z", language: "nl" });
    // Usage before the AI's first answer: the chat's, not yet a conversation's.
    await use(companyId, [{ chatId, model: "gpt-4o-mini", at: "2025-05-05T10:00:10Z", input: 100, output: 10 }]);
    expect(await keptRows(companyId)).toEqual({
      chatTokens: [{ chat_id: chatId, model: "gpt-4o-mini", input: 100, output: 10, usages: 1 }],
      tokens: [],
      languages: [],
    });
    // The first answer and its usage in one statement, as answer-store.ts writes them: the facts
    // trigger and the usage trigger each see the other's work once, so nothing counts twice.
    const questionId = randomUUID();
    await h.db.insert(chatMessages).values({
      id: questionId,
      companyId,
      chatId,
      message: "Waar is mijn bestelling?",
      messageType: "question",
      senderRole: "customer",
      createdAt: new Date("2025-05-05T10:00:20Z"),
    });
    await h.db.execute(sql`
      with answer as (
        insert into chat_messages (company_id, chat_id, message, message_type, sender_role, message_data, created_at)
        values (${companyId}, ${chatId}, 'Gisteren verstuurd.', 'answer', 'ai',
          ${JSON.stringify({ questionID: questionId })}::jsonb, '2025-05-05T10:00:23Z')
        returning id
      )
      insert into token_usage (company_id, chat_id, purpose, model, input_tokens, output_tokens, day, created_at)
      select ${companyId}, ${chatId}, 'chat', m.model, m.input, 20, '2025-05-05', '2025-05-05T10:00:23Z'
      from answer, (values ('gpt-4o-mini', 200), ('local', 50)) m(model, input)`);
    expect(await keptRows(companyId)).toEqual({
      chatTokens: [
        { chat_id: chatId, model: "gpt-4o-mini", input: 300, output: 30, usages: 2 },
        { chat_id: chatId, model: "local", input: 50, output: 20, usages: 1 },
      ],
      tokens: [
        { day: "2025-05-05", model: "gpt-4o-mini", input: 300, output: 30, usages: 2 },
        { day: "2025-05-05", model: "local", input: 50, output: 20, usages: 1 },
      ],
      languages: [{ day: "2025-05-05", language: "nl", class: "silent", chats: 1, ratings: 0, rating_sum: 0 }],
    });
    // A later usage (the summary, a week on) still belongs to the day the conversation began.
    await use(companyId, [{ chatId, model: "local", at: "2025-05-12T08:00:00Z", input: 5, output: 5 }]);
    expect((await keptRows(companyId)).tokens[1]).toEqual({
      day: "2025-05-05",
      model: "local",
      input: 55,
      output: 25,
      usages: 2,
    });

    await h.db.update(chats).set({ rating: 4 }).where(eq(chats.id, chatId));
    expect((await keptRows(companyId)).languages).toEqual([
      { day: "2025-05-05", language: "nl", class: "confirmed", chats: 1, ratings: 1, rating_sum: 4 },
    ]);
    await h.db.update(chats).set({ status: "human", rating: 2, language: "de" }).where(eq(chats.id, chatId));
    expect((await keptRows(companyId)).languages).toEqual([
      { day: "2025-05-05", language: "other", class: "handed-off", chats: 1, ratings: 1, rating_sum: 2 },
    ]);
    // The chat moves to the day before (UTC): its tokens and its class go with it.
    await h.db
      .update(chats)
      .set({ createdAt: new Date("2025-05-04T23:59:00Z") })
      .where(eq(chats.id, chatId));
    const moved = await keptRows(companyId);
    expect(moved.tokens.map((row) => [row.day, row.model, row.usages])).toEqual([
      ["2025-05-04", "gpt-4o-mini", 2],
      ["2025-05-04", "local", 2],
    ]);
    expect(moved.languages.map((row) => row.day)).toEqual(["2025-05-04"]);

    // Usage deleted, re-tokened, and detached from the chat.
    await h.db.execute(sql`delete from token_usage where chat_id = ${chatId} and model = 'local' and input_tokens = 5`);
    await h.db.execute(sql`update token_usage set output_tokens = 40 where chat_id = ${chatId} and model = 'local'`);
    await h.db.execute(
      sql`update token_usage set chat_id = null where chat_id = ${chatId} and model = 'gpt-4o-mini' and input_tokens = 100`,
    );
    expect((await keptRows(companyId)).tokens).toEqual([
      { day: "2025-05-04", model: "gpt-4o-mini", input: 200, output: 20, usages: 1 },
      { day: "2025-05-04", model: "local", input: 50, output: 40, usages: 1 },
    ]);
    // The AI's answer deleted: no longer a conversation, its tokens stay the chat's only.
    await h.db.execute(sql`delete from chat_messages where chat_id = ${chatId} and sender_role = 'ai'`);
    const unanswered = await keptRows(companyId);
    expect([unanswered.tokens, unanswered.languages, unanswered.chatTokens.length]).toEqual([[], [], 2]);

    // Deleted: nothing is left, whichever of its facts and usage the cascade reaches first.
    await seedChat(companyId, {
      createdAt: "2025-05-04T12:00:00Z",
      language: "en",
      turns: [{ askedAt: "2025-05-04T12:00:00Z", waitMs: 2000 }],
    });
    await h.db.execute(sql`
      insert into chat_messages (company_id, chat_id, message, message_type, sender_role, created_at)
      values (${companyId}, ${chatId}, 'Hallo?', 'question', 'customer', '2025-05-05T00:10:00Z'),
        (${companyId}, ${chatId}, 'Hier.', 'text', 'ai', '2025-05-05T00:10:05Z')`);
    expect((await keptRows(companyId)).tokens.map((row) => row.usages)).toEqual([1, 1]);
    await h.db.delete(chats).where(eq(chats.companyId, companyId));
    expect(await keptRows(companyId)).toEqual({ chatTokens: [], tokens: [], languages: [] });
    const [left] = await queryRows<{ usages: number }>(
      h.db,
      sql`select count(*)::int as usages from token_usage where company_id = ${companyId}`,
    );
    expect(left?.usages).toBe(3);

    // A company deleted with conversations and usage leaves no rows.
    const chatOfCompany = await seedChat(companyId, {
      createdAt: "2025-05-06T12:00:00Z",
      turns: [{ askedAt: "2025-05-06T12:00:00Z", waitMs: 1000 }],
    });
    await use(companyId, [{ chatId: chatOfCompany, model: "local", at: "2025-05-06T12:00:01Z", input: 1, output: 1 }]);
    await costAndSpeed(window(companyId, "2025-05-06", "2025-05-06"), LATER);
    expect(await h.db.delete(companies).where(eq(companies.id, companyId)).returning({ id: companies.id })).toEqual([
      { id: companyId },
    ]);
    expect(await rollupOf(companyId)).toEqual({ chatTokens: [], tokens: [], languages: [] });
    const [cached] = await queryRows<{ days: number }>(
      h.db,
      sql`select count(*)::int as days from answer_wait_days where company_id = ${companyId}`,
    );
    expect(cached?.days).toBe(0);
    // A company's deletion cascades through every table: slow on PGlite on a loaded machine.
  }, 120_000);

  it("counts the edges of a daylight-saving window and a :45 zone's days, and a silent chat's 24 hours, as counted by hand", async () => {
    const companyId = await newCompany();
    const turn = (askedAt: string, waitMs = 1000): Turn[] => [{ askedAt, waitMs }];
    // Amsterdam's 29–31 March 2025 is [03-28T23:00Z, 03-31T22:00Z) (the clocks go forward on the 30th):
    // whole UTC days 29 and 30, one hour at its head and 22 at its tail read chat by chat.
    const outBefore = await seedChat(companyId, {
      createdAt: "2025-03-28T22:30:00Z",
      language: "en",
      turns: turn("2025-03-28T22:30:00Z"),
    });
    const head = await seedChat(companyId, {
      createdAt: "2025-03-28T23:30:00Z",
      language: "en",
      turns: turn("2025-03-28T23:30:00Z"),
      rating: 5,
    });
    const whole = await seedChat(companyId, {
      createdAt: "2025-03-30T01:30:00Z",
      language: "nl",
      turns: turn("2025-03-30T01:30:00Z"),
      status: "human",
    });
    const tail = await seedChat(companyId, {
      createdAt: "2025-03-31T21:30:00Z",
      language: "he",
      turns: turn("2025-03-31T21:30:00Z"),
    });
    const outAfter = await seedChat(companyId, {
      createdAt: "2025-03-31T22:30:00Z",
      language: "he",
      turns: turn("2025-03-31T22:30:00Z"),
    });
    // Never answered: no conversation, its tokens in no cost.
    const unanswered = await seedChat(companyId, { createdAt: "2025-03-30T02:00:00Z", language: "en" });
    const spend = (chatId: string, input: number) => ({
      chatId,
      model: "gpt-4o-mini",
      at: "2025-04-01T00:00:00Z",
      input,
      output: 0,
    });
    await use(companyId, [
      spend(outBefore, 1),
      spend(head, 10),
      spend(whole, 100),
      spend(tail, 1000),
      spend(outAfter, 10000),
      spend(unanswered, 100000),
    ]);
    const amsterdam = await costAndSpeed(window(companyId, "2025-03-29", "2025-03-31", "Europe/Amsterdam"), LATER);
    expect(modelRow(amsterdam.costs, "gpt-4o-mini")).toEqual([1110, 0]);
    // conversations, resolutions, handoffs, ratings, rating sum
    expect(languageRow(amsterdam.costs, "en")).toEqual([1, 1, 0, 1, 5]);
    expect(languageRow(amsterdam.costs, "nl")).toEqual([1, 0, 1, 0, 0]);
    expect(languageRow(amsterdam.costs, "he")).toEqual([1, 1, 0, 0, 0]);
    expect(amsterdam.latency.map((row) => [row.day, row.answers])).toEqual([
      ["2025-03-29", 1],
      ["2025-03-30", 1],
      ["2025-03-31", 1],
    ]);
    // The 23-hour day alone has no whole UTC day: all of it is read chat by chat.
    expect(
      modelRow(
        (await costAndSpeed(window(companyId, "2025-03-30", "2025-03-30", "Europe/Amsterdam"), LATER)).costs,
        "gpt-4o-mini",
      ),
    ).toEqual([100, 0]);

    // Kathmandu (+5:45): 10–12 March is [03-09T18:15Z, 03-12T18:15Z).
    const k = (at: string, language: string) => seedChat(companyId, { createdAt: at, language, turns: turn(at, 3000) });
    const kathmanduChats = [
      await k("2025-03-09T18:10:00Z", "en"),
      await k("2025-03-09T18:20:00Z", "en"),
      await k("2025-03-11T06:00:00Z", "nl"),
      await k("2025-03-12T18:10:00Z", "he"),
      await k("2025-03-12T18:20:00Z", "he"),
    ];
    await use(
      companyId,
      kathmanduChats.map((chatId, i) => ({
        chatId,
        model: "local",
        at: "2025-03-13T00:00:00Z",
        input: 10 ** i,
        output: 1,
      })),
    );
    const kathmandu = await costAndSpeed(window(companyId, "2025-03-10", "2025-03-12", "Asia/Kathmandu"), LATER);
    expect(modelRow(kathmandu.costs, "local")).toEqual([1110, 3]);
    expect([
      languageRow(kathmandu.costs, "en"),
      languageRow(kathmandu.costs, "nl"),
      languageRow(kathmandu.costs, "he"),
    ]).toEqual([
      [1, 1, 0, 0, 0],
      [1, 1, 0, 0, 0],
      [1, 1, 0, 0, 0],
    ]);

    // Waits per Amsterdam day, interpolated: 2 s and 4 s on 26 October (the 25-hour day) give
    // p50 3,000 and p95 2,000 + 0.95 × 2,000 = 3,900 ms; the answer at 22:59:59Z is still the 26th
    // (23:59:59 CET), the one at 23:00:01Z the 27th.
    await seedChat(companyId, {
      createdAt: "2025-10-25T22:10:00Z",
      turns: [
        { askedAt: "2025-10-25T22:10:00Z", waitMs: 2000 },
        { askedAt: "2025-10-26T22:59:55Z", waitMs: 4000 },
        { askedAt: "2025-10-26T22:59:59Z", waitMs: 2000 },
      ],
    });
    expect(
      (await costAndSpeed(window(companyId, "2025-10-26", "2025-10-27", "Europe/Amsterdam"), LATER)).latency,
    ).toEqual([
      { day: "2025-10-26", answers: 2, p50_ms: 3000, p95_ms: 3900 },
      { day: "2025-10-27", answers: 1, p50_ms: 2000, p95_ms: 2000 },
    ]);

    // A silent conversation of a whole day is assumed 24 hours after the AI's last answer, open before.
    const silent = await seedChat(companyId, {
      createdAt: "2025-06-10T09:00:00Z",
      language: "nl",
      turns: turn("2025-06-10T09:00:00Z", 5000),
    });
    expect(silent).toBeTruthy();
    const june = window(companyId, "2025-06-09", "2025-06-11", "Europe/Amsterdam");
    const resolutionsAt = async (now: string) =>
      languageRow((await costAndSpeed(june, new Date(now))).costs, "nl")?.[1];
    expect(await resolutionsAt("2025-06-11T09:00:04.999Z")).toBe(0);
    expect(await resolutionsAt("2025-06-11T09:00:05Z")).toBe(1);
  });
});

describe("answer_wait_days", () => {
  it("is dropped from the earliest changed message on, so later reads equal every answer's", async () => {
    const companyId = await newCompany();
    const chatId = await seedChat(companyId, {
      createdAt: "2025-02-03T10:00:00Z",
      turns: [
        { askedAt: "2025-02-03T10:00:00Z", waitMs: 1000 },
        { askedAt: "2025-02-04T10:00:00Z", waitMs: 3000 },
        { askedAt: "2025-02-05T10:00:00Z", waitMs: 5000 },
      ],
    });
    const february = window(companyId, "2025-02-01", "2025-02-07");
    const read = async () => (await costAndSpeed(february, LATER)).latency.map((row) => [row.day, row.p50_ms]);
    expect(await read()).toEqual([
      ["2025-02-03", 1000],
      ["2025-02-04", 3000],
      ["2025-02-05", 5000],
    ]);
    const [cached] = await queryRows<{ days: number }>(
      h.db,
      sql`select count(*)::int as days from answer_wait_days where company_id = ${companyId}`,
    );
    expect(cached?.days).toBe(7);
    // A question of the 4th deleted: its answer has no wait any more, and the 4th is dropped.
    await h.db.execute(sql`delete from chat_messages where chat_id = ${chatId} and sender_role = 'customer'
      and created_at = '2025-02-04T10:00:00Z'`);
    expect(await read()).toEqual([
      ["2025-02-03", 1000],
      ["2025-02-05", 5000],
    ]);
    // An answer stored late for the 6th, and an edited answer of the 3rd.
    const [question] = await queryRows<{ id: string }>(
      h.db,
      sql`select id::text as id from chat_messages where chat_id = ${chatId} and created_at = '2025-02-05T10:00:00Z'`,
    );
    await h.db.insert(chatMessages).values({
      companyId,
      chatId,
      message: "Also this.",
      messageType: "answer",
      senderRole: "ai",
      messageData: { questionID: question?.id },
      createdAt: new Date("2025-02-06T10:00:00Z"),
    });
    await h.db.execute(sql`update chat_messages set created_at = created_at + interval '9 seconds'
      where chat_id = ${chatId} and sender_role = 'ai' and created_at < '2025-02-04T00:00:00Z'`);
    expect(await read()).toEqual([
      ["2025-02-03", 10000],
      ["2025-02-05", 5000],
      ["2025-02-06", 86400000],
    ]);
    // Another zone is another set of days.
    expect(
      (await costAndSpeed(window(companyId, "2025-02-01", "2025-02-07", "Asia/Kathmandu"), LATER)).latency,
    ).toHaveLength(3);
  });
});

describe("cost and speed through the rollups", () => {
  it("equals the statements they replace for random chats over many windows and zones, before and after later changes", async () => {
    const random = seededRandom(70070);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const models = ["gpt-4o-mini", "claude-3-5-haiku", "local", "my-llama"];
    const languages = ["en", "nl", "he", "de", null];
    const companyId = await newCompany();
    const other = await newCompany();
    const days = ["2025-10-24", "2025-10-25", "2025-10-26", "2025-10-27", "2025-10-28"];
    const start = Date.parse("2025-10-23T20:00:00Z");
    const span = 5 * 24 * 3600_000;
    // A third of the chats begin within 40 minutes of a UTC, Amsterdam or Kathmandu midnight, so
    // the edges hold chats and chats sit on both sides of each boundary.
    const midnights = days.flatMap((day) => {
      const utc = Date.parse(`${day}T00:00:00Z`);
      return [utc, utc - 3600_000, utc - 2 * 3600_000, utc - 5 * 3600_000 - 45 * 60_000];
    });
    const instant = (i: number) =>
      i % 3 === 0 ? pick(midnights) + Math.floor((random() - 0.5) * 80 * 60_000) : start + Math.floor(random() * span);
    const chatIds: string[] = [];
    const seedRandomChat = async (company: string, i: number) => {
      const createdAt = instant(i);
      const turns = Array.from({ length: Math.floor(random() * 4) }, (_, t) => ({
        askedAt: new Date(createdAt + t * 600_000 + Math.floor(random() * 60_000)).toISOString(),
        waitMs: Math.floor(random() * 20_000),
      }));
      const chatId = await seedChat(company, {
        createdAt: new Date(createdAt).toISOString(),
        language: pick(languages),
        turns,
        status: random() < 0.15 ? pick(["human", "ticket"] as const) : "open",
        rating: random() < 0.3 ? 1 + Math.floor(random() * 5) : null,
        visitor: `v${Math.floor(random() * 30)}`,
      });
      const usages = Array.from({ length: Math.floor(random() * 3) }, () => ({
        chatId,
        model: pick(models),
        at: new Date(createdAt + Math.floor(random() * 3 * 24 * 3600_000)).toISOString(),
        input: Math.floor(random() * 5000),
        output: Math.floor(random() * 500),
      }));
      await use(company, usages);
      return chatId;
    };
    for (let i = 0; i < 90; i++) chatIds.push(await seedRandomChat(companyId, i));
    for (let i = 0; i < 10; i++) await seedRandomChat(other, i);
    await use(companyId, [{ chatId: null, model: "local", at: "2025-10-25T10:00:00Z", input: 9, output: 9 }]);

    const windows: ReportWindow[] = [];
    for (const zone of ["UTC", "Europe/Amsterdam", "Asia/Kathmandu", "America/New_York"]) {
      for (const [i, day] of days.entries()) {
        windows.push(window(companyId, day, day, zone));
        if (i + 2 < days.length) windows.push(window(companyId, day, days[i + 2] as string, zone));
      }
      windows.push(window(companyId, "2025-10-22", "2025-10-30", zone));
    }
    // Two moments: every silent chat assumed, and one when some are still within their 24 hours.
    const moments = [LATER, new Date("2025-10-27T12:00:00Z")];
    const compareAll = async () => {
      let conversations = 0;
      for (const reportWindow of windows) {
        // The waits do not depend on now: read once per window, the costs at both moments.
        await costAndSpeed(reportWindow, LATER);
        for (const now of moments) {
          for (const row of await costsOf(reportWindow, now)) conversations += row.conversations;
        }
      }
      return conversations;
    };
    const before = await compareAll();
    expect(before).toBeGreaterThan(500);
    await keptRows(companyId);

    // Later changes, in bulk statements: ratings and handoffs, visitors writing back, answers and
    // questions deleted, usage stored late, deleted, moved and detached, and chats deleted.
    await h.db.execute(sql`update chats set rating = 2 + (abs(hashtext(id::text)) % 4)
      where company_id = ${companyId} and abs(hashtext(id::text)) % 5 = 0`);
    await h.db.execute(sql`update chats set status = 'human', language = 'nl'
      where company_id = ${companyId} and abs(hashtext(id::text)) % 7 = 1`);
    await h.db.execute(sql`
      insert into chat_messages (company_id, chat_id, message, message_type, sender_role, created_at)
      select company_id, chat_id, 'Still there?', 'question', 'customer', last_ai_at + interval '26 hours'
      from chat_facts where company_id = ${companyId} and last_ai_at is not null and abs(hashtext(chat_id::text)) % 6 = 2`);
    await h.db.execute(sql`delete from chat_messages where company_id = ${companyId} and sender_role = 'ai'
      and abs(hashtext(id::text)) % 5 = 3`);
    await h.db.execute(sql`delete from chat_messages where company_id = ${companyId} and sender_role = 'customer'
      and abs(hashtext(id::text)) % 9 = 4`);
    await use(
      companyId,
      chatIds
        .filter((_, i) => i % 4 === 0)
        .map((chatId) => ({ chatId, model: pick(models), at: "2025-11-02T00:00:00Z", input: 7, output: 7 })),
    );
    await h.db.execute(sql`delete from token_usage where company_id = ${companyId} and id % 7 = 0`);
    await h.db.execute(sql`update token_usage set created_at = created_at - interval '50 minutes', input_tokens = input_tokens + 1
      where company_id = ${companyId} and id % 5 = 1`);
    await h.db.execute(sql`update token_usage set chat_id = null where company_id = ${companyId} and id % 11 = 2`);
    await h.db.execute(
      sql`delete from chats where id in (${sql.join(
        chatIds.filter((_, i) => i % 6 === 0).map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    const after = await compareAll();
    expect(after).not.toBe(before);
    await keptRows(companyId);

    // rollups_rebuild refills every analytics rollup of the company to the rows the triggers kept.
    const tables = [
      "chat_hourly",
      "chat_tag_hourly",
      "chat_question_hourly",
      "token_usage_hourly",
      "token_chat_hourly",
      "chat_question_failures",
      "chat_question_failure_days",
    ];
    const everyRollup = async () => {
      const rows: Record<string, unknown[]> = { ...(await rollupOf(companyId)) };
      for (const table of tables) {
        rows[table] = await queryRows(
          h.db,
          sql`select to_jsonb(r) - 'company_id' as row from ${sql.raw(table)} r where r.company_id = ${companyId} order by 1`,
        );
      }
      return rows;
    };
    const kept = await everyRollup();
    // Every one has rows but the tags' (these chats have no category or custom reply).
    expect(Object.keys(kept).filter((table) => kept[table]?.length === 0)).toEqual(["chat_tag_hourly"]);
    await h.db.execute(sql`select rollups_rebuild(${companyId}::uuid)`);
    expect(await everyRollup()).toEqual(kept);
    await costAndSpeed(window(other, "2025-10-22", "2025-10-30", "Asia/Kathmandu"), LATER);
    // Seeding, 72 readings and their oracles twice: minutes on a loaded 2-core machine.
  }, 300_000);
});

import type { UnansweredQuestions } from "@harbor/contract/analytics";
import { DEFAULT_REPORTING_TIME_ZONE } from "@harbor/contract/reporting-time-zones";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { buildApp, type HarborApp } from "../../app";
import { queryRows } from "../../db/client";
import { chatMessages, chats } from "../../db/schema/index";
import { SESSION_COOKIE } from "../../platform/session";
import { createAnalyticsRepository } from "./analytics.repository";
import { longestRangeEndingToday } from "./analytics-warming";

/*
 * Decision 077: the caches of Cost and speed (answer_wait_days) and of Unanswered questions (the
 * engine's verdicts) are warmed in the background, a few days per transaction. The shop has a
 * chat every four days over the last year, with waits from 1 to 9 s, a fifth of them declined.
 * Decision 080: the verdicts and the state they were warmed for are stored, so a restart warms
 * nothing that is already warm.
 */

let h: Harness;
/** The server started again on the same database (the last test). */
let restarted: HarborApp | null = null;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let widgetID: string;
const CHUNK_DAYS = 5;

/**
 * The pause between chunks. While `hold` is set the warming stops there, between two transactions,
 * until the test lets it go on.
 */
const gate = {
  hold: false,
  onHeld: () => {},
  release: () => {},
};
async function pauseBetweenChunks() {
  if (!gate.hold) return;
  await new Promise<void>((resolve) => {
    gate.release = resolve;
    gate.onHeld();
  });
}

let ticket = 0;
/** A chat with a question and the AI's answer `waitSeconds` later, the answer naming its question. */
async function seedChat(companyId: string, askedAt: Date, waitSeconds: number, outcome: string) {
  ticket += 1;
  const [chat] = await h.db
    .insert(chats)
    .values({
      companyId,
      visitorId: `w${ticket}`,
      ticketId: `W${ticket}`,
      status: "open",
      language: "en",
      createdAt: askedAt,
      lastMessageAt: new Date(askedAt.getTime() + waitSeconds * 1000),
    })
    .returning({ id: chats.id });
  if (!chat) throw new Error("no chat");
  const [question] = await h.db
    .insert(chatMessages)
    .values({
      companyId,
      chatId: chat.id,
      message: outcome === "no-match" ? "How long does shipping to Belgium take?" : "Where is my order?",
      messageType: "question",
      senderRole: "customer",
      createdAt: askedAt,
    })
    .returning({ id: chatMessages.id });
  await h.db.insert(chatMessages).values({
    companyId,
    chatId: chat.id,
    message: "An answer",
    messageType: "answer",
    senderRole: "ai",
    messageData: { questionID: question?.id, outcome, language: "en" },
    createdAt: new Date(askedAt.getTime() + waitSeconds * 1000),
  });
  return question!.id;
}

const setZone = (timeZone: string) =>
  h.api<{ timeZone: string }>("POST", "/api/analytics/time-zone", { cookie: owner.cookie, body: { timeZone } });

/** The closed days of the zone's last year that the cache lacks. */
function coldDays(timeZone: string) {
  const range = longestRangeEndingToday(timeZone);
  return createAnalyticsRepository(h.db).coldAnswerWaitDays(owner.companyId, timeZone, range.startDate, range.endDate);
}

const cachedCount = async (timeZone: string) => {
  const [row] = await queryRows<{ n: number }>(
    h.db,
    sql`select count(*)::int as n from answer_wait_days where company_id = ${owner.companyId} and time_zone = ${timeZone}`,
  );
  return row!.n;
};

async function until(condition: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 60_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The cache's stored days with answers, as the oracle (every answer of the window) computes them. */
async function expectCacheEqualsOracle(timeZone: string) {
  const range = longestRangeEndingToday(timeZone);
  const stored = await queryRows<{ day: string; answers: number; p50_ms: number; p95_ms: number }>(
    h.db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, answers, p50_ms, p95_ms from answer_wait_days
      where company_id = ${owner.companyId} and time_zone = ${timeZone} and answers > 0 order by day`,
  );
  const lastStored = await queryRows<{ day: string }>(
    h.db,
    sql`select to_char(max(day), 'YYYY-MM-DD') as day from answer_wait_days
      where company_id = ${owner.companyId} and time_zone = ${timeZone}`,
  );
  const oracle = await createAnalyticsRepository(h.db).answerLatencyByDay(
    { companyId: owner.companyId, timeZone, ...range },
    "facts",
  );
  expect(stored.length).toBeGreaterThan(50);
  expect(stored).toEqual(oracle.filter((row) => row.day <= lastStored[0]!.day));
}

beforeAll(async () => {
  h = await createHarness({
    analyticsWarming: {
      // On here on both databases: the embedded one leaves it off by default (the test below).
      answerWaits: true,
      chunkDays: CHUNK_DAYS,
      pause: pauseBetweenChunks,
      delayMs: 0,
      knowledgeCheckMs: 100,
    },
  });
  owner = await h.signUp("owner@warming.example");
  widgetID = (await h.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId;
  const now = Date.now();
  for (let day = 360; day >= 2; day -= 4) {
    const askedAt = new Date(now - day * 86_400_000 + (day % 7) * 3_600_000);
    await seedChat(owner.companyId, askedAt, 1 + (day % 9), day % 5 === 0 ? "no-match" : "answered");
  }
}, 120_000);

afterAll(async () => {
  gate.hold = false;
  gate.release();
  if (!restarted) {
    await h?.close();
    return;
  }
  await restarted.close();
  await h.smtp.close();
  await h.database.close();
});

describe("warming the answer waits' cache (decision 077)", () => {
  it("fills a new zone's year after the zone changes, chunk by chunk, while visitor requests go on", async () => {
    // The start-up's look (and the minute's schedule) warms the zone in use: done first, so the
    // warming job the zone change queues is the only one.
    await h.app.services.answerWaitWarming.requestWhereCold();
    await until(async () => (await coldDays(DEFAULT_REPORTING_TIME_ZONE)).length === 0, "the default zone is cached");
    const zone = "Asia/Kathmandu";
    expect(await cachedCount(zone)).toBe(0);
    // Hold the warming at its second pause, between two transactions.
    gate.hold = true;
    let pauses = 0;
    const held = new Promise<void>((resolve) => {
      gate.onHeld = () => {
        pauses += 1;
        if (pauses < 2) gate.release();
        else resolve();
      };
    });
    expect((await setZone(zone)).status).toBe(200);
    await held;
    // Two chunks are stored and the rest of the year is not: no analytics call was made.
    expect(await cachedCount(zone)).toBe(2 * CHUNK_DAYS);
    // A visitor's request completes meanwhile: the warming holds no transaction between chunks
    // (PGlite's one connection would make the request wait for the warming to go on).
    const visitor = await h.api<{ visitorToken: string }>("POST", "/api/widget/get", { body: { widgetID } });
    expect(visitor.status).toBe(200);
    expect(await cachedCount(zone)).toBe(2 * CHUNK_DAYS);
    gate.hold = false;
    gate.release();
    await until(async () => (await coldDays(zone)).length === 0, "the zone's year is cached");
    expect(await cachedCount(zone)).toBeGreaterThanOrEqual(365);
    await expectCacheEqualsOracle(zone);
  });

  it("warms the days an invalidation dropped again, and the call then equals the oracle", async () => {
    const zone = "Asia/Kathmandu";
    await until(async () => (await coldDays(zone)).length === 0, "the zone's year is cached");
    // A question of about 100 days ago is deleted: its day and every later one are dropped.
    const [old] = await queryRows<{ id: string }>(
      h.db,
      sql`select id from chat_messages where company_id = ${owner.companyId} and sender_role = 'customer'
        and created_at < now() - interval '100 days' order by created_at desc limit 1`,
    );
    await h.db.execute(sql`delete from chat_messages where id = ${old!.id}`);
    expect((await coldDays(zone)).length).toBeGreaterThan(90);
    // What the schedule runs every minute.
    await h.app.services.answerWaitWarming.requestWhereCold();
    await until(async () => (await coldDays(zone)).length === 0, "the dropped days are cached again");
    await expectCacheEqualsOracle(zone);
    const range = longestRangeEndingToday(zone);
    const served = await h.api<{ latencyByDay: { date: string; answers: number; p50Ms: number; p95Ms: number }[] }>(
      "POST",
      "/api/analytics/cost-and-speed",
      { cookie: owner.cookie, body: range },
    );
    const oracle = await createAnalyticsRepository(h.db).answerLatencyByDay(
      { companyId: owner.companyId, timeZone: zone, ...range },
      "facts",
    );
    expect(served.body.data.latencyByDay).toEqual(
      oracle.map((row) => ({ date: row.day, answers: row.answers, p50Ms: row.p50_ms, p95Ms: row.p95_ms })),
    );
  });
});

describe("warming the unanswered questions' verdicts (decision 077)", () => {
  it("asks the engine about the groups after the knowledge changed, so the first call asks nothing", async () => {
    const service = h.app.services.analyticsService;
    const checksBefore = service.answerChecksMade();
    const saved = await h.api("POST", "/api/document/article/save", {
      cookie: owner.cookie,
      body: {
        document: {
          title: "Shipping to Belgium",
          chunks: [{ content: "Shipping to Belgium takes 2 to 3 working days with PostNL and costs €6.95." }],
        },
      },
    });
    expect(saved.status).toBe(200);
    await h.app.services.jobRunner.waitUntilIdle({ timeoutMs: 30_000 });
    const changedAt = await createAnalyticsRepository(h.db).knowledgeChangedAt(owner.companyId);
    expect(changedAt).not.toBeNull();
    await until(
      async () => (await createAnalyticsRepository(h.db).verdictsWarmedFor(owner.companyId)) === changedAt,
      "the verdicts are warmed",
    );
    const checksByWarming = service.answerChecksMade() - checksBefore;
    expect(checksByWarming).toBeGreaterThan(0);
    const zone = (await h.api<{ timeZone: string }>("GET", "/api/analytics/time-zone", { cookie: owner.cookie })).body
      .data.timeZone;
    const response = await h.api<UnansweredQuestions>("POST", "/api/analytics/unanswered-questions", {
      cookie: owner.cookie,
      body: longestRangeEndingToday(zone),
    });
    expect(response.status).toBe(200);
    // The article answers the shipping question: its group is left out, and the call asked nothing.
    expect(response.body.data.answeredSince).toBe(1);
    expect(response.body.data.groups.map((group) => group.question)).not.toContain(
      "How long does shipping to Belgium take?",
    );
    expect(service.answerChecksMade() - checksBefore).toBe(checksByWarming);
  });
});

describe("stored verdicts across a restart (decision 080)", () => {
  /** A request to the restarted server, as the dashboard makes it. */
  async function call<T>(app: HarborApp, url: string, body: unknown) {
    const response = await app.inject({
      method: "POST",
      url,
      payload: body as object,
      headers: { cookie: `${SESSION_COOKIE}=${owner.cookie}` },
    });
    return { status: response.statusCode, data: (response.json() as { data: T }).data };
  }

  it("a restart on the same data warms nothing for an unchanged company; a change after it still warms", async () => {
    const repository = createAnalyticsRepository(h.db);
    const changedAt = await repository.knowledgeChangedAt(owner.companyId);
    // The previous test warmed this state on the first server.
    expect(await repository.verdictsWarmedFor(owner.companyId)).toBe(changedAt);
    const warmedAt = async () =>
      (
        await queryRows<{ at: string }>(
          h.db,
          sql`select warmed_at::text as at from unanswered_verdict_warmings where company_id = ${owner.companyId}`,
        )
      )[0]?.at;
    const warmedAtBefore = await warmedAt();
    const stored = await queryRows<{ n: number }>(
      h.db,
      sql`select count(*)::int as n from unanswered_verdicts where company_id = ${owner.companyId}`,
    );
    expect(stored[0]!.n).toBeGreaterThan(0);

    await h.app.close();
    restarted = await buildApp({
      config: h.config,
      database: h.database,
      mailer: h.mailer,
      logger: false,
      demoContentSeeders: [],
      // Only the verdicts' watcher is looked at here: the answer waits are left alone.
      analyticsWarming: { answerWaits: false, delayMs: 0, knowledgeCheckMs: 100 },
    });
    await restarted.ready();
    const watcher = restarted.services.verdictWarming;
    const service = restarted.services.analyticsService;
    // Three whole looks: the first at once on start, as after any restart.
    await until(async () => watcher.looksMade() >= 3, "the watcher looked three times");
    expect(watcher.warmingsMade()).toBe(0);
    expect(await warmedAt()).toBe(warmedAtBefore);

    // The new process has no verdict in memory: the call reads the stored ones and asks nothing.
    const zone = (await repository.reportingTimeZone(owner.companyId)) ?? DEFAULT_REPORTING_TIME_ZONE;
    const year = await call<UnansweredQuestions>(
      restarted,
      "/api/analytics/unanswered-questions",
      longestRangeEndingToday(zone),
    );
    expect(year.status).toBe(200);
    expect(year.data.answeredSince).toBe(1);
    expect(service.answerChecksMade()).toBe(0);

    // Knowledge changes after the restart: warmed once, the engine asked, the state recorded.
    const saved = await call(restarted, "/api/document/article/save", {
      document: {
        title: "Returns",
        chunks: [{ content: "Returns are free within 30 days; print the label from your order page." }],
      },
    });
    expect(saved.status).toBe(200);
    await restarted.services.jobRunner.waitUntilIdle({ timeoutMs: 30_000 });
    const changedAfter = await repository.knowledgeChangedAt(owner.companyId);
    expect(changedAfter).not.toBe(changedAt);
    await until(
      async () => (await repository.verdictsWarmedFor(owner.companyId)) === changedAfter,
      "the new knowledge's verdicts are warmed",
    );
    expect(watcher.warmingsMade()).toBe(1);
    const checksByWarming = service.answerChecksMade();
    expect(checksByWarming).toBeGreaterThan(0);
    // Only the new state's verdicts are kept.
    const states = await queryRows<{ at: string }>(
      h.db,
      sql`select distinct to_char(knowledge_changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
        from unanswered_verdicts where company_id = ${owner.companyId}`,
    );
    expect(states.map((row) => row.at)).toEqual([changedAfter]);
    const after = await call<UnansweredQuestions>(
      restarted,
      "/api/analytics/unanswered-questions",
      longestRangeEndingToday(zone),
    );
    expect(after.data.answeredSince).toBe(1);
    expect(service.answerChecksMade()).toBe(checksByWarming);
  });
});

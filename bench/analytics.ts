import { sql } from "drizzle-orm";
import { queryRows } from "../apps/server/src/db/client";
import {
  answerLatencyFromAnswers,
  type CostSource,
  conversationCostsFromRollup,
  createAnalyticsRepository,
  insightsStatement,
  outcomesStatement,
  type ReportWindow,
  unansweredStatement,
} from "../apps/server/src/modules/analytics/analytics.repository";
import { createAnswerWaitWarming, DEFAULT_WARMING } from "../apps/server/src/modules/analytics/analytics-warming";
import { DEFAULT_MODEL_PRICES } from "../apps/server/src/modules/analytics/default-model-prices";
import { languageCounts } from "../apps/server/src/modules/analytics/unanswered-groups";
import { SESSION_COOKIE } from "../apps/server/src/platform/session";
import { answerLatencyBefore } from "./support/cost-and-speed-before";
import { ms, percentile, startInProcessApp } from "./support/in-process-app";
import { insightsBefore } from "./support/insights-before";
import { seedChatAnalyses } from "./support/seed-analyses";
import { unansweredQuestionsBefore, unansweredStatementBefore } from "./support/unanswered-before";
import { printTable } from "./table";

const MESSAGES_PER_CHAT = 10;
const CATEGORIES = ["OrderStatus", "ShippingTimes", "Returns", "Sizing", "Payments"];
const MODELS = ["gpt-4o-mini", "claude-3-5-haiku", "local"];
const SUGGESTED = "Where is my order?";
/** What the seeded visitors ask, in the shop's three languages; some are never answered. */
const QUESTIONS = [
  SUGGESTED,
  "Where is my order? It has not arrived yet",
  "How long does shipping to Belgium take?",
  "Can I return a jacket I wore once?",
  "Do you ship to the United States?",
  "Is the rain jacket waterproof?",
  "Which size should I take for the hiking boots?",
  "Can I pay with a gift card?",
  "Do you have a store in Utrecht?",
  "Can I change my delivery address?",
  "Hoe lang duurt de verzending naar België?",
  "Kan ik mijn bestelling nog annuleren?",
  "Welke maat moet ik nemen?",
  "Is de jas waterdicht?",
  "מתי ההזמנה שלי תגיע?",
  "האם אפשר להחזיר מעיל?",
  "Do you sell tents?",
  "Can I get a discount for a school group?",
  "Do you repair zippers?",
  "Is there a student discount?",
];

/**
 * A year of a busy shop in a few INSERT … SELECT statements (the database's triggers fill
 * chat_tags and chat_facts as the rows arrive): `chatCount` chats spread evenly over the last 365
 * days, MESSAGES_PER_CHAT messages each (visitor and AI in turn), one analysis entry and one token
 * usage row per chat. Every 10th chat is handed off, 1 in 8 rated, 1 in 6 said "resolved", 1 in 7
 * of the AI's answers declined, and 4 in 10 visitors come back for a second chat.
 */
async function seedYear(
  db: import("../apps/server/src/db/client").Database,
  options: { companyId: string; chatCount: number; customReplyId: string },
) {
  const { companyId, chatCount, customReplyId } = options;
  const visitors = Math.round(chatCount * 0.6);
  const questions = sql`array[${sql.join(
    QUESTIONS.map((question) => sql`${question}`),
    sql`, `,
  )}]`;
  await db.execute(sql`
    insert into widgets (company_id, widget_id, settings)
    values (${companyId}, ${`bench-${companyId}`},
      ${JSON.stringify({ selfServicePortal: { suggestedQuestions: [{ _id: "q1", question: SUGGESTED, category: null, answer: ["Here"] }] } })}::jsonb)
    on conflict (company_id) do update set settings = excluded.settings`);
  await db.execute(sql`
    insert into chats (company_id, visitor_id, ticket_id, status, rating, language, created_at, last_message_at)
    select ${companyId}::uuid, 'v' || (g % ${visitors}), 'B' || g,
      case when g % 20 = 0 then 'ticket' when g % 10 = 0 then 'human' else 'open' end,
      case when g % 8 = 0 then (g / 8) % 5 + 1 end,
      (array['en', 'nl', 'he'])[g % 3 + 1],
      now() - interval '366 days' + make_interval(secs => g * (365 * 86400.0 / ${chatCount})),
      now() - interval '366 days' + make_interval(secs => g * (365 * 86400.0 / ${chatCount}) + ${MESSAGES_PER_CHAT * 30})
    from generate_series(1, ${chatCount}) g`);
  await db.execute(sql`
    insert into chat_messages (id, company_id, chat_id, message, message_type, sender_role, event_type, message_data, created_at)
    select md5(c.id::text || k)::uuid, c.company_id, c.id,
      case when k % 2 = 1 then (${questions})[(abs(hashtext(c.id::text)) + k) % ${QUESTIONS.length} + 1]
           else 'Your order left our warehouse yesterday.' end,
      case when k = ${MESSAGES_PER_CHAT - 1} and abs(hashtext(c.id::text)) % 6 = 0 then 'widget_event'
           when k % 2 = 1 then 'question' else 'answer' end,
      case when k % 2 = 1 then 'customer' else 'ai' end,
      case when k = ${MESSAGES_PER_CHAT - 1} and abs(hashtext(c.id::text)) % 6 = 0 then 'IS_RESOLVED' end,
      case when k = ${MESSAGES_PER_CHAT} and abs(hashtext(c.id::text)) % 20 = 0
             then jsonb_build_object('customReplyID', ${customReplyId}::text)
           when k % 2 = 0 and abs(hashtext(c.id::text || k)) % 7 = 0
             then jsonb_build_object('outcome', 'no-match', 'language', c.language,
               'questionID', md5(c.id::text || (k - 1))::uuid::text)
           when k % 2 = 0 then jsonb_build_object('outcome', 'answered', 'language', c.language,
             'questionID', md5(c.id::text || (k - 1))::uuid::text)
           else '{}'::jsonb end,
      c.created_at + make_interval(secs => k * 30)
    from chats c cross join generate_series(1, ${MESSAGES_PER_CHAT}) k
    where c.company_id = ${companyId}`);
  await seedChatAnalyses(db, companyId, CATEGORIES);
  await db.execute(sql`
    insert into token_usage (company_id, chat_id, purpose, model, input_tokens, output_tokens, day, created_at)
    select c.company_id, c.id, 'chat', (array[${sql.join(
      MODELS.map((model) => sql`${model}`),
      sql`, `,
    )}])[abs(hashtext(c.id::text)) % ${MODELS.length} + 1],
      1200 + abs(hashtext(c.id::text)) % 800, 150 + abs(hashtext(c.id::text)) % 100,
      (c.created_at at time zone 'UTC')::date, c.created_at + interval '1 minute'
    from chats c where c.company_id = ${companyId}`);
}

type Range = { startDate: string; endDate: string };

/** What a focused mode's readings need: the data, the windows, the alternating timer and the service call. */
type FocusedReadingOptions = {
  db: import("../apps/server/src/db/client").Database;
  windowOf: (range: Range) => ReportWindow;
  ranges: Record<string, Range>;
  inTurn: (readings: (() => Promise<unknown>)[]) => Promise<string[]>;
  service: (range: Range) => Promise<unknown>;
};

/**
 * The unanswered-questions statement of decision 042, of decision 069 (every answer of the window's
 * failed chats) and decision 071's reading of chat_question_failures, and the service call over the
 * last, in turn on the same data, after checking that all three return the same wordings (and, with
 * BENCH_EXPLAIN, printing their plans for a year).
 */
async function unansweredRows(options: FocusedReadingOptions) {
  const { db, windowOf, ranges, inTurn, service } = options;
  const repository = createAnalyticsRepository(db);
  const limit = 5_000;
  const rows: string[][] = [];
  for (const [label, range] of Object.entries(ranges)) {
    const window = windowOf(range);
    const before = (await unansweredQuestionsBefore(db, window, limit)).map((row) => ({
      ...row,
      languages: languageCounts(row.languages),
    }));
    const messages = await repository.unansweredQuestions(window, limit, "messages");
    const now = await repository.unansweredQuestions(window, limit, "rollup");
    // Languages come in no set order.
    const canonical = (wordings: typeof now) =>
      JSON.stringify(
        wordings.map((wording) => ({
          ...wording,
          // Keys in one order: jsonb gives its own (by length), the oracle's counts another.
          languages: [...wording.languages]
            .sort((a, b) => (a.language ?? "").localeCompare(b.language ?? ""))
            .map(({ language, count }) => ({ language, count })),
        })),
      );
    if (canonical(before) !== canonical(messages) || canonical(messages) !== canonical(now)) {
      throw new Error(`unanswered questions, ${label}: the statements disagree`);
    }
    if (process.env.BENCH_EXPLAIN) {
      for (const statement of [
        unansweredStatementBefore(window, limit),
        unansweredStatement(window, limit, "messages"),
        unansweredStatement(window, limit, "rollup"),
      ]) {
        const plan = (await db.execute(sql`explain (analyze, buffers) ${statement}`)) as unknown as {
          rows: { "QUERY PLAN": string }[];
        };
        console.log(plan.rows.map((row) => row["QUERY PLAN"]).join("\n"));
      }
    }
    const columns = await inTurn([
      () => unansweredQuestionsBefore(db, window, limit),
      () => repository.unansweredQuestions(window, limit, "messages"),
      () => repository.unansweredQuestions(window, limit, "rollup"),
      () => service(range),
    ]);
    rows.push([`/analytics/unanswered-questions, ${label} (${now.length} wordings)`, ...columns, "p95 < 200 ms"]);
  }
  return rows;
}

/**
 * Cost and speed before and after decision 070 in turn on the same data: "before" is the two
 * statements as decision 050 left them (every conversation of the window with its usage, every
 * answer with its question), "now" the service call through the daily rollups with the closed days'
 * answer waits cached, and the same call with answer_wait_days emptied first (the first call after
 * the migration, or after old messages changed). Both readings are checked to agree first.
 */
async function costRows(options: FocusedReadingOptions) {
  const { db, windowOf, ranges, inTurn, service } = options;
  const repository = createAnalyticsRepository(db);
  const prices = [...DEFAULT_MODEL_PRICES];
  const read = (range: Range, source: CostSource, now: Date) =>
    Promise.all([
      repository.conversationCosts(windowOf(range), now, prices, source),
      repository.answerLatencyByDay(windowOf(range), source),
    ]);
  const emptyCache = () => db.execute(sql`delete from answer_wait_days`);
  const rows: string[][] = [];
  for (const [label, range] of Object.entries(ranges)) {
    const now = new Date();
    const canonical = ([costs, latency]: Awaited<ReturnType<typeof read>>) =>
      JSON.stringify([[...costs].sort((a, b) => `${a.card}${a.name}`.localeCompare(`${b.card}${b.name}`)), latency]);
    const before = canonical(await read(range, "facts", now));
    await emptyCache();
    if (
      canonical(await read(range, "rollup", now)) !== before ||
      canonical(await read(range, "rollup", now)) !== before
    ) {
      throw new Error(`cost and speed, ${label}: the rollups disagree with the statements they replace`);
    }
    if (process.env.BENCH_EXPLAIN) {
      for (const statement of [conversationCostsFromRollup(windowOf(range), now, prices)]) {
        const plan = (await db.execute(sql`explain (analyze, buffers) ${statement}`)) as unknown as {
          rows: { "QUERY PLAN": string }[];
        };
        console.log(plan.rows.map((row) => row["QUERY PLAN"]).join("\n"));
      }
    }
    const columns = await inTurn([
      () => read(range, "facts", new Date()),
      () => service(range),
      async () => {
        await emptyCache();
        return service(range);
      },
    ]);
    rows.push([`/api/analytics/cost-and-speed, ${label}`, ...columns, "p95 < 200 ms"]);
  }
  return rows;
}

/**
 * Decision 077: the caches' warming, measured. Cost and speed: the answer-wait cache is emptied,
 * warmed as the background job does (its chunks timed), and the first calls made after it; while
 * it warms, a small visitor-shaped read runs every 20 ms, so its latency shows how long a request
 * waits behind a chunk. Decision 080: each run warms twice in turn, without the answers' index
 * (migration 0035; dropped for that warming, made again after) and with it, so before and after
 * share the machine's load; each chunk's transaction and each look for cold days are timed apart,
 * as the longest time one of them holds PGlite's one connection. Unanswered questions: an article
 * is saved, the verdicts warmed as each node does, and the first call made after it.
 */
/** The answers' index (decision 080) on or off, with fresh statistics: both readings in one run. */
async function setAnswerIndex(db: import("../apps/server/src/db/client").Database, present: boolean) {
  await db.execute(
    present
      ? sql`create index if not exists chat_messages_ai_answer_idx on chat_messages using btree (company_id, created_at)
          where sender_role = 'ai' and message_type = 'answer'`
      : sql`drop index if exists chat_messages_ai_answer_idx`,
  );
  await db.execute(sql`analyze chat_messages`);
}

async function warmingTables(options: {
  db: import("../apps/server/src/db/client").Database;
  kind: string;
  companyId: string;
  warmAnswerWaits: () => Promise<number>;
  warmVerdicts: () => Promise<void>;
  pauseStarts: number[];
  /** The warming's own statements, timed: each chunk's transaction and each look for cold days. */
  chunkTransactions: number[];
  coldLooks: number[];
  costAndSpeed: (range: Range) => Promise<unknown>;
  unanswered: (range: Range) => Promise<unknown>;
  saveArticle: () => Promise<void>;
  answerChecksMade: () => number;
  ranges: Record<string, Range>;
  repeat: number;
  loadSeconds: number;
}) {
  const { db, repeat } = options;
  const figures = (samples: number[]) => `${ms(percentile(samples, 50))} / ${ms(percentile(samples, 95))}`;
  const withMax = (samples: number[]) => `${figures(samples)}, ${ms(Math.max(...samples))}`;
  const timed = async (run: () => Promise<unknown>) => {
    const startedAt = performance.now();
    await run();
    return performance.now() - startedAt;
  };
  type Variant = {
    label: string;
    index: boolean;
    warmings: number[];
    chunkCounts: number[];
    chunkTimes: number[];
    transactions: number[];
    coldLooks: number[];
    visitorReads: number[];
    firstCalls: Record<string, number[]>;
  };
  const variant = (label: string, index: boolean): Variant => ({
    label,
    index,
    warmings: [],
    chunkCounts: [],
    chunkTimes: [],
    transactions: [],
    coldLooks: [],
    visitorReads: [],
    firstCalls: Object.fromEntries(Object.keys(options.ranges).map((k) => [k, []])),
  });
  const variants = [variant("without the index (077)", false), variant("with chat_messages_ai_answer_idx (080)", true)];
  const setIndex = (present: boolean) => setAnswerIndex(db, present);
  for (let r = 0; r < repeat; r++) {
    // In turn, the order swapped every run, so neither reading always follows the other.
    for (const v of r % 2 === 0 ? variants : [...variants].reverse()) {
      await setIndex(v.index);
      await db.execute(sql`delete from answer_wait_days`);
      options.pauseStarts.length = 0;
      options.chunkTransactions.length = 0;
      options.coldLooks.length = 0;
      let isWarming = true;
      const visitor = (async () => {
        while (isWarming) {
          v.visitorReads.push(
            await timed(() =>
              db.execute(sql`select count(*) from chats
                where company_id = ${options.companyId} and last_message_at > now() - interval '1 hour'`),
            ),
          );
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      const startedAt = performance.now();
      const chunks = await options.warmAnswerWaits();
      v.warmings.push(performance.now() - startedAt);
      isWarming = false;
      await visitor;
      v.chunkCounts.push(chunks);
      v.transactions.push(...options.chunkTransactions);
      v.coldLooks.push(...options.coldLooks);
      // A chunk: from the end of the pause before it (25 ms after its start) to the next pause.
      const starts = options.pauseStarts;
      v.chunkTimes.push((starts[0] ?? startedAt) - startedAt);
      for (let i = 1; i < starts.length; i++) v.chunkTimes.push(starts[i]! - starts[i - 1]! - 25);
      for (const [label, range] of Object.entries(options.ranges)) {
        v.firstCalls[label]!.push(await timed(() => options.costAndSpeed(range)));
      }
    }
  }
  await setIndex(true);
  printTable(
    `Cost and speed: warming the answer-wait cache (${options.kind}; load ${options.loadSeconds.toFixed(0)} s; ${repeat} runs of each, in turn)`,
    [
      ["measure", ...variants.map((v) => v.label)],
      ["warming a year (p50 / p95)", ...variants.map((v) => figures(v.warmings))],
      ["chunks per warming", ...variants.map((v) => v.chunkCounts.join(", "))],
      ["one chunk (p50 / p95), max", ...variants.map((v) => withMax(v.chunkTimes))],
      ["a chunk's transaction (p50 / p95), max", ...variants.map((v) => withMax(v.transactions))],
      ["a look for cold days (p50 / p95), max", ...variants.map((v) => withMax(v.coldLooks))],
      [
        "a visitor read while warming (p50 / p95), max (reads)",
        ...variants.map((v) => `${withMax(v.visitorReads)} (${v.visitorReads.length})`),
      ],
      ...Object.keys(options.ranges).map((label) => [
        `first call after warming, ${label} (p50 / p95)`,
        ...variants.map((v) => figures(v.firstCalls[label]!)),
      ]),
    ],
  );
  const verdictWarmings: number[] = [];
  const firstAfter: number[] = [];
  const checks: number[] = [];
  const year = options.ranges["a year"]!;
  for (let r = 0; r < repeat; r++) {
    await options.saveArticle();
    verdictWarmings.push(await timed(options.warmVerdicts));
    const before = options.answerChecksMade();
    firstAfter.push(await timed(() => options.unanswered(year)));
    checks.push(options.answerChecksMade() - before);
  }
  printTable(`Unanswered questions: warming the verdicts after an article is saved (${options.kind}; ${repeat} runs)`, [
    ["measure (p50 / p95)", "value"],
    ["warming (the dashboard's six ranges)", figures(verdictWarmings)],
    ["first call for a year after warming", figures(firstAfter)],
    ["answer checks in that call", checks.join(", ")],
  ]);
}

/**
 * Analytics over a year of a busy shop (issue 18): the spec's three calls, the unanswered
 * questions and cost and speed, timed through the service layer, with the Insights statement as it
 * was before chat_facts beside today's, and the cost query without token_usage's chat index beside
 * it with.
 * BENCH_ANALYTICS_CHATS sets the size (100,000 by default); DATABASE_URL runs it on PostgreSQL.
 */
export async function benchAnalytics(options: { chats?: number } = {}) {
  const chatCount = options.chats ?? Number(process.env.BENCH_ANALYTICS_CHATS ?? 100_000);
  // Chunks of the cache's warming, timed here: each pause's start ends a chunk (decision 077).
  const pauseStarts: number[] = [];
  const harbor = await startInProcessApp({
    analyticsWarming: {
      // Nothing warms by itself during the run (its triggers queue a warming a year ahead, and
      // knowledge must stand still a year): the columns with an empty cache stay what they say.
      // The warming is timed below by calling it.
      delayMs: 365 * 86_400_000,
      pause: async () => {
        pauseStarts.push(performance.now());
        await DEFAULT_WARMING.pause();
      },
    },
  });
  const { db } = harbor.database;
  const analytics = harbor.app.services.analyticsService;
  try {
    const loadStartedAt = performance.now();
    const auth = await harbor.createCompany("Analytics Outdoor");
    const [reply] = (
      (await db.execute(
        sql`insert into custom_replies (company_id, name) values (${auth.companyId}, 'Track order') returning id`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    await seedYear(db, { companyId: auth.companyId, chatCount, customReplyId: reply!.id });
    // Another shop's tenth of that, so every query has rows to leave out.
    const other = await harbor.createCompany("Other Outdoor");
    await seedYear(db, { companyId: other.companyId, chatCount: Math.round(chatCount / 10), customReplyId: reply!.id });
    await db.execute(sql`vacuum analyze`);
    const loadSeconds = (performance.now() - loadStartedAt) / 1000;
    const [counts] = (
      (await db.execute(sql`
        select (select count(*) from chats where company_id = ${auth.companyId})::int as chats,
               (select count(*) from chat_messages where company_id = ${auth.companyId})::int as messages`)) as unknown as {
        rows: { chats: number; messages: number }[];
      }
    ).rows;

    const day = (offsetDays: number) => new Date(Date.now() - offsetDays * 86_400_000).toISOString().slice(0, 10);
    const year = { startDate: day(365), endDate: day(0) };
    const month = { startDate: day(29), endDate: day(0) };
    const windowOf = (range: { startDate: string; endDate: string }): ReportWindow => ({
      companyId: auth.companyId,
      timeZone: "Europe/Amsterdam",
      ...range,
    });
    await analytics.setTimeZone(auth, "Europe/Amsterdam");

    const repository = createAnalyticsRepository(db);
    const time = async (run: () => Promise<unknown>, repeat: number) => {
      const samples: number[] = [];
      for (let r = 0; r < repeat; r++) {
        const startedAt = performance.now();
        await run();
        samples.push(performance.now() - startedAt);
      }
      return samples;
    };
    const cases: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
      [
        "/chat/get-analytics, a year",
        () => insightsBefore(db, windowOf(year), new Date()),
        () => analytics.insights(auth, year),
      ],
      [
        "/chat/get-analytics, 30 days",
        () => insightsBefore(db, windowOf(month), new Date()),
        () => analytics.insights(auth, month),
      ],
    ];
    const after: [string, () => Promise<unknown>][] = [
      ["/chat/get-token-usage, a year", () => analytics.tokenUsage(auth, year)],
      ["/chat/get-token-usage, 30 days", () => analytics.tokenUsage(auth, month)],
      ["/document/analytics/sources", () => analytics.sources(auth, year)],
      ["/analytics/unanswered-questions, a year", () => analytics.unanswered(auth, year)],
      ["/analytics/unanswered-questions, 30 days", () => analytics.unanswered(auth, month)],
    ];
    if (process.env.BENCH_EXPLAIN) {
      // Where the time goes, for reading the plans of both databases side by side.
      const plan = (await db.execute(
        sql`explain (analyze, buffers) ${insightsStatement(windowOf(year), new Date())}`,
      )) as unknown as { rows: { "QUERY PLAN": string }[] };
      console.log(plan.rows.map((row) => row["QUERY PLAN"]).join("\n"));
    }
    // Cost and speed (decision 046) before and after decision 050 on the same data: "before" runs
    // its two statements as the service does, without token_usage's chat index (migration 0023;
    // dropped for those samples, made again after) and with the old answer-latency statement.
    const costBefore = (range: { startDate: string; endDate: string }) =>
      Promise.all([
        repository.conversationCosts(windowOf(range), new Date(), [...DEFAULT_MODEL_PRICES], "facts"),
        answerLatencyBefore(db, windowOf(range)),
      ]);
    const costCases: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
      ["/api/analytics/cost-and-speed, a year", () => costBefore(year), () => analytics.costAndSpeed(auth, year)],
      ["/api/analytics/cost-and-speed, 30 days", () => costBefore(month), () => analytics.costAndSpeed(auth, month)],
    ];
    const withoutChatIndex = async (run: () => Promise<number[][]>) => {
      await db.execute(sql`drop index token_usage_chat_idx`);
      await db.execute(sql`analyze token_usage`);
      try {
        return await run();
      } finally {
        await db.execute(sql`create index token_usage_chat_idx on token_usage using btree (chat_id)`);
        await db.execute(sql`analyze token_usage`);
      }
    };
    // Insights through the hourly rollups (decisions 052, 059 and 062) beside the same call reading
    // chat_facts alone (decision 042's statement, the rollups' oracle) and beside 059's reading (the
    // outcomes and tag cards from their rollups, the suggested questions from every visitor message),
    // on the same data; and the outcomes (the totals) apart from the cards.
    // Since decision 076 the call reads the daily rollups ("rollup"); 062's hourly reading stays beside it.
    const outcomesOf =
      (range: { startDate: string; endDate: string }, source: "rollup" | "hourly-rollup" | "facts") => () =>
        queryRows(db, outcomesStatement(windowOf(range), new Date(), source));
    const insightsOf =
      (range: { startDate: string; endDate: string }, source: "tag-rollup" | "hourly-rollup" | "facts") => () =>
        repository.insights(windowOf(range), new Date(), source);
    const rollupCases: [string, ...(() => Promise<unknown>)[]][] = [
      [
        "/chat/get-analytics, a year",
        insightsOf(year, "facts"),
        insightsOf(year, "tag-rollup"),
        insightsOf(year, "hourly-rollup"),
        () => analytics.insights(auth, year),
      ],
      [
        "/chat/get-analytics, 30 days",
        insightsOf(month, "facts"),
        insightsOf(month, "tag-rollup"),
        insightsOf(month, "hourly-rollup"),
        () => analytics.insights(auth, month),
      ],
      [
        "Insights outcomes only, a year",
        outcomesOf(year, "facts"),
        outcomesOf(year, "hourly-rollup"),
        outcomesOf(year, "rollup"),
      ],
      [
        "Insights outcomes only, 30 days",
        outcomesOf(month, "facts"),
        outcomesOf(month, "hourly-rollup"),
        outcomesOf(month, "rollup"),
      ],
    ];
    // Token usage through its hourly rollup (decision 062) beside the same two statements reading
    // every usage row of the window (the rollup's oracle), on the same data.
    const tokensRaw = (range: { startDate: string; endDate: string }) => () =>
      Promise.all([
        repository.tokensByModelAndDay(windowOf(range), "raw"),
        repository.tokensPerConversation(windowOf(range), "raw"),
      ]);
    const tokenCases: [string, ...(() => Promise<unknown>)[]][] = [
      ["/chat/get-token-usage, a year", tokensRaw(year), () => analytics.tokenUsage(auth, year)],
      ["/chat/get-token-usage, 30 days", tokensRaw(month), () => analytics.tokenUsage(auth, month)],
    ];
    // BENCH_ANALYTICS_ONLY=cost times the cost query alone (the Insights "before" takes minutes a
    // year); =insights times Insights with the rollup against Insights from chat_facts alone.
    const only = process.env.BENCH_ANALYTICS_ONLY;
    const isCostOnly = only === "cost";
    // =unanswered times the unanswered-questions statements of decisions 042, 069 and 071.
    const isUnansweredOnly = only === "unanswered";
    // =tokens times Token usage with its rollup against every usage row; =rollups both of the last two.
    const isInsightsOnly = only === "insights" || only === "rollups";
    const isTokensOnly = only === "tokens" || only === "rollups";
    const repeat = Number(process.env.BENCH_ANALYTICS_REPEAT ?? 20);
    const rows: string[][] = [];
    const figures = (samples: number[]) => `${ms(percentile(samples, 50))} / ${ms(percentile(samples, 95))}`;
    // =warming times the caches' warming (decision 077) and the first calls after it.
    const isWarmingOnly = only === "warming";
    const isFocused = isCostOnly || isInsightsOnly || isTokensOnly || isUnansweredOnly || isWarmingOnly;
    for (const [name, before, now] of isFocused ? [] : cases) {
      await time(before, 1);
      const beforeSamples = await time(before, Math.max(3, Math.round(repeat / 4)));
      await time(now, 2);
      rows.push([name, figures(beforeSamples), figures(await time(now, repeat)), "p95 < 200 ms"]);
    }
    const inTurn = async (readings: (() => Promise<unknown>)[]) => {
      // Samples taken in turn, so a change of load on the machine falls on every reading alike.
      for (const reading of readings) await time(reading, 1);
      const samples: number[][] = readings.map(() => []);
      for (let r = 0; r < repeat; r++) {
        for (const [index, reading] of readings.entries()) samples[index]!.push(...(await time(reading, 1)));
      }
      return samples.map(figures);
    };
    // An article saved through the route, its jobs waited for: what a knowledge change is to the
    // unanswered questions' verdicts (the warming and unanswered modes below).
    const saveArticle = async () => {
      const cookie = `${SESSION_COOKIE}=${await harbor.createSession(auth)}`;
      const saved = await harbor.app.inject({
        method: "POST",
        url: "/api/document/article/save",
        headers: { cookie },
        payload: {
          document: {
            title: "Tents",
            chunks: [{ content: `We sell tents for two to six people in our shop and online (${Date.now()}).` }],
          },
        },
      });
      if (saved.statusCode !== 200) throw new Error(`article/save: ${saved.statusCode} ${saved.body}`);
      await harbor.app.services.jobRunner.waitUntilIdle({ timeoutMs: 120_000 });
    };
    if (isWarmingOnly) {
      // The job's warming, over a repository whose chunk transaction and look for cold days are
      // timed: on PGlite each holds the one connection for as long as it takes.
      const chunkTransactions: number[] = [];
      const coldLooks: number[] = [];
      const timedInto =
        <A extends unknown[], R>(samples: number[], run: (...args: A) => Promise<R>) =>
        async (...args: A) => {
          const startedAt = performance.now();
          const result = await run(...args);
          samples.push(performance.now() - startedAt);
          return result;
        };
      const warming = createAnswerWaitWarming({
        analytics: {
          ...repository,
          answerLatencyByDay: timedInto(chunkTransactions, repository.answerLatencyByDay),
          coldAnswerWaitDays: timedInto(coldLooks, repository.coldAnswerWaitDays),
        },
        timeZoneOf: analytics.timeZoneOfCompany,
        enqueue: async () => {
          throw new Error("the benchmark calls the warming itself");
        },
        log: { info: () => {}, error: (obj, msg) => console.error(msg, obj) },
        options: {
          ...DEFAULT_WARMING,
          pause: async () => {
            pauseStarts.push(performance.now());
            await DEFAULT_WARMING.pause();
          },
        },
      });
      if (process.env.BENCH_EXPLAIN) {
        // A 3-day chunk 300 days back, the statement it runs, without and with the answers' index.
        const chunk = windowOf({ startDate: day(300), endDate: day(298) });
        for (const present of [false, true]) {
          await setAnswerIndex(db, present);
          const plan = (await db.execute(
            sql`explain (analyze, buffers) ${answerLatencyFromAnswers(chunk)}`,
          )) as unknown as { rows: { "QUERY PLAN": string }[] };
          console.log(
            `${present ? "with" : "without"} the index:\n${plan.rows.map((row) => row["QUERY PLAN"]).join("\n")}`,
          );
        }
      }
      await warmingTables({
        db,
        kind: harbor.database.kind,
        companyId: auth.companyId,
        warmAnswerWaits: () => warming.warm(auth.companyId),
        chunkTransactions,
        coldLooks,
        warmVerdicts: () => analytics.warmUnanswered(auth.companyId),
        pauseStarts,
        costAndSpeed: (range) => analytics.costAndSpeed(auth, range),
        unanswered: (range) => analytics.unanswered(auth, range),
        saveArticle,
        answerChecksMade: () => analytics.answerChecksMade(),
        ranges: { "a year": year, "30 days": month },
        repeat: Math.max(3, Math.round(repeat / 3)),
        loadSeconds,
      });
      return;
    }
    if (isUnansweredOnly) {
      printTable(
        `Unanswered questions (${harbor.database.kind}): ${counts!.chats.toLocaleString("en")} chats / ${counts!.messages.toLocaleString("en")} messages in one company (Europe/Amsterdam days); load ${loadSeconds.toFixed(0)} s`,
        [
          [
            "measure (p50 / p95)",
            "regex + uuid cast (042)",
            "text join on chat + id (069)",
            "chat_question_failures (071)",
            "service call (071)",
            "aim",
          ],
          ...(await unansweredRows({
            db,
            windowOf,
            ranges: { "a year": year, "30 days": month },
            inTurn,
            service: (range) => analytics.unanswered(auth, range),
          })),
        ],
      );
      // answeredSince: after the knowledge changes, the first call asks the local answer engine about
      // every group last asked before the change (up to 50 shown ones and every answered one); later
      // calls read the verdicts from the service's cache. Each sample saves the article again first.
      const firstCalls: number[] = [];
      const cachedCalls: number[] = [];
      let answeredSince = 0;
      for (let r = 0; r < Math.max(3, Math.round(repeat / 3)); r++) {
        await saveArticle();
        firstCalls.push(...(await time(() => analytics.unanswered(auth, year), 1)));
        cachedCalls.push(...(await time(() => analytics.unanswered(auth, year), 3)));
        answeredSince = (await analytics.unanswered(auth, year)).answeredSince;
      }
      printTable(`Unanswered questions for a year after the knowledge changed (${harbor.database.kind})`, [
        ["measure (p50 / p95)", "first call (answer checks)", "later calls (cached verdicts)"],
        [`a year, ${answeredSince} group(s) answered by the article`, figures(firstCalls), figures(cachedCalls)],
      ]);
      return;
    }
    const tokenRows: string[][] = [];
    for (const [name, ...readings] of isTokensOnly ? tokenCases : []) {
      tokenRows.push([name, ...(await inTurn(readings)), "p95 < 200 ms"]);
    }
    if (isTokensOnly) {
      printTable(
        `Token usage over a year (${harbor.database.kind}): ${counts!.chats.toLocaleString("en")} chats in one company (Europe/Amsterdam days); load ${loadSeconds.toFixed(0)} s`,
        [["measure (p50 / p95)", "every usage row", "token_usage_hourly (062)", "aim"], ...tokenRows],
      );
    }
    if (isTokensOnly && !isInsightsOnly) return;
    for (const [name, ...readings] of isInsightsOnly ? rollupCases : []) {
      // The outcomes alone have no 059 column: 059 and 062 changed only the cards.
      const columns = await inTurn(readings);
      const [facts, ...rolledUp] = columns;
      rows.push([name, facts!, ...(rolledUp.length === 3 ? rolledUp : ["—", ...rolledUp]), "p95 < 200 ms"]);
    }
    if (isInsightsOnly) {
      printTable(
        `Insights over a year (${harbor.database.kind}): ${counts!.chats.toLocaleString("en")} chats / ${counts!.messages.toLocaleString("en")} messages in one company (Europe/Amsterdam days); load ${loadSeconds.toFixed(0)} s`,
        [
          [
            "measure (p50 / p95)",
            "chat_facts only (decision 042)",
            "outcomes + tags rollups (059)",
            "all hourly rollups, suggested questions too (062)",
            "daily rollups, hours at the edges (076)",
            "aim",
          ],
          ...rows,
        ],
      );
      return;
    }
    if (isCostOnly) {
      printTable(
        `Cost and speed (${harbor.database.kind}): ${counts!.chats.toLocaleString("en")} chats / ${counts!.messages.toLocaleString("en")} messages in one company (Europe/Amsterdam days); load ${loadSeconds.toFixed(0)} s`,
        [
          [
            "measure (p50 / p95)",
            "every conversation and answer (050)",
            "daily rollups, cached days (070)",
            "daily rollups, cache emptied first (070)",
            "aim",
          ],
          ...(await costRows({
            db,
            windowOf,
            ranges: { "a year": year, "30 days": month },
            inTurn,
            service: (range) => analytics.costAndSpeed(auth, range),
          })),
        ],
      );
      return;
    }
    const costBeforeSamples = await withoutChatIndex(async () => {
      const samples: number[][] = [];
      for (const [, before] of costCases) {
        await time(before, 2);
        samples.push(await time(before, repeat));
      }
      return samples;
    });
    for (const [index, [name, , now]] of costCases.entries()) {
      await time(now, 2);
      rows.push([name, figures(costBeforeSamples[index]!), figures(await time(now, repeat)), "p95 < 200 ms"]);
    }
    for (const [name, run] of isCostOnly ? [] : after) {
      await time(run, 2);
      rows.push([name, "—", figures(await time(run, repeat)), "p95 < 200 ms"]);
    }
    printTable(
      `Analytics over a year (${harbor.database.kind}): ${counts!.chats.toLocaleString("en")} chats / ${counts!.messages.toLocaleString("en")} messages in one company (Europe/Amsterdam days); load ${loadSeconds.toFixed(0)} s`,
      [["measure (p50 / p95)", "before (decision 039; cost: 046)", "now", "aim"], ...rows],
    );
  } finally {
    await harbor.close();
  }
}

import { ANALYTICS_MAX_RANGE_DAYS, type AnalyticsRange } from "@harbor/contract/analytics";
import type { Job } from "../../platform/jobs/job-runner";
import type { AnalyticsRepository } from "./analytics.repository";

/** The job that fills one company's answer_wait_days for its zone's last year (decision 077). */
export const WARM_ANSWER_WAITS_JOB = "analytics.warm-answer-waits";
/** The schedule that finds companies whose cache has cold days (an invalidation dropped them). */
export const FIND_COLD_ANSWER_WAITS = "analytics.find-cold-answer-waits";

export type WarmingOptions = {
  /**
   * Whether answer_wait_days is warmed at all; on for both databases. Decision 077 turned it off on
   * the embedded database, where each chunk scanned chat_messages while holding its one connection
   * (0.4–2.7 s at 100,000 chats); since migration 0035 a chunk reads only its days' answers over
   * chat_messages_ai_answer_idx (decision 080). Tests and benchmarks may turn it off.
   */
  answerWaits: boolean;
  /**
   * Days computed per transaction. The chunk reads its days' answers and looks each one's question
   * up in its chat, so its time grows with the answers in it. For the benchmark's busy shop (about
   * 1,400 answers a day) 3 days held PGlite's one connection 558 / 1,080 ms (p50 / p95) under a
   * load average of 10–15; so 1 day (decision 080).
   */
  chunkDays: number;
  /** Waited between chunks, so the requests queued behind a chunk run before the next one. */
  pause: () => Promise<void>;
  /** How long a trigger waits before warming, so a burst of changes is warmed once. */
  delayMs: number;
  /** How often each node looks whether a company's knowledge changed (unanswered questions). */
  knowledgeCheckMs: number;
};

export const DEFAULT_WARMING: WarmingOptions = {
  answerWaits: true,
  chunkDays: 1,
  pause: () => new Promise((resolve) => setTimeout(resolve, 25)),
  delayMs: 10_000,
  knowledgeCheckMs: 30_000,
};

type Logger = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

type Enqueue = (request: {
  kind: string;
  companyId: string;
  payload: Record<string, unknown>;
  singletonKey: string;
  runAfter?: Date;
  expireInSeconds?: number;
}) => Promise<unknown>;

/** Today's calendar day in a time zone, YYYY-MM-DD (en-CA writes dates so). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** A calendar day moved by whole days. */
export function addDays(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The longest range a report covers, ending today in the zone: what the warming fills. */
export function longestRangeEndingToday(timeZone: string, now: Date = new Date()): AnalyticsRange {
  const endDate = todayIn(timeZone, now);
  return { startDate: addDays(endDate, -(ANALYTICS_MAX_RANGE_DAYS - 1)), endDate };
}

/**
 * Fills answer_wait_days off the request path (decision 077): a job per company, a few days per
 * transaction, oldest first, pausing between chunks. Oldest first because the read computes every
 * day from the first uncached one to the window's end: each chunk shortens a year's first call.
 * The job is a singleton per company in the job queue, so two nodes never warm one company at
 * once, and it looks again at the zone and at the cold days before every chunk, so a zone change
 * or an invalidation while it runs is warmed by the same run.
 */
export function createAnswerWaitWarming(deps: {
  analytics: AnalyticsRepository;
  timeZoneOf: (companyId: string) => Promise<string>;
  enqueue: Enqueue;
  log: Logger;
  options: WarmingOptions;
}) {
  const { analytics, options, log } = deps;

  /** Warms one company; answers how many chunks it computed. Stops early when the signal aborts. */
  async function warm(companyId: string, signal?: AbortSignal): Promise<number> {
    let chunks = 0;
    let previousFirst: string | null = null;
    let stalled = 0;
    // A ceiling a year's warming never reaches: a writer changing old messages all the time
    // would otherwise keep one job busy for ever.
    const maxChunks = 4 * Math.ceil(ANALYTICS_MAX_RANGE_DAYS / options.chunkDays);
    while (!signal?.aborted && chunks < maxChunks) {
      const timeZone = await deps.timeZoneOf(companyId);
      const range = longestRangeEndingToday(timeZone);
      const [first] = await analytics.coldAnswerWaitDays(companyId, timeZone, range.startDate, range.endDate);
      if (!first) break;
      // The same first day twice in a row: what was computed was not kept (dropped at once by a
      // change, or not closed after all by the database's clock). Leave it to the next trigger.
      stalled = first === previousFirst ? stalled + 1 : 0;
      if (stalled >= 2) {
        log.info({ companyId, day: first }, "answer-wait warming made no progress; left for later");
        break;
      }
      previousFirst = first;
      const last = addDays(first, options.chunkDays - 1);
      await analytics.answerLatencyByDay({
        companyId,
        timeZone,
        startDate: first,
        endDate: last < range.endDate ? last : range.endDate,
      });
      chunks += 1;
      await options.pause();
    }
    return chunks;
  }

  /** Queues a warming of the company unless one is queued or running; never throws. */
  async function request(companyId: string, delayMs = options.delayMs) {
    try {
      await deps.enqueue({
        kind: WARM_ANSWER_WAITS_JOB,
        companyId,
        payload: {},
        singletonKey: `answer-waits:${companyId}`,
        runAfter: new Date(Date.now() + delayMs),
        expireInSeconds: 15 * 60,
      });
    } catch (error) {
      log.error({ err: error, companyId }, "queueing answer-wait warming failed");
    }
  }

  return {
    warm,
    request,

    /** The job's handler. */
    async run(job: Job, signal: AbortSignal) {
      if (!job.companyId) return;
      const startedAt = performance.now();
      const chunks = await warm(job.companyId, signal);
      if (chunks > 0) {
        log.info(
          { companyId: job.companyId, chunks, ms: Math.round(performance.now() - startedAt) },
          "answer waits warmed",
        );
      }
    },

    /** Every company with chats whose last year has cold days gets a warming queued. */
    async requestWhereCold() {
      for (const companyId of await analytics.companiesWithChats()) {
        const timeZone = await deps.timeZoneOf(companyId);
        const range = longestRangeEndingToday(timeZone);
        const cold = await analytics.coldAnswerWaitDays(companyId, timeZone, range.startDate, range.endDate);
        if (cold.length > 0) await request(companyId);
      }
    },
  };
}

export type AnswerWaitWarming = ReturnType<typeof createAnswerWaitWarming>;

/**
 * Warms the unanswered questions' verdicts after a company's knowledge changed (decisions 077, 080).
 * The verdicts are stored (unanswered_verdicts), and so is the knowledge state each company was last
 * warmed for (unanswered_verdict_warmings). Every `knowledgeCheckMs` one statement finds the
 * companies whose knowledge changed since; once a change has stood still for `delayMs`, the
 * watcher reads the reports the dashboard offers, which asks the engine what it has not asked yet,
 * and records the state. A restart, or another node, finds the state recorded and warms nothing.
 * Each answer check is statements of its own, so requests interleave.
 */
export function createVerdictWarming(deps: {
  analytics: AnalyticsRepository;
  warmCompany: (companyId: string, signal: AbortSignal) => Promise<void>;
  log: Logger;
  options: WarmingOptions;
}) {
  const { options, log } = deps;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  /** Looks completed and companies warmed by this process (tests, benchmark). */
  let looks = 0;
  let warmings = 0;

  async function check() {
    for (const { companyId, changedAt } of await deps.analytics.companiesWithColdVerdicts()) {
      if (controller.signal.aborted) return;
      // Not before the change has stood still a while: a sync writes its documents one by one.
      if (Date.now() - Date.parse(changedAt) < options.delayMs) continue;
      warmings += 1;
      await deps.warmCompany(companyId, controller.signal);
      // Recorded only once whole: a warming stopped halfway is done again by the next start.
      if (!controller.signal.aborted) await deps.analytics.markVerdictsWarmed(companyId, changedAt);
    }
    looks += 1;
  }

  function tick() {
    if (running || controller.signal.aborted) return;
    running = check()
      .catch((error: unknown) => log.error({ err: error }, "warming unanswered questions failed"))
      .finally(() => {
        running = null;
      });
  }

  return {
    /** Starts looking; the first look is at once, so a restart warms what changed before it. */
    start() {
      if (timer || controller.signal.aborted) return;
      timer = setInterval(tick, options.knowledgeCheckMs);
      timer.unref();
      tick();
    },
    /** How many looks this process completed, and how many companies it warmed (tests, benchmark). */
    looksMade: () => looks,
    warmingsMade: () => warmings,
    /** Stops looking and waits for a warming in flight to stop. */
    async stop() {
      controller.abort();
      clearInterval(timer);
      await running;
    },
  };
}

export type VerdictWarming = ReturnType<typeof createVerdictWarming>;

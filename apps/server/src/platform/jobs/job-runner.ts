import PgBoss from "pg-boss";
import type { SqlClient, SqlExecutor } from "../../db/client";
import { createJobQueueRepository, type JobClaim } from "./job-queue.repository";

/** One job as its handler sees it. */
export type Job = {
  id: string;
  kind: string;
  companyId: string | null;
  payload: Record<string, unknown>;
  /** 1 on the first try. */
  attempt: number;
};

export type JobHandler = (job: Job, signal: AbortSignal) => Promise<void>;

/**
 * Periodic work, run once per due time however many nodes run jobs: `cron` is a five-field cron
 * expression in UTC (a minute is the finest step). `name` names its queue; keep it stable.
 */
export type JobSchedule = { name: string; cron: string; run: (signal: AbortSignal) => Promise<void> };

export type EnqueueRequest = {
  kind: string;
  companyId: string | null;
  payload: Record<string, unknown>;
  /** At most one job per key is queued or running; enqueueing another answers null. */
  singletonKey?: string;
  runAfter?: Date;
  /** Tries in all, the first included (3 by default). */
  maxAttempts?: number;
  /** How long a try may run before it counts as failed and another node may take the job. */
  expireInSeconds?: number;
};

type Logger = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type JobRunnerOptions = {
  sql: SqlClient;
  log: Logger;
  /** Jobs of one kind this process runs at once. */
  concurrency?: number;
  /** How often this process looks for due jobs (an enqueue here looks at once). */
  pollIntervalMs?: number;
  /** How often pg-boss expires overdue tries, archives finished jobs and deletes old ones. */
  maintenanceIntervalSeconds?: number;
  /** How often schedules are checked and their due jobs queued. */
  cronIntervalSeconds?: number;
  /** The retry delay's base (30 s): each next wait doubles, with jitter; 0 retries at once. */
  retryDelaySeconds?: number;
};

/** What a job's data is in pg-boss. */
type JobData = { companyId: string | null; payload: Record<string, unknown> };

/**
 * A job's tries and how long each may run. After a failed try the job waits 30–60 s, after the
 * second 60–120 s (pg-boss's backoff, with jitter). 30 minutes covers the longest sync (200 crawled pages at 15 s each, two at a time);
 * it is also how long a crashed node's job waits before another node takes it.
 */
const JOB_DEFAULTS = { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 30 * 60 };
/** A scheduled run is not retried: the next due time runs it again. */
const SCHEDULED_RUN = { retryLimit: 0, expireInSeconds: 15 * 60 };
/**
 * Finished jobs stay in pg-boss's job table for inspection, then its archive, then go: completed
 * ones for a day, failed ones (with their error) for a week; the archive keeps both a week more.
 */
const RETENTION = {
  archiveCompletedAfterSeconds: 24 * 3600,
  archiveFailedAfterSeconds: 7 * 24 * 3600,
  deleteAfterDays: 7,
};

/** Raised into a handler's signal when its try ran out of time. */
class JobExpiredError extends Error {
  constructor(seconds: number) {
    super(`The job ran longer than its ${seconds} s and was stopped.`);
  }
}

/**
 * What a statement pg-boss sends after the stop gets: no rows. pg-boss's commands (`complete`,
 * `fail`, `cancel` …) read `rows[0].count` of their result whatever it holds, so on this empty one
 * the missing first row reads as a count of zero.
 */
const NOTHING_AFTER_STOP = {
  rows: new Proxy([] as unknown[], {
    get: (rows, key, receiver) => (key === "0" ? { count: "0" } : Reflect.get(rows, key, receiver)),
  }),
};

/**
 * pg-boss's statements go through here, so none reaches the database after the runner stopped
 * (pg-boss's own loops may still be finishing a query when its stop returns). Such a statement
 * gets an empty result rather than an error: pg-boss settles a worker's jobs without awaiting
 * (`complete` and `fail` in its manager), so an error there would be an unhandled rejection,
 * which stops a server. A plain `{ rows: [] }` was not enough: `complete` read the count of its
 * missing first row, an unhandled rejection from pg-boss's cron worker seen in CI.
 */
export function gatedSql(sql: SqlClient) {
  let inFlight = 0;
  let isClosed = false;
  let onIdle: (() => void) | null = null;
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      if (isClosed) return NOTHING_AFTER_STOP;
      inFlight++;
      try {
        return await sql.executeSql(text, values);
      } finally {
        inFlight--;
        if (inFlight === 0) onIdle?.();
      }
    },
    async close() {
      isClosed = true;
      if (inFlight > 0) await new Promise<void>((resolve) => (onIdle = resolve));
    },
  };
}

/**
 * Durable background jobs on pg-boss (decision 026), in PostgreSQL or the embedded PGlite: each
 * job runs on one node at a time, a failed try is retried a capped number of times, a node that
 * dies loses its claim when the try expires, finished jobs are archived and deleted, and each
 * schedule runs once per due time across nodes. This process takes due jobs of the kinds it
 * knows, gives each handler a signal that aborts when the try runs out of time or the process
 * stops, and settles a try only while it still holds it.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { log } = options;
  const concurrency = options.concurrency ?? 2;
  const pollIntervalMs = options.pollIntervalMs ?? 2000;
  const queueTables = createJobQueueRepository();
  const gate = gatedSql(options.sql);
  const handlers = new Map<string, JobHandler>();
  const schedules: JobSchedule[] = [];
  const upkeepKinds = new Set<string>();
  const running = new Map<string, { kind: string; stop(): void; done: Promise<void> }>();
  let boss: PgBoss | null = null;
  let started: Promise<void> | null = null;
  let isWorking = false;
  let isStopped = false;
  let isPolling = false;
  let isPollWanted = false;
  let pollTimer: NodeJS.Timeout | undefined;

  const runningOf = (kind: string) => [...running.values()].filter((entry) => entry.kind === kind).length;

  function requireBoss(): PgBoss {
    if (!boss) throw new Error("The job runner has not started");
    return boss;
  }

  /** Settles a try (complete or fail) only if this process still holds it. */
  async function settle(claim: JobClaim, outcome: { error?: Error }) {
    const queue = requireBoss();
    const isSettled = await options.sql.transaction(async (tx) => {
      if (!(await queueTables.lockIfStillClaimed(tx, claim))) return false;
      const db = { executeSql: (text: string, values: unknown[]) => tx.executeSql(text, values) };
      if (outcome.error) await queue.fail(claim.kind, claim.id, outcome.error, { db });
      else await queue.complete(claim.kind, claim.id, {}, { db });
      return true;
    });
    if (!isSettled) {
      log.warn(
        { jobId: claim.id, kind: claim.kind },
        "job's try expired and is no longer this node's to settle; its result here is dropped",
      );
    }
  }

  function runJob(kind: string, job: PgBoss.JobWithMetadata<JobData>) {
    const handler = handlers.get(kind);
    const claim: JobClaim = { kind, id: job.id, retryCount: job.retryCount };
    const controller = new AbortController();
    let stopReason: "stopping" | "expired" | null = null;
    const expireInSeconds = Number(job.expireInSeconds);
    // pg-boss lets another node take the job once the try expires: stop working on it first.
    const expiry = setTimeout(() => {
      stopReason = "expired";
      controller.abort(new JobExpiredError(expireInSeconds));
    }, expireInSeconds * 1000);
    const done = (async () => {
      try {
        if (!handler) throw new Error(`No handler for job kind ${kind}`);
        await handler(
          {
            id: job.id,
            kind,
            companyId: job.data?.companyId ?? null,
            payload: job.data?.payload ?? {},
            attempt: job.retryCount + 1,
          },
          controller.signal,
        );
        // A handler may return early when its signal aborts (re-embedding does): that is not done.
        if (stopReason === "stopping") await queueTables.handBack(options.sql, claim);
        else if (stopReason === "expired") await settle(claim, { error: new JobExpiredError(expireInSeconds) });
        else await settle(claim, {});
      } catch (caught) {
        if (stopReason === "stopping") {
          await queueTables.handBack(options.sql, claim).catch((error: unknown) => {
            log.error({ err: error, jobId: job.id, kind }, "handing a job back failed");
          });
          return;
        }
        const error = caught instanceof Error ? caught : new Error(String(caught));
        log.error({ err: error, jobId: job.id, kind, attempt: job.retryCount + 1 }, "job failed");
        await settle(claim, { error }).catch((settleError: unknown) => {
          log.error({ err: settleError, jobId: job.id, kind }, "recording a job's failure failed");
        });
      } finally {
        clearTimeout(expiry);
        running.delete(job.id);
        wake();
      }
    })();
    running.set(job.id, {
      kind,
      stop: () => {
        stopReason ??= "stopping";
        controller.abort(new Error("The server is stopping"));
      },
      done,
    });
  }

  /** Takes due jobs of every kind this process runs, up to its concurrency per kind. */
  async function poll() {
    if (!isWorking || isStopped) return;
    if (isPolling) {
      isPollWanted = true;
      return;
    }
    isPolling = true;
    try {
      do {
        isPollWanted = false;
        for (const kind of handlers.keys()) {
          while (!isStopped && runningOf(kind) < concurrency) {
            const [job] = await requireBoss().fetch<JobData>(kind, { includeMetadata: true });
            if (!job) break;
            runJob(kind, job);
          }
        }
      } while (isPollWanted && !isStopped);
    } catch (error) {
      log.error({ err: error }, "taking due jobs failed");
    } finally {
      isPolling = false;
    }
  }

  function wake() {
    if (isWorking && !isStopped) setImmediate(() => void poll());
  }

  /**
   * Installs or upgrades pg-boss's schema (under pg-boss's lock), makes the missing queues (under
   * ours), then starts pg-boss, records the schedules and starts working.
   */
  async function begin(startOptions: { isWorking: boolean; isSoleNode: boolean }) {
    await installJobQueue(gate);
    await queueTables.createMissingQueues(options.sql, [...handlers.keys()]);
    const queue = new PgBoss({
      db: gate,
      migrate: false,
      // Maintenance and schedules run on nodes that run jobs; pg-boss lets one node at a time do each.
      supervise: startOptions.isWorking,
      schedule: startOptions.isWorking,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
      cronMonitorIntervalSeconds: options.cronIntervalSeconds ?? 30,
      // pg-boss's own queue that turns due schedules into jobs: polled every 5 s, or as often as checked.
      cronWorkerIntervalSeconds: Math.min(options.cronIntervalSeconds ?? 30, 5),
      ...RETENTION,
    });
    queue.on("error", (error) => {
      if (!isStopped) log.error({ err: error }, "job queue error");
    });
    boss = queue;
    await queue.start();
    for (const schedule of schedules) {
      await queue.schedule(schedule.name, schedule.cron, {}, { tz: "UTC", ...SCHEDULED_RUN });
    }
    if (!startOptions.isWorking || isStopped) return;
    if (startOptions.isSoleNode) {
      // One process owns the embedded database: what it was running when it stopped will never
      // finish. Each such try counts as failed (retried within its cap), so a job that kills the
      // process cannot come back forever.
      for (const { kind, id } of await queueTables.listRunning(gate)) {
        await queue.fail(kind, id, new Error("The server stopped while this job ran"));
      }
    }
    isWorking = true;
    pollTimer = setInterval(() => void poll(), pollIntervalMs);
    wake();
  }

  /** Resolves once started; rejects with the reason it could not start. */
  function ready() {
    if (!started) return Promise.reject(new Error("The job runner has not started"));
    return started;
  }

  return {
    /**
     * Adds the job kinds a module runs and its schedules; before `start`. `upkeep` kinds (a cache's
     * warming) are jobs like the others, but no one waits for them: `waitUntilIdle` leaves them out
     * unless named, as it leaves out schedules.
     */
    register(work: {
      handlers?: Record<string, JobHandler>;
      upkeep?: Record<string, JobHandler>;
      schedules?: JobSchedule[];
    }) {
      if (started) throw new Error("Register job kinds before the job runner starts");
      for (const [kind, handler] of Object.entries(work.handlers ?? {})) handlers.set(kind, handler);
      for (const [kind, handler] of Object.entries(work.upkeep ?? {})) {
        handlers.set(kind, handler);
        upkeepKinds.add(kind);
      }
      for (const schedule of work.schedules ?? []) {
        schedules.push(schedule);
        handlers.set(schedule.name, (_job, signal) => schedule.run(signal));
      }
    },

    /**
     * Starts in the background (enqueue waits for it); the promise says when it is done. A process
     * that does not work still installs the queues, so it can enqueue for the others.
     * `isSoleNode`: no other process uses this database (PGlite).
     */
    start(startOptions: { isWorking?: boolean; isSoleNode?: boolean } = {}) {
      started ??= begin({ isWorking: startOptions.isWorking ?? true, isSoleNode: startOptions.isSoleNode ?? false });
      return started;
    },

    ready,

    /** Queues a job; with a singleton key, answers null when one of that key is queued or running. */
    async enqueue(request: EnqueueRequest): Promise<string | null> {
      await ready();
      const queue = requireBoss();
      if (!handlers.has(request.kind)) throw new Error(`No job kind ${request.kind} is registered`);
      const data: JobData = { companyId: request.companyId, payload: request.payload };
      const sendOptions: PgBoss.SendOptions = {
        ...JOB_DEFAULTS,
        ...(options.retryDelaySeconds === undefined
          ? {}
          : { retryDelay: options.retryDelaySeconds, retryBackoff: options.retryDelaySeconds > 0 }),
        ...(request.maxAttempts ? { retryLimit: request.maxAttempts - 1 } : {}),
        ...(request.expireInSeconds ? { expireInSeconds: request.expireInSeconds } : {}),
        ...(request.runAfter ? { startAfter: request.runAfter } : {}),
      };
      const { singletonKey } = request;
      const id = singletonKey
        ? await options.sql.transaction(async (tx) => {
            if (await queueTables.isKeyTaken(tx, { kind: request.kind, singletonKey })) return null;
            const db = { executeSql: (text: string, values: unknown[]) => tx.executeSql(text, values) };
            return queue.send(request.kind, data, { ...sendOptions, singletonKey, db });
          })
        : await queue.send(request.kind, data, sendOptions);
      wake();
      return id;
    },

    /**
     * Stops taking jobs, aborts the running ones and puts them back in the queue uncounted, then
     * stops pg-boss's maintenance and schedules. Nothing reaches the database after it resolves.
     */
    async stop() {
      isStopped = true;
      clearInterval(pollTimer);
      await started?.catch(() => undefined);
      for (const entry of running.values()) entry.stop();
      await Promise.all([...running.values()].map((entry) => entry.done));
      await boss?.stop({ close: false, graceful: true, timeout: 1000 }).catch(() => undefined);
      await gate.close();
    },

    /** Resolves once no job of these kinds (default: every module's but upkeep) is queued or running. */
    async waitUntilIdle(wait: { timeoutMs?: number; kinds?: string[] } = {}) {
      await ready();
      const kinds =
        wait.kinds ??
        [...handlers.keys()].filter((kind) => !schedules.some((s) => s.name === kind) && !upkeepKinds.has(kind));
      const deadline = Date.now() + (wait.timeoutMs ?? 60_000);
      for (;;) {
        const isRunningHere = [...running.values()].some((entry) => kinds.includes(entry.kind));
        if (!isRunningHere && (await queueTables.countUnfinished(gate, kinds)) === 0) return;
        if (Date.now() > deadline) throw new Error("Jobs did not finish in time");
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },

    /** A job with its state, tries and output (the error of a failed one), archived ones included. */
    async findJob(kind: string, id: string) {
      await ready();
      return requireBoss().getJobById<JobData>(kind, id, { includeArchive: true });
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;

/**
 * Creates or upgrades pg-boss's schema without running anything: the test databases are made with
 * it, as an installed server's are after its first start.
 */
export async function installJobQueue(sql: SqlExecutor) {
  const boss = new PgBoss({ db: sql, migrate: true, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ close: false, graceful: false });
}

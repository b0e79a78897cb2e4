import { randomUUID } from "node:crypto";
import type { JobRow, JobsRepository } from "./jobs.repository";

export type JobHandler = (job: JobRow, signal: AbortSignal) => Promise<void>;

type Logger = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** Periodic work (the resync scheduler), run by whichever node's timer fires. */
export type JobSchedule = { everyMs: number; run: () => Promise<void> };

export type JobRunnerOptions = {
  repository: JobsRepository;
  /** More handlers and schedules may be added with `register` before `start`. */
  handlers?: Record<string, JobHandler>;
  log: Logger;
  /** Jobs this process runs at once. */
  concurrency?: number;
  pollMs?: number;
  leaseMs?: number;
  /** Wait before try n+1 after n failed tries; exponential from 30 s by default. */
  retryDelayMs?: (attempts: number) => number;
  schedules?: JobSchedule[];
};

const defaultRetryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 30 * 60_000);

/**
 * Runs queued jobs from the database: claim with a lease, keep the lease alive while working,
 * retry with backoff, and on stop abort what is running and hand it back to the queue.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const workerId = randomUUID();
  const concurrency = options.concurrency ?? 2;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 120_000;
  const handlers: Record<string, JobHandler> = { ...options.handlers };
  const schedules: JobSchedule[] = [...(options.schedules ?? [])];
  let kinds = Object.keys(handlers);
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;
  const running = new Map<string, { promise: Promise<void>; controller: AbortController }>();
  const timers: NodeJS.Timeout[] = [];
  let isStopped = true;
  let isPolling = false;
  let wakeTimer: NodeJS.Timeout | undefined;

  async function runJob(job: JobRow) {
    const controller = new AbortController();
    const heartbeat = setInterval(
      () => void options.repository.extendLease({ jobId: job.id, workerId, leaseMs }).catch(() => {}),
      leaseMs / 3,
    );
    const handler = handlers[job.kind];
    const promise = (async () => {
      try {
        if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
        await handler(job, controller.signal);
        await options.repository.complete(job.id);
      } catch (error) {
        if (controller.signal.aborted) {
          await options.repository.release(job.id).catch(() => {});
          return;
        }
        const message = error instanceof Error ? error.message : String(error);
        const canRetry = job.attempts < job.maxAttempts;
        options.log.error({ err: error, jobId: job.id, kind: job.kind, attempts: job.attempts }, "job failed");
        await options.repository
          .fail({
            jobId: job.id,
            error: message,
            retryAt: canRetry ? new Date(Date.now() + retryDelayMs(job.attempts)) : null,
          })
          .catch(() => {});
      } finally {
        clearInterval(heartbeat);
        running.delete(job.id);
        wake();
      }
    })();
    running.set(job.id, { promise, controller });
  }

  async function poll() {
    if (isStopped || isPolling) return;
    isPolling = true;
    try {
      while (!isStopped && running.size < concurrency) {
        const job = await options.repository.claimNext({ workerId, leaseMs, kinds });
        if (!job) break;
        void runJob(job);
      }
    } catch (error) {
      options.log.error({ err: error }, "claiming jobs failed");
    } finally {
      isPolling = false;
    }
  }

  function wake() {
    if (isStopped) return;
    clearTimeout(wakeTimer);
    wakeTimer = setTimeout(() => void poll(), 0);
  }

  return {
    workerId,
    /** Adds the job kinds a module runs and its periodic work; takes effect at `start`. */
    register(work: { handlers?: Record<string, JobHandler>; schedules?: JobSchedule[] }) {
      Object.assign(handlers, work.handlers);
      kinds = Object.keys(handlers);
      schedules.push(...(work.schedules ?? []));
    },
    async enqueue(job: Parameters<JobsRepository["enqueue"]>[0]) {
      const id = await options.repository.enqueue(job);
      wake();
      return id;
    },
    start() {
      if (!isStopped) return;
      isStopped = false;
      timers.push(setInterval(() => void poll(), pollMs));
      for (const schedule of schedules) {
        timers.push(
          setInterval(() => {
            schedule.run().catch((error: unknown) => options.log.error({ err: error }, "scheduled work failed"));
          }, schedule.everyMs),
        );
      }
      wake();
    },
    /** Stops claiming, aborts running jobs and waits for them to hand their work back. */
    async stop() {
      isStopped = true;
      clearTimeout(wakeTimer);
      for (const timer of timers.splice(0)) clearInterval(timer);
      for (const { controller } of running.values()) controller.abort();
      await Promise.all([...running.values()].map((entry) => entry.promise));
    },
    /** Resolves once no job of these kinds is queued or running (tests, eval loading). */
    async waitUntilIdle(wait: { timeoutMs?: number; kinds?: string[] } = {}) {
      const deadline = Date.now() + (wait.timeoutMs ?? 60_000);
      for (;;) {
        if (running.size === 0 && (await options.repository.countUnfinished(wait.kinds ?? kinds)) === 0) return;
        if (Date.now() > deadline) throw new Error("Jobs did not finish in time");
        wake();
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;

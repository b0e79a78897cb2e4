import { and, eq, inArray, sql } from "drizzle-orm";
import { type Database, queryRows } from "../../db/client";
import { jobs } from "../../db/schema/index";

export type JobRow = typeof jobs.$inferSelect;

export function createJobsRepository(db: Database) {
  return {
    /** Queues a job; with a singleton key, returns null when one is already queued or running. */
    async enqueue(job: {
      kind: string;
      companyId: string | null;
      payload: Record<string, unknown>;
      singletonKey?: string;
      runAfter?: Date;
      maxAttempts?: number;
    }) {
      const [row] = await db
        .insert(jobs)
        .values({
          kind: job.kind,
          companyId: job.companyId,
          payload: job.payload,
          singletonKey: job.singletonKey,
          runAfter: job.runAfter ?? new Date(),
          maxAttempts: job.maxAttempts ?? 3,
        })
        .onConflictDoNothing({
          target: jobs.singletonKey,
          where: sql`${jobs.status} in ('queued', 'running')`,
        })
        .returning({ id: jobs.id });
      return row?.id ?? null;
    },

    /**
     * Takes the next due job (or one whose lease lapsed) for this worker. SKIP LOCKED lets every
     * node claim at once without two of them taking the same job.
     */
    async claimNext(options: { workerId: string; leaseMs: number; kinds: string[] }) {
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`
        update jobs set status = 'running', attempts = attempts + 1, locked_by = ${options.workerId},
          locked_until = now() + (${options.leaseMs} * interval '1 millisecond')
        where id = (
          select id from jobs
          where kind in (${sql.join(
            options.kinds.map((kind) => sql`${kind}`),
            sql`, `,
          )})
            and ((status = 'queued' and run_after <= now()) or (status = 'running' and locked_until < now()))
          order by run_after, created_at
          limit 1
          for update skip locked
        )
        returning id`,
      );
      if (!row) return null;
      const [job] = await db.select().from(jobs).where(eq(jobs.id, row.id));
      return job ?? null;
    },

    async extendLease(options: { jobId: string; workerId: string; leaseMs: number }) {
      await db
        .update(jobs)
        .set({ lockedUntil: sql`now() + (${options.leaseMs} * interval '1 millisecond')` })
        .where(and(eq(jobs.id, options.jobId), eq(jobs.lockedBy, options.workerId)));
    },

    async complete(jobId: string) {
      await db
        .update(jobs)
        .set({ status: "done", finishedAt: new Date(), lockedUntil: null, lockedBy: null })
        .where(eq(jobs.id, jobId));
    },

    async fail(options: { jobId: string; error: string; retryAt: Date | null }) {
      await db
        .update(jobs)
        .set(
          options.retryAt
            ? {
                status: "queued",
                runAfter: options.retryAt,
                lastError: options.error,
                lockedUntil: null,
                lockedBy: null,
              }
            : { status: "failed", lastError: options.error, finishedAt: new Date(), lockedUntil: null, lockedBy: null },
        )
        .where(eq(jobs.id, options.jobId));
    },

    /** Puts a job back without counting the try (the process is stopping). */
    async release(jobId: string) {
      await db
        .update(jobs)
        .set({ status: "queued", attempts: sql`greatest(${jobs.attempts} - 1, 0)`, lockedUntil: null, lockedBy: null })
        .where(eq(jobs.id, jobId));
    },

    /** The embedded database has one process: whatever was running when it stopped is lost work. */
    async requeueAllRunning() {
      await db
        .update(jobs)
        .set({ status: "queued", lockedUntil: null, lockedBy: null })
        .where(eq(jobs.status, "running"));
    },

    async countUnfinished(kinds?: string[]) {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from jobs where status in ('queued', 'running')
            ${
              kinds
                ? sql`and kind in (${sql.join(
                    kinds.map((k) => sql`${k}`),
                    sql`, `,
                  )})`
                : sql``
            }`,
      );
      return row?.n ?? 0;
    },

    async deleteFinishedBefore(before: Date) {
      await db
        .delete(jobs)
        .where(and(inArray(jobs.status, ["done", "failed"]), sql`${jobs.finishedAt} < ${before.toISOString()}`));
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;

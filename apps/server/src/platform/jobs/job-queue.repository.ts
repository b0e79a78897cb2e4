import type { SqlClient, SqlExecutor } from "../../db/client";

/** pg-boss's schema (its default), created and migrated by pg-boss itself. */
export const JOB_SCHEMA = "pgboss";
/** pg-boss's own queue, through which its schedules send their jobs. */
const SCHEDULE_QUEUE = "__pgboss__send-it";

/** Which try of which job a worker holds: pg-boss counts a job's tries in `retry_count`. */
export type JobClaim = { kind: string; id: string; retryCount: number };

/**
 * The few statements pg-boss 10's API does not have, on its `job` table (schema version 24; the
 * package is pinned to 10.4). Each keeps to pg-boss's own states: created < retry < active <
 * completed < cancelled < failed (an enum, ordered).
 */
export function createJobQueueRepository() {
  return {
    /**
     * Makes the queues that do not exist yet (each is a partition of pg-boss's job table), pg-boss's
     * schedule queue included. pg-boss 10 makes one without a lock, and two nodes making queues at
     * once deadlock (each waits for the other's lock on the queue table); so under one of ours.
     */
    async createMissingQueues(sql: SqlClient, names: string[]) {
      const wanted = [...names, SCHEDULE_QUEUE];
      const missing = async (tx: SqlExecutor) => {
        const { rows } = await tx.executeSql(`select name from ${JOB_SCHEMA}.queue where name = any($1::text[])`, [
          wanted,
        ]);
        const existing = new Set((rows as { name: string }[]).map((row) => row.name));
        return wanted.filter((name) => !existing.has(name));
      };
      if ((await missing(sql)).length === 0) return;
      await sql.transaction(async (tx) => {
        await tx.executeSql("select pg_advisory_xact_lock(hashtext('harbor:job-queues'))", []);
        for (const name of await missing(tx)) {
          await tx.executeSql(`select ${JOB_SCHEMA}.create_queue($1, $2)`, [name, { policy: "standard" }]);
        }
      });
    },

    /**
     * Serialises enqueues of one key until the transaction ends, then tells whether a job of that
     * key is queued, waiting to retry or running: "one at a time per key" (a source's sync).
     */
    async isKeyTaken(tx: SqlExecutor, job: { kind: string; singletonKey: string }) {
      await tx.executeSql("select pg_advisory_xact_lock(hashtext($1))", [`harbor:job:${job.kind}:${job.singletonKey}`]);
      const { rows } = await tx.executeSql(
        `select exists (
           select 1 from ${JOB_SCHEMA}.job where name = $1 and singleton_key = $2 and state < 'completed'
         ) as "isTaken"`,
        [job.kind, job.singletonKey],
      );
      return (rows[0] as { isTaken: boolean }).isTaken;
    },

    /**
     * Locks the job if this claim is still the one running it. pg-boss completes and fails by id
     * alone: a node whose try was expired and handed to another node must not settle that node's try.
     */
    async lockIfStillClaimed(tx: SqlExecutor, claim: JobClaim) {
      const { rows } = await tx.executeSql(
        `select 1 from ${JOB_SCHEMA}.job
         where name = $1 and id = $2 and state = 'active' and retry_count = $3
         for update`,
        [claim.kind, claim.id, claim.retryCount],
      );
      return rows.length === 1;
    },

    /**
     * Puts a job this process stopped back in the queue, due now and without counting the try:
     * pg-boss counts a try when it takes a job that has started before, so the count goes back
     * one, or the start is forgotten on a first try.
     */
    async handBack(sql: SqlExecutor, claim: JobClaim) {
      await sql.executeSql(
        `update ${JOB_SCHEMA}.job
         set state = 'created', start_after = now(),
             started_on = case when retry_count = 0 then null else started_on end,
             retry_count = greatest(retry_count - 1, 0)
         where name = $1 and id = $2 and state = 'active' and retry_count = $3`,
        [claim.kind, claim.id, claim.retryCount],
      );
    },

    /** Jobs of these kinds queued, waiting to retry or running. */
    async countUnfinished(sql: SqlExecutor, kinds: string[]) {
      const { rows } = await sql.executeSql(
        `select count(*)::int as n from ${JOB_SCHEMA}.job where name = any($1::text[]) and state < 'completed'`,
        [kinds],
      );
      return (rows[0] as { n: number }).n;
    },

    /** Jobs marked running: on a database one process owns, what it was running when it stopped. */
    async listRunning(sql: SqlExecutor) {
      const { rows } = await sql.executeSql(
        `select name as kind, id from ${JOB_SCHEMA}.job where state = 'active'`,
        [],
      );
      return rows as { kind: string; id: string }[];
    },
  };
}

export type JobQueueRepository = ReturnType<typeof createJobQueueRepository>;

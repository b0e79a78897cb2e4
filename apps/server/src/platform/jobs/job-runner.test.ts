import { randomUUID } from "node:crypto";
import PgBoss from "pg-boss";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/database";
import type { DatabaseHandle } from "../../db/client";
import {
  createJobRunner,
  gatedSql,
  type JobHandler,
  type JobRunner,
  type JobRunnerOptions,
  type JobSchedule,
} from "./job-runner";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const silentLog = { info: () => {}, warn: () => {}, error: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rowsOf = async <T>(text: string, values: unknown[] = []) =>
  (await database.sql.executeSql(text, values)).rows as T[];
/** A job's row as pg-boss keeps it. */
const jobRow = async (id: string) =>
  (
    await rowsOf<{ state: string; retry_count: number; output: { message?: string } | null }>(
      "select state, retry_count, output from pgboss.job where id = $1",
      [id],
    )
  )[0];

const runners: JobRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});

/** A runner as a node runs one, with timings short enough for a test. */
function startRunner(
  work: { handlers?: Record<string, JobHandler>; upkeep?: Record<string, JobHandler>; schedules?: JobSchedule[] },
  options: Partial<JobRunnerOptions> & { isSoleNode?: boolean } = {},
) {
  const runner = createJobRunner({
    sql: database.sql,
    log: silentLog,
    pollIntervalMs: 50,
    maintenanceIntervalSeconds: 1,
    retryDelaySeconds: 0,
    ...options,
  });
  runner.register(work);
  void runner.start({ isSoleNode: options.isSoleNode ?? false });
  runners.push(runner);
  return runner;
}

/** A handler that never finishes by itself (a slow sync, or a process about to die): it ends when aborted. */
const untilAborted: JobHandler = (_job, signal) =>
  new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(signal.reason)));

describe("job runner on pg-boss", () => {
  it("runs every job once, however many runners take from the queue", async () => {
    const runs: number[] = [];
    const handlers: Record<string, JobHandler> = {
      "test.once": async (job) => {
        runs.push(Number(job.payload.n));
        await sleep(5);
      },
    };
    const nodes = [startRunner({ handlers }), startRunner({ handlers })];
    const ids: string[] = [];
    for (let n = 0; n < 20; n++) {
      ids.push((await nodes[n % 2]!.enqueue({ kind: "test.once", companyId: null, payload: { n } }))!);
    }
    await Promise.all(nodes.map((node) => node.waitUntilIdle({ kinds: ["test.once"] })));
    expect(runs.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n));
    for (const id of ids) expect(await jobRow(id)).toMatchObject({ state: "completed", retry_count: 0 });
  });

  it("starts on nodes that start together and make the same new queues at once", async () => {
    const kinds = ["test.new-a", "test.new-b", "test.new-c", "test.new-d"];
    const handlers = Object.fromEntries(kinds.map((kind) => [kind, async () => {}]));
    const nodes = Array.from({ length: 4 }, () => startRunner({ handlers }));
    await Promise.all(nodes.map((node) => node.ready()));
    for (const kind of kinds) expect(await nodes[0]!.enqueue({ kind, companyId: null, payload: {} })).not.toBeNull();
  });

  it("retries a failing job up to its cap, after which it stays failed with its error", async () => {
    let brokenCalls = 0;
    const runner = startRunner({
      handlers: {
        "test.flaky": async (job) => {
          if (job.attempt === 1) throw new Error("first try fails");
        },
        "test.broken": async () => {
          brokenCalls++;
          throw new Error("always fails");
        },
      },
    });
    const flaky = (await runner.enqueue({ kind: "test.flaky", companyId: null, payload: {} }))!;
    const broken = (await runner.enqueue({ kind: "test.broken", companyId: null, payload: {}, maxAttempts: 2 }))!;
    await runner.waitUntilIdle({ kinds: ["test.flaky", "test.broken"] });
    expect(await runner.findJob("test.flaky", flaky)).toMatchObject({ state: "completed", retryCount: 1 });
    expect(await runner.findJob("test.broken", broken)).toMatchObject({
      state: "failed",
      retryCount: 1,
      output: { message: "always fails" },
    });
    // Nothing takes it again.
    await sleep(500);
    expect(brokenCalls).toBe(2);
  });

  it("runs upkeep jobs as jobs, and waits for idle without them unless they are named", async () => {
    let releaseUpkeep = () => {};
    const ran: string[] = [];
    const runner = startRunner({
      handlers: { "test.work": async () => void ran.push("work") },
      upkeep: {
        "test.upkeep": () => {
          ran.push("upkeep");
          return new Promise<void>((resolve) => (releaseUpkeep = resolve));
        },
      },
    });
    const upkeep = await runner.enqueue({ kind: "test.upkeep", companyId: null, payload: {} });
    await runner.enqueue({ kind: "test.work", companyId: null, payload: {} });
    await runner.waitUntilIdle();
    expect(ran).toContain("work");
    await expect.poll(() => ran).toContain("upkeep");
    expect((await jobRow(upkeep!))?.state).toBe("active");
    await expect(runner.waitUntilIdle({ kinds: ["test.upkeep"], timeoutMs: 300 })).rejects.toThrow(/did not finish/);
    releaseUpkeep();
    await runner.waitUntilIdle({ kinds: ["test.upkeep"] });
    expect((await jobRow(upkeep!))?.state).toBe("completed");
  });

  it("keeps one job per singleton key queued or running, and takes another once it is done", async () => {
    const runs: string[] = [];
    const finish = new Map<string, () => void>();
    const runner = startRunner({
      handlers: {
        "test.sync": (job, signal) => {
          const source = String(job.payload.source);
          runs.push(source);
          return new Promise<void>((resolve, reject) => {
            finish.set(source, resolve);
            signal.addEventListener("abort", () => reject(signal.reason));
          });
        },
      },
    });
    const sync = (source: string) =>
      runner.enqueue({ kind: "test.sync", companyId: null, payload: { source }, singletonKey: `sync:${source}` });
    const first = await sync("one");
    expect(first).not.toBeNull();
    expect(await sync("one")).toBeNull();
    await expect.poll(() => runs).toEqual(["one"]);
    expect(await sync("one")).toBeNull();
    expect(await sync("two")).not.toBeNull();
    await expect.poll(() => runs).toEqual(["one", "two"]);
    finish.get("one")!();
    await expect.poll(async () => (await jobRow(first!))?.state).toBe("completed");
    expect(await sync("one")).not.toBeNull();
    await expect.poll(() => runs).toEqual(["one", "two", "one"]);
  });

  it("a stop aborts a running job and hands it back uncounted; the next runner takes it as its first try", async () => {
    let started = 0;
    const stopping = startRunner({
      handlers: {
        "test.slow": (job, signal) => {
          started++;
          return untilAborted(job, signal);
        },
      },
    });
    const id = (await stopping.enqueue({ kind: "test.slow", companyId: null, payload: {} }))!;
    await expect.poll(() => started).toBe(1);
    await stopping.stop();
    expect(await jobRow(id)).toMatchObject({ state: "created", retry_count: 0 });

    const attempts: number[] = [];
    const next = startRunner({ handlers: { "test.slow": async (job) => void attempts.push(job.attempt) } });
    await next.waitUntilIdle({ kinds: ["test.slow"] });
    expect(attempts).toEqual([1]);
    expect(await jobRow(id)).toMatchObject({ state: "completed", retry_count: 0 });
  });

  it("a node whose try expired cannot settle the job that another node now runs", async () => {
    const finish = new Map<string, () => void>();
    // Ignores its signal: a node that stalls and wakes up later.
    const handlerOf =
      (node: string): JobHandler =>
      () =>
        new Promise<void>((resolve) => finish.set(node, resolve));
    const stalled = startRunner({ handlers: { "test.claimed": handlerOf("stalled") } }, { concurrency: 1 });
    const id = (await stalled.enqueue({ kind: "test.claimed", companyId: null, payload: {} }))!;
    await expect.poll(() => finish.has("stalled")).toBe(true);
    // The stalled node's try outlives its time, as if its process had been frozen for two hours:
    // pg-boss's maintenance expires it, and a healthy node takes the job.
    await database.sql.executeSql("update pgboss.job set started_on = now() - interval '2 hours' where id = $1", [id]);
    startRunner({ handlers: { "test.claimed": handlerOf("healthy") } });
    await expect.poll(() => finish.has("healthy"), { timeout: 10_000 }).toBe(true);

    finish.get("stalled")!();
    await sleep(500);
    expect(await jobRow(id)).toMatchObject({ state: "active", retry_count: 1 });
    finish.get("healthy")!();
    await expect.poll(async () => (await jobRow(id))?.state).toBe("completed");
    expect(await jobRow(id)).toMatchObject({ retry_count: 1 });
  });

  it("on a database one process owns, a job running when the process died counts as a failed try, and stays failed once its tries are used up", async () => {
    let calls = 0;
    const handlers: Record<string, JobHandler> = {
      "test.crash": (job, signal) => {
        calls++;
        return untilAborted(job, signal);
      },
    };
    // Each runner is a process that dies while the job runs (it never settles its try); each
    // restart is the next runner.
    const first = startRunner({ handlers }, { concurrency: 1 });
    const id = (await first.enqueue({ kind: "test.crash", companyId: null, payload: {}, maxAttempts: 2 }))!;
    await expect.poll(() => calls).toBe(1);
    startRunner({ handlers }, { concurrency: 1, isSoleNode: true });
    await expect.poll(() => calls).toBe(2);
    expect(await jobRow(id)).toMatchObject({ state: "active", retry_count: 1 });
    await startRunner({ handlers }, { concurrency: 1, isSoleNode: true }).ready();
    expect(await jobRow(id)).toMatchObject({
      state: "failed",
      retry_count: 1,
      output: { message: "The server stopped while this job ran" },
    });
    await sleep(500);
    expect(calls).toBe(2);
  });

  it("archives completed jobs after a day and failed ones after a week, and deletes archived ones a week later", async () => {
    const runner = startRunner({
      handlers: {
        "test.kept": async (job) => {
          if (job.payload.isFailing) throw new Error("no");
        },
      },
    });
    const enqueue = (isFailing: boolean) =>
      runner.enqueue({ kind: "test.kept", companyId: null, payload: { isFailing }, maxAttempts: 1 });
    const [oldDone, youngDone, oldFailed] = [(await enqueue(false))!, (await enqueue(false))!, (await enqueue(true))!];
    await runner.waitUntilIdle({ kinds: ["test.kept"] });
    const whereIs = async (id: string) =>
      (
        await rowsOf<{ place: string }>(
          "select 'job' as place from pgboss.job where id = $1 union all select 'archive' from pgboss.archive where id = $1",
          [id],
        )
      )[0]?.place ?? "deleted";

    await database.sql.executeSql(
      "update pgboss.job set completed_on = now() - interval '25 hours' where id = any($1::uuid[])",
      [[oldDone, oldFailed]],
    );
    await expect.poll(() => whereIs(oldDone), { timeout: 10_000 }).toBe("archive");
    expect(await whereIs(youngDone)).toBe("job");
    expect(await whereIs(oldFailed)).toBe("job");

    await database.sql.executeSql("update pgboss.job set completed_on = now() - interval '8 days' where id = $1", [
      oldFailed,
    ]);
    await expect.poll(() => whereIs(oldFailed), { timeout: 10_000 }).toBe("archive");
    await database.sql.executeSql("update pgboss.archive set archived_on = now() - interval '8 days' where id = $1", [
      oldDone,
    ]);
    await expect.poll(() => whereIs(oldDone), { timeout: 10_000 }).toBe("deleted");
    expect(await whereIs(oldFailed)).toBe("archive");
  });

  it("runs a schedule once per due time, however many runners have it", async () => {
    // A schedule due once a day, in this very minute: every check after the first finds it done.
    if (new Date().getUTCSeconds() > 40) await sleep((61 - new Date().getUTCSeconds()) * 1000);
    const now = new Date();
    const runs: string[] = [];
    const scheduleOn = (node: string): JobSchedule => ({
      name: "test.daily",
      cron: `${now.getUTCMinutes()} ${now.getUTCHours()} * * *`,
      run: async () => void runs.push(node),
    });
    startRunner({ schedules: [scheduleOn("a")] }, { cronIntervalSeconds: 1 });
    startRunner({ schedules: [scheduleOn("b")] }, { cronIntervalSeconds: 1 });
    await expect.poll(() => runs.length, { timeout: 10_000 }).toBe(1);
    // Both runners check the schedule every second meanwhile.
    await sleep(3000);
    expect(runs).toHaveLength(1);
  }, 60_000);
});

describe("pg-boss's statements after the runner stopped", () => {
  it("get an empty result and reach no database: pg-boss settles jobs without awaiting, so an error would go unhandled", async () => {
    const gate = gatedSql(database.sql);
    await database.sql.executeSql("create table if not exists gate_probe (n int)");
    await gate.executeSql("insert into gate_probe values (1)");
    await gate.close();
    const after = await gate.executeSql("insert into gate_probe values (2)");
    expect([...after.rows]).toEqual([]);
    expect(after.rows).toHaveLength(0);
    // pg-boss's own `complete`, as its cron worker calls it after a stop (unawaited): it resolves.
    const boss = new PgBoss({ db: gate });
    await expect(boss.complete("probe", randomUUID())).resolves.toMatchObject({ affected: 0 });
    const { rows } = await database.sql.executeSql("select n from gate_probe order by n");
    expect(rows).toEqual([{ n: 1 }]);
    await database.sql.executeSql("drop table gate_probe");
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/database";
import type { DatabaseHandle } from "../../db/client";
import { jobs } from "../../db/schema/index";
import { createJobRunner, type JobHandler } from "./job-runner";
import { createJobsRepository } from "./jobs.repository";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const silentLog = { info: () => {}, error: () => {} };
const jobRow = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

function runnerWith(handlers: Record<string, JobHandler>) {
  return createJobRunner({
    repository: createJobsRepository(database.db),
    handlers,
    log: silentLog,
    pollMs: 20,
    retryDelayMs: () => 0,
  });
}

describe("job runner", () => {
  it("retries a failing job and records its last error once the tries are used up", async () => {
    let calls = 0;
    const runner = runnerWith({
      flaky: async () => {
        calls++;
        if (calls === 1) throw new Error("first try fails");
      },
      broken: async () => {
        throw new Error("always fails");
      },
    });
    runner.start();
    const flaky = (await runner.enqueue({ kind: "flaky", companyId: null, payload: {} }))!;
    const broken = (await runner.enqueue({ kind: "broken", companyId: null, payload: {}, maxAttempts: 2 }))!;
    await expect.poll(async () => (await jobRow(broken)).status, { timeout: 10_000 }).toBe("failed");
    await runner.waitUntilIdle({ kinds: ["flaky"] });
    await runner.stop();
    expect(await jobRow(flaky)).toMatchObject({ status: "done", attempts: 2, lastError: "first try fails" });
    expect(await jobRow(broken)).toMatchObject({ status: "failed", attempts: 2, lastError: "always fails" });
  });

  it("keeps one queued or running job per singleton key", async () => {
    const runner = runnerWith({});
    const first = await runner.enqueue({ kind: "sync", companyId: null, payload: {}, singletonKey: "sync:one" });
    const second = await runner.enqueue({ kind: "sync", companyId: null, payload: {}, singletonKey: "sync:one" });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    await database.db.delete(jobs).where(eq(jobs.singletonKey, "sync:one"));
  });

  it("a stop hands a running job back to the queue without counting the try", async () => {
    let started = false;
    const runner = runnerWith({
      slow: (_job, signal) =>
        new Promise((_resolve, reject) => {
          started = true;
          signal.addEventListener("abort", () => reject(signal.reason));
        }),
    });
    runner.start();
    const id = (await runner.enqueue({ kind: "slow", companyId: null, payload: {} }))!;
    await expect.poll(() => started).toBe(true);
    await runner.stop();
    expect(await jobRow(id)).toMatchObject({ status: "queued", attempts: 0, lockedBy: null });
  });
});

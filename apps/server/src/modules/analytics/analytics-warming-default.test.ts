import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { queryRows } from "../../db/client";
import { WARM_ANSWER_WAITS_JOB } from "./analytics-warming";

/**
 * Decision 077's default: answer waits are warmed on PostgreSQL, and left cold on the embedded
 * database, where every chunk scanned chat_messages while holding its one connection.
 */
let h: Harness;
let owner: Awaited<ReturnType<Harness["signUp"]>>;

beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUp("owner@warming-default.example");
});

afterAll(async () => {
  await h?.close();
});

const queuedWarmings = () =>
  queryRows<{ n: number }>(h.db, sql`select count(*)::int as n from pgboss.job where name = ${WARM_ANSWER_WAITS_JOB}`);

it("a zone change queues the answer waits' warming on PostgreSQL and not on the embedded database", async () => {
  const changed = await h.api("POST", "/api/analytics/time-zone", {
    cookie: owner.cookie,
    body: { timeZone: "Europe/Amsterdam" },
  });
  expect(changed.status).toBe(200);
  if (h.database.kind === "postgres") {
    await expect.poll(async () => (await queuedWarmings())[0]?.n, { timeout: 10_000 }).toBe(1);
  } else {
    // Queued within milliseconds when it is on (the job waits 10 s to start, not to be queued).
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await queuedWarmings())[0]?.n).toBe(0);
  }
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { queryRows } from "../../db/client";
import { WARM_ANSWER_WAITS_JOB } from "./analytics-warming";

/**
 * Decision 080's default: answer waits are warmed on both databases. Decision 077 left the embedded
 * one out, where every chunk scanned chat_messages while holding its one connection; since
 * migration 0035 a chunk reads only its own days' answers.
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

it("a zone change queues the answer waits' warming, on PostgreSQL and on the embedded database", async () => {
  expect((await queuedWarmings())[0]?.n).toBe(0);
  const changed = await h.api("POST", "/api/analytics/time-zone", {
    cookie: owner.cookie,
    body: { timeZone: "Europe/Amsterdam" },
  });
  expect(changed.status).toBe(200);
  await expect.poll(async () => (await queuedWarmings())[0]?.n, { timeout: 10_000 }).toBe(1);
});

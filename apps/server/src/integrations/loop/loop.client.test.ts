import { afterEach, describe, expect, it } from "vitest";
import { IntegrationError } from "../integration-error";
import { createVirtualClock } from "../virtual-clock";
import { createLoopClient, type LoopReturn } from "./loop.client";
import { type FakeLoop, type FakeLoopOptions, startFakeLoop } from "./loop.fake-server";

const KEY = "loop-key";
const DAY = 86_400_000;
const START = Date.UTC(2026, 9, 1);
let fake: FakeLoop | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

function loopReturn(id: number, overrides: Partial<LoopReturn> = {}): LoopReturn {
  return {
    id,
    state: "open",
    created_at: new Date(START + id * 60_000).toISOString(),
    updated_at: new Date(START + id * 60_000).toISOString(),
    order_id: 5000 + id,
    order_name: `#${1000 + id}`,
    customer: "ana@example.com",
    total: "40.00",
    refund: "40.00",
    exchange: "0.00",
    line_items: [{ line_item_id: id * 10, title: "Rain jacket", sku: "RJ-1", return_reason: "Too small" }],
    ...overrides,
  };
}

async function setup(options: Partial<FakeLoopOptions> = {}) {
  const clock = createVirtualClock(START + 2 * DAY);
  fake = await startFakeLoop({ apiKey: KEY, returns: [], now: clock.now, ...options });
  const client = createLoopClient({ apiKey: KEY, baseUrl: fake.url, sleep: clock.sleep });
  return { fake, client, clock };
}

async function failureOf(promise: Promise<unknown>): Promise<IntegrationError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(IntegrationError);
  return error as IntegrationError;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe("Loop client against the fake", () => {
  it("finds the return of an order by its name, with or without '#'", async () => {
    const { client } = await setup({ returns: [loopReturn(1), loopReturn(2)] });
    const [found] = await client.returnsForOrder("#1002");
    expect(found).toMatchObject({ id: 2, state: "open", order_name: "#1002", refund: "40.00" });
    expect(found?.line_items[0]).toMatchObject({ title: "Rain jacket", return_reason: "Too small" });
    expect((await client.returnsForOrder("1001")).map((item) => item.id)).toEqual([1]);
  });

  it("lists every return of an order that has several", async () => {
    const { client } = await setup({
      returns: [loopReturn(1), loopReturn(2, { order_name: "#1001", state: "closed" })],
    });
    expect((await client.returnsForOrder("#1001")).map((item) => [item.id, item.state])).toEqual([
      [1, "open"],
      [2, "closed"],
    ]);
  });

  it("answers an order without a return with an empty list, whether Loop says 404 or 200", async () => {
    for (const notFoundStyle of ["404", "200"] as const) {
      const { client } = await setup({ returns: [loopReturn(1)], notFoundStyle });
      expect(await client.returnsForOrder("#9999")).toEqual([]);
      await fake?.close();
      fake = undefined;
    }
  });

  it("pages through the return list by nextPageUrl", async () => {
    const returns = [...range(1, 25).map((id) => loopReturn(id)), loopReturn(26, { state: "closed" })];
    const { client, fake } = await setup({ returns });
    const sizes: number[] = [];
    const ids: number[] = [];
    for await (const page of client.iterateReturns({
      from: new Date(START),
      to: new Date(START + DAY),
      state: "open",
      pageSize: 10,
    })) {
      sizes.push(page.length);
      ids.push(...page.map((item) => item.id));
    }
    expect(sizes).toEqual([10, 10, 5]);
    expect(ids).toEqual(range(1, 25));
    expect(fake.requestCount()).toBe(3);
  });

  it("refuses a span over 120 days before asking Loop", async () => {
    const { client, fake } = await setup();
    const pages = client.iterateReturns({ from: new Date(START), to: new Date(START + 121 * DAY) });
    await expect(pages.next()).rejects.toThrow(RangeError);
    expect(fake.requestCount()).toBe(0);
  });

  it("refuses a wrong key as 'auth' with Loop's message, without retrying", async () => {
    const { fake } = await setup();
    const client = createLoopClient({ apiKey: "wrong", baseUrl: fake.url, sleep: async () => {} });
    const error = await failureOf(client.verifyApiKey(new Date(START)));
    expect(error).toMatchObject({ kind: "auth", status: 401, vendorMessage: "Unauthorized." });
    expect(error.message).toBe("Loop rejected the API key.");
    expect(fake.requestCount()).toBe(1);
  });

  it("carries Loop's 422 body (message and field errors) in a typed error", async () => {
    const { client, fake } = await setup({ returns: [loopReturn(1)] });
    fake.failNextRequests(1, { status: 422 });
    const error = await failureOf(client.returnsForOrder("#1001"));
    expect(error).toMatchObject({ kind: "invalid", status: 422 });
    expect(error.vendorMessage).toBe("The given data was invalid.; order_name: The order name is not valid.");
    expect(error.message).toBe("Loop rejected the request.");
  });

  it("waits out a 429 as long as Retry-After says, then succeeds", async () => {
    const { client, clock, fake } = await setup({ returns: [loopReturn(1)] });
    fake.failNextRequests(2, { status: 429, retryAfterSeconds: 5 });
    expect(await client.returnsForOrder("#1001")).toHaveLength(1);
    expect(clock.waits).toEqual([5000, 5000]);
  });

  it("is held to 300 requests a minute by the fake, and waits for the next minute", async () => {
    const { client, clock } = await setup({ returns: [loopReturn(1)], requestsPerMinute: 2 });
    for (let i = 0; i < 3; i++) expect(await client.returnsForOrder("#1001")).toHaveLength(1);
    // Loop said "the next minute" (60 s); the core waits at most 30 s at a time, so twice.
    expect(clock.waits).toEqual([30_000, 30_000]);
  });
});

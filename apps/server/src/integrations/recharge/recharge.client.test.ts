import { afterEach, describe, expect, it } from "vitest";
import { IntegrationError } from "../integration-error";
import { createVirtualClock } from "../virtual-clock";
import { createRechargeClient, type RechargeSubscription } from "./recharge.client";
import { type FakeRecharge, type FakeRechargeOptions, startFakeRecharge } from "./recharge.fake-server";

const KEY = "rc-key";
const TODAY = "2026-11-28";
let fake: FakeRecharge | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

function subscription(id: number, overrides: Partial<RechargeSubscription> = {}): RechargeSubscription {
  return {
    id,
    address_id: 900,
    customer_id: 7,
    status: "active",
    next_charge_scheduled_at: "2026-12-05",
    order_interval_frequency: 1,
    order_interval_unit: "month",
    charge_interval_frequency: 1,
    product_title: `Coffee ${id}`,
    variant_title: "250 g",
    quantity: 2,
    price: "12.50",
    presentment_currency: "EUR",
    ...overrides,
  };
}

async function setup(options: Partial<FakeRechargeOptions> = {}, apiKey = KEY) {
  const clock = createVirtualClock();
  fake = await startFakeRecharge({
    apiKey: KEY,
    today: TODAY,
    customers: [
      { id: 7, email: "ana@example.com", first_name: "Ana", last_name: "Lee" },
      { id: 8, email: "bo@example.com", first_name: "Bo", last_name: null },
    ],
    subscriptions: [],
    now: clock.now,
    ...options,
  });
  const client = createRechargeClient({ apiKey, baseUrl: fake.url, sleep: clock.sleep, today: () => TODAY });
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

describe("Recharge client against the fake", () => {
  it("finds a customer by e-mail, whatever its case", async () => {
    const { client } = await setup();
    expect(await client.findCustomersByEmail(" ANA@example.com ")).toEqual([
      { id: 7, email: "ana@example.com", first_name: "Ana", last_name: "Lee" },
    ]);
    expect(await client.findCustomersByEmail("nobody@example.com")).toEqual([]);
  });

  it("pages through a customer's active subscriptions by cursor, filters only on the first page", async () => {
    const subscriptions = [
      ...range(1, 120).map((id) => subscription(id)),
      subscription(121, { status: "cancelled" }),
      subscription(122, { customer_id: 8 }),
    ];
    const { client, fake } = await setup({ subscriptions });
    const sizes: number[] = [];
    const ids: number[] = [];
    for await (const page of client.iterateSubscriptions({ customerId: 7, pageSize: 50 })) {
      sizes.push(page.length);
      ids.push(...page.map((item) => item.id));
    }
    expect(sizes).toEqual([50, 50, 20]);
    expect(ids).toEqual(range(1, 120));
    expect(fake.requestCount()).toBe(3);
  });

  it("moves the next charge date, and refuses a date before today without asking Recharge", async () => {
    const { client, fake } = await setup({ subscriptions: [subscription(1)] });
    const moved = await client.setNextChargeDate(1, "2026-12-20");
    expect(moved.next_charge_scheduled_at).toBe("2026-12-20");
    expect(fake.subscription(1)?.next_charge_scheduled_at).toBe("2026-12-20");
    // Today itself is allowed (the spec's minimum is today).
    expect((await client.setNextChargeDate(1, TODAY)).next_charge_scheduled_at).toBe(TODAY);

    const before = fake.requestCount();
    await expect(client.setNextChargeDate(1, "2026-11-27")).rejects.toThrow(RangeError);
    await expect(client.setNextChargeDate(1, "2026-02-30")).rejects.toThrow(RangeError);
    expect(fake.requestCount()).toBe(before);
  });

  it("changes the frequency with the charge interval alongside", async () => {
    const { client, fake } = await setup({ subscriptions: [subscription(1)] });
    const changed = await client.updateFrequency(1, { orderIntervalFrequency: 2, orderIntervalUnit: "week" });
    expect(changed).toMatchObject({
      order_interval_frequency: 2,
      order_interval_unit: "week",
      charge_interval_frequency: 2,
    });
    expect(fake.writes.at(-1)?.body).toEqual({
      order_interval_frequency: 2,
      order_interval_unit: "week",
      charge_interval_frequency: 2,
    });
  });

  it("carries Recharge's own error body in a typed error (a date the store thinks is past)", async () => {
    // The store's today is later than the client's: Recharge refuses, its reason comes through.
    const { client } = await setup({ subscriptions: [subscription(1)], today: "2026-12-01" });
    const error = await failureOf(client.setNextChargeDate(1, "2026-11-29"));
    expect(error).toMatchObject({ kind: "invalid", status: 422, vendorMessage: "date: Date must be in the future" });
    expect(error.message).toBe("Recharge rejected the request.");
  });

  it("refuses a wrong API key as 'auth' without retrying", async () => {
    const { fake } = await setup();
    const client = createRechargeClient({ apiKey: "wrong", baseUrl: fake.url, sleep: async () => {} });
    const error = await failureOf(client.verifyApiKey());
    expect(error).toMatchObject({ kind: "auth", status: 401 });
    expect(error.vendorMessage).toContain("valid access token");
    expect(error.message).toBe("Recharge rejected the API key.");
    expect(fake.requestCount()).toBe(1);
  });

  it("waits out a 429 as long as Retry-After says, then succeeds", async () => {
    const { client, clock, fake } = await setup();
    fake.failNextRequests(2, { status: 429, retryAfterSeconds: 2 });
    expect(await client.findCustomersByEmail("bo@example.com")).toHaveLength(1);
    expect(clock.waits).toEqual([2000, 2000]);
  });

  it("is held to the leaky bucket by the fake: the request over the bucket waits, then goes through", async () => {
    const { client, clock } = await setup({ bucketSize: 3, leakPerSecond: 2 });
    for (let i = 0; i < 5; i++) expect(await client.findCustomersByEmail("ana@example.com")).toHaveLength(1);
    // The fourth overflowed the bucket of three and waited Recharge's Retry-After (1 s, which
    // leaks two); the fifth then fits.
    expect(clock.waits).toEqual([1000]);
  });

  it("gives up as 'rate_limited' when the limit outlasts the retries", async () => {
    const { client, fake } = await setup();
    fake.failNextRequests(10, { status: 429, retryAfterSeconds: 1 });
    const error = await failureOf(client.verifyApiKey());
    expect(error.kind).toBe("rate_limited");
    expect(error.vendorMessage).toBe("Too many requests");
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { IntegrationError } from "../integration-error";
import { createVirtualClock } from "../virtual-clock";
import { createShopifyClient } from "./shopify.client";
import { DEMO_CUSTOMER, demoShopOrders } from "./shopify.fake-orders";
import { type FakeShopify, startFakeShopify } from "./shopify.fake-server";

const TOKEN = "shpat_orders_token";
const NOW = new Date("2026-11-20T12:00:00Z");
let fake: FakeShopify | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup() {
  const clock = createVirtualClock();
  fake = await startFakeShopify({ accessToken: TOKEN, products: [], orders: demoShopOrders(NOW), now: clock.now });
  const client = createShopifyClient({ baseUrl: fake.url, accessToken: TOKEN, sleep: clock.sleep });
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

describe("Shopify order lookup against the fake Admin API", () => {
  it("finds an order by its number, with items, shipments and tracking, whether typed with # or not", async () => {
    const { client } = await setup();
    const order = await client.findOrderByNumber("1001");
    expect(order).toMatchObject({
      id: "gid://shopify/Order/5001001",
      name: "#1001",
      email: DEMO_CUSTOMER.email,
      phone: DEMO_CUSTOMER.phone,
      customer: { displayName: "Emma de Vries", email: DEMO_CUSTOMER.email },
      financialStatus: "PAID",
      fulfillmentStatus: "FULFILLED",
      cancelledAt: null,
      total: { amount: "43.00", currencyCode: "EUR" },
    });
    expect(order?.lineItems.map((line) => [line.title, line.variantTitle, line.unfulfilledQuantity])).toEqual([
      ["Classic tee", "M / Black", 0],
      ["Canvas tote", null, 0],
    ]);
    expect(order?.fulfillments).toEqual([
      {
        status: "SUCCESS",
        displayStatus: "IN_TRANSIT",
        updatedAt: "2026-11-19T12:00:00.000Z",
        estimatedDeliveryAt: "2026-11-21T12:00:00.000Z",
        deliveredAt: null,
        tracking: [
          {
            company: "DHL Express",
            number: "JD014600006281230981",
            url: "https://www.dhl.com/nl-en/home/tracking.html?tracking-id=JD014600006281230981",
          },
        ],
        items: [
          { title: "Classic tee", variantTitle: "M / Black", quantity: 1, imageUrl: null },
          { title: "Canvas tote", variantTitle: null, quantity: 1, imageUrl: null },
        ],
      },
    ]);
    expect((await client.findOrderByNumber(" #1001 "))?.id).toBe(order?.id);
  });

  it("reads refunds and what is still to be shipped", async () => {
    const { client } = await setup();
    const order = await client.findOrderByNumber("#1004");
    expect(order?.financialStatus).toBe("PARTIALLY_REFUNDED");
    expect(order?.refunds).toEqual([
      {
        createdAt: "2026-11-16T12:00:00.000Z",
        note: "Out of stock",
        amount: "25.00",
        currencyCode: "EUR",
        items: [{ title: "Gift card", variantTitle: "€ 25", quantity: 1, imageUrl: null }],
      },
    ]);
    expect(order?.lineItems.map((line) => line.unfulfilledQuantity)).toEqual([0, 1, 0]);
    expect(order?.fulfillments[0]?.displayStatus).toBe("OUT_FOR_DELIVERY");
  });

  it("answers null for an order the shop does not have, and for an empty number", async () => {
    const { client, fake } = await setup();
    expect(await client.findOrderByNumber("9999")).toBeNull();
    expect(await client.findOrderByNumber("#")).toBeNull();
    // A number that only starts like an existing one is another order.
    expect(await client.findOrderByNumber("100")).toBeNull();
    expect(fake.requestCount()).toBe(2);
  });

  it("sends a quote in the number as data, not as search syntax", async () => {
    const { client } = await setup();
    expect(await client.findOrderByNumber('1001" OR name:"1002')).toBeNull();
  });

  it("reports a wrong token as 'auth' (401)", async () => {
    const { fake } = await setup();
    const client = createShopifyClient({ baseUrl: fake.url, accessToken: "wrong", sleep: async () => {} });
    const error = await failureOf(client.findOrderByNumber("1001"));
    expect(error).toMatchObject({ kind: "auth", status: 401 });
    expect(fake.requestCount()).toBe(1);
  });

  it("waits as long as Retry-After says on a 429, then finds the order", async () => {
    const { client, clock, fake } = await setup();
    fake.failNextRequests(1, { status: 429, retryAfterSeconds: 3 });
    expect((await client.findOrderByNumber("1002"))?.fulfillments[0]?.displayStatus).toBe("DELIVERED");
    expect(clock.waits).toEqual([3000]);
    expect(fake.requestCount()).toBe(2);
  });

  it("serves the order fields under Shopify's schema: a field Shopify lacks is refused", async () => {
    const { fake } = await setup();
    const response = await fetch(`${fake.url}/admin/api/2025-07/graphql.json`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-shopify-access-token": TOKEN },
      body: JSON.stringify({ query: '{ orders(first: 1, query: "name:1001") { nodes { name trackingNumber } } }' }),
    });
    const body = (await response.json()) as { errors?: { message: string }[] };
    expect(body.errors?.[0]?.message).toContain('Cannot query field "trackingNumber" on type "Order"');
  });
});

describe("Shopify order tags", () => {
  it("adds tags to an order, once each, and reports an unknown order as Shopify's user error", async () => {
    const { client, fake } = await setup();
    const order = await client.findOrderByNumber("1003");
    if (!order) throw new Error("the demo shop has order #1003");
    await client.addOrderTags(order.id, ["cancellation-requested"]);
    await client.addOrderTags(order.id, ["cancellation-requested"]);
    expect(fake.order("#1003")?.tags).toEqual(["cancellation-requested"]);
    const error = await failureOf(client.addOrderTags("gid://shopify/Order/1", ["x"]));
    expect(error).toMatchObject({ kind: "invalid", vendorMessage: "Order does not exist" });
  });
});

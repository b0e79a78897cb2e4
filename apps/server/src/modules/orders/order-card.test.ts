import { orderCardSchema } from "@harbor/contract/orders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShopifyClient } from "../../integrations/shopify/shopify.client";
import { demoShopOrders } from "../../integrations/shopify/shopify.fake-orders";
import { type FakeShopify, startFakeShopify } from "../../integrations/shopify/shopify.fake-server";
import { toOrderCard } from "./order-card";

let shop: FakeShopify;
const client = () => createShopifyClient({ baseUrl: shop.url, accessToken: "t" });

beforeAll(async () => {
  shop = await startFakeShopify({ accessToken: "t", products: [], orders: demoShopOrders() });
});
afterAll(async () => {
  await shop?.close();
});

describe("an order as its card", () => {
  it("keeps the shop's words: shipment, carrier, tracking, items still to ship, refunds", async () => {
    const order = await client().findOrderByNumber("1004");
    if (!order) throw new Error("the demo shop has order #1004");
    const card = orderCardSchema.parse(toOrderCard(order));
    expect(card.order).toMatchObject({ name: "#1004", financialStatus: "partially_refunded", cancelledAt: null });
    expect(card.customer).toEqual({ name: "Emma de Vries", email: "emma@example.com" });
    expect(card.fulfillments).toEqual([
      {
        status: "success",
        shipmentStatus: "out_for_delivery",
        updatedAt: order.fulfillments[0]?.updatedAt,
        company: "PostNL",
        trackingNumber: "3SABCD7654321",
        trackingURL: "https://jouw.postnl.nl/track-and-trace/3SABCD7654321-NL-1012AB",
        items: [{ title: "Classic tee", variantTitle: "M / Black", imageSrc: null, quantity: 1 }],
      },
    ]);
    expect(card.processingItems).toEqual([{ title: "Canvas tote", variantTitle: null, imageSrc: null, quantity: 1 }]);
    expect(card.refunds).toEqual([
      {
        createdAt: order.refunds[0]?.createdAt,
        products: [{ title: "Gift card", variantTitle: "€ 25", imageSrc: null, quantity: 1 }],
      },
    ]);
  });

  it("shows nothing as still being prepared on a cancelled order", async () => {
    const order = await client().findOrderByNumber("1005");
    if (!order) throw new Error("the demo shop has order #1005");
    const card = toOrderCard(order);
    expect(card.order.cancelledAt).not.toBeNull();
    expect(card.processingItems).toEqual([]);
    expect(card.fulfillments).toEqual([]);
  });
});

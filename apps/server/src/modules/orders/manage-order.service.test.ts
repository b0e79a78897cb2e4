import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { demoShopOrders } from "../../integrations/shopify/shopify.fake-orders";
import { type FakeShopify, startFakeShopify } from "../../integrations/shopify/shopify.fake-server";
import { createLimiterStore } from "../../platform/rate-limiter";
import { createManageOrderService } from "./manage-order.service";
import { createOrderActionsRepository } from "./order-actions.repository";
import { createOrderCodesRepository } from "./order-codes.repository";
import { createOrderLookupService } from "./order-lookup.service";

/** A cancellation request the shop refuses to record is kept, marked for staff to record by hand. */
let h: Harness;
let shop: FakeShopify;
let companyId: string;

beforeAll(async () => {
  h = await createHarness();
  shop = await startFakeShopify({ accessToken: "shpat_refusing", products: [], orders: demoShopOrders() });
  companyId = (await h.signUp("owner@refusing-shop.example")).companyId;
  await h.app.services.integrationsRepository.save({
    companyId,
    app: "shopify",
    publicCredentials: { shopName: shop.shopDomain },
    secrets: { adminApiAccessToken: "shpat_refusing" },
    baseUrl: shop.url,
  });
}, 120_000);

afterAll(async () => {
  await h?.close();
  await shop?.close();
});

describe("a cancellation request the shop does not take", () => {
  it("is kept as vendor_failed with the shop's answer, and a replay does not try again", async () => {
    // The real fetch, but the shop answers the tag mutation with a 401 (a token without write access).
    const refusingFetch: typeof fetch = (input, init) => {
      if (typeof init?.body === "string" && init.body.includes("tagsAdd")) shop.failNextRequests(1, { status: 401 });
      return fetch(input, init);
    };
    const log = { warn: () => {} };
    const lookup = createOrderLookupService({
      integrations: h.app.services.integrationsRepository,
      limiterStore: createLimiterStore(),
      log,
      fetch: refusingFetch,
    });
    const store = createLimiterStore();
    const service = createManageOrderService({
      lookup,
      actions: createOrderActionsRepository(h.db),
      codes: createOrderCodesRepository(h.db),
      mailer: { send: async () => {} },
      smsSender: { send: async () => {} },
      appSecret: "test-secret",
      codeSends: store.limiter("order-code-sends", { points: 3, durationSeconds: 3600 }),
      log,
    });
    const asker = {
      companyId,
      visitorId: "visitor-1",
      chatId: null,
      portal: { isActive: true, authentication: "orderID" as const },
    };
    const request = {
      widgetID: "w",
      visitorToken: "token-token",
      orderNumber: "1003",
      email: "emma@example.com",
      reason: "changed_mind",
      clientKey: crypto.randomUUID(),
    };
    const first = await service.requestCancellation(asker, request);
    expect(first.answer).toMatchObject({ orderName: "#1003", status: "vendor_failed", isReplay: false });
    expect(first.action.status).toBe("vendor_failed");
    expect(first.action.vendorAnswer).toEqual({ error: "Shopify rejected the access token." });
    expect(shop.order("#1003")?.tags ?? []).toEqual([]);

    const requests = shop.requestCount();
    const replay = await service.requestCancellation(asker, request);
    expect(replay).toMatchObject({ isNew: false, answer: { status: "vendor_failed", isReplay: true } });
    expect(shop.requestCount()).toBe(requests);
  });
});

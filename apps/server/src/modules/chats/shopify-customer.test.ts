import type { ShopifyCustomerResponse } from "@harbor/contract/chat";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { chats } from "../../db/schema/index";
import { DEMO_CUSTOMER, demoShopOrders } from "../../integrations/shopify/shopify.fake-orders";
import { type FakeShopify, startFakeShopify } from "../../integrations/shopify/shopify.fake-server";

const SHOPIFY_TOKEN = "shpat_customer-lookup-token";

let h: Harness;
let shop: FakeShopify;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let rival: Awaited<ReturnType<Harness["signUp"]>>;
let agentCookie: string;

async function chatWith(companyId: string, customer: Record<string, unknown>) {
  const chat = await h.app.services.chatsRepository.createChat(companyId);
  await h.db.update(chats).set({ customer }).where(eq(chats.id, chat.id));
  return chat.id;
}

const getCustomer = (chatID: string, cookie = owner.cookie) =>
  h.api<ShopifyCustomerResponse>("POST", "/api/chat/shopify/get-customer", { cookie, body: { chatID } });

beforeAll(async () => {
  shop = await startFakeShopify({
    accessToken: SHOPIFY_TOKEN,
    products: [],
    orders: demoShopOrders(),
    customers: [
      {
        id: "gid://shopify/Customer/77",
        firstName: "Mara",
        lastName: "Jansen",
        email: "Mara@Shop.example",
        phone: null,
      },
      // Shopify's search may match loosely; only the exact address counts.
      {
        id: "gid://shopify/Customer/78",
        firstName: "Mara",
        lastName: "Other",
        email: "mara@shop.example.nl",
        phone: null,
      },
    ],
  });
  h = await createHarness({ vendorBaseUrls: { shopify: shop.url } });
  owner = await h.signUp("owner@customer-shop.example");
  rival = await h.signUp("owner@rival-customer-shop.example");
  agentCookie = (
    await h.addMember(owner.cookie, { name: "Agent", email: "agent@customer-shop.example", role: "agent" })
  ).cookie;
}, 120_000);

afterAll(async () => {
  await h?.close();
  await shop?.close();
});

describe("POST /api/chat/shopify/get-customer", () => {
  it("answers plainly, not as an error, when no shop is connected or the chat has no e-mail", async () => {
    const chatID = await chatWith(owner.companyId, { email: "mara@shop.example" });
    const answer = await getCustomer(chatID);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ status: "not_connected", id: null, name: null, adminURL: null });

    const added = await h.api("POST", "/api/company/integration/add", {
      cookie: owner.cookie,
      body: {
        appName: "shopify",
        credentials: {
          shopName: "acme-outdoor",
          adminApiAccessToken: SHOPIFY_TOKEN,
          apiKey: "key-1",
          apiSecretKey: "secret-1",
        },
      },
    });
    expect(added.status).toBe(200);
    const anonymous = await chatWith(owner.companyId, { name: "Customer" });
    expect((await getCustomer(anonymous)).body.data.status).toBe("no_email");
  });

  it("finds the chat's customer by exact e-mail and links to them in the shop admin, for any member", async () => {
    const chatID = await chatWith(owner.companyId, { name: "Mara", email: "mara@shop.example" });
    const before = shop.requestCount();
    for (const cookie of [owner.cookie, agentCookie]) {
      const answer = await getCustomer(chatID, cookie);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({
        status: "found",
        id: "gid://shopify/Customer/77",
        name: "Mara Jansen",
        adminURL: "https://admin.shopify.com/store/acme-outdoor/customers/77",
      });
    }
    expect(shop.requestCount() - before).toBe(2);

    // A customer known to the shop through their orders.
    const buyer = await chatWith(owner.companyId, { email: DEMO_CUSTOMER.email.toUpperCase() });
    const found = (await getCustomer(buyer)).body.data;
    expect(found.status).toBe("found");
    expect(found.adminURL).toMatch(/^https:\/\/admin\.shopify\.com\/store\/acme-outdoor\/customers\/\d+$/);

    const stranger = await chatWith(owner.companyId, { email: "nobody@shop.example" });
    expect((await getCustomer(stranger)).body.data).toEqual({
      status: "not_found",
      id: null,
      name: null,
      adminURL: null,
    });
  });

  it("refuses another company's chat and anonymous callers", async () => {
    const chatID = await chatWith(owner.companyId, { email: "mara@shop.example" });
    const before = shop.requestCount();
    const foreign = await getCustomer(chatID, rival.cookie);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ hasError: true, message: "This chat no longer exists.", data: null });
    expect((await h.api("POST", "/api/chat/shopify/get-customer", { body: { chatID } })).status).toBe(401);
    expect(shop.requestCount()).toBe(before);
  });

  it("says the shop is unavailable when it is down, in the envelope", async () => {
    const chatID = await chatWith(owner.companyId, { email: "mara@shop.example" });
    // The first try and the shared client's four retries.
    shop.failNextRequests(5, { status: 500 });
    const answer = await getCustomer(chatID);
    expect(answer.status).toBe(503);
    expect(answer.body.hasError).toBe(true);
    expect(answer.body.message).toMatch(/Shopify/);
  });
});

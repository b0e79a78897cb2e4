import type { Chat } from "@harbor/contract/chat";
import type { ChangeAddressResponse, ManageOrderGetResponse } from "@harbor/contract/orders";
import type { WidgetGetResponse, WidgetSettings } from "@harbor/contract/widget";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { chats, orderActions } from "../../db/schema/index";
import { demoShopOrders } from "../../integrations/shopify/shopify.fake-orders";
import { type FakeShopify, startFakeShopify } from "../../integrations/shopify/shopify.fake-server";

/**
 * A visitor's shipping-address change over HTTP (issue #17 items 3 and 9, decision 047): the
 * portal's rule, the order's state, the proof of the order, one orderUpdate per client key, and
 * the chat's record, against the Shopify fake on loopback and the real database.
 */
let h: Harness;
let shop: FakeShopify;
let owner: { companyId: string; cookie: string };
let widgetID: string;

const GET = "/api/widget/manage-order/get";
const CHANGE = "/api/widget/manage-order/change-address";

const NEW_ADDRESS = {
  firstName: "Emma",
  lastName: "de Vries",
  address1: "Damrak 1",
  address2: "3rd floor",
  city: "Amsterdam",
  zip: "1012 LG",
  countryCode: "NL",
  provinceCode: "NH",
  phone: "+31 6 12345678",
};

beforeAll(async () => {
  h = await createHarness({ visitorLimits: { eventsPerVisitor: 60, questionsPerVisitor: 100 } });
  shop = await startFakeShopify({ accessToken: "shpat_address", products: [], orders: demoShopOrders() });
  owner = await h.signUp("owner@address-shop.example");
  await h.app.services.integrationsRepository.save({
    companyId: owner.companyId,
    app: "shopify",
    publicCredentials: { shopName: shop.shopDomain },
    secrets: { adminApiAccessToken: "shpat_address" },
    baseUrl: shop.url,
  });
  widgetID = (await h.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId;
  await setPortal(true);
}, 120_000);

afterAll(async () => {
  await h?.close();
  await shop?.close();
});

/** The admin turns the portal's "Allow shipping address to be changed" on or off, as the settings API saves it. */
async function setPortal(allowAddressChange: boolean) {
  const form = new FormData();
  form.set("customerAccountPortal", JSON.stringify({ isActive: true, authentication: "orderID", allowAddressChange }));
  const saved = await h.api<WidgetSettings>("POST", "/api/widget-settings/save", { cookie: owner.cookie, body: form });
  expect(saved.status).toBe(200);
  expect(saved.body.data.customerAccountPortal.allowAddressChange).toBe(allowAddressChange);
}

async function newVisitor() {
  const got = await h.api<WidgetGetResponse>("POST", "/api/widget/get", { body: { widgetID } });
  return { widgetID, visitorToken: got.body.data.visitorToken };
}

const actionsFor = (clientKey: string) =>
  h.database.db
    .select()
    .from(orderActions)
    .where(and(eq(orderActions.companyId, owner.companyId), eq(orderActions.clientKey, clientKey)));

describe("POST /api/widget/manage-order/get, for an address change", () => {
  it("offers the change with the order's address only while nothing has shipped and the portal allows it", async () => {
    const visitor = await newVisitor();
    const unshipped = await h.api<ManageOrderGetResponse>("POST", GET, {
      body: { ...visitor, orderNumber: "1004", email: "emma@example.com" },
    });
    // #1004 is partly shipped: not allowed, though its address is shown to no one but the proven visitor.
    expect(unshipped.body.data.addressChange?.isAllowed).toBe(false);
    const open = await h.api<ManageOrderGetResponse>("POST", GET, {
      body: { ...visitor, orderNumber: "1003", email: "emma@example.com" },
    });
    expect(open.body.data.addressChange).toEqual({
      isAllowed: true,
      address: expect.objectContaining({ address1: "Prinsengracht 263", city: "Amsterdam", countryCode: "NL" }),
    });
    try {
      await setPortal(false);
      const off = await h.api<ManageOrderGetResponse>("POST", GET, {
        body: { ...visitor, orderNumber: "1003", email: "emma@example.com" },
      });
      expect(off.body.data.addressChange?.isAllowed).toBe(false);
    } finally {
      await setPortal(true);
    }
  });
});

describe("POST /api/widget/manage-order/change-address", () => {
  it("changes the address in Shopify once, records it on the chat, and a replay does not ask Shopify again", async () => {
    const visitor = await newVisitor();
    const clientKey = crypto.randomUUID();
    const body = {
      ...visitor,
      orderNumber: "1003",
      email: "emma@example.com",
      address: NEW_ADDRESS,
      clientKey,
      language: "nl",
    };
    const updatesBefore = shop.orderUpdateCount();
    const first = await h.api<ChangeAddressResponse>("POST", CHANGE, { body });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe("Your shipping address was changed.");
    expect(first.body.data).toMatchObject({ orderName: "#1003", isReplay: false, address: NEW_ADDRESS });
    expect(shop.order("#1003")?.shippingAddress).toMatchObject({ address1: "Damrak 1", zip: "1012 LG" });
    expect(shop.orderUpdateCount()).toBe(updatesBefore + 1);
    const chatID = first.body.data.chatID;
    expect(chatID).toEqual(expect.any(String));

    const requestsBefore = shop.requestCount();
    const replay = await h.api<ChangeAddressResponse>("POST", CHANGE, { body });
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual({ ...first.body.data, isReplay: true });
    expect(shop.requestCount()).toBe(requestsBefore);
    expect(shop.orderUpdateCount()).toBe(updatesBefore + 1);

    const rows = await actionsFor(clientKey);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      chatId: chatID,
      action: "shipping_address_change",
      app: "shopify",
      orderName: "#1003",
      verifiedBy: "email",
      status: "recorded",
      details: { from: expect.objectContaining({ address1: "Prinsengracht 263" }), to: NEW_ADDRESS },
    });

    // Staff see it once in the chat, worded in the visitor's language, and in the inbox list.
    const chat = await h.api<Chat>("POST", "/api/chat/", { cookie: owner.cookie, body: { chatID } });
    const events = chat.body.data.messages.filter((message) => message.eventType === "ORDER_ADDRESS_CHANGED");
    expect(events.map((event) => event.message)).toEqual([
      "Verzendadres van bestelling #1003 gewijzigd naar Emma de Vries, Damrak 1, 3rd floor, 1012 LG Amsterdam, NH, NL; geverifieerd via e-mail; uitgevoerd in Shopify.",
    ]);
    expect(events[0]?.messageData.orderAction).toMatchObject({
      action: "shipping_address_change",
      verifiedBy: "email",
      status: "recorded",
      address: { from: expect.objectContaining({ address1: "Prinsengracht 263" }), to: NEW_ADDRESS },
    });
    const list = await h.api<{ inbox: { chatID: string; lastMessage: string }[] }>("POST", "/api/chat/inbox", {
      cookie: owner.cookie,
      body: {},
    });
    expect(list.body.data.inbox.find((row) => row.chatID === chatID)?.lastMessage).toMatch(
      /^Verzendadres van bestelling #1003 gewijzigd/,
    );
  });

  it("refuses when the portal does not allow it, and opens no chat", async () => {
    const chatsOfCompany = () => h.database.db.select().from(chats).where(eq(chats.companyId, owner.companyId));
    const before = (await chatsOfCompany()).length;
    const updatesBefore = shop.orderUpdateCount();
    try {
      await setPortal(false);
      const clientKey = crypto.randomUUID();
      const refused = await h.api("POST", CHANGE, {
        body: { ...(await newVisitor()), orderNumber: "1003", phone: "+31612345678", address: NEW_ADDRESS, clientKey },
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        hasError: true,
        message: "This shop does not allow changing the shipping address here. Please ask in the chat.",
        data: null,
      });
      expect(await actionsFor(clientKey)).toHaveLength(0);
    } finally {
      await setPortal(true);
    }
    expect(await chatsOfCompany()).toHaveLength(before);
    expect(shop.orderUpdateCount()).toBe(updatesBefore);
  });

  it("refuses an order that has shipped or is cancelled", async () => {
    const visitor = await newVisitor();
    const updatesBefore = shop.orderUpdateCount();
    const change = (orderNumber: string) =>
      h.api("POST", CHANGE, {
        body: {
          ...visitor,
          orderNumber,
          email: "emma@example.com",
          address: NEW_ADDRESS,
          clientKey: crypto.randomUUID(),
        },
      });
    const shipped = await change("1001");
    expect(shipped.status).toBe(409);
    expect(shipped.body.message).toBe("Not eligible: this order has already shipped.");
    const partly = await change("1004");
    expect(partly.status).toBe(409);
    const cancelled = await change("1005");
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe("Not eligible: this order is cancelled.");
    expect(shop.orderUpdateCount()).toBe(updatesBefore);
  });

  it("answers a wrong identity as an unknown order and refuses another visitor's key", async () => {
    const visitor = await newVisitor();
    const updatesBefore = shop.orderUpdateCount();
    const clientKey = crypto.randomUUID();
    const wrong = await h.api("POST", CHANGE, {
      body: { ...visitor, orderNumber: "1003", email: "not-emma@example.com", address: NEW_ADDRESS, clientKey },
    });
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe("We couldn't find an order with these details.");
    expect(await actionsFor(clientKey)).toHaveLength(0);
    expect(shop.orderUpdateCount()).toBe(updatesBefore);

    const body = { ...visitor, orderNumber: "1003", email: "emma@example.com", address: NEW_ADDRESS, clientKey };
    expect((await h.api("POST", CHANGE, { body })).status).toBe(200);
    const stranger = await h.api("POST", CHANGE, { body: { ...body, ...(await newVisitor()) } });
    expect(stranger.status).toBe(409);
    // The same key for another address is not a retry either.
    const other = await h.api("POST", CHANGE, { body: { ...body, address: { ...NEW_ADDRESS, city: "Utrecht" } } });
    expect(other.status).toBe(409);
    expect(shop.orderUpdateCount()).toBe(updatesBefore + 1);
  });

  it("tells the visitor and the chat when Shopify refuses, and a replay gives the same refusal", async () => {
    const visitor = await newVisitor();
    const clientKey = crypto.randomUUID();
    const body = { ...visitor, orderNumber: "1003", email: "emma@example.com", address: NEW_ADDRESS, clientKey };
    shop.refuseNextOrderUpdate({ field: ["shippingAddress", "zip"], message: "Zip is not valid for Netherlands" });
    const refused = await h.api<ChangeAddressResponse>("POST", CHANGE, { body });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe("The shop refused this address: Zip is not valid for Netherlands");
    const [row] = await actionsFor(clientKey);
    expect(row).toMatchObject({
      status: "vendor_failed",
      vendorAnswer: { refusal: { status: 422 }, vendorMessage: "Zip is not valid for Netherlands" },
    });

    const requestsBefore = shop.requestCount();
    const replay = await h.api("POST", CHANGE, { body });
    expect(replay.status).toBe(422);
    expect(replay.body.message).toBe(refused.body.message);
    expect(shop.requestCount()).toBe(requestsBefore);

    const chat = await h.api<Chat>("POST", "/api/chat/", { cookie: owner.cookie, body: { chatID: row?.chatId } });
    const events = chat.body.data.messages.filter((message) => message.eventType === "ORDER_ADDRESS_CHANGED");
    expect(events.map((event) => event.message)).toEqual([
      "Changed the shipping address of order #1003 to Emma de Vries, Damrak 1, 3rd floor, 1012 LG Amsterdam, NH, NL; verified by e-mail; not done in Shopify: The shop refused this address: Zip is not valid for Netherlands.",
    ]);
    expect(events[0]?.messageData.orderAction).toMatchObject({ status: "vendor_failed" });
  });

  it.each([
    ["no address line", { address1: " " }, "Address is required"],
    ["no city", { city: "" }, "City is required"],
    ["a country not in the list", { countryCode: "ZZ" }, "Choose a country"],
    ["a postal code with symbols", { zip: "<1012>" }, "Enter a valid postal code"],
    ["a too long street", { address1: "x".repeat(121) }, "Keep this under 120 characters"],
    ["letters for a phone", { phone: "call me" }, "Enter a valid phone number"],
  ])("refuses %s with a 400 envelope", async (_name, change, message) => {
    const clientKey = crypto.randomUUID();
    const response = await h.api<{ fields: { field: string }[] }>("POST", CHANGE, {
      body: {
        ...(await newVisitor()),
        orderNumber: "1003",
        email: "emma@example.com",
        address: { ...NEW_ADDRESS, ...change },
        clientKey,
      },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ hasError: true, data: { fields: [expect.objectContaining({ message })] } });
    expect(response.body.data.fields[0]?.field).toMatch(/^address\./);
    expect(await actionsFor(clientKey)).toHaveLength(0);
  });
});

import type { Chat } from "@harbor/contract/chat";
import type {
  ChangeSubscriptionResponse,
  ListSubscriptionsResponse,
  ManageOrderGetResponse,
} from "@harbor/contract/orders";
import type { WidgetGetResponse } from "@harbor/contract/widget";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { orderActions } from "../../db/schema/index";
import { type FakeLoop, startFakeLoop } from "../../integrations/loop/loop.fake-server";
import { type FakeRecharge, startFakeRecharge } from "../../integrations/recharge/recharge.fake-server";
import { demoShopOrders } from "../../integrations/shopify/shopify.fake-orders";
import { type FakeShopify, startFakeShopify } from "../../integrations/shopify/shopify.fake-server";
import { demoSubscriptions } from "../orders/orders.module";

/**
 * The customer's Recharge subscriptions in the widget (issue #17 items 4 and 9, decision 045),
 * over HTTP against the Shopify, Recharge and Loop fakes on loopback and the real database: who
 * may see and change them, a change made once per key and told in the chat, Recharge's refusals.
 */
let h: Harness;
let shop: FakeShopify;
let recharge: FakeRecharge;
let busyRecharge: FakeRecharge;
let loop: FakeLoop;
let owner: { companyId: string; cookie: string };
let widgetID: string;
let busyWidgetID: string;
let bareWidgetID: string;
/** Recharge's own "today": moved ahead to make it refuse a date Harbor allows. */
let rechargeToday = new Date().toISOString().slice(0, 10);

const GET = "/api/widget/manage-order/get";
const LIST = "/api/widget/manage-order/subscriptions";
const CHANGE = "/api/widget/manage-order/change-subscription";
const EMMA = { id: 7001, email: "emma@example.com", first_name: "Emma", last_name: "de Vries" };
const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function workspace(email: string, rechargeAt: FakeRecharge | null) {
  const account = await h.signUp(email);
  await h.app.services.integrationsRepository.save({
    companyId: account.companyId,
    app: "shopify",
    publicCredentials: { shopName: shop.shopDomain },
    secrets: { adminApiAccessToken: "shpat_subs" },
    baseUrl: shop.url,
  });
  if (rechargeAt) {
    await h.app.services.integrationsRepository.save({
      companyId: account.companyId,
      app: "recharge",
      publicCredentials: {},
      secrets: { apiKey: "rc_key" },
      baseUrl: rechargeAt.url,
    });
  }
  return { ...account, widgetID: (await h.app.services.widgetRepository.findOrCreate(account.companyId)).widgetId };
}

beforeAll(async () => {
  h = await createHarness({ visitorLimits: { eventsPerVisitor: 60, questionsPerVisitor: 100 } });
  shop = await startFakeShopify({ accessToken: "shpat_subs", products: [], orders: demoShopOrders() });
  const [beans] = demoSubscriptions();
  if (!beans) throw new Error("the demo has subscriptions");
  const someoneElse = { ...beans, id: 9100, customer_id: 7002 };
  recharge = await startFakeRecharge({
    apiKey: "rc_key",
    customers: [EMMA, { id: 7002, email: "noah@example.com" }],
    subscriptions: [...demoSubscriptions(), someoneElse],
    today: () => rechargeToday,
  });
  // Two requests fit in its bucket and nothing leaks (its clock stands still): the third is a 429.
  busyRecharge = await startFakeRecharge({
    apiKey: "rc_key",
    customers: [EMMA],
    subscriptions: demoSubscriptions(),
    bucketSize: 2,
    now: () => 0,
  });
  loop = await startFakeLoop({
    apiKey: "loop_key",
    returns: [
      {
        id: 1,
        state: "open",
        created_at: "2026-11-20T10:00:00Z",
        updated_at: "2026-11-21T10:00:00Z",
        order_id: 1,
        order_name: "#1001",
        line_items: [],
      },
    ],
  });
  const main = await workspace("owner@subs-shop.example", recharge);
  owner = main;
  widgetID = main.widgetID;
  await h.app.services.integrationsRepository.save({
    companyId: main.companyId,
    app: "loop",
    publicCredentials: {},
    secrets: { apiKey: "loop_key" },
    baseUrl: loop.url,
  });
  busyWidgetID = (await workspace("owner@busy-shop.example", busyRecharge)).widgetID;
  bareWidgetID = (await workspace("owner@bare-shop.example", null)).widgetID;
}, 120_000);

afterAll(async () => {
  await h?.close();
  await Promise.all([shop?.close(), recharge?.close(), busyRecharge?.close(), loop?.close()]);
});

async function newVisitor(widget = widgetID) {
  const got = await h.api<WidgetGetResponse>("POST", "/api/widget/get", { body: { widgetID: widget } });
  return { widgetID: widget, visitorToken: got.body.data.visitorToken };
}

const proof = { orderNumber: "1003", email: "emma@example.com" };

async function setPortal(portal: { isActive: boolean; authentication: "orderID" | "email" | "phone" }) {
  const widget = await h.app.services.widgetRepository.findOrCreate(owner.companyId);
  await h.app.services.widgetRepository.saveSettings(owner.companyId, {
    ...widget.settings,
    customerAccountPortal: portal,
  });
}

const actionsFor = (clientKey: string) =>
  h.database.db
    .select()
    .from(orderActions)
    .where(and(eq(orderActions.companyId, owner.companyId), eq(orderActions.clientKey, clientKey)));

async function chatEvents(chatID: string) {
  const chat = await h.api<Chat>("POST", "/api/chat/", { cookie: owner.cookie, body: { chatID } });
  return chat.body.data.messages.filter((message) => message.eventType === "SUBSCRIPTION_CHANGED");
}

describe("the order's screen (POST /api/widget/manage-order/get)", () => {
  it("offers subscriptions when the order was proven by its e-mail, and shows its returns in Loop", async () => {
    const visitor = await newVisitor();
    const byEmail = await h.api<ManageOrderGetResponse>("POST", GET, { body: { ...visitor, ...proof } });
    expect(byEmail.body.data.hasSubscriptions).toBe(true);
    expect(byEmail.body.data.returns).toEqual({ isAvailable: true, items: [] });

    const shipped = await h.api<ManageOrderGetResponse>("POST", GET, {
      body: { ...visitor, orderNumber: "1001", phone: "+31 6 12345678" },
    });
    // A phone proves the order, not the mailbox Recharge knows the customer by.
    expect(shipped.body.data.hasSubscriptions).toBe(false);
    expect(shipped.body.data.returns).toEqual({
      isAvailable: true,
      items: [{ state: "open", createdAt: "2026-11-20T10:00:00Z", updatedAt: "2026-11-21T10:00:00Z" }],
    });

    const bare = await h.api<ManageOrderGetResponse>("POST", GET, {
      body: { ...(await newVisitor(bareWidgetID)), ...proof },
    });
    expect(bare.body.data.hasSubscriptions).toBe(false);
    expect(bare.body.data.returns).toBeNull();
  });

  it("says Loop did not answer rather than that there are no returns", async () => {
    loop.failNextRequests(1, { status: 503 });
    const answer = await h.api<ManageOrderGetResponse>("POST", GET, { body: { ...(await newVisitor()), ...proof } });
    expect(answer.status).toBe(200);
    expect(answer.body.data.returns).toEqual({ isAvailable: false, items: [] });
  });
});

describe("POST /api/widget/manage-order/subscriptions", () => {
  it("lists the customer's active subscriptions and the shop's today, never another customer's", async () => {
    const answer = await h.api<ListSubscriptionsResponse>("POST", LIST, {
      body: { ...(await newVisitor()), ...proof },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.today).toBe(new Date().toISOString().slice(0, 10));
    expect(answer.body.data.subscriptions.map((item) => item.id)).toEqual([9001, 9002]);
    expect(answer.body.data.subscriptions[0]).toMatchObject({
      product_title: "House blend coffee beans",
      quantity: 2,
      price: "18.50",
      presentment_currency: "EUR",
      order_interval_frequency: 2,
      order_interval_unit: "week",
    });
  });

  it("refuses a wrong e-mail as an unknown order, a phone proof, and a shop without Recharge", async () => {
    const wrong = await h.api("POST", LIST, {
      body: { ...(await newVisitor()), orderNumber: "1003", email: "x@example.com" },
    });
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe("We couldn't find an order with these details.");
    const byPhone = await h.api("POST", LIST, {
      body: { ...(await newVisitor()), orderNumber: "1003", phone: "+31612345678" },
    });
    expect(byPhone.status).toBe(403);
    const bare = await h.api("POST", LIST, { body: { ...(await newVisitor(bareWidgetID)), ...proof } });
    expect(bare.status).toBe(404);
    expect(bare.body.message).toBe("Subscriptions are not available for this shop.");
  });

  it("tells a Recharge outage and its rate limit apart", async () => {
    recharge.failNextRequests(1, { status: 429, retryAfterSeconds: 1 });
    const busy = await h.api("POST", LIST, { body: { ...(await newVisitor()), ...proof } });
    expect(busy.status).toBe(429);
    expect(busy.body.message).toBe("The subscription app is busy. Please try again in a minute.");
    recharge.failNextRequests(1, { status: 503 });
    const down = await h.api("POST", LIST, { body: { ...(await newVisitor()), ...proof } });
    expect(down.status).toBe(503);
  });
});

describe("POST /api/widget/manage-order/change-subscription", () => {
  it("moves the next charge once per key, records it on the chat for staff, and a replay acts not again", async () => {
    const visitor = await newVisitor();
    const clientKey = crypto.randomUUID();
    const date = dayAfter(9);
    const body = {
      ...visitor,
      ...proof,
      subscriptionID: 9001,
      change: { kind: "next_charge_date", date },
      clientKey,
    };
    const writesBefore = recharge.writes.length;
    const first = await h.api<ChangeSubscriptionResponse>("POST", CHANGE, { body });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      isReplay: false,
      subscription: { id: 9001, next_charge_scheduled_at: date },
    });
    expect(recharge.subscription(9001)?.next_charge_scheduled_at).toBe(date);
    expect(recharge.writes.slice(writesBefore)).toEqual([
      { method: "POST", path: "/subscriptions/9001/set_next_charge_date", body: { date } },
    ]);
    const chatID = first.body.data.chatID as string;
    expect(chatID).toEqual(expect.any(String));

    const requestsBefore = recharge.requestCount();
    const replay = await h.api<ChangeSubscriptionResponse>("POST", CHANGE, { body });
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual({ ...first.body.data, isReplay: true });
    expect(recharge.requestCount()).toBe(requestsBefore);

    const rows = await actionsFor(clientKey);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      chatId: chatID,
      action: "subscription_next_charge_date",
      app: "recharge",
      orderName: "#1003",
      verifiedBy: "email",
      status: "recorded",
      details: { subscriptionId: 9001, productTitle: "House blend coffee beans", to: date },
    });
    const events = await chatEvents(chatID);
    expect(events).toHaveLength(1);
    expect(events[0]?.message).toMatch(
      new RegExp(
        `^Moved the next charge of House blend coffee beans from \\d{4}-\\d{2}-\\d{2} to ${date}; verified by e-mail for order #1003; done in Recharge\\.$`,
      ),
    );
    expect(events[0]?.messageData.orderAction).toMatchObject({
      action: "subscription_next_charge_date",
      subscription: { id: 9001, change: "next_charge_date", to: date },
      status: "recorded",
    });
    // The inbox list previews it, as it does a cancellation request.
    const list = await h.api<{ inbox: { chatID: string; lastMessage: string }[] }>("POST", "/api/chat/inbox", {
      cookie: owner.cookie,
      body: {},
    });
    expect(list.body.data.inbox.find((row) => row.chatID === chatID)?.lastMessage).toMatch(/^Moved the next charge/);
  });

  it("changes the frequency (all three interval fields together) and words the record in the visitor's language", async () => {
    const visitor = await newVisitor();
    const body = {
      ...visitor,
      ...proof,
      subscriptionID: 9002,
      change: { kind: "frequency", frequency: 3, unit: "week" },
      clientKey: crypto.randomUUID(),
      language: "nl",
    };
    const answer = await h.api<ChangeSubscriptionResponse>("POST", CHANGE, { body });
    expect(answer.status).toBe(200);
    expect(answer.body.data.subscription).toMatchObject({ order_interval_frequency: 3, order_interval_unit: "week" });
    expect(recharge.writes.at(-1)).toEqual({
      method: "PUT",
      path: "/subscriptions/9002",
      body: { order_interval_frequency: 3, order_interval_unit: "week", charge_interval_frequency: 3 },
    });
    const events = await chatEvents(answer.body.data.chatID as string);
    expect(events.map((event) => event.message)).toEqual([
      "Paper filters gewijzigd van elke maand naar elke 3 weken; geverifieerd via e-mail voor bestelling #1003; uitgevoerd in Recharge.",
    ]);
  });

  it.each([
    [
      "a date before today",
      { kind: "next_charge_date", date: dayAfter(-1) },
      9001,
      400,
      "Choose today or a later date.",
    ],
    [
      "a date that does not exist",
      { kind: "next_charge_date", date: "2030-02-30" },
      9001,
      400,
      "change.date: Choose a date",
    ],
    [
      "a frequency of 0",
      { kind: "frequency", frequency: 0, unit: "week" },
      9001,
      400,
      "change.frequency: Enter a whole number from 1 to 365",
    ],
    ["a unit Recharge lacks", { kind: "frequency", frequency: 1, unit: "year" }, 9001, 400, null],
    [
      "another customer's subscription",
      { kind: "next_charge_date", date: dayAfter(3) },
      9100,
      404,
      "We couldn't find this subscription.",
    ],
  ])(
    "refuses %s before Recharge is asked to change anything",
    async (_name, change, subscriptionID, status, message) => {
      const writesBefore = recharge.writes.length;
      const clientKey = crypto.randomUUID();
      const response = await h.api("POST", CHANGE, {
        body: { ...(await newVisitor()), ...proof, subscriptionID, change, clientKey },
      });
      expect(response.status).toBe(status);
      expect(response.body.hasError).toBe(true);
      if (message) expect(response.body.message).toBe(message);
      expect(recharge.writes.length).toBe(writesBefore);
      expect(await actionsFor(clientKey)).toHaveLength(0);
    },
  );

  it("refuses a missing key, a wrong e-mail and a phone proof", async () => {
    const change = { kind: "next_charge_date", date: dayAfter(4) };
    const base = { subscriptionID: 9001, change, clientKey: crypto.randomUUID() };
    const noKey = await h.api("POST", CHANGE, {
      body: { ...(await newVisitor()), ...proof, subscriptionID: 9001, change },
    });
    expect(noKey.status).toBe(400);
    const wrong = await h.api("POST", CHANGE, {
      body: { ...(await newVisitor()), orderNumber: "1003", email: "noah@example.com", ...base },
    });
    expect(wrong.status).toBe(404);
    const byPhone = await h.api("POST", CHANGE, {
      body: { ...(await newVisitor()), orderNumber: "1003", phone: "+31612345678", ...base },
    });
    expect(byPhone.status).toBe(403);
  });

  it("refuses another visitor's key and the same key for another change", async () => {
    const visitor = await newVisitor();
    const clientKey = crypto.randomUUID();
    const body = {
      ...visitor,
      ...proof,
      subscriptionID: 9001,
      change: { kind: "next_charge_date", date: dayAfter(5) },
      clientKey,
    };
    expect((await h.api("POST", CHANGE, { body })).status).toBe(200);
    const writesBefore = recharge.writes.length;
    const stranger = await h.api("POST", CHANGE, { body: { ...body, ...(await newVisitor()) } });
    expect(stranger.status).toBe(409);
    const other = await h.api("POST", CHANGE, {
      body: { ...body, change: { kind: "next_charge_date", date: dayAfter(6) } },
    });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe("This request was already used.");
    expect(recharge.writes.length).toBe(writesBefore);
  });

  it("shows Recharge's refusal (422), records it for staff, and a replay answers it again without asking Recharge", async () => {
    rechargeToday = dayAfter(30);
    try {
      const visitor = await newVisitor();
      const body = {
        ...visitor,
        ...proof,
        subscriptionID: 9002,
        change: { kind: "next_charge_date", date: dayAfter(2) },
        clientKey: crypto.randomUUID(),
      };
      const refused = await h.api("POST", CHANGE, { body });
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({
        hasError: true,
        message: expect.stringMatching(/^The subscription app refused this change: .*Date must be in the future/),
        data: null,
      });
      const [row] = await actionsFor(body.clientKey);
      expect(row).toMatchObject({ status: "vendor_failed", vendorAnswer: { vendorStatus: 422 } });
      const events = await chatEvents(row?.chatId as string);
      expect(events).toHaveLength(1);
      expect(events[0]?.message).toMatch(/not done in Recharge: The subscription app refused this change/);
      expect(events[0]?.messageData.orderAction).toMatchObject({ status: "vendor_failed" });

      const requestsBefore = recharge.requestCount();
      const replay = await h.api("POST", CHANGE, { body });
      expect(replay.status).toBe(422);
      expect(replay.body.message).toBe(refused.body.message);
      expect(recharge.requestCount()).toBe(requestsBefore);
      expect(await chatEvents(row?.chatId as string)).toHaveLength(1);
    } finally {
      rechargeToday = new Date().toISOString().slice(0, 10);
    }
  });

  it("follows the portal: switched off it refuses, with e-mail codes it needs the mailed code", async () => {
    const visitor = await newVisitor();
    const change = { kind: "next_charge_date", date: dayAfter(7) };
    const writesBefore = recharge.writes.length;
    try {
      await setPortal({ isActive: false, authentication: "orderID" });
      expect((await h.api("POST", LIST, { body: { ...visitor, ...proof } })).status).toBe(403);
      const off = await h.api("POST", CHANGE, {
        body: { ...visitor, ...proof, subscriptionID: 9001, change, clientKey: crypto.randomUUID() },
      });
      expect(off.status).toBe(403);

      await setPortal({ isActive: true, authentication: "email" });
      const noCode = await h.api("POST", LIST, { body: { ...visitor, ...proof } });
      expect(noCode.status).toBe(400);
      expect(noCode.body.message).toBe("Enter the code we sent to your e-mail.");
      expect(recharge.writes.length).toBe(writesBefore);

      const before = h.smtp.countTo("emma@example.com");
      expect(
        (await h.api("POST", "/api/widget/manage-order/send-code", { body: { ...visitor, ...proof } })).status,
      ).toBe(200);
      const code = /Your code: (\d{6})/.exec((await h.smtp.latestTo("emma@example.com", { after: before })).text)?.[1];
      const listed = await h.api<ListSubscriptionsResponse>("POST", LIST, { body: { ...visitor, ...proof, code } });
      expect(listed.status).toBe(200);
      const clientKey = crypto.randomUUID();
      const changed = await h.api("POST", CHANGE, {
        body: { ...visitor, ...proof, code, subscriptionID: 9001, change, clientKey },
      });
      expect(changed.status).toBe(200);
      expect((await actionsFor(clientKey))[0]?.verifiedBy).toBe("email_code");
      const events = await chatEvents((await actionsFor(clientKey))[0]?.chatId as string);
      expect(events[0]?.message).toContain("verified by a code sent by e-mail for order #1003");
    } finally {
      await setPortal({ isActive: true, authentication: "orderID" });
    }
  });

  it("answers Recharge's 429 on the change itself as busy, recorded once, and a replay does not ask again", async () => {
    const visitor = await newVisitor(busyWidgetID);
    const body = {
      ...visitor,
      ...proof,
      subscriptionID: 9001,
      change: { kind: "frequency", frequency: 1, unit: "month" },
      clientKey: crypto.randomUUID(),
    };
    const busy = await h.api("POST", CHANGE, { body });
    expect(busy.status).toBe(429);
    expect(busy.body.message).toBe("The subscription app is busy. Please try again in a minute.");
    expect(busyRecharge.writes).toHaveLength(0);
    const requestsBefore = busyRecharge.requestCount();
    const replay = await h.api("POST", CHANGE, { body });
    expect(replay.status).toBe(429);
    expect(busyRecharge.requestCount()).toBe(requestsBefore);
  });
});

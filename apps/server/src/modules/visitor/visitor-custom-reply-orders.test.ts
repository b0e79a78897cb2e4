import type { CustomReply, QuestionCategory } from "@harbor/contract/automation";
import type { Chat as ChatDetail } from "@harbor/contract/chat";
import type { CustomReplyActionInput } from "@harbor/contract/custom-reply-actions";
import type { AddEventAck } from "@harbor/contract/realtime";
import type { VisitorChat, VisitorMessage } from "@harbor/contract/widget";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { ackData, askQuestion, connectVisitor, emitWithAck } from "../../../test/realtime-clients";
import { chats } from "../../db/schema/index";
import { demoShopOrders, type FakeShopifyOrder } from "../../integrations/shopify/shopify.fake-orders";
import { type FakeShopify, startFakeShopify } from "../../integrations/shopify/shopify.fake-server";

/**
 * A custom reply that looks an order up (issue #16, decision 049): a form collects the order
 * number and the e-mail or phone, get_order asks the company's shop (the protocol-faithful fake
 * Shopify on loopback) through the AI order flow's lookup, a condition branches on the outcome and
 * show_order posts the order card, only for the e-mail or phone the order was placed with.
 */
let h: Harness;
let shop: FakeShopify;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let unconnected: Awaited<ReturnType<Harness["signUp"]>>;
let widgetID: string;
let unconnectedWidgetID: string;

/** The demo orders, #1001 placed by a@b.com with a Dutch mobile number. */
function testOrders(): FakeShopifyOrder[] {
  return demoShopOrders().map((order) =>
    order.name === "#1001"
      ? {
          ...order,
          email: "a@b.com",
          phone: "+31 6 55501001",
          customer: { firstName: "Ada", lastName: "Byron", email: "a@b.com", phone: "+31 6 55501001" },
        }
      : order,
  );
}

const text = (id: string, content: string): CustomReplyActionInput => ({
  _id: id,
  actionType: "message_content",
  message: { content },
});

const NOT_FOUND_TEXT = "We could not find that order with these details.";
const NO_SHOP_TEXT = "Order tracking is not available here; a person will help you.";
const INCOMPLETE_TEXT = "We need your order number and the e-mail or phone you ordered with.";
const LOCKED_TEXT = "Too many tries; a person will help you find your order.";
const OTHER_TEXT = "We cannot look your order up right now; a person will help you.";
const FOUND_TEXT = "Anything else about this order?";

/** Form → get_order → condition (found / no shop / else) → show_order on the found branch. */
const orderReply = (): { _id: string; actions: CustomReplyActionInput[] }[] => [
  {
    _id: "start",
    actions: [
      {
        _id: "details",
        actionType: "form",
        form: { title: "Your order" },
        dataModel: {
          fields: [
            { key: "orderNo", title: "Order number", required: true },
            { key: "contactEmail", title: "E-mail" },
            { key: "contactPhone", title: "Phone" },
          ],
        },
      },
      {
        _id: "look",
        actionType: "integration_event",
        integrationEvent: {
          appType: "shopify",
          event: "get_order",
          orderKeys: { orderNumber: "orderNo", email: "contactEmail", phone: "contactPhone" },
        },
      },
      {
        _id: "route",
        actionType: "condition",
        branches: [
          {
            conditions: [{ parameter: { key: "orderResult" }, operator: "equals", compareValue: { value: "found" } }],
            nextNode: { nodeID: "found" },
          },
          {
            conditions: [
              { parameter: { key: "orderResult" }, operator: "equals", compareValue: { value: "not_connected" } },
            ],
            nextNode: { nodeID: "noShop" },
          },
          {
            conditions: [
              { parameter: { key: "orderResult" }, operator: "equals", compareValue: { value: "not_found" } },
            ],
            nextNode: { nodeID: "missing" },
          },
          {
            conditions: [
              { parameter: { key: "orderResult" }, operator: "equals", compareValue: { value: "missing_details" } },
            ],
            nextNode: { nodeID: "incomplete" },
          },
          {
            conditions: [{ parameter: { key: "orderResult" }, operator: "equals", compareValue: { value: "locked" } }],
            nextNode: { nodeID: "locked" },
          },
          { conditions: [], nextNode: { nodeID: "other" } },
        ],
      },
    ],
  },
  {
    _id: "found",
    actions: [
      { _id: "card", actionType: "integration_event", integrationEvent: { appType: "shopify", event: "show_order" } },
      text("more", FOUND_TEXT),
    ],
  },
  { _id: "noShop", actions: [text("no-shop", NO_SHOP_TEXT)] },
  { _id: "missing", actions: [text("not-found", NOT_FOUND_TEXT)] },
  { _id: "incomplete", actions: [text("incomplete-text", INCOMPLETE_TEXT)] },
  { _id: "locked", actions: [text("locked-text", LOCKED_TEXT)] },
  { _id: "other", actions: [text("other-text", OTHER_TEXT)] },
];

async function setUpReply(cookie: string) {
  const saved = await h.api<CustomReply>("POST", "/api/custom-reply/save", {
    cookie,
    body: { name: "Parcel status", nodes: orderReply() },
  });
  expect(saved.status, saved.body.message).toBe(200);
  const category = await h.api<QuestionCategory>("POST", "/api/question-category/add", {
    cookie,
    body: { title: "Parcels", description: "parcel courier delivery status", customReplyID: saved.body.data._id },
  });
  expect(category.status, category.body.message).toBe(200);
  return saved.body.data._id;
}

beforeAll(async () => {
  h = await createHarness({ visitorLimits: { questionsPerVisitor: 100 } });
  shop = await startFakeShopify({ accessToken: "shpat_reply_orders", products: [], orders: testOrders() });
  owner = await h.signUp("owner@reply-orders.example");
  await h.app.services.integrationsRepository.save({
    companyId: owner.companyId,
    app: "shopify",
    publicCredentials: { shopName: shop.shopDomain },
    secrets: { adminApiAccessToken: "shpat_reply_orders" },
    baseUrl: shop.url,
  });
  widgetID = (await h.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId;
  await setUpReply(owner.cookie);
  unconnected = await h.signUp("owner@reply-orders-no-shop.example");
  unconnectedWidgetID = (await h.app.services.widgetRepository.findOrCreate(unconnected.companyId)).widgetId;
  await setUpReply(unconnected.cookie);
}, 120_000);

afterAll(async () => {
  await h?.close();
  await shop?.close();
});

type Visitor = Awaited<ReturnType<typeof connectVisitor>>;

const settled = () => h.app.services.visitorService.drain();

async function chatOf(visitor: Visitor, chatID: string) {
  return ackData(await emitWithAck<VisitorChat>(visitor.socket, "join-chat-room", { chatID }));
}

/** A visitor whose question started the reply, waiting at its form (a visitor already connected asks again). */
async function atTheForm(widget = widgetID, connected?: Visitor) {
  const visitor = connected ?? (await connectVisitor(h, widget));
  const asked = ackData(await askQuestion(visitor.socket, "I have a question about a parcel courier", null));
  await settled();
  const waiting = (await chatOf(visitor, asked.chatID)).messages.at(-1);
  expect(waiting?.messageType).toBe("form");
  expect(waiting?.messageData.customReplyStep).toEqual({ nodeID: "start", actionID: "details" });
  return { visitor, chatID: asked.chatID };
}

function sendForm(visitor: Visitor, chatID: string, values: Record<string, string>, clientMessageID?: string) {
  return emitWithAck<AddEventAck>(visitor.socket, "add-event", {
    event: "CUSTOM_REPLY_FORM",
    chatID,
    clientMessageID: clientMessageID ?? crypto.randomUUID(),
    actionID: "details",
    values,
  });
}

/** What the reply sent after the visitor's form, as the visitor's widget reads it after a reload. */
async function afterTheForm(visitor: Visitor, chatID: string) {
  const messages = (await chatOf(visitor, chatID)).messages;
  const formAt = messages.findIndex((m) => m.senderRole === "customer" && m.messageType === "form");
  return messages.slice(formAt + 1);
}

async function staffSteps(chatID: string, cookie = owner.cookie) {
  const view = await h.api<ChatDetail>("POST", "/api/chat/", { cookie, body: { chatID } });
  expect(view.status, view.body.message).toBe(200);
  return view.body.data.messages.filter((m) => m.messageData.customReplyID);
}

describe("a custom reply looks up the visitor's order", () => {
  it.each([
    ["the order's e-mail (any case)", { orderNo: "1001", contactEmail: "A@B.com" }],
    ["the order's phone written nationally", { orderNo: "#1001", contactPhone: "06 5550 1001" }],
  ])("shows the card of the shop's order for %s, then goes on along the found branch", async (_, values) => {
    const { visitor, chatID } = await atTheForm();
    ackData(await sendForm(visitor, chatID, values));
    await settled();
    const sent = await afterTheForm(visitor, chatID);
    expect(sent.map((m) => [m.messageType, m.messageData.order?.order.name ?? null])).toEqual([
      ["answer", "#1001"],
      ["answer", null],
    ]);
    const [card, more] = sent;
    // The same card and words the AI's order flow gives: everything read from the shop.
    const shopOrder = testOrders().find((order) => order.name === "#1001");
    expect(card?.messageData.order?.customer?.email).toBe("a@b.com");
    expect(card?.messageData.order?.fulfillments.length).toBe(shopOrder?.fulfillments.length);
    expect(card?.message).toContain("1001");
    expect(card?.messageData.customReplyStep).toEqual({ nodeID: "found", actionID: "card" });
    expect(more?.message).toBe(FOUND_TEXT);
    // The open widget received the card as it was stored.
    await visitor.events.waitFor<{ message: VisitorMessage }>(
      "chat-message",
      (p) => p.message._id === card?._id && p.message.messageData.order?.order.name === "#1001",
    );
    // Staff see which branch the outcome took.
    const condition = (await staffSteps(chatID)).find((m) => m.messageType === "condition");
    expect(condition?.messageData.condition).toMatchObject({ field: "orderResult", value: "found" });
    const [row] = await h.db.select().from(chats).where(eq(chats.id, chatID));
    expect(row?.customReplyState).toBeNull();
    visitor.socket.close();
  });

  it.each([
    [
      "someone else's e-mail for an existing order",
      { orderNo: "1001", contactEmail: "mallory@example.com" },
      "not_found",
    ],
    ["someone else's phone for an existing order", { orderNo: "1001", contactPhone: "+31 6 99999999" }, "not_found"],
    ["an order number the shop does not have", { orderNo: "9999", contactEmail: "a@b.com" }, "not_found"],
    ["no e-mail or phone at all", { orderNo: "1001" }, "missing_details"],
  ])("branches on the outcome for %s, with no card", async (_, values, outcome) => {
    const { visitor, chatID } = await atTheForm();
    ackData(await sendForm(visitor, chatID, values));
    await settled();
    const sent = await afterTheForm(visitor, chatID);
    expect(sent.map((m) => m.message)).toEqual([outcome === "not_found" ? NOT_FOUND_TEXT : INCOMPLETE_TEXT]);
    const staff = await staffSteps(chatID);
    expect(staff.some((m) => m.messageData.order)).toBe(false);
    expect(staff.find((m) => m.messageType === "condition")?.messageData.condition).toMatchObject({
      field: "orderResult",
      value: outcome,
    });
    visitor.socket.close();
  });

  it("after three misses the visitor's lookups stop: even the right e-mail then branches on 'locked'", async () => {
    const visitor = await connectVisitor(h, widgetID);
    for (let miss = 0; miss < 3; miss++) {
      const { chatID } = await atTheForm(widgetID, visitor);
      ackData(await sendForm(visitor, chatID, { orderNo: "1001", contactEmail: `guess${miss}@example.com` }));
      await settled();
      expect((await afterTheForm(visitor, chatID)).map((m) => m.message)).toEqual([NOT_FOUND_TEXT]);
    }
    const { chatID } = await atTheForm(widgetID, visitor);
    ackData(await sendForm(visitor, chatID, { orderNo: "1001", contactEmail: "a@b.com" }));
    await settled();
    const sent = await afterTheForm(visitor, chatID);
    expect(sent.map((m) => m.message)).toEqual([LOCKED_TEXT]);
    const condition = (await staffSteps(chatID)).find((m) => m.messageType === "condition");
    expect(condition?.messageData.condition).toMatchObject({ field: "orderResult", value: "locked" });
    const [row] = await h.db.select().from(chats).where(eq(chats.id, chatID));
    expect(row?.customReplyState).toBeNull();
    visitor.socket.close();
  });

  it("without a connected shop, branches to the reply's own words for that", async () => {
    const { visitor, chatID } = await atTheForm(unconnectedWidgetID);
    ackData(await sendForm(visitor, chatID, { orderNo: "1001", contactEmail: "a@b.com" }));
    await settled();
    const sent = await afterTheForm(visitor, chatID);
    expect(sent.map((m) => m.message)).toEqual([NO_SHOP_TEXT]);
    expect(sent.some((m) => m.messageData.order)).toBe(false);
    const condition = (await staffSteps(chatID, unconnected.cookie)).find((m) => m.messageType === "condition");
    expect(condition?.messageData.condition).toMatchObject({ field: "orderResult", value: "not_connected" });
    visitor.socket.close();
  });

  it("an order question the admin routed to this reply runs it, not the built-in order flow (decision 056)", async () => {
    const visitor = await connectVisitor(h, widgetID);
    // "Where is my parcel?" is an order question to the turn step and a "Parcels" question to the classifier.
    const asked = ackData(await askQuestion(visitor.socket, "Where is my parcel?", null));
    await settled();
    const messages = (await chatOf(visitor, asked.chatID)).messages;
    const waiting = messages.at(-1);
    expect(waiting?.messageType).toBe("form");
    expect(waiting?.messageData.customReplyStep).toEqual({ nodeID: "start", actionID: "details" });
    // The built-in flow's request for the order number was never sent beside it.
    expect(messages.filter((m) => m.senderRole !== "customer" && /order number/i.test(m.message))).toEqual([]);
    ackData(await sendForm(visitor, asked.chatID, { orderNo: "1001", contactEmail: "a@b.com" }));
    await settled();
    const sent = await afterTheForm(visitor, asked.chatID);
    expect(sent.map((m) => m.messageData.order?.order.name ?? m.message)).toEqual(["#1001", FOUND_TEXT]);
    visitor.socket.close();
  });

  it("an order question no reply is routed for, and the visitor's answer to it, stay with the built-in order flow", async () => {
    const visitor = await connectVisitor(h, widgetID);
    // Nothing in it speaks of parcels or couriers: the classifier routes it nowhere.
    const asked = ackData(await askQuestion(visitor.socket, "Where is my order?", null));
    await settled();
    const request = (await chatOf(visitor, asked.chatID)).messages.at(-1);
    expect(request?.messageType).not.toBe("form");
    expect(request?.messageData.customReplyID ?? null).toBeNull();
    // The details it asked for, even in words the reply's category knows, are looked up, not rerouted.
    ackData(await askQuestion(visitor.socket, "parcel order 1001, a@b.com", asked.chatID));
    await settled();
    const reply = (await chatOf(visitor, asked.chatID)).messages.at(-1);
    expect(reply?.messageData.order?.order.name).toBe("#1001");
    expect(reply?.messageData.customReplyID ?? null).toBeNull();
    visitor.socket.close();
  });

  it("a replayed form (sent twice at once, then again) looks the order up and shows it once", async () => {
    const { visitor, chatID } = await atTheForm();
    const clientMessageID = crypto.randomUUID();
    const values = { orderNo: "1001", contactEmail: "a@b.com" };
    const [first, second] = await Promise.all([
      sendForm(visitor, chatID, values, clientMessageID),
      sendForm(visitor, chatID, values, clientMessageID),
    ]);
    await settled();
    const third = await sendForm(visitor, chatID, values, clientMessageID);
    await settled();
    expect(ackData(second).message._id).toBe(ackData(first).message._id);
    expect(ackData(third).message._id).toBe(ackData(first).message._id);
    const steps = await staffSteps(chatID);
    expect(steps.filter((m) => m.messageData.order).length).toBe(1);
    expect(steps.filter((m) => m.messageType === "condition").length).toBe(1);
    expect(steps.filter((m) => m.senderRole === "customer").length).toBe(1);
    // A new form for the finished reply is refused rather than run.
    expect(await sendForm(visitor, chatID, values)).toEqual({
      ok: false,
      message: "This question has been answered already.",
    });
    visitor.socket.close();
  });
});

import type { Chat } from "@harbor/contract/chat";
import { orderCardSchema } from "@harbor/contract/orders";
import { type TurnRecord, turnOf } from "@harbor/contract/turn";
import type { VisitorMessage } from "@harbor/contract/widget";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { ackData, connectStaff, connectVisitor, emitWithAck } from "../../../test/realtime-clients";
import { demoShopOrders, type FakeShopifyOrder } from "../../integrations/shopify/shopify.fake-orders";
import { type FakeShopify, startFakeShopify } from "../../integrations/shopify/shopify.fake-server";

/**
 * Order questions answered from the shop, as a visitor has them over the /visitor channel: the
 * order's real state and its card when the details match, the same "not found" for an unknown
 * order and for someone else's, lookups stopped after three misses, and the honest handoff when
 * no shop is connected.
 */
let h: Harness;
let shop: FakeShopify;
let connected: { companyId: string; cookie: string; widgetID: string };
let unconnected: { widgetID: string };

/** The demo orders, #1001 placed by a@b.com (the shop's other orders keep their customer). */
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

beforeAll(async () => {
  h = await createHarness({ visitorLimits: { questionsPerVisitor: 100 } });
  shop = await startFakeShopify({ accessToken: "shpat_orders", products: [], orders: testOrders() });
  const owner = await h.signUp("owner@orders-shop.example");
  await h.app.services.integrationsRepository.save({
    companyId: owner.companyId,
    app: "shopify",
    publicCredentials: { shopName: shop.shopDomain },
    secrets: { adminApiAccessToken: "shpat_orders" },
    baseUrl: shop.url,
  });
  connected = {
    companyId: owner.companyId,
    cookie: owner.cookie,
    widgetID: (await h.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId,
  };
  const other = await h.signUp("owner@no-shop.example");
  unconnected = { widgetID: (await h.app.services.widgetRepository.findOrCreate(other.companyId)).widgetId };
}, 120_000);

afterAll(async () => {
  await h?.close();
  await shop?.close();
});

type Visitor = Awaited<ReturnType<typeof connectVisitor>>;

async function say(visitor: Visitor, chatID: string | null, text: string, language: "en" | "nl" | "he" = "en") {
  const ack = ackData(
    await emitWithAck<{ chatID: string; message: VisitorMessage }>(visitor.socket, "ask-question", {
      chatID,
      clientMessageID: crypto.randomUUID(),
      question: text,
      language,
    }),
  );
  const reply = await visitor.events.waitFor<{ chatID: string; message: VisitorMessage }>(
    "chat-message",
    (payload) => payload.message.senderRole === "ai" && payload.message.messageData.questionID === ack.message._id,
    15_000,
  );
  return { chatID: ack.chatID, reply: reply.message, turn: turnOf(reply.message.messageData) as TurnRecord };
}

describe("an order question with the order number and e-mail", () => {
  it.each([
    ["en", "where is my order #1001, a@b.com", "Order #1001 has been shipped and is on its way."],
    ["nl", "waar is mijn bestelling #1001? a@b.com", "Bestelling #1001 is verzonden en onderweg."],
    ["he", "איפה ההזמנה שלי #1001, a@b.com", "הזמנה #1001 נשלחה והיא בדרך."],
  ] as const)(
    "%s: the shop's status and the order card, in the widget and the inbox",
    async (language, text, status) => {
      const visitor = await connectVisitor(h, connected.widgetID);
      const { chatID, reply, turn } = await say(visitor, null, text, language);
      expect(turn).toMatchObject({ intent: "order_question", outcome: "order_lookup", resolvePrompt: true });
      expect(reply.message.startsWith(status)).toBe(true);
      expect(reply.message).toContain("DHL Express");
      expect(reply.message).toContain("JD014600006281230981");

      const card = orderCardSchema.parse(reply.messageData.order);
      expect(card.order).toMatchObject({ name: "#1001", financialStatus: "paid", cancelledAt: null });
      expect(card.customer).toEqual({ name: "Ada Byron", email: "a@b.com" });
      expect(card.fulfillments).toHaveLength(1);
      expect(card.fulfillments[0]).toMatchObject({
        status: "success",
        shipmentStatus: "in_transit",
        company: "DHL Express",
        trackingNumber: "JD014600006281230981",
        trackingURL: "https://www.dhl.com/nl-en/home/tracking.html?tracking-id=JD014600006281230981",
      });
      expect(card.fulfillments[0]?.items.map((item) => item.title)).toEqual(["Classic tee", "Canvas tote"]);
      expect(card.processingItems).toEqual([]);

      // The inbox gets the same card on the stored answer.
      const opened = await h.api<Chat>("POST", "/api/chat/", { cookie: connected.cookie, body: { chatID } });
      expect(opened.status).toBe(200);
      const stored = opened.body.data?.messages.find((message) => message.senderRole === "ai");
      expect(stored?.messageData.order).toEqual(card);
      visitor.socket.close();
    },
  );

  it("takes the details over two turns and a phone number written the national way", async () => {
    const visitor = await connectVisitor(h, connected.widgetID);
    const asked = await say(visitor, null, "Can you check order 1001?");
    expect(asked.turn).toMatchObject({ outcome: "order_flow", state: { order: { number: "1001" } } });
    const found = await say(visitor, asked.chatID, "my phone is 06 55501001");
    expect(found.turn.outcome).toBe("order_lookup");
    expect(orderCardSchema.parse(found.reply.messageData.order).order.name).toBe("#1001");
    visitor.socket.close();
  });
});

describe("details that do not match", () => {
  it("answers an unknown order and someone else's order alike, then stops after three misses", async () => {
    const visitor = await connectVisitor(h, connected.widgetID);
    const unknown = await say(visitor, null, "where is order #9999? a@b.com");
    const notTheirs = await say(visitor, unknown.chatID, "where is order #1002? a@b.com");
    for (const miss of [unknown, notTheirs]) {
      expect(miss.turn).toMatchObject({ outcome: "order_flow", state: { awaiting: "order_details" } });
      expect(miss.reply.messageData.order).toBeUndefined();
    }
    expect(unknown.reply.message.replace("9999", "N")).toBe(notTheirs.reply.message.replace("1002", "N"));
    expect(notTheirs.reply.message).toBe(
      "I couldn't find order #1002 with that e-mail address or phone number. Please check both and send them again.",
    );

    const third = await say(visitor, unknown.chatID, "order #1003, A@B.COM");
    expect(third.turn).toMatchObject({ outcome: "handoff_offered", state: { offer: "handoff" } });
    // Locked: even the right details are not looked up now, and the shop is not asked.
    const asked = shop.requestCount();
    const right = await say(visitor, unknown.chatID, "order #1001 a@b.com");
    expect(right.turn.outcome).toBe("handoff_offered");
    expect(right.reply.messageData.order).toBeUndefined();
    expect(shop.requestCount()).toBe(asked);
    // "Yes please" takes the offered person.
    const accepted = await say(visitor, unknown.chatID, "yes please");
    expect(accepted.turn).toMatchObject({ outcome: "handoff" });
    visitor.socket.close();
  });

  it("matches the e-mail without regard to case", async () => {
    const visitor = await connectVisitor(h, connected.widgetID);
    const found = await say(visitor, null, "status of order #1001 please, A@B.com");
    expect(found.turn.outcome).toBe("order_lookup");
    expect(found.reply.messageData.order).toBeDefined();
    visitor.socket.close();
  });
});

describe("no shop connected", () => {
  it("hands the details to a person and invents no status", async () => {
    const visitor = await connectVisitor(h, unconnected.widgetID);
    const { chatID, reply, turn } = await say(visitor, null, "where is my order #1001, a@b.com");
    expect(turn).toMatchObject({ outcome: "order_lookup", resolvePrompt: false });
    expect(reply.message).toContain("#1001 (a@b.com)");
    expect(reply.messageData.order).toBeUndefined();
    expect(await visitor.events.waitFor("chat-status", (s: { chatID: string }) => s.chatID === chatID)).toMatchObject({
      status: "human",
    });
    visitor.socket.close();
  });

  it("the shop not answering also goes to a person", async () => {
    const visitor = await connectVisitor(h, connected.widgetID);
    shop.failNextRequests(1, { status: 401 });
    const { reply, turn } = await say(visitor, null, "where is my order #1002, emma@example.com");
    expect(turn).toMatchObject({ outcome: "order_lookup" });
    expect(reply.message).toContain("I can't reach our order system right now");
    visitor.socket.close();
  });
});

// The staff socket is the inbox's: it hears the AI's answer with its card too.
describe("the inbox live", () => {
  it("hears the answer with the card", async () => {
    const staff = await connectStaff(h, connected.cookie);
    const visitor = await connectVisitor(h, connected.widgetID);
    const { chatID } = await say(visitor, null, "order #1004 emma@example.com, where is it?");
    const heard = await staff.events.waitFor<{ chatID: string; message: { messageData: Record<string, unknown> } }>(
      "chat-message",
      (payload) => payload.chatID === chatID && payload.message.messageData.order !== undefined,
    );
    const card = orderCardSchema.parse(heard.message.messageData.order);
    expect(card.order.financialStatus).toBe("partially_refunded");
    expect(card.processingItems.map((item) => item.title)).toEqual(["Canvas tote"]);
    expect(card.refunds[0]?.products.map((item) => item.title)).toEqual(["Gift card"]);
    visitor.socket.close();
    staff.socket.close();
  });
});

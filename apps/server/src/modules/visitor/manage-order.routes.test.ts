import type { Chat } from "@harbor/contract/chat";
import type {
  CancellationReasonsResponse,
  ManageOrderGetResponse,
  RequestCancellationResponse,
} from "@harbor/contract/orders";
import type { VisitorMessage, WidgetGetResponse } from "@harbor/contract/widget";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { ackData, connectVisitor, emitWithAck } from "../../../test/realtime-clients";
import { chats, orderActions, orderCodes } from "../../db/schema/index";
import { demoShopOrders } from "../../integrations/shopify/shopify.fake-orders";
import { type FakeShopify, startFakeShopify } from "../../integrations/shopify/shopify.fake-server";

/**
 * The widget's order self-service over HTTP (spec part 2 §7, /widget/manage-order/*): every path
 * and bad input, against the Shopify fake and the real database.
 */
let h: Harness;
let shop: FakeShopify;
let owner: { companyId: string; cookie: string };
let widgetID: string;
let otherWidgetID: string;

const GET = "/api/widget/manage-order/get";
const REASONS = "/api/widget/manage-order/get-cancellation-reasons";
const CANCEL = "/api/widget/manage-order/request-cancellation";

beforeAll(async () => {
  h = await createHarness({ visitorLimits: { eventsPerVisitor: 30, questionsPerVisitor: 100 } });
  shop = await startFakeShopify({ accessToken: "shpat_portal", products: [], orders: demoShopOrders() });
  owner = await h.signUp("owner@portal-shop.example");
  await h.app.services.integrationsRepository.save({
    companyId: owner.companyId,
    app: "shopify",
    publicCredentials: { shopName: shop.shopDomain },
    secrets: { adminApiAccessToken: "shpat_portal" },
    baseUrl: shop.url,
  });
  widgetID = (await h.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId;
  const other = await h.signUp("owner@other-shop.example");
  otherWidgetID = (await h.app.services.widgetRepository.findOrCreate(other.companyId)).widgetId;
}, 120_000);

afterAll(async () => {
  await h?.close();
  await shop?.close();
});

async function newVisitor(widget = widgetID) {
  const got = await h.api<WidgetGetResponse>("POST", "/api/widget/get", { body: { widgetID: widget } });
  return { widgetID: widget, visitorToken: got.body.data.visitorToken };
}

/** A visitor with a chat (a first question asked over the socket). */
async function visitorInChat() {
  const visitor = await connectVisitor(h, widgetID);
  const ack = ackData(
    await emitWithAck<{ chatID: string; message: VisitorMessage }>(visitor.socket, "ask-question", {
      chatID: null,
      clientMessageID: crypto.randomUUID(),
      question: "Hi",
    }),
  );
  await h.app.services.visitorService.drain();
  visitor.socket.close();
  return { widgetID, visitorToken: visitor.visitorToken, chatID: ack.chatID };
}

async function setPortal(portal: { isActive: boolean; authentication: "orderID" | "email" | "phone" }) {
  const widget = await h.app.services.widgetRepository.findOrCreate(owner.companyId);
  await h.app.services.widgetRepository.saveSettings(owner.companyId, {
    ...widget.settings,
    customerAccountPortal: portal,
  });
}

describe("POST /api/widget/manage-order/get", () => {
  it("shows the visitor's order with its card, and whether it may still be cancelled", async () => {
    const visitor = await newVisitor();
    const unshipped = await h.api<ManageOrderGetResponse>("POST", GET, {
      body: { ...visitor, orderNumber: "1003", email: "EMMA@example.com" },
    });
    expect(unshipped.status).toBe(200);
    expect(unshipped.body.data.order.order.name).toBe("#1003");
    expect(unshipped.body.data.order.processingItems.map((item) => item.title)).toEqual(["Canvas tote"]);
    expect(unshipped.body.data.cancellation).toEqual({ isEligible: true, reason: null, isOffered: true, rule: null });

    const shipped = await h.api<ManageOrderGetResponse>("POST", GET, {
      body: { ...visitor, orderNumber: "#1001", phone: "06 12345678" },
    });
    expect(shipped.body.data.order.fulfillments[0]?.trackingNumber).toBe("JD014600006281230981");
    expect(shipped.body.data.cancellation).toEqual({
      isEligible: false,
      reason: "Not eligible: this order has already shipped.",
      isOffered: true,
      rule: "shipped",
    });
  });

  it("answers a wrong e-mail for a real order exactly as an unknown order", async () => {
    const visitor = await newVisitor();
    const wrongEmail = await h.api("POST", GET, {
      body: { ...visitor, orderNumber: "1001", email: "someone@example.com" },
    });
    const unknown = await h.api("POST", GET, { body: { ...visitor, orderNumber: "4242", email: "emma@example.com" } });
    expect(wrongEmail.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(wrongEmail.body).toEqual(unknown.body);
    expect(wrongEmail.body).toEqual({
      hasError: true,
      message: "We couldn't find an order with these details.",
      data: null,
    });
  });

  it("stops after three misses from one visitor, even for the right details", async () => {
    const visitor = await newVisitor();
    for (const orderNumber of ["1001", "1002", "1003"]) {
      const miss = await h.api("POST", GET, { body: { ...visitor, orderNumber, email: "guess@example.com" } });
      expect(miss.status).toBe(404);
    }
    const requestsBefore = shop.requestCount();
    const locked = await h.api("POST", GET, { body: { ...visitor, orderNumber: "1001", email: "emma@example.com" } });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe("Too many attempts. Please try again later or ask for a person.");
    expect(shop.requestCount()).toBe(requestsBefore);
    // Another visitor is not locked out by this one.
    const other = await h.api("POST", GET, {
      body: { ...(await newVisitor()), orderNumber: "1001", email: "emma@example.com" },
    });
    expect(other.status).toBe(200);
  });

  it.each([
    ["no e-mail or phone", { orderNumber: "1001" }, "Enter the e-mail address or phone number you ordered with"],
    ["an empty order number", { orderNumber: " ", email: "emma@example.com" }, "Order number is required"],
    ["an invalid e-mail", { orderNumber: "1001", email: "emma@" }, "Enter a valid e-mail address"],
    ["letters for a phone", { orderNumber: "1001", phone: "call me" }, "Enter a valid phone number"],
  ])("refuses %s with a 400 envelope", async (_name, body, message) => {
    const response = await h.api("POST", GET, { body: { ...(await newVisitor()), ...body } });
    expect(response.status).toBe(400);
    expect(response.body.hasError).toBe(true);
    expect(response.body.message).toContain(message);
  });

  it("refuses a token of another company's widget, and a shop with no store connected", async () => {
    const visitor = await newVisitor();
    const crossed = await h.api("POST", GET, {
      body: {
        widgetID: otherWidgetID,
        visitorToken: visitor.visitorToken,
        orderNumber: "1001",
        email: "emma@example.com",
      },
    });
    expect(crossed.status).toBe(401);
    const elsewhere = await h.api("POST", GET, {
      body: { ...(await newVisitor(otherWidgetID)), orderNumber: "1001", email: "emma@example.com" },
    });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.message).toBe("Order tracking is not available for this shop.");
  });

  it("follows the portal: switched off, or verifying by phone code (an e-mail does not do), it shows no order", async () => {
    const visitor = await newVisitor();
    const body = { ...visitor, orderNumber: "1003", email: "emma@example.com" };
    try {
      await setPortal({ isActive: false, authentication: "orderID" });
      expect((await h.api("POST", GET, { body })).status).toBe(403);
      await setPortal({ isActive: true, authentication: "phone" });
      const otp = await h.api("POST", GET, { body });
      expect(otp.status).toBe(400);
      expect(otp.body.message).toBe("Enter the phone number you ordered with.");
    } finally {
      await setPortal({ isActive: true, authentication: "orderID" });
    }
    expect((await h.api("POST", GET, { body })).status).toBe(200);
  });
});

describe("e-mail one-time codes (portal method email)", () => {
  const SEND = "/api/widget/manage-order/send-code";
  const codeIn = (text: string) => /Your code: (\d{6})/.exec(text)?.[1] ?? "";

  it("mails a code to the order's e-mail; only that code shows the order, within its tries", async () => {
    const visitor = await newVisitor();
    const proof = { ...visitor, orderNumber: "1003", email: "emma@example.com" };
    try {
      await setPortal({ isActive: true, authentication: "email" });
      // Without a code the order is not shown, even with the right e-mail.
      const noCode = await h.api("POST", GET, { body: proof });
      expect(noCode.status).toBe(400);
      expect(noCode.body.message).toBe("Enter the code we sent to your e-mail.");

      // A wrong e-mail gets no mail, and reads as an unknown order.
      const before = h.smtp.countTo("emma@example.com");
      const wrong = await h.api("POST", SEND, { body: { ...proof, email: "guess@example.com" } });
      expect(wrong.status).toBe(404);
      expect(h.smtp.countTo("guess@example.com")).toBe(0);

      const sent = await h.api("POST", SEND, { body: { ...proof, language: "nl" } });
      expect(sent.status).toBe(200);
      expect(sent.body.data).toEqual({ orderName: "#1003", expiresInMinutes: 10 });
      const mail = await h.smtp.latestTo("emma@example.com", { after: before });
      expect(mail.subject).toMatch(/^Je code om je bestelling te bekijken: \d{6}$/);
      const code = codeIn(mail.text);

      const wrongCode = code === "000000" ? "000001" : "000000";
      const first = await h.api("POST", GET, { body: { ...proof, code: wrongCode } });
      expect(first.status).toBe(400);
      expect(first.body.message).toBe("That code is not right. 4 tries left.");
      const shown = await h.api<ManageOrderGetResponse>("POST", GET, { body: { ...proof, code } });
      expect(shown.status).toBe(200);
      expect(shown.body.data.order.order.name).toBe("#1003");

      // Another visitor cannot use this visitor's code.
      const stranger = await h.api("POST", GET, { body: { ...proof, ...(await newVisitor()), code } });
      expect(stranger.status).toBe(400);

      // The request is recorded as verified by the mailed code.
      const clientKey = crypto.randomUUID();
      const cancel = await h.api("POST", CANCEL, { body: { ...proof, code, reason: "changed_mind", clientKey } });
      expect(cancel.status).toBe(200);
      const [row] = await h.database.db.select().from(orderActions).where(eq(orderActions.clientKey, clientKey));
      expect(row?.verifiedBy).toBe("email_code");

      // Five wrong tries spend the code: the right one no longer works.
      for (let tries = 0; tries < 4; tries += 1) {
        await h.api("POST", GET, { body: { ...proof, code: wrongCode } });
      }
      const spent = await h.api("POST", GET, { body: { ...proof, code } });
      expect(spent.status).toBe(400);
      expect(spent.body.message).toBe("This code is not valid or has expired. Please ask for a new code.");
    } finally {
      await setPortal({ isActive: true, authentication: "orderID" });
    }
  });

  it("lets a code expire, and limits how many are mailed", async () => {
    const visitor = await newVisitor();
    const proof = { ...visitor, orderNumber: "1002", email: "emma@example.com" };
    try {
      await setPortal({ isActive: true, authentication: "email" });
      const before = h.smtp.countTo("emma@example.com");
      expect((await h.api("POST", SEND, { body: proof })).status).toBe(200);
      const code = codeIn((await h.smtp.latestTo("emma@example.com", { after: before })).text);
      await h.database.db
        .update(orderCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(orderCodes.orderName, "#1002"));
      const expired = await h.api("POST", GET, { body: { ...proof, code } });
      expect(expired.status).toBe(400);
      expect(expired.body.message).toContain("expired");

      expect((await h.api("POST", SEND, { body: proof })).status).toBe(200);
      expect((await h.api("POST", SEND, { body: proof })).status).toBe(200);
      const fourth = await h.api("POST", SEND, { body: proof });
      expect(fourth.status).toBe(429);
    } finally {
      await setPortal({ isActive: true, authentication: "orderID" });
    }
  });

  it("refuses to mail a code when the portal does not verify by e-mail code", async () => {
    const visitor = await newVisitor();
    const response = await h.api("POST", SEND, {
      body: { ...visitor, orderNumber: "1003", email: "emma@example.com" },
    });
    expect(response.status).toBe(400);
  });
});

describe("POST /api/widget/manage-order/get-cancellation-reasons", () => {
  it("lists the reasons in the visitor's language, with Other", async () => {
    const visitor = await newVisitor();
    const en = await h.api<CancellationReasonsResponse>("POST", REASONS, { body: visitor });
    expect(en.status).toBe(200);
    expect(en.body.data).toMatchObject({ askReason: true, allowOther: true });
    expect(en.body.data.reasons[0]).toEqual({ id: "ordered_by_mistake", text: "I ordered by mistake" });
    const he = await h.api<CancellationReasonsResponse>("POST", REASONS, { body: { ...visitor, language: "he" } });
    expect(he.body.data.reasons[0]?.text).toBe("הזמנתי בטעות");
    expect((await h.api("POST", REASONS, { body: { ...visitor, language: "fr" } })).status).toBe(400);
  });
});

describe("the visitor's allowance", () => {
  it("counts every manage-order call against the visitor's events per minute", async () => {
    const visitor = await newVisitor();
    const statuses: number[] = [];
    for (let call = 0; call < 31; call++) statuses.push((await h.api("POST", REASONS, { body: visitor })).status);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe("POST /api/widget/manage-order/request-cancellation", () => {
  const actionsFor = (clientKey: string) =>
    h.database.db
      .select()
      .from(orderActions)
      .where(and(eq(orderActions.companyId, owner.companyId), eq(orderActions.clientKey, clientKey)));

  it("records the request on the order and in the chat once; a replay finds the first and acts not again", async () => {
    const visitor = await visitorInChat();
    const clientKey = crypto.randomUUID();
    const body = { ...visitor, orderNumber: "1003", email: "emma@example.com", reason: "found_cheaper", clientKey };
    const first = await h.api<RequestCancellationResponse>("POST", CANCEL, { body });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe("Your cancellation request was sent. Our team will review it and get back to you.");
    expect(first.body.data).toMatchObject({ orderName: "#1003", status: "recorded", isReplay: false });
    expect(shop.order("#1003")?.tags).toEqual(["harbor-cancellation-requested"]);

    const requestsBefore = shop.requestCount();
    const replay = await h.api<RequestCancellationResponse>("POST", CANCEL, { body });
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual({ ...first.body.data, isReplay: true });
    expect(shop.requestCount()).toBe(requestsBefore);

    const rows = await actionsFor(clientKey);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      chatId: visitor.chatID,
      action: "cancellation_request",
      orderName: "#1003",
      verifiedBy: "email",
      status: "recorded",
      details: { reason: "found_cheaper", reasonText: "I found it cheaper elsewhere" },
      vendorAnswer: { tagsAdded: ["harbor-cancellation-requested"] },
    });

    // The inbox has it once, as an event of the chat.
    const chat = await h.api<Chat>("POST", "/api/chat/", { cookie: owner.cookie, body: { chatID: visitor.chatID } });
    const events = chat.body.data.messages.filter((message) => message.eventType === "ORDER_CANCELLATION_REQUESTED");
    expect(events).toHaveLength(1);
    expect(events[0]?.message).toBe(
      "Asked to cancel order #1003 (I found it cheaper elsewhere); verified by e-mail; recorded on the order in Shopify.",
    );
    expect(events[0]?.messageData.orderAction).toMatchObject({ orderName: "#1003", verifiedBy: "email" });
  });

  it("opens a chat for a visitor who asks from Home, and words the chat's record in the visitor's language", async () => {
    const visitor = await newVisitor();
    const clientKey = crypto.randomUUID();
    const body = {
      ...visitor,
      orderNumber: "1003",
      email: "emma@example.com",
      reason: "changed_mind",
      clientKey,
      language: "nl",
    };
    const first = await h.api<RequestCancellationResponse>("POST", CANCEL, { body });
    expect(first.status).toBe(200);
    const chatID = first.body.data.chatID;
    expect(chatID).toEqual(expect.any(String));
    expect((await actionsFor(clientKey))[0]).toMatchObject({
      chatId: chatID,
      details: { reasonText: "I changed my mind" },
    });
    const replay = await h.api<RequestCancellationResponse>("POST", CANCEL, { body });
    expect(replay.body.data).toMatchObject({ chatID, isReplay: true });

    const chat = await h.api<Chat>("POST", "/api/chat/", { cookie: owner.cookie, body: { chatID } });
    const events = chat.body.data.messages.filter((message) => message.eventType === "ORDER_CANCELLATION_REQUESTED");
    expect(events.map((event) => event.message)).toEqual([
      "Vroeg om bestelling #1003 te annuleren (Ik heb me bedacht); geverifieerd via e-mail; vastgelegd bij de bestelling in Shopify.",
    ]);
    expect(events[0]?.messageData.orderAction).toMatchObject({ reason: "I changed my mind" });
    // The inbox list previews it, as the chat view shows it.
    const list = await h.api<{ inbox: { chatID: string; lastMessage: string }[] }>("POST", "/api/chat/inbox", {
      cookie: owner.cookie,
      body: {},
    });
    expect(list.body.data.inbox.find((row) => row.chatID === chatID)?.lastMessage).toMatch(
      /^Vroeg om bestelling #1003 te annuleren/,
    );

    // A refused request opens no chat.
    const chatsOfCompany = () => h.database.db.select().from(chats).where(eq(chats.companyId, owner.companyId));
    const before = (await chatsOfCompany()).length;
    const refused = await h.api("POST", CANCEL, {
      body: { ...body, orderNumber: "1002", clientKey: crypto.randomUUID() },
    });
    expect(refused.status).toBe(409);
    expect(await chatsOfCompany()).toHaveLength(before);
  });

  it("refuses another visitor's key, an order already shipped, and a reason not offered", async () => {
    const visitor = await newVisitor();
    const clientKey = crypto.randomUUID();
    const body = {
      ...visitor,
      orderNumber: "1003",
      phone: "+31612345678",
      reason: "other",
      otherReason: "Moving",
      clientKey,
    };
    expect((await h.api("POST", CANCEL, { body })).status).toBe(200);
    const stranger = await h.api("POST", CANCEL, { body: { ...body, ...(await newVisitor()) } });
    expect(stranger.status).toBe(409);

    const shipped = await h.api("POST", CANCEL, {
      body: {
        ...visitor,
        orderNumber: "1002",
        email: "emma@example.com",
        reason: "changed_mind",
        clientKey: crypto.randomUUID(),
      },
    });
    expect(shipped.status).toBe(409);
    expect(shipped.body.message).toBe("Not eligible: this order has already shipped.");
    const cancelled = await h.api("POST", CANCEL, {
      body: {
        ...visitor,
        orderNumber: "1005",
        email: "emma@example.com",
        reason: "changed_mind",
        clientKey: crypto.randomUUID(),
      },
    });
    expect(cancelled.body.message).toBe("Not eligible: this order is already cancelled.");

    const made = { ...visitor, orderNumber: "1003", email: "emma@example.com", clientKey: crypto.randomUUID() };
    expect((await h.api("POST", CANCEL, { body: { ...made, reason: "because" } })).status).toBe(400);
    const noWords = await h.api("POST", CANCEL, { body: { ...made, reason: "other" } });
    expect(noWords.status).toBe(400);
    expect(noWords.body.message).toContain("Tell us the reason");
    expect(await actionsFor(made.clientKey)).toHaveLength(0);
  });

  it("answers a wrong e-mail as not found and records nothing", async () => {
    const visitor = await newVisitor();
    const clientKey = crypto.randomUUID();
    const wrong = await h.api("POST", CANCEL, {
      body: { ...visitor, orderNumber: "1003", email: "not-emma@example.com", reason: "changed_mind", clientKey },
    });
    expect(wrong.status).toBe(404);
    expect(await actionsFor(clientKey)).toHaveLength(0);
  });

  it("refuses a chat that is not the visitor's", async () => {
    const inChat = await visitorInChat();
    const stranger = await newVisitor();
    const response = await h.api("POST", CANCEL, {
      body: {
        ...stranger,
        chatID: inChat.chatID,
        orderNumber: "1003",
        email: "emma@example.com",
        reason: "changed_mind",
        clientKey: crypto.randomUUID(),
      },
    });
    expect(response.status).toBe(404);
  });
});

import { describe, expect, it } from "vitest";
import showcase from "../fixtures/showcase-chat.response.json";
import { chatSchema } from "./chat";
import {
  type MessageData,
  messageDataOfKindSchema,
  messageDataSchema,
  readMessageData,
  visitorMessageDataOf,
} from "./message-data";

const turn = {
  intent: "question",
  outcome: "answered",
  state: { offer: null, awaiting: null, order: null },
  resolvePrompt: true,
};
const subscription = {
  product_title: "Coffee beans",
  variant_title: "1 kg",
  image_src: null,
  quantity: 1,
  price: "24.00",
  presentment_currency: "EUR",
  next_charge_scheduled_at: "2025-12-01",
  order_interval_frequency: "1",
  order_interval_unit: "month",
};
const file = { url: "https://harbor.example/files/a.jpg", name: "a.jpg", contentType: "image/jpeg", byteSize: 10 };

describe("readMessageData: stored rows as this version reads them", () => {
  it("reads every part the server writes today, unchanged", () => {
    const stored = {
      questionID: "q1",
      outcome: "answered",
      language: "nl",
      turn,
      customerPortal: { url: "https://shop.example/portal", title: "Your account" },
      responseFields: { order: { order: { name: "#1058", createdAt: null, financialStatus: "paid" } } },
      rechargeData: { subscriptions: [subscription] },
    };
    expect(readMessageData(stored)).toEqual(stored);
    expect(messageDataSchema.parse(stored)).toEqual(stored);
  });

  it("reads an older row: a turn without state or resolvePrompt gets them", () => {
    const read = readMessageData({ turn: { intent: "greeting", outcome: "acknowledged" } });
    expect(read.turn).toEqual({
      intent: "greeting",
      outcome: "acknowledged",
      state: { offer: null, awaiting: null, order: null },
      resolvePrompt: false,
    });
  });

  it("drops a part in a shape it does not know and keeps the others", () => {
    const read = readMessageData({
      answerBubbles: { bubbles: "Yes" },
      form: { title: "Customer details", values: { email: "dana@example.com" } },
      rating: 9,
      turn: { intent: "chit-chat", outcome: "answered" },
      widgetEvent: { event: "end_chat" },
    });
    expect(read).toEqual({
      form: { title: "Customer details", values: { email: "dana@example.com" } },
      widgetEvent: { event: "end_chat" },
    });
  });

  it("keeps a list's readable items: one broken subscription or file does not hide the rest", () => {
    const read = readMessageData({
      rechargeData: { subscriptions: [subscription, { x: 1 }] },
      attachments: [file, { url: 5 }],
    });
    expect(read.rechargeData?.subscriptions).toEqual([subscription]);
    expect(read.attachments).toEqual([file]);
    expect(readMessageData({ rechargeData: { subscriptions: [{ x: 1 }] } })).toEqual({});
  });

  it("drops unknown keys and reads a row that is not an object as no parts", () => {
    expect(readMessageData({ somethingElse: 1, senderName: "Dana" })).toEqual({ senderName: "Dana" });
    expect(readMessageData(null)).toEqual({});
    expect(readMessageData([{ senderName: "Dana" }])).toEqual({});
    expect(readMessageData("text")).toEqual({});
  });

  it("reads a looked-up order card and a visitor's order action, and drops an order in another shape", () => {
    const order = {
      order: { name: "#1001", createdAt: "2025-11-10T10:00:00.000Z", financialStatus: "paid", cancelledAt: null },
      customer: { name: "Ada Byron", email: "a@b.com" },
      fulfillments: [],
      processingItems: [{ title: "Classic tee", variantTitle: "M", imageSrc: null, quantity: 2 }],
      refunds: [],
    };
    const orderAction = {
      action: "cancellation_request",
      orderName: "#1003",
      verifiedBy: "email",
      reason: "Ordered the wrong size",
      status: "recorded",
      requestedAt: "2025-11-10T10:00:00.000Z",
    };
    expect(readMessageData({ order, orderAction })).toEqual({ order, orderAction });
    expect(readMessageData({ order: { anything: true }, rating: 4 })).toEqual({ rating: 4 });
  });

  it("what it reads always fits the schema, whatever was stored", () => {
    const rows: unknown[] = [
      { rating: "5", attachments: "x", form: { fields: [{ key: 1 }] }, turn: null },
      { condition: { field: "a", operator: "equals", value: 1, result: true, extra: "kept" } },
      { widgetEvent: { event: "something" }, quickReply: "accept_offer", answerStopped: true },
    ];
    for (const row of rows) expect(messageDataSchema.safeParse(readMessageData(row)).success).toBe(true);
  });
});

describe("messageDataSchema", () => {
  it("encodes what readMessageData reads (the server's response serializer encodes with it)", () => {
    const read = readMessageData({ turn: { intent: "greeting", outcome: "acknowledged" }, rating: 4 });
    expect(messageDataSchema.encode(read)).toEqual(read);
  });

  it("refuses a wrong shape", () => {
    expect(messageDataSchema.safeParse({ rating: 6 }).success).toBe(false);
    expect(messageDataSchema.safeParse({ quickReply: "maybe" }).success).toBe(false);
    expect(messageDataSchema.safeParse({ turn: { intent: "question" } }).success).toBe(false);
    expect(messageDataSchema.safeParse({ rechargeData: { subscriptions: [{ product_title: "A" }] } }).success).toBe(
      false,
    );
  });

  it("is what the chat API sends: the showcase chat's answer parses, every part typed", () => {
    const chat = chatSchema.parse(showcase);
    const parts = chat.messages.flatMap((message) => Object.keys(message.messageData));
    expect(new Set(parts)).toEqual(
      new Set([
        "form",
        "dataModel",
        "authEvent",
        "integrationEvent",
        "responseFields",
        "rechargeData",
        "answerBubbles",
        "condition",
        "emailTrigger",
        "customerPortal",
        "widgetEvent",
      ]),
    );
  });
});

describe("messageDataOfKindSchema: what each kind of message may carry", () => {
  it("takes each kind with its own parts", () => {
    const messages = [
      { messageType: "question", messageData: { attachments: [file], quickReply: "accept_offer" } },
      { messageType: "answer", messageData: { questionID: "q1", outcome: "answered", turn } },
      { messageType: "form", messageData: { form: { title: "Ticket request", values: { email: "a@b.c" } } } },
      { messageType: "widget_event", messageData: { rating: 4 } },
      { messageType: "agent_reply", messageData: { senderName: "Dana", senderUserID: "u1" } },
      { messageType: "condition" },
    ];
    for (const message of messages) expect(messageDataOfKindSchema.safeParse(message).success).toBe(true);
  });

  it("refuses a part of another kind, and an unknown kind", () => {
    expect(messageDataOfKindSchema.safeParse({ messageType: "answer", messageData: { rating: 4 } }).success).toBe(
      false,
    );
    expect(
      messageDataOfKindSchema.safeParse({ messageType: "question", messageData: { senderName: "Dana" } }).success,
    ).toBe(false);
    expect(messageDataOfKindSchema.safeParse({ messageType: "poll", messageData: {} }).success).toBe(false);
  });
});

describe("visitorMessageDataOf", () => {
  it("takes out the engine's bookkeeping and the staff user's id, and keeps the name", () => {
    const data: MessageData = { outcome: "answered", analysisID: "a1", senderUserID: "u1", senderName: "Dana" };
    expect(visitorMessageDataOf(data)).toEqual({ senderName: "Dana" });
  });
});

import type { Chat, ChatMessage, InboxResponse, MessageType } from "@harbor/contract/chat";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { chatMessages, chats } from "../../db/schema/index";
import { createDemoChatsSeeder } from "./demo-chats";
import { SHOWCASE_VISITOR_ID } from "./demo-showcase-chat";

let h: Harness;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let chat: Chat;

const DAY_MS = 24 * 60 * 60 * 1000;

async function openShowcaseChat(): Promise<Chat> {
  const inbox = await h.api<InboxResponse>("POST", "/api/chat/inbox", { cookie: owner.cookie, body: {} });
  const row = inbox.body.data.inbox.find((entry) => entry.customer.name === "Sophie Laurent");
  if (!row) throw new Error("The showcase chat is not in the inbox");
  const opened = await h.api<Chat>("POST", "/api/chat/", { cookie: owner.cookie, body: { chatID: row.chatID } });
  expect(opened.status).toBe(200);
  return opened.body.data;
}

const ofType = (type: MessageType) => chat.messages.filter((message) => message.messageType === type);
const data = (message: ChatMessage | undefined) => message?.messageData ?? {};
const answersData = () => ofType("answer").map(data);

beforeAll(async () => {
  h = await createHarness({ withDemoContent: true });
  owner = await h.signUp("owner@showcase-shop.example");
  chat = await openShowcaseChat();
});

afterAll(async () => {
  await h?.close();
});

describe("the showcase sample chat", () => {
  it("is a whole conversation in the first window, in order, yesterday, with a known customer", () => {
    expect(chat.hasOlderMessages).toBe(false);
    expect(chat.resolved).toBe(true);
    expect(chat.customer).toEqual({
      name: "Sophie Laurent",
      email: "sophie.laurent@example.com",
      number: { countryCallingCode: "+33", number: "6 12 34 56 78" },
      location: "Lyon, FR",
    });
    expect(chat.workflows.preChat.fields.map((field) => field.title)).toEqual(["Name", "Email", "Phone"]);
    expect(chat.analysis.summary).toContain("#1058");
    expect(chat.aiAnalysis.length).toBeGreaterThan(0);
    const times = chat.messages.map((message) => Date.parse(message.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(times.length);
    expect(Date.now() - (times[0] ?? 0)).toBeLessThan(2 * DAY_MS);
    expect(times.at(-1)).toBeLessThan(Date.now());
    expect(chat.createdAt).toBe(chat.messages[0]?.timestamp);
    expect(chat.lastMessageAt).toBe(chat.messages.at(-1)?.timestamp);
    // The list previews the last message the chat view shows, not the hidden widget event.
    expect(chat.lastMessage).toMatch(/^Done, your filters now come every 2 months/);
  });

  it("holds one message of every shown type and each hidden type", () => {
    const types = chat.messages.map((message) => message.messageType);
    for (const type of [
      "question",
      "answer",
      "answer_bubbles",
      "form",
      "widget_event",
      "integration_event",
      "email_trigger",
      "auth_event",
      "condition",
    ] as const) {
      expect(types, type).toContain(type);
    }
    for (const question of ofType("question")) expect(question.senderRole).toBe("customer");
    expect(ofType("widget_event")[0]?.eventType).toBe("IS_RESOLVED");
    expect(data(ofType("widget_event")[0]).widgetEvent).toEqual({ event: "end_chat" });
    expect(data(ofType("integration_event")[0]).integrationEvent).toEqual({
      event: "order_lookup",
      appType: "shopify",
    });
    expect(data(ofType("auth_event")[0]).authEvent).toBeTruthy();
    expect(data(ofType("email_trigger")[0]).emailTrigger).toBeTruthy();
    expect(data(ofType("condition")[0]).condition).toBeTruthy();
  });

  it("has an answer citing a link and a shop product with an offline picture", () => {
    const cited = ofType("answer").find((message) => message.references.length > 0);
    expect(cited?.references).toEqual([
      {
        url: "https://shop.example/products/hand-burr-grinder",
        title: "Hand burr grinder",
        image: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
        sourceType: "shopify-products",
      },
      {
        url: "https://shop.example/pages/shipping-and-delivery",
        title: "Shipping and delivery",
        image: null,
        sourceType: "website",
      },
    ]);
    const picture = Buffer.from(cited?.references[0]?.image?.split(",")[1] ?? "", "base64").toString();
    expect(picture).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it("offers choices as answer bubbles", () => {
    expect(data(ofType("answer_bubbles")[0]).answerBubbles).toEqual({
      bubbles: [
        { message: "Change next order date", value: "change_date" },
        { message: "Change frequency", value: "change_frequency" },
        { message: "Skip next order", value: "skip" },
      ],
    });
    // The visitor's pick comes back as her next question.
    const choice = chat.messages[chat.messages.indexOf(ofType("answer_bubbles")[0] as ChatMessage) + 1];
    expect(choice).toMatchObject({ messageType: "question", message: "Change next order date" });
  });

  it("has the pre-chat form and the subscription forms with every field's submitted value", () => {
    const forms = ofType("form").map(data);
    expect(forms.map((form) => form.form?.title)).toEqual([
      "Before we start",
      "Change next order date",
      "Change delivery frequency",
    ]);
    for (const form of forms) {
      expect(form.form?.description).not.toBe("");
      const values = form.dataModel?.fields ?? [];
      expect(values.map((value) => value.key)).toEqual(form.form?.fields?.map((field) => field.key));
      for (const value of values) expect(value.value).not.toBe("");
    }
    expect(ofType("form")[0]?.eventType).toBe("PRE_CHAT_FORM");
    const [, changeDate, changeFrequency] = forms;
    expect(changeDate?.form?.fields).toEqual([
      { key: "next_charge_scheduled_at", title: "Next order date", fieldType: "subscriptionDate", required: true },
    ]);
    // A subscription date is today or later (spec part 1 §3).
    expect(String(changeDate?.dataModel?.fields[0]?.value) >= new Date().toISOString().slice(0, 10)).toBe(true);
    expect(changeFrequency?.dataModel).toEqual({
      fields: [
        { key: "order_interval_frequency", value: 2 },
        { key: "order_interval_unit", value: "month" },
      ],
    });
  });

  it("has an order card with a delivered and an in-transit shipment, a processing item and a refund", () => {
    const order = answersData().find((each) => each.responseFields)?.responseFields?.order;
    expect(order?.order).toEqual({
      name: "#1058",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      financialStatus: "partially_refunded",
    });
    expect(order?.customer).toEqual({ name: "Sophie Laurent", email: "sophie.laurent@example.com" });
    const fulfillments = order?.fulfillments ?? [];
    expect(fulfillments.map((fulfillment) => fulfillment.shipmentStatus)).toEqual(["delivered", "in_transit"]);
    const items = [
      ...fulfillments.flatMap((fulfillment) => fulfillment.items ?? []),
      ...(order?.processingItems ?? []),
      ...(order?.refunds ?? []).flatMap((refund) => refund.products ?? []),
    ];
    for (const fulfillment of fulfillments) expect(fulfillment.trackingURL).toMatch(/^https:\/\//);
    for (const item of items) expect(item.imageSrc).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(order?.processingItems?.map((item) => item.title)).toEqual(["Electric burr grinder"]);
    expect(order?.refunds?.[0]?.products?.map((item) => item.title)).toEqual(["Paper filters"]);
  });

  it("lists subscriptions with a plural and a singular frequency, and links the customer portal", () => {
    const subscriptions = answersData().find((each) => each.rechargeData)?.rechargeData?.subscriptions;
    expect(
      subscriptions?.map((item) => [
        item.quantity,
        item.price,
        item.presentment_currency,
        item.order_interval_frequency,
        item.order_interval_unit,
      ]),
    ).toEqual([
      [2, "18.50", "EUR", "2", "week"],
      [1, "4.95", "EUR", "1", "month"],
    ]);
    for (const item of subscriptions ?? []) expect(item.image_src).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(answersData().find((each) => each.customerPortal)?.customerPortal).toMatchObject({
      url: "https://shop.example/tools/recurring/portal",
    });
  });

  it("is the API answer the dashboard's showcase test renders", async () => {
    await expect(`${JSON.stringify(normalised(chat), null, 2)}\n`).toMatchFileSnapshot(
      "../../../../../packages/contract/fixtures/showcase-chat.response.json",
    );
  });

  it("is made once, and filled in when a restart left it empty", async () => {
    const [row] = await h.db
      .select()
      .from(chats)
      .where(and(eq(chats.companyId, owner.companyId), eq(chats.visitorId, SHOWCASE_VISITOR_ID)));
    const showcaseId = row?.id ?? "";
    // The chat was made, then the server stopped before its messages were written.
    await h.db.delete(chatMessages).where(eq(chatMessages.chatId, showcaseId));
    const seeder = createDemoChatsSeeder({
      db: h.db,
      chats: h.app.services.chatsRepository,
      chatAnswering: h.app.services.chatAnswering,
    });
    await seeder.seed(owner.companyId);
    await seeder.seed(owner.companyId);
    const rows = await h.db.select().from(chats).where(eq(chats.companyId, owner.companyId));
    expect(rows.filter((each) => each.visitorId === SHOWCASE_VISITOR_ID).map((each) => each.id)).toEqual([showcaseId]);
    const messages = await h.app.services.chatsRepository.listMessages(owner.companyId, showcaseId);
    expect(messages.map((message) => message.messageType)).toEqual(chat.messages.map((m) => m.messageType));
  });
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DATE = /^\d{4}-\d\d-\d\d(T\d\d:\d\d:\d\d(\.\d{3})?Z)?$/;
/** The fixture's "today": the chat is always seeded relative to the day it is made. */
const FIXTURE_TODAY = Date.UTC(2025, 10, 12);

/**
 * The answer with what changes from run to run made fixed: ids numbered in order of appearance,
 * the ticket ID, and every date moved by whole days so the conversation took place on 11 Nov 2025.
 */
function normalised(answer: Chat): Chat {
  const ids = new Map<string, string>();
  const conversationDay = Date.parse(`${answer.createdAt.slice(0, 10)}T00:00:00.000Z`);
  const shift = FIXTURE_TODAY - DAY_MS - conversationDay;
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, walk(entry)]));
    }
    if (typeof value !== "string") return value;
    if (UUID.test(value)) {
      if (!ids.has(value)) ids.set(value, `00000000-0000-4000-8000-${String(ids.size + 1).padStart(12, "0")}`);
      return ids.get(value);
    }
    if (DATE.test(value)) {
      const moved = new Date(Date.parse(value.length === 10 ? `${value}T00:00:00.000Z` : value) + shift).toISOString();
      return value.length === 10 ? moved.slice(0, 10) : moved;
    }
    return value;
  };
  // The link hosts come from the server's address, not from the chat (and a list of strings is
  // written differently by JSON.stringify and by the formatter the fixture is checked with).
  return { ...(walk(answer) as Chat), ticketID: "SHOW58", linkHosts: [] };
}

import type { Chat } from "@harbor/contract/chat";
import type { ManageOrderGetResponse, ReportIssueResponse } from "@harbor/contract/orders";
import type { OrderIssue, WidgetGetResponse, WidgetSettings } from "@harbor/contract/widget";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { chats, orderActions } from "../../db/schema/index";
import { demoShopOrders } from "../../integrations/shopify/shopify.fake-orders";
import { type FakeShopify, startFakeShopify } from "../../integrations/shopify/shopify.fake-server";

/**
 * A visitor reports one of the portal's Order Issues about an order proven theirs (issue #17,
 * decision 054), over HTTP against the Shopify fake and the real database: the issue must be one
 * of this company's portal's, the order the visitor's; the report is recorded once per client key
 * and told in the chat, followed by the shop's answer or a handoff to a person.
 */
let h: Harness;
let shop: FakeShopify;
let owner: { companyId: string; cookie: string };
let other: { companyId: string; cookie: string };
let widgetID: string;
let otherWidgetID: string;

const GET = "/api/widget/manage-order/get";
const REPORT = "/api/widget/manage-order/report-issue";

const PARCEL = crypto.randomUUID();
const DELIVERED = crypto.randomUUID();
const LATE = crypto.randomUUID();
const DAMAGED = crypto.randomUUID();
const ISSUES: OrderIssue[] = [
  { _id: PARCEL, question: "Where is my parcel?", category: null, answer: "" },
  { _id: DELIVERED, question: "It says delivered", category: PARCEL, answer: "Please check with your neighbours." },
  { _id: LATE, question: "It is late", category: PARCEL, answer: "" },
  { _id: DAMAGED, question: "The box was damaged", category: null, answer: "" },
];
const OTHER_ISSUE = crypto.randomUUID();

beforeAll(async () => {
  h = await createHarness({ visitorLimits: { eventsPerVisitor: 100, questionsPerVisitor: 100 } });
  shop = await startFakeShopify({ accessToken: "shpat_issues", products: [], orders: demoShopOrders() });
  owner = await h.signUp("owner@issues-shop.example");
  other = await h.signUp("owner@other-issues-shop.example");
  for (const company of [owner, other]) {
    await h.app.services.integrationsRepository.save({
      companyId: company.companyId,
      app: "shopify",
      publicCredentials: { shopName: shop.shopDomain },
      secrets: { adminApiAccessToken: "shpat_issues" },
      baseUrl: shop.url,
    });
  }
  widgetID = (await h.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId;
  otherWidgetID = (await h.app.services.widgetRepository.findOrCreate(other.companyId)).widgetId;
  await setPortal(owner, { orderIssues: ISSUES });
  await setPortal(other, {
    orderIssues: [{ _id: OTHER_ISSUE, question: "Wrong colour", category: null, answer: "Send it back." }],
  });
}, 120_000);

afterAll(async () => {
  await h?.close();
  await shop?.close();
});

async function setPortal(company: { cookie: string }, portal: Record<string, unknown>) {
  const form = new FormData();
  form.set("customerAccountPortal", JSON.stringify({ isActive: true, authentication: "orderID", ...portal }));
  const saved = await h.api<WidgetSettings>("POST", "/api/widget-settings/save", {
    cookie: company.cookie,
    body: form,
  });
  expect(saved.status).toBe(200);
}

async function newVisitor(widget = widgetID) {
  const got = await h.api<WidgetGetResponse>("POST", "/api/widget/get", { body: { widgetID: widget } });
  return { widgetID: widget, visitorToken: got.body.data.visitorToken };
}

const actionsFor = (companyId: string, clientKey: string) =>
  h.database.db
    .select()
    .from(orderActions)
    .where(and(eq(orderActions.companyId, companyId), eq(orderActions.clientKey, clientKey)));

const chatOf = async (chatID: string | null) =>
  (await h.api<Chat>("POST", "/api/chat/", { cookie: owner.cookie, body: { chatID } })).body.data;

describe("POST /api/widget/manage-order/get, with Order Issues", () => {
  it("offers the portal's issues with their parents, in order, without their answers", async () => {
    const found = await h.api<ManageOrderGetResponse>("POST", GET, {
      body: { ...(await newVisitor()), orderNumber: "1003", email: "emma@example.com" },
    });
    expect(found.status).toBe(200);
    expect(found.body.data.issues).toEqual([
      { id: PARCEL, question: "Where is my parcel?", parentID: null },
      { id: DELIVERED, question: "It says delivered", parentID: PARCEL },
      { id: LATE, question: "It is late", parentID: PARCEL },
      { id: DAMAGED, question: "The box was damaged", parentID: null },
    ]);
    expect(JSON.stringify(found.body.data)).not.toContain("neighbours");
  });
});

describe("POST /api/widget/manage-order/report-issue", () => {
  it("records the report once, shows the shop's answer in the chat, and a replay adds nothing", async () => {
    const visitor = await newVisitor();
    const clientKey = crypto.randomUUID();
    const body = {
      ...visitor,
      orderNumber: "1003",
      email: "emma@example.com",
      issueID: DELIVERED,
      clientKey,
      language: "nl",
    };
    const first = await h.api<ReportIssueResponse>("POST", REPORT, { body });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      orderName: "#1003",
      issue: { id: DELIVERED, question: "It says delivered" },
      answer: "Please check with your neighbours.",
      isHandedOff: false,
      isReplay: false,
    });
    const chatID = first.body.data.chatID;
    expect(chatID).toEqual(expect.any(String));

    const replay = await h.api<ReportIssueResponse>("POST", REPORT, { body });
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual({ ...first.body.data, isReplay: true });

    const rows = await actionsFor(owner.companyId, clientKey);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      chatId: chatID,
      action: "order_issue_report",
      orderName: "#1003",
      verifiedBy: "email",
      status: "recorded",
      details: { issueID: DELIVERED, parentQuestion: "Where is my parcel?" },
    });

    // Staff see the report, worded in the visitor's language, then the answer the visitor was given.
    const chat = await chatOf(chatID);
    expect(chat.messages.map((message) => [message.senderRole, message.messageType, message.message])).toEqual([
      [
        "customer",
        "widget_event",
        "Probleem gemeld met bestelling #1003: Where is my parcel? › It says delivered; geverifieerd via e-mail; het antwoord van de winkel is getoond.",
      ],
      ["ai", "answer", "Please check with your neighbours."],
    ]);
    expect(chat.messages[0]?.messageData.orderAction).toMatchObject({
      action: "order_issue_report",
      issue: {
        id: DELIVERED,
        question: "It says delivered",
        parentQuestion: "Where is my parcel?",
        outcome: "answered",
      },
    });
    // An answer is not a handoff: the AI keeps the chat.
    expect(chat.status).toBe("open");
  });

  it("hands the chat to a person when the issue has no answer, and the inbox previews the report", async () => {
    const visitor = await newVisitor();
    const clientKey = crypto.randomUUID();
    const reported = await h.api<ReportIssueResponse>("POST", REPORT, {
      body: { ...visitor, orderNumber: "1003", phone: "+31612345678", issueID: DAMAGED, clientKey },
    });
    expect(reported.status).toBe(200);
    expect(reported.body.data).toMatchObject({ answer: null, isHandedOff: true });
    const chat = await chatOf(reported.body.data.chatID);
    expect(chat.status).toBe("human");
    expect(chat.messages.map((message) => message.message)).toEqual([
      "Reported an issue with order #1003: The box was damaged; verified by phone; handed to the team.",
    ]);
    const list = await h.api<{ inbox: { chatID: string; lastMessage: string }[] }>("POST", "/api/chat/inbox", {
      cookie: owner.cookie,
      body: {},
    });
    expect(list.body.data.inbox.find((row) => row.chatID === reported.body.data.chatID)?.lastMessage).toMatch(
      /^Reported an issue with order #1003: The box was damaged/,
    );
  });

  it("records a report in the visitor's own chat under way", async () => {
    const visitor = await newVisitor();
    const first = await h.api<ReportIssueResponse>("POST", REPORT, {
      body: {
        ...visitor,
        orderNumber: "1003",
        email: "emma@example.com",
        issueID: LATE,
        clientKey: crypto.randomUUID(),
      },
    });
    const chatID = first.body.data.chatID;
    const second = await h.api<ReportIssueResponse>("POST", REPORT, {
      body: {
        ...visitor,
        chatID,
        orderNumber: "1003",
        email: "emma@example.com",
        issueID: DELIVERED,
        clientKey: crypto.randomUUID(),
      },
    });
    expect(second.status).toBe(200);
    expect(second.body.data.chatID).toBe(chatID);
    // Another visitor cannot write into that chat.
    const stranger = await h.api("POST", REPORT, {
      body: {
        ...(await newVisitor()),
        chatID,
        orderNumber: "1003",
        email: "emma@example.com",
        issueID: DELIVERED,
        clientKey: crypto.randomUUID(),
      },
    });
    expect(stranger.status).toBe(404);
    expect(stranger.body).toMatchObject({ hasError: true, data: null });
  });

  describe("refuses, recording nothing and opening no chat", () => {
    const chatsOfCompany = async () =>
      (await h.database.db.select().from(chats).where(eq(chats.companyId, owner.companyId))).length;

    it.each([
      ["an unknown issue id", () => crypto.randomUUID(), 400, "Choose one of the issues offered."],
      ["another company's issue", () => OTHER_ISSUE, 400, "Choose one of the issues offered."],
      ["a heading over sub-issues", () => PARCEL, 400, "Choose one of the issues offered."],
    ])("%s", async (_name, issueID, status, message) => {
      const before = await chatsOfCompany();
      const clientKey = crypto.randomUUID();
      const refused = await h.api("POST", REPORT, {
        body: {
          ...(await newVisitor()),
          orderNumber: "1003",
          email: "emma@example.com",
          issueID: issueID(),
          clientKey,
        },
      });
      expect(refused.status).toBe(status);
      expect(refused.body).toEqual({ hasError: true, message, data: null });
      expect(await actionsFor(owner.companyId, clientKey)).toHaveLength(0);
      expect(await chatsOfCompany()).toBe(before);
    });

    it("this company's issue from the other company's widget", async () => {
      const clientKey = crypto.randomUUID();
      const refused = await h.api("POST", REPORT, {
        body: {
          ...(await newVisitor(otherWidgetID)),
          orderNumber: "1003",
          email: "emma@example.com",
          issueID: DELIVERED,
          clientKey,
        },
      });
      expect(refused.status).toBe(400);
      expect(await actionsFor(other.companyId, clientKey)).toHaveLength(0);
    });

    it("an order that is not the visitor's, answered as an unknown order", async () => {
      const before = await chatsOfCompany();
      const clientKey = crypto.randomUUID();
      const refused = await h.api("POST", REPORT, {
        body: {
          ...(await newVisitor()),
          orderNumber: "1003",
          email: "not-emma@example.com",
          issueID: DAMAGED,
          clientKey,
        },
      });
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe("We couldn't find an order with these details.");
      expect(await actionsFor(owner.companyId, clientKey)).toHaveLength(0);
      expect(await chatsOfCompany()).toBe(before);
    });

    it("the portal switched off, or with no issues", async () => {
      const body = async () => ({
        ...(await newVisitor()),
        orderNumber: "1003",
        email: "emma@example.com",
        issueID: DAMAGED,
        clientKey: crypto.randomUUID(),
      });
      try {
        await setPortal(owner, { isActive: false, orderIssues: ISSUES });
        const off = await h.api("POST", REPORT, { body: await body() });
        expect(off.status).toBe(403);
        await setPortal(owner, { orderIssues: [] });
        const none = await h.api("POST", REPORT, { body: await body() });
        expect(none.status).toBe(403);
        expect(none.body.message).toBe("This shop takes no order issue reports here. Please ask in the chat.");
      } finally {
        await setPortal(owner, { orderIssues: ISSUES });
      }
    });

    it("a used key for another issue or by another visitor", async () => {
      const visitor = await newVisitor();
      const clientKey = crypto.randomUUID();
      const body = { ...visitor, orderNumber: "1003", email: "emma@example.com", issueID: DAMAGED, clientKey };
      expect((await h.api("POST", REPORT, { body })).status).toBe(200);
      const otherIssue = await h.api("POST", REPORT, { body: { ...body, issueID: LATE } });
      expect(otherIssue.status).toBe(409);
      const stranger = await h.api("POST", REPORT, { body: { ...body, ...(await newVisitor()) } });
      expect(stranger.status).toBe(409);
      expect(await actionsFor(owner.companyId, clientKey)).toHaveLength(1);
    });

    it.each([
      ["no issue", { issueID: undefined }, "issueID"],
      ["an empty issue", { issueID: " " }, "issueID"],
      ["a short key", { clientKey: "abc" }, "clientKey"],
      ["no contact", { email: undefined }, "email"],
    ])("a request with %s, as a 400 envelope naming the field", async (_name, change, field) => {
      const response = await h.api<{ fields: { field: string }[] }>("POST", REPORT, {
        body: {
          ...(await newVisitor()),
          orderNumber: "1003",
          email: "emma@example.com",
          issueID: DAMAGED,
          clientKey: crypto.randomUUID(),
          ...change,
        },
      });
      expect(response.status).toBe(400);
      expect(response.body.hasError).toBe(true);
      expect(response.body.data.fields.map((entry) => entry.field)).toContain(field);
    });
  });
});

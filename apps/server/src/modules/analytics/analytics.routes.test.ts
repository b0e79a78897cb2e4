import type { Insights, SourceInsight, TokenUsageResponse } from "@harbor/contract/analytics";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import {
  chatAnalyses,
  chatMessages,
  chats,
  customReplies,
  knowledgeDocuments,
  knowledgeSources,
  tokenUsage,
} from "../../db/schema/index";

/*
 * A month of one shop, every chat placed by hand; the expectations below are counted from this
 * list (decision 039 for the outcomes). Times are UTC. Europe/Amsterdam is UTC+1 until
 * 2025-03-30 01:00 UTC and UTC+2 after, so its 30 March has 23 hours.
 *
 * chat  created (UTC)        visitor  what happens                                  outcome     category
 * c1    03-10 10:00          v1       answer, "Yes, thank you"                      confirmed   OrderStatus (twice)
 * c2    03-11 09:00          v2       suggested question asked, answer, silence     assumed     ShippingTimes
 * c3    03-12 09:00          v3       answer, need help, an agent replies           handed off  OrderStatus
 * c4    03-13 08:00          v4       answer, silence; v4 opens c5 3 days later     reopened    ShippingTimes
 * c5    03-16 08:00          v4       answer, silence                               assumed     -
 * c6    03-14 08:00          v6       answer, silence; v6 opens c7 8 days later     assumed     -
 * c7    03-22 09:00          v6       answer, silence                               assumed     -
 * c8    03-15 10:00          v8       answer; writes again 30 h later; answer       reopened    ShippingTimes
 * c9    03-17 10:00          v9       custom reply answers, rated 4                 confirmed   -
 * c10   03-18 10:00          v10      answer, rated 2                               open        OrderStatus
 * c11   03-19 10:00          v11      a question nobody answered                    (no AI)     -
 * c12   02-28 23:30          v12      answer, silence (Amsterdam: 1 March)          assumed     Returns
 * c13   03-31 22:30          v13      answer, silence (Amsterdam: 1 April)          assumed     Warranty
 * c14   03-30 22:30          v14      answer, silence (Amsterdam: 31 March)         assumed     Sizing
 * c15   03-29 23:30          v15      answer, silence (Amsterdam: 30 March)         assumed     Fit
 */

let h: Harness;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let rival: Awaited<ReturnType<Harness["signUp"]>>;
let agentCookie: string;

const MARCH = { startDate: "2025-03-01", endDate: "2025-03-31" };
const at = (iso: string) => new Date(iso);
const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000);

type Turn = {
  role: "customer" | "ai" | "agent";
  at: Date;
  text?: string;
  event?: string;
  data?: Record<string, unknown>;
};

let ticket = 0;
async function seedChat(options: {
  companyId: string;
  createdAt: string;
  visitor: string;
  turns: Turn[];
  status?: "open" | "human" | "ticket";
  rating?: number;
  categories?: string[];
}) {
  ticket += 1;
  const [chat] = await h.db
    .insert(chats)
    .values({
      companyId: options.companyId,
      visitorId: options.visitor,
      ticketId: `T${ticket}`,
      status: options.status ?? "open",
      rating: options.rating ?? null,
      createdAt: at(options.createdAt),
      lastMessageAt: options.turns.at(-1)?.at ?? at(options.createdAt),
    })
    .returning({ id: chats.id });
  if (!chat) throw new Error("no chat");
  for (const turn of options.turns) {
    await h.db.insert(chatMessages).values({
      companyId: options.companyId,
      chatId: chat.id,
      message: turn.text ?? (turn.role === "ai" ? "An answer" : "A question"),
      messageType: turn.event ? "widget_event" : turn.role === "customer" ? "question" : "text",
      senderRole: turn.role,
      eventType: turn.event ?? null,
      messageData: turn.data ?? {},
      createdAt: turn.at,
    });
  }
  for (const category of options.categories ?? []) {
    await h.db.insert(chatAnalyses).values({
      companyId: options.companyId,
      chatId: chat.id,
      shortenedCustomerMessage: "asked",
      questionCategory: category,
      createdAt: at(options.createdAt),
    });
  }
  return chat.id;
}

/** A question at `iso` and the AI's answer five seconds later. */
const askedAndAnswered = (iso: string, text?: string): Turn[] => [
  { role: "customer", at: at(iso), text },
  { role: "ai", at: plus(iso, 1 / 12) },
];

const insights = (cookie: string, body: unknown) =>
  h.api<Insights>("POST", "/api/chat/get-analytics", { cookie, body });
const sources = (cookie: string, body: unknown) =>
  h.api<SourceInsight[]>("POST", "/api/document/analytics/sources", { cookie, body });
const tokens = (cookie: string, body: unknown) =>
  h.api<TokenUsageResponse>("POST", "/api/chat/get-token-usage", { cookie, body });
const setZone = (cookie: string, timeZone: string) =>
  h.api<{ timeZone: string }>("POST", "/api/analytics/time-zone", { cookie, body: { timeZone } });

beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUp("owner@analytics.example");
  rival = await h.signUp("owner@rival-analytics.example");
  agentCookie = (await h.addMember(owner.cookie, { name: "Ann Agent", email: "ann@analytics.example", role: "agent" }))
    .cookie;
  const companyId = owner.companyId;

  const [reply] = await h.db
    .insert(customReplies)
    .values({ companyId, name: "Track order" })
    .returning({ id: customReplies.id });
  // The self-serve portal's suggested questions live in the widget's settings.
  await h.db.execute(sql`
    insert into widgets (company_id, widget_id, settings)
    values (${companyId}, 'analytics-test-widget',
      ${JSON.stringify({ selfServicePortal: { suggestedQuestions: [{ _id: "q1", question: "Where is my order?", category: null, answer: ["Here"] }] } })}::jsonb)
    on conflict (company_id) do update set settings = excluded.settings`);

  await seedChat({
    companyId,
    createdAt: "2025-03-10T10:00:00Z",
    visitor: "v1",
    categories: ["OrderStatus", "OrderStatus"],
    turns: [
      ...askedAndAnswered("2025-03-10T10:00:00Z"),
      { role: "customer", at: at("2025-03-10T10:01:00Z"), event: "IS_RESOLVED", text: "Yes, thank you" },
    ],
  });
  await seedChat({
    companyId,
    createdAt: "2025-03-11T09:00:00Z",
    visitor: "v2",
    categories: ["ShippingTimes"],
    turns: askedAndAnswered("2025-03-11T09:00:00Z", "  where is my order? "),
  });
  await seedChat({
    companyId,
    createdAt: "2025-03-12T09:00:00Z",
    visitor: "v3",
    status: "human",
    categories: ["OrderStatus"],
    turns: [
      ...askedAndAnswered("2025-03-12T09:00:00Z"),
      { role: "customer", at: at("2025-03-12T09:01:00Z"), event: "NEED_HELP", text: "No, I need help" },
      { role: "agent", at: at("2025-03-12T09:05:00Z"), text: "Hi, I am here" },
    ],
  });
  await seedChat({
    companyId,
    createdAt: "2025-03-13T08:00:00Z",
    visitor: "v4",
    categories: ["ShippingTimes"],
    turns: askedAndAnswered("2025-03-13T08:00:00Z"),
  });
  await seedChat({
    companyId,
    createdAt: "2025-03-16T08:00:00Z",
    visitor: "v4",
    turns: askedAndAnswered("2025-03-16T08:00:00Z"),
  });
  await seedChat({
    companyId,
    createdAt: "2025-03-14T08:00:00Z",
    visitor: "v6",
    turns: askedAndAnswered("2025-03-14T08:00:00Z"),
  });
  await seedChat({
    companyId,
    createdAt: "2025-03-22T09:00:00Z",
    visitor: "v6",
    turns: askedAndAnswered("2025-03-22T09:00:00Z"),
  });
  await seedChat({
    companyId,
    createdAt: "2025-03-15T10:00:00Z",
    visitor: "v8",
    categories: ["ShippingTimes"],
    turns: [...askedAndAnswered("2025-03-15T10:00:00Z"), ...askedAndAnswered("2025-03-16T16:00:00Z")],
  });
  await seedChat({
    companyId,
    createdAt: "2025-03-17T10:00:00Z",
    visitor: "v9",
    rating: 4,
    turns: [
      { role: "customer", at: at("2025-03-17T10:00:00Z") },
      { role: "ai", at: at("2025-03-17T10:00:05Z"), data: { customReplyID: reply?.id } },
      { role: "ai", at: at("2025-03-17T10:00:06Z"), data: { customReplyID: reply?.id } },
      { role: "customer", at: at("2025-03-17T10:02:00Z"), event: "FEEDBACK", text: "4 / 5" },
    ],
  });
  await seedChat({
    companyId,
    createdAt: "2025-03-18T10:00:00Z",
    visitor: "v10",
    rating: 2,
    categories: ["OrderStatus"],
    turns: askedAndAnswered("2025-03-18T10:00:00Z"),
  });
  await seedChat({
    companyId,
    createdAt: "2025-03-19T10:00:00Z",
    visitor: "v11",
    turns: [{ role: "customer", at: at("2025-03-19T10:00:00Z") }],
  });
  await seedChat({
    companyId,
    createdAt: "2025-02-28T23:30:00Z",
    visitor: "v12",
    categories: ["Returns"],
    turns: askedAndAnswered("2025-02-28T23:30:00Z"),
  });
  for (const [id, createdAt, category] of [
    ["v13", "2025-03-31T22:30:00Z", "Warranty"],
    ["v14", "2025-03-30T22:30:00Z", "Sizing"],
    ["v15", "2025-03-29T23:30:00Z", "Fit"],
  ] as const) {
    await seedChat({ companyId, createdAt, visitor: id, categories: [category], turns: askedAndAnswered(createdAt) });
  }
  // The rival's chat in the same month, confirmed: never in the owner's figures.
  await seedChat({
    companyId: rival.companyId,
    createdAt: "2025-03-10T10:00:00Z",
    visitor: "v1",
    categories: ["OrderStatus"],
    turns: [
      ...askedAndAnswered("2025-03-10T10:00:00Z"),
      { role: "customer", at: at("2025-03-10T10:01:00Z"), event: "IS_RESOLVED" },
    ],
  });
});
afterAll(async () => {
  await h?.close();
});

describe("POST /api/chat/get-analytics", () => {
  it("counts the month in UTC by default, each chat with one outcome", async () => {
    const response = await insights(owner.cookie, MARCH);
    expect(response.status).toBe(200);
    const data = response.body.data;
    // c1–c10, c13, c14, c15: c11 had no answer, c12 is 28 February in UTC.
    expect(data.totalConversations).toBe(13);
    expect(data.totalHandoffs).toBe(1);
    expect(data.resolutions).toEqual({ confirmed: 2, assumed: 7, handedOff: 1, reopened: 2 });
    expect(data.totalResolutions).toBe(9);
    // 13 − 1 − 9: c4, c8 (reopened) and c10 (rated 2) were neither handed off nor resolved.
    expect(data.totalConversations - data.totalHandoffs - data.totalResolutions).toBe(3);
    // 30 messages (events not counted; c3 and c9 have 3, c8 has 4) in 13 chats = 2.31.
    expect(data.averageMessagesCount).toBe(2.3);
    expect(data.timeZone).toBe("UTC");
    expect(data.aiCategories).toEqual({ OrderStatus: 3, ShippingTimes: 3, Fit: 1, Sizing: 1, Warranty: 1 });
    expect(data.openChats).toEqual({ ShippingTimes: 2, OrderStatus: 1 });
    expect(data.resolvedChats).toEqual({ Fit: 1, OrderStatus: 1, ShippingTimes: 1, Sizing: 1, Warranty: 1 });
    expect(data.customReplies).toEqual({ "Track order": 1 });
    expect(data.suggestedQuestions).toEqual({ "Where is my order?": 1 });
    // The maps come largest first.
    expect(Object.keys(data.openChats)).toEqual(["ShippingTimes", "OrderStatus"]);
  });

  it("reads the days in the company's zone: Amsterdam's March takes c12 and leaves c13", async () => {
    expect((await setZone(owner.cookie, "Europe/Amsterdam")).body.data.timeZone).toBe("Europe/Amsterdam");
    try {
      const data = (await insights(owner.cookie, MARCH)).body.data;
      expect(data.timeZone).toBe("Europe/Amsterdam");
      expect(data.totalConversations).toBe(13);
      expect(data.aiCategories).toEqual({ OrderStatus: 3, ShippingTimes: 3, Fit: 1, Returns: 1, Sizing: 1 });
      // 30 March, the 23-hour day (22:00 UTC on the 29th to 22:00 UTC on the 30th): only c15.
      const dstDay = (await insights(owner.cookie, { startDate: "2025-03-30", endDate: "2025-03-30" })).body.data;
      expect(dstDay.totalConversations).toBe(1);
      expect(dstDay.aiCategories).toEqual({ Fit: 1 });
      const lastDay = (await insights(owner.cookie, { startDate: "2025-03-31", endDate: "2025-03-31" })).body.data;
      expect(lastDay.aiCategories).toEqual({ Sizing: 1 });
    } finally {
      await setZone(owner.cookie, "UTC");
    }
    // In UTC the 30th holds c14 instead.
    const utcDay = (await insights(owner.cookie, { startDate: "2025-03-30", endDate: "2025-03-30" })).body.data;
    expect(utcDay.aiCategories).toEqual({ Sizing: 1 });
  });

  it("answers zeros and empty maps for a range without chats", async () => {
    const data = (await insights(owner.cookie, { startDate: "2024-03-01", endDate: "2024-03-31" })).body.data;
    expect(data).toMatchObject({
      totalConversations: 0,
      totalHandoffs: 0,
      totalResolutions: 0,
      averageMessagesCount: 0,
      aiCategories: {},
      openChats: {},
      resolvedChats: {},
      customReplies: {},
      suggestedQuestions: {},
      resolutions: { confirmed: 0, assumed: 0, handedOff: 0, reopened: 0 },
    });
  });

  it("assumes nothing before 24 hours of silence", async () => {
    const anHourAgo = new Date(Date.now() - 60 * 60_000).toISOString();
    await seedChat({
      companyId: rival.companyId,
      createdAt: anHourAgo,
      visitor: "recent",
      turns: askedAndAnswered(anHourAgo),
    });
    const day = anHourAgo.slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    const data = (await insights(rival.cookie, { startDate: day, endDate: today })).body.data;
    expect(data.totalConversations).toBe(1);
    expect(data.resolutions).toEqual({ confirmed: 0, assumed: 0, handedOff: 0, reopened: 0 });
  });

  it("shows another company only its own chats", async () => {
    const data = (await insights(rival.cookie, MARCH)).body.data;
    expect(data.totalConversations).toBe(1);
    expect(data.resolutions.confirmed).toBe(1);
    expect(data.aiCategories).toEqual({ OrderStatus: 1 });
  });

  it("follows a chat's later changes: a handoff, a return, the return removed, a late 'resolved'", async () => {
    // In the rival's May, so the month above keeps its counts; each step's figures counted by hand.
    const MAY = { startDate: "2025-05-01", endDate: "2025-05-31" };
    const may = async () => (await insights(rival.cookie, MAY)).body.data.resolutions;
    const first = await seedChat({
      companyId: rival.companyId,
      createdAt: "2025-05-05T10:00:00Z",
      visitor: "late",
      turns: askedAndAnswered("2025-05-05T10:00:00Z"),
    });
    expect(await may()).toEqual({ confirmed: 0, assumed: 1, handedOff: 0, reopened: 0 });
    await h.db.update(chats).set({ status: "human" }).where(eq(chats.id, first));
    expect(await may()).toEqual({ confirmed: 0, assumed: 0, handedOff: 1, reopened: 0 });
    await h.db.update(chats).set({ status: "open" }).where(eq(chats.id, first));
    // Two days after the first chat's answer the same visitor is back: the first is reopened.
    const second = await seedChat({
      companyId: rival.companyId,
      createdAt: "2025-05-07T10:00:00Z",
      visitor: "late",
      turns: askedAndAnswered("2025-05-07T10:00:00Z"),
    });
    expect(await may()).toEqual({ confirmed: 0, assumed: 1, handedOff: 0, reopened: 1 });
    await h.db.delete(chats).where(eq(chats.id, second));
    expect(await may()).toEqual({ confirmed: 0, assumed: 1, handedOff: 0, reopened: 0 });
    await h.db.insert(chatMessages).values({
      companyId: rival.companyId,
      chatId: first,
      message: "Yes, thank you",
      messageType: "widget_event",
      senderRole: "customer",
      eventType: "IS_RESOLVED",
      createdAt: at("2025-05-05T10:02:00Z"),
    });
    expect(await may()).toEqual({ confirmed: 1, assumed: 0, handedOff: 0, reopened: 0 });
  });

  it("refuses agents and strangers, and bad ranges with a 400 envelope", async () => {
    expect((await insights(agentCookie, MARCH)).status).toBe(403);
    expect((await insights("", MARCH)).status).toBe(401);
    for (const body of [
      { startDate: "2025-03-31", endDate: "2025-03-01" },
      { startDate: "2025-02-30", endDate: "2025-03-01" },
      { startDate: "2024-01-01", endDate: "2025-03-01" },
      { startDate: "1 March", endDate: "2025-03-01" },
      {},
    ]) {
      const response = await insights(owner.cookie, body);
      expect(response.status).toBe(400);
      expect(response.body.hasError).toBe(true);
    }
  });
});

describe("the reporting time zone", () => {
  it("is UTC until an admin picks one of the listed zones", async () => {
    const read = await h.api<{ timeZone: string }>("GET", "/api/analytics/time-zone", { cookie: rival.cookie });
    expect(read.body.data.timeZone).toBe("UTC");
    expect((await setZone(rival.cookie, "Mars/Olympus_Mons")).status).toBe(400);
    expect((await setZone(agentCookie, "Europe/Amsterdam")).status).toBe(403);
    const owners = await h.api<{ timeZone: string }>("GET", "/api/analytics/time-zone", { cookie: owner.cookie });
    expect(owners.body.data.timeZone).toBe("UTC");
  });
});

describe("POST /api/document/analytics/sources", () => {
  it("lists each source (oldest first, then by name) with its cited documents, most used first", async () => {
    const [articles, products] = await h.db
      .insert(knowledgeSources)
      .values([
        {
          companyId: owner.companyId,
          name: "Help articles",
          sourceType: "macha-article",
          url: "",
          updateFrequency: "none",
        },
        {
          companyId: owner.companyId,
          name: "Catalogue",
          sourceType: "shopify-products",
          url: "https://shop.example",
          updateFrequency: "none",
        },
      ])
      .returning({ id: knowledgeSources.id });
    if (!articles || !products) throw new Error("no sources");
    await h.db.insert(knowledgeDocuments).values([
      {
        companyId: owner.companyId,
        sourceId: articles.id,
        referenceId: "a1",
        title: "Returns",
        url: null,
        timesUsed: 2,
      },
      {
        companyId: owner.companyId,
        sourceId: articles.id,
        referenceId: "a2",
        title: "Shipping",
        url: "https://shop.example/shipping",
        timesUsed: 5,
      },
      { companyId: owner.companyId, sourceId: articles.id, referenceId: "a3", title: "Unused", timesUsed: 0 },
      { companyId: owner.companyId, sourceId: products.id, referenceId: "p1", title: "Shoe", timesUsed: 0 },
    ]);
    const response = await sources(owner.cookie, MARCH);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      { sourceID: products.id, sourceType: "shopify-products", title: "Catalogue", documentCount: 1, documents: [] },
      {
        sourceID: articles.id,
        sourceType: "macha-article",
        title: "Help articles",
        documentCount: 3,
        documents: [
          { title: "Shipping", timesUsed: 5, url: "https://shop.example/shipping", referenceID: "a2" },
          { title: "Returns", timesUsed: 2, url: null, referenceID: "a1" },
        ],
      },
    ]);
    expect((await sources(rival.cookie, MARCH)).body.data).toEqual([]);
    expect((await sources(agentCookie, MARCH)).status).toBe(403);
    expect((await sources(owner.cookie, { startDate: "2025-03-02", endDate: "2025-03-01" })).status).toBe(400);
  });
});

describe("POST /api/chat/get-token-usage", () => {
  beforeAll(async () => {
    const row = (
      companyId: string,
      model: string,
      input: number,
      output: number,
      iso: string,
      chatId: string | null,
    ) => ({
      companyId,
      chatId,
      purpose: chatId ? "chat" : "playground",
      model,
      inputTokens: input,
      outputTokens: output,
      day: iso.slice(0, 10),
      createdAt: at(iso),
    });
    const [c1, c2, c14] = await Promise.all(
      ["v1", "v2", "v14"].map(async (visitor) => {
        const [found] = await h.db
          .select({ id: chats.id })
          .from(chats)
          .where(and(eq(chats.companyId, owner.companyId), eq(chats.visitorId, visitor)));
        return found?.id ?? null;
      }),
    );
    await h.db
      .insert(tokenUsage)
      .values([
        row(owner.companyId, "gpt-4o-mini", 100, 50, "2025-03-10T10:00:05Z", c1 ?? null),
        row(owner.companyId, "gpt-4o-mini", 200, 100, "2025-03-11T09:00:05Z", c2 ?? null),
        row(owner.companyId, "claude-3-haiku", 10, 5, "2025-03-30T22:30:05Z", c14 ?? null),
        row(owner.companyId, "gpt-4o-mini", 1000, 0, "2025-03-31T23:30:00Z", null),
        row(rival.companyId, "gpt-4o-mini", 5000, 5000, "2025-03-10T10:00:00Z", null),
      ]);
  });

  it("sums per model and per day of UTC", async () => {
    const response = await tokens(owner.cookie, MARCH);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      overallUsage: [
        { model: "claude-3-haiku", tokensUsed: 15 },
        { model: "gpt-4o-mini", tokensUsed: 1450 },
      ],
      usageByModel: [
        { model: "claude-3-haiku", inputTokens: 10, outputTokens: 5, tokensUsed: 15 },
        { model: "gpt-4o-mini", inputTokens: 1300, outputTokens: 150, tokensUsed: 1450 },
      ],
      usageByConversation: [
        { model: "claude-3-haiku", chats: 1, averageTokensPerChat: 15 },
        { model: "gpt-4o-mini", chats: 2, averageTokensPerChat: 225 },
      ],
      dailyUsage: [
        { date: "2025-03-10", usage: [{ model: "gpt-4o-mini", tokensUsed: 150 }] },
        { date: "2025-03-11", usage: [{ model: "gpt-4o-mini", tokensUsed: 300 }] },
        { date: "2025-03-30", usage: [{ model: "claude-3-haiku", tokensUsed: 15 }] },
        { date: "2025-03-31", usage: [{ model: "gpt-4o-mini", tokensUsed: 1000 }] },
      ],
    });
  });

  it("moves usage to the company zone's days", async () => {
    await setZone(owner.cookie, "Europe/Amsterdam");
    try {
      const data = (await tokens(owner.cookie, MARCH)).body.data;
      expect(data.overallUsage).toEqual([
        { model: "claude-3-haiku", tokensUsed: 15 },
        { model: "gpt-4o-mini", tokensUsed: 450 },
      ]);
      expect(data.dailyUsage).toEqual([
        { date: "2025-03-10", usage: [{ model: "gpt-4o-mini", tokensUsed: 150 }] },
        { date: "2025-03-11", usage: [{ model: "gpt-4o-mini", tokensUsed: 300 }] },
        { date: "2025-03-31", usage: [{ model: "claude-3-haiku", tokensUsed: 15 }] },
      ]);
      const april = (await tokens(owner.cookie, { startDate: "2025-04-01", endDate: "2025-04-30" })).body.data;
      expect(april.dailyUsage).toEqual([{ date: "2025-04-01", usage: [{ model: "gpt-4o-mini", tokensUsed: 1000 }] }]);
    } finally {
      await setZone(owner.cookie, "UTC");
    }
  });

  it("is empty for an empty range, the rival's own for the rival, and admin only", async () => {
    const empty = (await tokens(owner.cookie, { startDate: "2024-03-01", endDate: "2024-03-31" })).body.data;
    expect(empty).toEqual({ overallUsage: [], usageByModel: [], usageByConversation: [], dailyUsage: [] });
    const rivals = (await tokens(rival.cookie, MARCH)).body.data;
    expect(rivals.overallUsage).toEqual([{ model: "gpt-4o-mini", tokensUsed: 10000 }]);
    expect((await tokens(agentCookie, MARCH)).status).toBe(403);
  });
});

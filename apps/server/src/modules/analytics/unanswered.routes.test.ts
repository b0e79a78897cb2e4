import type { UnansweredQuestions } from "@harbor/contract/analytics";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { chatMessages, chats } from "../../db/schema/index";

/*
 * March 2025 of one shop, each question placed by hand (decision 042 says which count):
 *
 * chat  asked (UTC)   question                                     what happened              counts as
 * a1    03-01 10:00   How long does shipping to Belgium take?      declined                   declined
 * a2    03-02 10:00   How long does delivery to Belgium take?      declined                   declined (same group: delivery = shipping)
 * a3    03-03 10:00   "  How long does shipping to Belgium take? " declined                   declined (same wording as a1)
 * b1    03-05 10:00   Do you sell tents?                           handed off by the AI       handed off
 * c1    03-06 10:00   Hello / Is the rain jacket waterproof?       answered; chat rated 2     rated low (the greeting is not a question)
 * d1    03-07 10:00   Where is my order? / Can I speak to someone  answered both; chat with   handed off (only the last question)
 *                     about my invoice?                             a person now
 * e1    03-08 10:00   האם אפשר להחזיר מעיל?                        declined (Hebrew)          declined
 * f1    03-09 10:00   What are your opening hours?                 answered, no rating        —
 * g1    02-20 10:00   Do you sell tents?                           declined in February       — (outside the range)
 * The rival shop's one declined question never shows here.
 */

let h: Harness;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let rival: Awaited<ReturnType<Harness["signUp"]>>;
let agentCookie: string;
const MARCH = { startDate: "2025-03-01", endDate: "2025-03-31" };

type Exchange = { question: string; outcome: string; language?: string };
let ticket = 0;

/** A chat of question/answer pairs a minute apart, each answer pointing at its question. */
async function seedChat(options: {
  companyId: string;
  createdAt: string;
  exchanges: Exchange[];
  status?: "open" | "human" | "ticket";
  rating?: number;
}) {
  ticket += 1;
  const start = Date.parse(options.createdAt);
  const [chat] = await h.db
    .insert(chats)
    .values({
      companyId: options.companyId,
      visitorId: `u${ticket}`,
      ticketId: `U${ticket}`,
      status: options.status ?? "open",
      rating: options.rating ?? null,
      language: "en",
      createdAt: new Date(start),
      lastMessageAt: new Date(start + options.exchanges.length * 120_000),
    })
    .returning({ id: chats.id });
  if (!chat) throw new Error("no chat");
  for (const [index, exchange] of options.exchanges.entries()) {
    const askedAt = start + index * 120_000;
    const [question] = await h.db
      .insert(chatMessages)
      .values({
        companyId: options.companyId,
        chatId: chat.id,
        message: exchange.question,
        messageType: "question",
        senderRole: "customer",
        createdAt: new Date(askedAt),
      })
      .returning({ id: chatMessages.id });
    await h.db.insert(chatMessages).values({
      companyId: options.companyId,
      chatId: chat.id,
      message: "An answer",
      messageType: "answer",
      senderRole: "ai",
      messageData: { questionID: question?.id, outcome: exchange.outcome, language: exchange.language ?? "en" },
      createdAt: new Date(askedAt + 5_000),
    });
  }
  return chat.id;
}

const unanswered = (cookie: string, body: unknown) =>
  h.api<UnansweredQuestions>("POST", "/api/analytics/unanswered-questions", { cookie, body });

beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUp("owner@unanswered.example");
  rival = await h.signUp("owner@rival-unanswered.example");
  agentCookie = (await h.addMember(owner.cookie, { name: "Ann Agent", email: "ann@unanswered.example", role: "agent" }))
    .cookie;
  const companyId = owner.companyId;
  const declined = (question: string, language?: string): Exchange => ({ question, outcome: "no-match", language });
  await seedChat({
    companyId,
    createdAt: "2025-03-01T10:00:00Z",
    exchanges: [declined("How long does shipping to Belgium take?")],
  });
  await seedChat({
    companyId,
    createdAt: "2025-03-02T10:00:00Z",
    exchanges: [declined("How long does delivery to Belgium take?")],
  });
  await seedChat({
    companyId,
    createdAt: "2025-03-03T10:00:00Z",
    exchanges: [declined("  How long does shipping to Belgium take? ")],
  });
  await seedChat({
    companyId,
    createdAt: "2025-03-05T10:00:00Z",
    exchanges: [{ question: "Do you sell tents?", outcome: "handoff" }],
    status: "human",
  });
  await seedChat({
    companyId,
    createdAt: "2025-03-06T10:00:00Z",
    exchanges: [
      { question: "Hello", outcome: "conversation" },
      { question: "Is the rain jacket waterproof?", outcome: "answered" },
    ],
    rating: 2,
  });
  await seedChat({
    companyId,
    createdAt: "2025-03-07T10:00:00Z",
    exchanges: [
      { question: "Where is my order?", outcome: "answered" },
      { question: "Can I speak to someone about my invoice?", outcome: "answered" },
    ],
    status: "human",
  });
  await seedChat({
    companyId,
    createdAt: "2025-03-08T10:00:00Z",
    exchanges: [declined("האם אפשר להחזיר מעיל?", "he")],
  });
  await seedChat({
    companyId,
    createdAt: "2025-03-09T10:00:00Z",
    exchanges: [{ question: "What are your opening hours?", outcome: "answered" }],
  });
  await seedChat({ companyId, createdAt: "2025-02-20T10:00:00Z", exchanges: [declined("Do you sell tents?")] });
  await seedChat({
    companyId: rival.companyId,
    createdAt: "2025-03-04T10:00:00Z",
    exchanges: [declined("Do you deliver on Sundays?")],
  });
});
afterAll(async () => {
  await h?.close();
});

describe("POST /api/analytics/unanswered-questions", () => {
  it("groups the month's failed questions by the engine's terms, most asked first", async () => {
    const response = await unanswered(owner.cookie, MARCH);
    expect(response.status).toBe(200);
    const { groups, answeredSince, timeZone } = response.body.data;
    expect(timeZone).toBe("UTC");
    expect(answeredSince).toBe(0);
    expect(groups.map((group) => [group.question, group.count])).toEqual([
      ["How long does shipping to Belgium take?", 3],
      // One each, the most recently asked first.
      ["האם אפשר להחזיר מעיל?", 1],
      ["Can I speak to someone about my invoice?", 1],
      ["Is the rain jacket waterproof?", 1],
      ["Do you sell tents?", 1],
    ]);
    expect(groups[0]).toMatchObject({
      examples: ["How long does delivery to Belgium take?"],
      languages: ["en"],
      reasons: { declined: 3, handedOff: 0, ratedLow: 0 },
    });
    expect(Date.parse(groups[0]?.lastAskedAt ?? "")).toBe(Date.parse("2025-03-03T10:00:00Z"));
    expect(groups[1]).toMatchObject({ languages: ["he"], reasons: { declined: 1, handedOff: 0, ratedLow: 0 } });
    expect(groups[2]?.reasons).toEqual({ declined: 0, handedOff: 1, ratedLow: 0 });
    expect(groups[3]?.reasons).toEqual({ declined: 0, handedOff: 0, ratedLow: 1 });
    expect(groups[4]?.reasons).toEqual({ declined: 0, handedOff: 1, ratedLow: 0 });
  });

  it("is empty for a range without failures, and shows another company only its own", async () => {
    const april = (await unanswered(owner.cookie, { startDate: "2025-04-01", endDate: "2025-04-30" })).body.data;
    expect(april.groups).toEqual([]);
    const theirs = (await unanswered(rival.cookie, MARCH)).body.data.groups;
    expect(theirs.map((group) => group.question)).toEqual(["Do you deliver on Sundays?"]);
  });

  it("ignores an answer whose questionID is no id or names no question of its chat", async () => {
    // June 2025 of the rival shop: one real declined question, then answers pointing nowhere.
    const chatId = await seedChat({
      companyId: rival.companyId,
      createdAt: "2025-06-02T10:00:00Z",
      exchanges: [{ question: "Do you rent kayaks?", outcome: "no-match" }],
    });
    const otherChat = await seedChat({
      companyId: rival.companyId,
      createdAt: "2025-06-03T10:00:00Z",
      exchanges: [{ question: "Do you sell maps?", outcome: "answered" }],
    });
    const [elsewhere] = await h.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, otherChat), eq(chatMessages.senderRole, "customer")));
    const odd = [
      "not-an-id",
      // 36 characters of hex digits and dashes that no uuid reads (the old guard let them through).
      "0123456789abcdef0123456789abcdef----",
      "------------------------------------",
      "00000000-0000-0000-0000-000000000000",
      // A real question, but of another chat.
      elsewhere?.id,
    ];
    for (const [index, questionID] of odd.entries()) {
      await h.db.insert(chatMessages).values({
        companyId: rival.companyId,
        chatId,
        message: "Sorry, I do not know",
        messageType: "answer",
        senderRole: "ai",
        messageData: { questionID, outcome: "no-match", language: "en" },
        createdAt: new Date(Date.parse("2025-06-02T10:10:00Z") + index * 1_000),
      });
    }
    const response = await unanswered(rival.cookie, { startDate: "2025-06-01", endDate: "2025-06-30" });
    expect(response.status).toBe(200);
    expect(response.body.data.groups.map((group) => [group.question, group.count])).toEqual([
      ["Do you rent kayaks?", 1],
    ]);
  });

  it("refuses agents, strangers and bad ranges with the error envelope", async () => {
    expect((await unanswered(agentCookie, MARCH)).status).toBe(403);
    expect((await unanswered("", MARCH)).status).toBe(401);
    const bad = await unanswered(owner.cookie, { startDate: "2025-03-31", endDate: "2025-03-01" });
    expect(bad.status).toBe(400);
    expect(bad.body.hasError).toBe(true);
  });

  it("drops a group once an article written after it was asked answers it", async () => {
    const saved = await h.api("POST", "/api/document/article/save", {
      cookie: owner.cookie,
      body: {
        document: {
          title: "Shipping to Belgium",
          chunks: [{ content: "Shipping to Belgium takes 2 to 3 working days with PostNL and costs €6.95." }],
        },
      },
    });
    expect(saved.status).toBe(200);
    await h.app.services.jobRunner.waitUntilIdle({ timeoutMs: 30_000 });
    const { groups, answeredSince } = (await unanswered(owner.cookie, MARCH)).body.data;
    expect(answeredSince).toBe(1);
    expect(groups.map((group) => group.question)).toEqual([
      "האם אפשר להחזיר מעיל?",
      "Can I speak to someone about my invoice?",
      "Is the rain jacket waterproof?",
      "Do you sell tents?",
    ]);
  });
});

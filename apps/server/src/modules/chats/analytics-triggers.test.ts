import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { queryRows } from "../../db/client";
import { createAnswerStore } from "./answer-store";
import { createChatsRepository } from "./chats.repository";

/*
 * Migration 0029 (decision 064): the analytics triggers skip work when nothing they keep changed —
 * a chat's facts row is rewritten only when its facts differ, an update that moves no
 * last_message_at touches no tag — and what they keep is still what a rebuild from scratch makes.
 * The writes are the visitor path's own (question, answer with its analysis and usage, summary).
 * A row's xmin is the transaction that last wrote it: the same xmin means the row was not rewritten.
 */

let h: Harness;
let ticket = 0;

async function newCompany() {
  ticket += 1;
  return (await h.signUp(`owner${ticket}@analytics-triggers.example`)).companyId;
}

const factsOf = async (chatId: string) => {
  const [row] = await queryRows<{ xmin: string; messages: number; rating: number | null; status: string }>(
    h.db,
    sql`select xmin::text as xmin, messages, rating, status from chat_facts where chat_id = ${chatId}`,
  );
  return row;
};

const tagsOf = (chatId: string) =>
  queryRows<{ xmin: string; kind: string; value: string; last_message_at: string }>(
    h.db,
    sql`select xmin::text as xmin, kind, value, last_message_at::text from chat_tags where chat_id = ${chatId}
      order by kind, value`,
  );

const hourlyOf = (companyId: string) =>
  queryRows<Record<string, unknown>>(
    h.db,
    sql`select hour::text, class, silent_hour::text, chats::int, messages::int from chat_hourly
      where company_id = ${companyId} order by hour, class, silent_hour`,
  );

const tagHourlyOf = (companyId: string) =>
  queryRows<Record<string, unknown>>(
    h.db,
    sql`select hour::text, kind, value, class, silent_hour::text, chats::int from chat_tag_hourly
      where company_id = ${companyId} order by hour, kind, value, class, silent_hour`,
  );

beforeAll(async () => {
  h = await createHarness();
});

afterAll(async () => {
  await h.close();
});

/** A visitor's turn as the visitor path writes it: the question, the answer (with a category), the summary. */
async function turn(companyId: string, chatId: string, index: number, category: string | null) {
  const chats = createChatsRepository(h.db);
  const store = createAnswerStore(h.db);
  const question = await chats.insertMessage({
    companyId,
    chatId,
    message: `Question ${index}?`,
    messageType: "question",
    senderRole: "customer",
    clientMessageId: crypto.randomUUID(),
  });
  await store.storeAnswer({
    companyId,
    chatId,
    questionMessageId: question.id,
    text: `Answer ${index}.`,
    messageData: { questionID: question.id, outcome: index % 2 === 0 ? "answered" : "no-match", language: "en" },
    references: [],
    analysis: { shortenedCustomerMessage: `Question ${index}`, questionCategory: category, selectedIntent: null },
    usage: [{ model: "local", inputTokens: 10, outputTokens: 4 }],
    citedDocumentIds: [],
  });
  await store.storeSummary({
    companyId,
    chatId,
    summary: `Summary ${index}`,
    usage: [{ model: "local", inputTokens: 3, outputTokens: 2 }],
  });
}

describe("the analytics triggers (migration 0029)", () => {
  it("rewrite a chat's facts only when they change, and its tags only when last_message_at moves", async () => {
    const companyId = await newCompany();
    const chats = createChatsRepository(h.db);
    const chat = await chats.createChat(companyId, { visitorId: "visitor-a" });
    await turn(companyId, chat.id, 0, "Shipping");
    const facts = await factsOf(chat.id);
    const tags = await tagsOf(chat.id);
    expect(facts?.messages).toBe(2);
    expect(tags.map((tag) => `${tag.kind}:${tag.value}`)).toEqual(["category:Shipping"]);

    // The summary is no fact: neither the facts row nor the tag row is written again.
    await h.db.execute(sql`update chats set summary = 'Another summary' where id = ${chat.id}`);
    expect(await factsOf(chat.id)).toEqual(facts);
    expect(await tagsOf(chat.id)).toEqual(tags);
    // A system line (an order looked up) is a message the facts do not count: their row stays as it
    // was (before 0029 the refresh wrote the same values again, and woke every rollup's trigger).
    await chats.insertMessage({
      companyId,
      chatId: chat.id,
      message: "Looked up order #1058 in Shopify",
      messageType: "integration_event",
      senderRole: "system",
      messageData: { integrationEvent: { event: "order_lookup", appType: "shopify" } },
    });
    expect(await factsOf(chat.id)).toEqual(facts);

    // A rating is a fact: the row is written, with the new value.
    await h.db.execute(sql`update chats set rating = 5 where id = ${chat.id}`);
    const rated = await factsOf(chat.id);
    expect(rated?.rating).toBe(5);
    expect(rated?.xmin).not.toBe(facts?.xmin);

    // A new message moves the tag's place in the inbox order and the message count.
    await turn(companyId, chat.id, 1, null);
    const [tagAfter] = await tagsOf(chat.id);
    expect(tagAfter?.last_message_at).not.toBe(tags[0]?.last_message_at);
    expect((await factsOf(chat.id))?.messages).toBe(4);
  });

  it("keep chat_hourly and chat_tag_hourly equal to a rebuild through the visitor path's writes", async () => {
    const companyId = await newCompany();
    const chats = createChatsRepository(h.db);
    const categories = ["Shipping", "Returns", null];
    for (let visitor = 0; visitor < 4; visitor++) {
      const chat = await chats.createChat(companyId, { visitorId: `visitor-${visitor}` });
      for (let index = 0; index < 3; index++) {
        await turn(companyId, chat.id, index, categories[(visitor + index) % categories.length] ?? null);
      }
      if (visitor === 1) await h.db.execute(sql`update chats set status = 'human' where id = ${chat.id}`);
      if (visitor === 2) await h.db.execute(sql`update chats set rating = 4, summary = 'x' where id = ${chat.id}`);
    }
    // A second chat of visitor 0 is that visitor's return to the first.
    const again = await chats.createChat(companyId, { visitorId: "visitor-0" });
    await turn(companyId, again.id, 0, "Returns");

    const hourly = await hourlyOf(companyId);
    const tagHourly = await tagHourlyOf(companyId);
    expect(hourly.length).toBeGreaterThan(0);
    expect(tagHourly.length).toBeGreaterThan(0);
    await h.db.execute(sql`select chat_hourly_rebuild(${companyId}::uuid)`);
    await h.db.execute(sql`select chat_tag_hourly_rebuild(${companyId}::uuid)`);
    expect(await hourlyOf(companyId)).toEqual(hourly);
    expect(await tagHourlyOf(companyId)).toEqual(tagHourly);
  });
});

import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { queryRows } from "../../db/client";
import { chatMessages, chats, companies } from "../../db/schema/index";
import {
  type AnalyticsRepository,
  createAnalyticsRepository,
  type InsightRows,
  type ReportWindow,
} from "./analytics.repository";
import { insertChat, seededRandom, setSuggestedQuestions, reportWindow as window } from "./rollup-test-fixtures";

/*
 * The hourly rollup behind Insights' suggested-questions card (migration 0027, decision 062):
 * chat_question_texts keeps each chat's visitor texts (lowered and trimmed) with how often it wrote
 * them, chat_question_hourly counts each conversation once per text in its creation hour, and
 * Insights read through the rollups equals Insights read from chat_facts, chat_tags and the
 * visitors' messages alone. Every company is new per test, every `now` is given.
 */

let h: Harness;
let analytics: AnalyticsRepository;
let ticket = 0;

async function newCompany(questions: string[]) {
  ticket += 1;
  const { companyId } = await h.signUp(`owner${ticket}@question-rollup.example`);
  await setSuggestedQuestions(h.db, companyId, questions);
  return companyId;
}

/** The key chat_question_hourly files a text under: md5 of the lowered, trimmed text, as a uuid. */
function textHash(text: string) {
  const hex = createHash("md5")
    .update(text.replace(/^ +| +$/g, "").toLowerCase())
    .digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type Message = { text: string; at: string; role?: "customer" | "ai"; event?: string };

async function addMessages(companyId: string, chatId: string, messages: Message[]) {
  if (messages.length === 0) return [];
  return h.db
    .insert(chatMessages)
    .values(
      messages.map((m) => ({
        companyId,
        chatId,
        message: m.text,
        messageType: m.role === "ai" ? "answer" : "question",
        senderRole: m.role ?? "customer",
        eventType: m.event ?? null,
        createdAt: new Date(m.at),
      })),
    )
    .returning({ id: chatMessages.id });
}

const newChat = (companyId: string, createdAt: string, options?: Parameters<typeof insertChat>[3]) =>
  insertChat(h.db, companyId, createdAt, options);

type QuestionRow = { text_hash: string; hour: string; chats: number };
type TextRow = { chat_id: string; text_hash: string; occurrences: number };

const rollupOf = (companyId: string) =>
  queryRows<QuestionRow>(
    h.db,
    sql`select text_hash::text as text_hash, to_char(hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as hour,
        chats::int as chats
      from chat_question_hourly where company_id = ${companyId} order by text_hash, hour`,
  );

const textsOf = (companyId: string) =>
  queryRows<TextRow>(
    h.db,
    sql`select t.chat_id::text as chat_id, t.text_hash::text as text_hash, t.occurrences::int as occurrences
      from chat_question_texts t join chats c on c.id = t.chat_id
      where c.company_id = ${companyId} order by t.chat_id, t.text_hash`,
  );

/** The rows the triggers kept, after checking a rebuild from the messages and chat_facts makes the same. */
async function keptRows(companyId: string) {
  const kept = await rollupOf(companyId);
  const texts = await textsOf(companyId);
  await h.db.execute(sql`select chat_question_hourly_rebuild(${companyId}::uuid)`);
  expect(await textsOf(companyId)).toEqual(texts);
  expect(await rollupOf(companyId)).toEqual(kept);
  return kept;
}

const byCardAndName = (rows: InsightRows["counts"]) =>
  [...rows].sort((a, b) => `${a.card}\u0000${a.name}`.localeCompare(`${b.card}\u0000${b.name}`));

/** Insights read through the rollups, after checking it equals the reading of chat_facts and the messages. */
async function insights(reportWindow: ReportWindow, now: string) {
  const fromRollup = await analytics.insights(reportWindow, new Date(now), "rollup");
  const fromFacts = await analytics.insights(reportWindow, new Date(now), "facts");
  expect(fromRollup.totals).toEqual(fromFacts.totals);
  expect(byCardAndName(fromRollup.counts)).toEqual(byCardAndName(fromFacts.counts));
  return fromRollup;
}

/** The suggested-questions card, read both ways. */
async function asked(reportWindow: ReportWindow, now = "2026-01-01T00:00:00Z") {
  const counts: Record<string, number> = {};
  for (const row of (await insights(reportWindow, now)).counts) {
    if (row.card === "suggested-question") counts[row.name] = row.chats;
  }
  return counts;
}

beforeAll(async () => {
  h = await createHarness();
  analytics = createAnalyticsRepository(h.db);
});

afterAll(async () => {
  await h.close();
});

describe("chat_question_hourly", () => {
  it("counts a conversation once per text, follows messages added, changed and removed, and forgets a deleted chat", async () => {
    const where = "Where is my order?";
    const belgium = "Do you ship to Belgium?";
    const companyId = await newCompany([where, belgium]);
    const chatId = await newChat(companyId, "2025-05-05T10:20:00Z");
    const [first, second] = await addMessages(companyId, chatId, [
      { text: where, at: "2025-05-05T10:20:00Z" },
      { text: "  where is my ORDER?  ", at: "2025-05-05T10:21:00Z" },
      // A widget event is no question, whatever its text.
      { text: belgium, at: "2025-05-05T10:21:30Z", event: "IS_RESOLVED" },
    ]);
    if (!first || !second) throw new Error("no messages");
    // Not a conversation yet: the AI has not answered.
    expect(await textsOf(companyId)).toEqual([{ chat_id: chatId, text_hash: textHash(where), occurrences: 2 }]);
    expect(await keptRows(companyId)).toEqual([]);
    const may5 = window(companyId, "2025-05-05", "2025-05-05");
    expect(await asked(may5)).toEqual({});

    const [answer] = await addMessages(companyId, chatId, [
      { text: "It left.", at: "2025-05-05T10:22:00Z", role: "ai" },
    ]);
    if (!answer) throw new Error("no answer");
    const row = (text: string, chats = 1) => ({ text_hash: textHash(text), hour: "2025-05-05T10:00Z", chats });
    expect(await keptRows(companyId)).toEqual([row(where)]);
    expect(await asked(may5)).toEqual({ [where]: 1 });

    await addMessages(companyId, chatId, [{ text: belgium, at: "2025-05-05T10:30:00Z" }]);
    const withBoth = [row(where), row(belgium)].sort((a, b) => a.text_hash.localeCompare(b.text_hash));
    expect(await keptRows(companyId)).toEqual(withBoth);
    expect(await asked(may5)).toEqual({ [where]: 1, [belgium]: 1 });

    // One of the two messages of a text goes: the chat still asked it. Both go: it did not.
    await h.db.delete(chatMessages).where(eq(chatMessages.id, first.id));
    expect(await keptRows(companyId)).toEqual(withBoth);
    await h.db.delete(chatMessages).where(eq(chatMessages.id, second.id));
    expect(await keptRows(companyId)).toEqual([row(belgium)]);
    expect(await asked(may5)).toEqual({ [belgium]: 1 });

    // A message's text changed moves the chat from one text to the other.
    await h.db.execute(sql`update chat_messages set message = ${where} where chat_id = ${chatId} and message = ${belgium}
      and event_type is null`);
    expect(await keptRows(companyId)).toEqual([row(where)]);
    // The server's own update (message_data of an answer) changes nothing.
    await h.db.execute(sql`update chat_messages set message_data = '{"answerStopped": true}' where id = ${answer.id}`);
    expect(await keptRows(companyId)).toEqual([row(where)]);

    // Without the AI's answer the chat is no conversation, and counts again when answered again.
    await h.db.delete(chatMessages).where(eq(chatMessages.id, answer.id));
    expect(await keptRows(companyId)).toEqual([]);
    await addMessages(companyId, chatId, [{ text: "It left.", at: "2025-05-05T10:40:00Z", role: "ai" }]);
    expect(await keptRows(companyId)).toEqual([row(where)]);

    // A chat moved to another hour takes its texts along.
    await h.db
      .update(chats)
      .set({ createdAt: new Date("2025-05-05T09:59:00Z") })
      .where(eq(chats.id, chatId));
    expect(await keptRows(companyId)).toEqual([{ ...row(where), hour: "2025-05-05T09:00Z" }]);

    await h.db.delete(chats).where(eq(chats.id, chatId));
    expect(await rollupOf(companyId)).toEqual([]);
    expect(await textsOf(companyId)).toEqual([]);
  });

  it("leaves no rows when chats go one by one, an hour at a time, or with their company", async () => {
    const where = "Where is my order?";
    const companyId = await newCompany([where]);
    const ids: string[] = [];
    for (const at of ["2025-06-01T08:10:00Z", "2025-06-01T08:20:00Z", "2025-06-01T09:10:00Z", "2025-06-01T09:20:00Z"]) {
      const chatId = await newChat(companyId, at);
      await addMessages(companyId, chatId, [
        { text: where, at },
        { text: "Soon.", at, role: "ai" },
      ]);
      ids.push(chatId);
    }
    expect(await keptRows(companyId)).toEqual([
      { text_hash: textHash(where), hour: "2025-06-01T08:00Z", chats: 2 },
      { text_hash: textHash(where), hour: "2025-06-01T09:00Z", chats: 2 },
    ]);
    // The facts go first, then the chat; the messages go first, then the chat.
    await h.db.execute(sql`delete from chat_facts where chat_id = ${ids[0]}`);
    await h.db.execute(sql`delete from chats where id = ${ids[0]}`);
    await h.db.execute(sql`delete from chat_messages where chat_id = ${ids[1]}`);
    await h.db.execute(sql`delete from chats where id = ${ids[1]}`);
    expect(await keptRows(companyId)).toEqual([{ text_hash: textHash(where), hour: "2025-06-01T09:00Z", chats: 2 }]);
    await h.db.execute(sql`delete from chats where company_id = ${companyId} and created_at >= '2025-06-01T09:00:00Z'`);
    expect(await keptRows(companyId)).toEqual([]);
    expect(await textsOf(companyId)).toEqual([]);

    const chatId = await newChat(companyId, "2025-06-02T08:00:00Z");
    await addMessages(companyId, chatId, [
      { text: where, at: "2025-06-02T08:00:00Z" },
      { text: "Soon.", at: "2025-06-02T08:00:01Z", role: "ai" },
    ]);
    expect(await rollupOf(companyId)).toHaveLength(1);
    expect(await h.db.delete(companies).where(eq(companies.id, companyId)).returning({ id: companies.id })).toEqual([
      { id: companyId },
    ]);
    expect(await rollupOf(companyId)).toEqual([]);
  });
});

describe("Insights' suggested-questions card through the rollup", () => {
  it("keeps a :45 zone's midnight inside an hour and Amsterdam's 25-hour day exact", async () => {
    const where = "Where is my order?";
    const companyId = await newCompany([where]);
    const seed = async (at: string, text = where) => {
      const chatId = await newChat(companyId, at);
      await addMessages(companyId, chatId, [
        { text, at },
        { text: "Soon.", at: new Date(Date.parse(at) + 5_000).toISOString(), role: "ai" },
      ]);
    };
    // Asia/Kathmandu's 10 March 2025 is 09T18:15Z–10T18:15Z.
    await seed("2025-03-09T18:10:00Z"); // before
    await seed("2025-03-09T18:20:00Z"); // in (the head edge)
    await seed("2025-03-10T05:00:00Z", "WHERE IS MY ORDER? "); // in (a whole hour)
    await seed("2025-03-10T18:14:00Z"); // in (the tail edge)
    await seed("2025-03-10T18:15:00Z"); // after
    expect(await asked(window(companyId, "2025-03-10", "2025-03-10", "Asia/Kathmandu"))).toEqual({ [where]: 3 });
    // Amsterdam's 26 October 2025 is 25T22:00Z–26T23:00Z.
    await seed("2025-10-25T21:59:59Z");
    await seed("2025-10-25T22:00:00Z");
    await seed("2025-10-26T22:59:59Z");
    await seed("2025-10-26T23:00:00Z");
    expect(await asked(window(companyId, "2025-10-26", "2025-10-26", "Europe/Amsterdam"))).toEqual({ [where]: 2 });
  });

  it("equals the reading of the visitors' messages for random chats over many windows and zones, before and after later changes", async () => {
    const random = seededRandom(20261129);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const suggested = ["Where is my order?", "Do you ship to Belgium?", "Can I return it?", "Never asked at all"];
    // What visitors write: the suggested questions in other cases and spaces, and other texts.
    const written = [
      "Where is my order?",
      "where is my order? ",
      "  WHERE IS MY ORDER?",
      "Do you ship to Belgium?",
      "do you ship to belgium?",
      "Can I return it?",
      "Where is my order? It is late",
      "Hello",
      "Thanks",
    ];
    const companyId = await newCompany(suggested);
    const days = ["2025-10-24", "2025-10-25", "2025-10-26", "2025-10-27", "2025-10-28"];
    const start = Date.parse("2025-10-23T20:00:00Z");
    const span = 5 * 24 * 3600_000;
    const chatIds: string[] = [];
    // Kathmandu's midnights (18:15Z) fall inside an hour: a third of the chats begin within 40
    // minutes of one, so the windows' edge hours hold chats on both sides of the midnight.
    const kathmanduMidnights = days.map((day) => Date.parse(`${day}T18:15:00Z`) - 24 * 3600_000);
    for (let i = 0; i < 120; i++) {
      const createdAt =
        i % 3 === 0
          ? pick(kathmanduMidnights) + Math.floor((random() - 0.5) * 80 * 60_000)
          : start + Math.floor(random() * span);
      const at = (offset: number) => new Date(createdAt + offset).toISOString();
      const chatId = await newChat(companyId, at(0), {
        visitor: `v${Math.floor(random() * 60)}`,
        status: random() < 0.1 ? "human" : "open",
        rating: random() < 0.2 ? 1 + Math.floor(random() * 5) : null,
      });
      const messages: Message[] = [];
      const asks = Math.floor(random() * 4);
      for (let k = 0; k < asks; k++) messages.push({ text: pick(written), at: at(k * 40_000) });
      if (random() < 0.15) messages.push({ text: pick(suggested), at: at(30_000), event: "IS_RESOLVED" });
      // Most chats are answered, some never.
      if (random() < 0.8)
        messages.push({ text: "An answer.", at: at(20_000 + Math.floor(random() * 200_000)), role: "ai" });
      await addMessages(companyId, chatId, messages);
      chatIds.push(chatId);
    }
    const windows: ReportWindow[] = [];
    for (const zone of ["UTC", "Europe/Amsterdam", "Asia/Kathmandu"]) {
      for (const [i, day] of days.entries()) {
        windows.push(window(companyId, day, day, zone));
        if (i + 1 < days.length) windows.push(window(companyId, day, days[i + 1] as string, zone));
      }
      windows.push(window(companyId, "2025-10-23", "2025-10-29", zone));
    }
    const compareAll = async () => {
      let counted = 0;
      for (const reportWindow of windows) {
        for (const now of ["2025-10-26T13:15:00Z", "2025-12-01T00:00:00Z"]) {
          const counts = await asked(reportWindow, now);
          counted += Object.values(counts).reduce((sum, chats) => sum + chats, 0);
        }
      }
      return counted;
    };
    const before = await compareAll();
    expect(before).toBeGreaterThan(200);
    expect(await keptRows(companyId)).not.toEqual([]);

    // Later changes: visitors write again a day later, messages are deleted and edited, answers are
    // deleted (the chat stops being a conversation) and given, chats are rated, handed off and deleted.
    const some = (share: number) => chatIds.filter(() => random() < share);
    const inList = (ids: string[]) =>
      sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
    for (const chatId of some(0.2)) {
      await h.db.execute(sql`
        insert into chat_messages (company_id, chat_id, message, message_type, sender_role, created_at)
        select company_id, id, ${pick(written)}, 'question', 'customer', created_at + interval '26 hours'
        from chats where id = ${chatId}`);
    }
    await h.db.execute(sql`
      delete from chat_messages where chat_id in (${inList(some(0.2))}) and sender_role = 'customer'
        and id in (select min(id::text)::uuid from chat_messages where company_id = ${companyId} group by chat_id)`);
    await h.db.execute(sql`
      update chat_messages set message = 'Do you ship to Belgium?'
      where chat_id in (${inList(some(0.2))}) and sender_role = 'customer' and message ilike '%order%'`);
    await h.db.execute(sql`delete from chat_messages where chat_id in (${inList(some(0.1))}) and sender_role = 'ai'`);
    for (const chatId of some(0.1)) {
      await h.db.execute(sql`
        insert into chat_messages (company_id, chat_id, message, message_type, sender_role, created_at)
        select company_id, id, 'A late answer.', 'answer', 'ai', created_at + interval '3 minutes'
        from chats where id = ${chatId}`);
    }
    await h.db.execute(sql`update chats set rating = 5 where id in (${inList(some(0.2))})`);
    await h.db.execute(sql`update chats set status = 'ticket' where id in (${inList(some(0.1))})`);
    await h.db.execute(sql`delete from chats where id in (${inList(some(0.15))})`);
    const after = await compareAll();
    expect(after).not.toBe(before);
    expect(await keptRows(companyId)).not.toEqual([]);
  });
});

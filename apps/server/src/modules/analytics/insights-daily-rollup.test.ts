import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { queryRows } from "../../db/client";
import { chatAnalyses, chatMessages, chats, companies } from "../../db/schema/index";
import {
  type AnalyticsRepository,
  createAnalyticsRepository,
  type InsightRows,
  type ReportWindow,
} from "./analytics.repository";
import { insertChat, seededRandom, setSuggestedQuestions, reportWindow as window } from "./rollup-test-fixtures";

/*
 * Insights' daily layer (migration 0034, decision 076): chat_daily, chat_tag_daily and
 * chat_question_daily are the hourly rollups summed per UTC day, kept by the hourly apply functions;
 * Insights reads the window's whole UTC days there, the edge days' whole hours from the hourly
 * rollups and the partial hours from chat_facts, and equals the reading of chat_facts, chat_tags and
 * the visitors' messages alone. Every company is new per test, every `now` is given.
 */

let h: Harness;
let analytics: AnalyticsRepository;
let ticket = 0;

const WHERE = "Where is my order?";

async function newCompany(questions: string[] = [WHERE]) {
  ticket += 1;
  const { companyId } = await h.signUp(`owner${ticket}@daily-rollup.example`);
  await setSuggestedQuestions(h.db, companyId, questions);
  return companyId;
}

type Message = { text: string; at: string; role?: "customer" | "ai"; customReply?: string };

async function addMessages(companyId: string, chatId: string, messages: Message[]) {
  if (messages.length === 0) return;
  await h.db.insert(chatMessages).values(
    messages.map((m) => ({
      companyId,
      chatId,
      message: m.text,
      messageType: m.role === "ai" ? "answer" : "question",
      senderRole: m.role ?? "customer",
      createdAt: new Date(m.at),
      ...(m.customReply ? { messageData: { customReplyID: m.customReply } } : {}),
    })),
  );
}

const newChat = (companyId: string, createdAt: string, options?: Parameters<typeof insertChat>[3]) =>
  insertChat(h.db, companyId, createdAt, options);

const later = (at: string, seconds: number) => new Date(Date.parse(at) + seconds * 1000).toISOString();

/** A chat whose visitor asks `text` at `at` and the AI answers five seconds later. */
async function answeredChat(companyId: string, at: string, text = WHERE, options: { status?: string } = {}) {
  const chatId = await newChat(companyId, at, options);
  await addMessages(companyId, chatId, [
    { text, at },
    { text: "It left yesterday.", at: later(at, 5), role: "ai" },
  ]);
  return chatId;
}

async function categorize(companyId: string, chatId: string, category: string) {
  await h.db
    .insert(chatAnalyses)
    .values({ companyId, chatId, shortenedCustomerMessage: "order", questionCategory: category });
}

/** The company's daily rows as short lines, so a step's rows read at a glance. */
async function dailyRowsOf(companyId: string) {
  const lines = (rows: { line: string }[]) => rows.map((row) => row.line);
  return {
    chats: lines(
      await queryRows<{ line: string }>(
        h.db,
        sql`select concat_ws(' ', to_char(day, 'YYYY-MM-DD'), class, chats, messages) as line
          from chat_daily where company_id = ${companyId} order by day, class`,
      ),
    ),
    tags: lines(
      await queryRows<{ line: string }>(
        h.db,
        sql`select concat_ws(' ', to_char(day, 'YYYY-MM-DD'), kind, value, class, chats) as line
          from chat_tag_daily where company_id = ${companyId} order by day, kind, value, class`,
      ),
    ),
    questions: lines(
      await queryRows<{ line: string }>(
        h.db,
        sql`select concat_ws(' ', to_char(day, 'YYYY-MM-DD'), text_hash, chats) as line
          from chat_question_daily where company_id = ${companyId} order by day, text_hash`,
      ),
    ),
  };
}

/** The hourly rows summed per UTC day, in dailyRowsOf's lines: what the daily rows must always be. */
async function hourlySummedPerDay(companyId: string) {
  const lines = (rows: { line: string }[]) => rows.map((row) => row.line);
  const day = sql`to_char((hour at time zone 'UTC')::date, 'YYYY-MM-DD')`;
  return {
    chats: lines(
      await queryRows<{ line: string }>(
        h.db,
        sql`select concat_ws(' ', ${day}, class, sum(chats), sum(messages)) as line
          from chat_hourly where company_id = ${companyId}
          group by ${day}, class having sum(chats) <> 0 order by ${day}, class`,
      ),
    ),
    tags: lines(
      await queryRows<{ line: string }>(
        h.db,
        sql`select concat_ws(' ', ${day}, kind, value, class, sum(chats)) as line
          from chat_tag_hourly where company_id = ${companyId}
          group by ${day}, kind, value, class having sum(chats) <> 0 order by ${day}, kind, value, class`,
      ),
    ),
    questions: lines(
      await queryRows<{ line: string }>(
        h.db,
        sql`select concat_ws(' ', ${day}, text_hash, sum(chats)) as line
          from chat_question_hourly where company_id = ${companyId}
          group by ${day}, text_hash having sum(chats) <> 0 order by ${day}, text_hash`,
      ),
    ),
  };
}

/**
 * The daily rows the triggers kept, after checking that they are the hourly rows summed per day and
 * that rollups_rebuild (which refills every rollup from chat_facts, chat_tags and the messages)
 * makes the same.
 */
async function keptRows(companyId: string) {
  const kept = await dailyRowsOf(companyId);
  expect(kept).toEqual(await hourlySummedPerDay(companyId));
  await h.db.execute(sql`select rollups_rebuild(${companyId}::uuid)`);
  expect(await dailyRowsOf(companyId)).toEqual(kept);
  return kept;
}

const byCardAndName = (rows: InsightRows["counts"]) =>
  [...rows].sort((a, b) => `${a.card}\u0000${a.name}`.localeCompare(`${b.card}\u0000${b.name}`));

/** Insights through the daily rollups, after checking it equals the facts reading and 062's hourly one. */
async function insights(reportWindow: ReportWindow, now: string) {
  const fromDaily = await analytics.insights(reportWindow, new Date(now), "rollup");
  const fromFacts = await analytics.insights(reportWindow, new Date(now), "facts");
  const fromHourly = await analytics.insights(reportWindow, new Date(now), "hourly-rollup");
  expect(fromDaily.totals).toEqual(fromFacts.totals);
  expect(byCardAndName(fromDaily.counts)).toEqual(byCardAndName(fromFacts.counts));
  expect(fromHourly.totals).toEqual(fromFacts.totals);
  expect(byCardAndName(fromHourly.counts)).toEqual(byCardAndName(fromFacts.counts));
  return fromDaily;
}

const cardsOf = (result: InsightRows) =>
  Object.fromEntries(byCardAndName(result.counts).map((row) => [`${row.card}:${row.name}`, row.chats]));

beforeAll(async () => {
  h = await createHarness();
  analytics = createAnalyticsRepository(h.db);
});

afterAll(async () => {
  await h.close();
});

describe("chat_daily, chat_tag_daily and chat_question_daily", () => {
  it("follow a chat's class, messages, tags, texts and day step by step, and keep nothing of a deleted chat", async () => {
    const companyId = await newCompany();
    const whereHash = (
      await queryRows<{ hash: string }>(h.db, sql`select md5(lower(btrim(${WHERE})))::uuid::text as hash`)
    )[0]!.hash;
    // A chat at 23:30Z on 30 March, answered: silent, two messages.
    const chatId = await answeredChat(companyId, "2025-03-30T23:30:00Z");
    await categorize(companyId, chatId, "Shipping");
    expect(await keptRows(companyId)).toEqual({
      chats: ["2025-03-30 silent 1 2"],
      tags: ["2025-03-30 category Shipping silent 1"],
      questions: [`2025-03-30 ${whereHash} 1`],
    });

    // The visitor writes again (the same text: still one chat for it): open, three messages.
    await addMessages(companyId, chatId, [{ text: WHERE, at: "2025-03-30T23:40:00Z" }]);
    expect(await keptRows(companyId)).toEqual({
      chats: ["2025-03-30 open 1 3"],
      tags: ["2025-03-30 category Shipping open 1"],
      questions: [`2025-03-30 ${whereHash} 1`],
    });

    // Answered after midnight: silent again, its silent hour on the next day; the chat stays on its
    // creation day. Answered once more in the next hour: only the hourly rows' silent hour moves.
    await addMessages(companyId, chatId, [{ text: "Today.", at: "2025-03-31T00:10:00Z", role: "ai" }]);
    await addMessages(companyId, chatId, [{ text: "Really.", at: "2025-03-31T01:10:00Z", role: "ai" }]);
    expect(await keptRows(companyId)).toEqual({
      chats: ["2025-03-30 silent 1 5"],
      tags: ["2025-03-30 category Shipping silent 1"],
      questions: [`2025-03-30 ${whereHash} 1`],
    });

    // Rated, another chat handed off with a custom reply, a category renamed.
    await h.db.update(chats).set({ rating: 5 }).where(eq(chats.id, chatId));
    const handedOff = await newChat(companyId, "2025-03-30T10:00:00Z", { status: "human" });
    await addMessages(companyId, handedOff, [
      { text: WHERE, at: "2025-03-30T10:00:00Z" },
      { text: "Here is a form.", at: "2025-03-30T10:00:05Z", role: "ai", customReply: "reply-1" },
    ]);
    await h.db.execute(sql`update chat_tags set value = 'Delivery' where chat_id = ${chatId} and value = 'Shipping'`);
    expect(await keptRows(companyId)).toEqual({
      chats: ["2025-03-30 confirmed 1 5", "2025-03-30 handed-off 1 2"],
      tags: ["2025-03-30 category Delivery confirmed 1", "2025-03-30 custom-reply reply-1 handed-off 1"],
      questions: [`2025-03-30 ${whereHash} 2`],
    });

    // The first chat moves to the previous UTC day; the handed-off one loses its answer (no
    // conversation any more).
    await h.db.execute(sql`update chats set created_at = created_at - interval '1 day' where id = ${chatId}`);
    await h.db.execute(sql`delete from chat_messages where chat_id = ${handedOff} and sender_role = 'ai'`);
    expect(await keptRows(companyId)).toEqual({
      chats: ["2025-03-29 confirmed 1 5"],
      tags: ["2025-03-29 category Delivery confirmed 1"],
      questions: [`2025-03-29 ${whereHash} 1`],
    });

    // The question's messages deleted, then the chat; then the company.
    await h.db.execute(sql`delete from chat_messages where chat_id = ${chatId} and message = ${WHERE}`);
    expect((await keptRows(companyId)).questions).toEqual([]);
    await h.db.delete(chats).where(eq(chats.id, chatId));
    expect(await keptRows(companyId)).toEqual({ chats: [], tags: [], questions: [] });
    await answeredChat(companyId, "2025-03-30T12:00:00Z");
    await h.db.delete(companies).where(eq(companies.id, companyId));
    expect(await dailyRowsOf(companyId)).toEqual({ chats: [], tags: [], questions: [] });
  });
});

describe("Insights through the daily rollups", () => {
  it("reads whole days, edge days' hours and a :45 zone's partial hours, as counted by hand", async () => {
    const companyId = await newCompany();
    // Asia/Kathmandu's 10–12 March 2025 is 09T18:15Z–12T18:15Z: whole UTC days 10 and 11 March, whole
    // hours 09T19:00Z–12T18:00Z around them, and the partial hours 18:15–19:00Z and 18:00–18:15Z.
    for (const at of [
      "2025-03-09T18:10:00Z", // before
      "2025-03-09T18:20:00Z", // partial head hour
      "2025-03-09T20:00:00Z", // the head edge day's whole hours
      "2025-03-11T05:00:00Z", // a whole day
      "2025-03-12T17:00:00Z", // the tail edge day's whole hours
      "2025-03-12T18:14:00Z", // partial tail hour
      "2025-03-12T18:15:00Z", // after
    ]) {
      const chatId = await answeredChat(companyId, at);
      await categorize(companyId, chatId, "Shipping");
    }
    const kathmandu = window(companyId, "2025-03-10", "2025-03-12", "Asia/Kathmandu");
    const result = await insights(kathmandu, "2025-04-01T00:00:00Z");
    expect(result.totals).toMatchObject({ conversations: 5, assumed: 5 });
    expect(cardsOf(result)).toEqual({
      "category:Shipping": 5,
      "resolved:Shipping": 5,
      [`suggested-question:${WHERE}`]: 5,
    });
    // Read a day after the whole day's chat was answered: it is open until exactly 24 hours have
    // passed (2025-03-12T05:00:05Z), a millisecond before and at that instant. The edge day's chats
    // of 12 March are open as well.
    for (const [now, open] of [
      ["2025-03-12T05:00:04.999Z", 3],
      ["2025-03-12T05:00:05.000Z", 2],
      ["2025-03-13T18:14:05.000Z", 0],
    ] as const) {
      const read = await insights(kathmandu, now);
      expect(read.totals).toMatchObject({ conversations: 5, assumed: 5 - open });
      expect(cardsOf(read)["deflected:Shipping"]).toBe(open === 0 ? undefined : open);
    }
    // Amsterdam's 25-hour 26 October holds no whole UTC day (25T22:00Z–26T23:00Z): hours only.
    for (const at of ["2025-10-25T21:59:59Z", "2025-10-25T22:00:00Z", "2025-10-26T22:59:54Z", "2025-10-26T23:00:00Z"]) {
      await answeredChat(companyId, at);
    }
    const autumn = await insights(
      window(companyId, "2025-10-26", "2025-10-26", "Europe/Amsterdam"),
      "2026-01-01T00:00:00Z",
    );
    expect(autumn.totals).toMatchObject({ conversations: 2, assumed: 2 });
    // And across it, 25–27 October (24T22:00Z–27T23:00Z): whole UTC days 25–27, edge hours on the 24th and 28th.
    const across = await insights(
      window(companyId, "2025-10-25", "2025-10-27", "Europe/Amsterdam"),
      "2026-01-01T00:00:00Z",
    );
    expect(across.totals).toMatchObject({ conversations: 4 });
  });

  it("equals the facts reading for random chats over many windows, zones and moments, before and after later changes", {
    timeout: 600_000,
  }, async () => {
    const random = seededRandom(76_076);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const suggested = [WHERE, "Do you ship to Belgium?", "Can I return it?"];
    const written = [WHERE, "where is my order? ", "Do you ship to Belgium?", "CAN I RETURN IT?", "Hello", "Thanks"];
    const categories = ["Shipping", "Returns", "Payment", ""];
    const companyId = await newCompany(suggested);
    // Six days around Amsterdam's October change; a third of the chats within 40 minutes of a
    // midnight of UTC, Amsterdam or Kathmandu, so every kind of edge holds chats.
    const days = ["2025-10-23", "2025-10-24", "2025-10-25", "2025-10-26", "2025-10-27", "2025-10-28"];
    const start = Date.parse("2025-10-22T18:00:00Z");
    const span = 6 * 24 * 3600_000;
    const midnights = days.flatMap((day) => [
      Date.parse(`${day}T00:00:00Z`),
      Date.parse(`${day}T00:00:00Z`) - (day < "2025-10-26" ? 2 : 1) * 3600_000,
      Date.parse(`${day}T00:00:00Z`) - (5 * 60 + 45) * 60_000,
    ]);
    const chatIds: string[] = [];
    for (let i = 0; i < 90; i++) {
      const createdAt =
        i % 3 === 0
          ? pick(midnights) + Math.floor((random() - 0.5) * 80 * 60_000)
          : start + Math.floor(random() * span);
      const at = (seconds: number) => new Date(createdAt + seconds * 1000).toISOString();
      const chatId = await newChat(companyId, at(0), {
        visitor: `v${Math.floor(random() * 40)}`,
        status: random() < 0.1 ? "human" : "open",
        rating: random() < 0.2 ? 1 + Math.floor(random() * 5) : null,
      });
      const messages: Message[] = [];
      for (let k = 0; k < 1 + Math.floor(random() * 3); k++) messages.push({ text: pick(written), at: at(k * 40) });
      if (random() < 0.85) {
        messages.push({
          text: "An answer.",
          at: at(20 + Math.floor(random() * 600)),
          role: "ai",
          ...(random() < 0.3 ? { customReply: pick(["reply-1", "reply-2"]) } : {}),
        });
      }
      // Some visitors write after the answer (open), some long after (returned).
      if (random() < 0.2) messages.push({ text: "Still there?", at: at(700 + Math.floor(random() * 3 * 86_400)) });
      await addMessages(companyId, chatId, messages);
      if (random() < 0.7) await categorize(companyId, chatId, pick(categories));
      chatIds.push(chatId);
    }
    const windows: ReportWindow[] = [];
    for (const zone of ["UTC", "Europe/Amsterdam", "Asia/Kathmandu"]) {
      for (const [i, day] of days.entries()) {
        windows.push(window(companyId, day, day, zone));
        if (i + 2 < days.length) windows.push(window(companyId, day, days[i + 2] as string, zone));
      }
      windows.push(window(companyId, "2025-10-22", "2025-10-29", zone));
    }
    // Moments inside the data (silent chats of the whole days still within their 24 hours) and after it.
    const moments = ["2025-10-25T23:30:00Z", "2025-10-27T12:00:00Z", "2025-12-01T00:00:00Z"];
    const compareAll = async () => {
      let counted = 0;
      for (const reportWindow of windows) {
        for (const now of moments) counted += (await insights(reportWindow, now)).totals.conversations;
      }
      return counted;
    };
    const before = await compareAll();
    expect(before).toBeGreaterThan(500);
    expect((await keptRows(companyId)).tags).not.toEqual([]);

    // Later changes, in bulk: ratings, tickets, visitors writing back 26 hours later, answers given
    // later (a silent hour on another day) and deleted, tags renamed and removed, texts edited, chats
    // moved across a midnight and deleted.
    const some = (share: number) => chatIds.filter(() => random() < share);
    const inList = (ids: string[]) =>
      sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
    await h.db.execute(sql`update chats set rating = 5 where id in (${inList(some(0.2))})`);
    await h.db.execute(sql`update chats set status = 'ticket' where id in (${inList(some(0.1))})`);
    await h.db.execute(sql`
        insert into chat_messages (company_id, chat_id, message, message_type, sender_role, created_at)
        select company_id, id, 'Back again', 'question', 'customer', created_at + interval '26 hours'
        from chats where id in (${inList(some(0.15))})`);
    await h.db.execute(sql`
        insert into chat_messages (company_id, chat_id, message, message_type, sender_role, created_at)
        select company_id, id, 'A late answer.', 'answer', 'ai', created_at + interval '20 hours'
        from chats where id in (${inList(some(0.2))})`);
    await h.db.execute(sql`delete from chat_messages where chat_id in (${inList(some(0.1))}) and sender_role = 'ai'`);
    await h.db.execute(sql`update chat_tags set value = 'Delivery' where kind = 'category' and value = 'Shipping'
        and chat_id in (${inList(some(0.5))})`);
    await h.db.execute(sql`delete from chat_tags where chat_id in (${inList(some(0.1))})`);
    await h.db.execute(sql`update chat_messages set message = 'Can I return it?'
        where chat_id in (${inList(some(0.2))}) and sender_role = 'customer'`);
    // Earlier, not later: a chat's messages never come before it began, and the facts reading relies
    // on that (decision 062).
    await h.db.execute(sql`update chats set created_at = created_at - interval '50 minutes'
        where id in (${inList(some(0.2))})`);
    await h.db.execute(sql`delete from chats where id in (${inList(some(0.1))})`);
    const after = await compareAll();
    expect(after).not.toBe(before);
    expect((await keptRows(companyId)).chats).not.toEqual([]);
  });
});

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { queryRows } from "../../db/client";
import { chatMessages, chats, companies } from "../../db/schema/index";
import { type AnalyticsRepository, createAnalyticsRepository, type ReportWindow } from "./analytics.repository";
import { seededRandom, reportWindow as window } from "./rollup-test-fixtures";
import type { UnansweredWording } from "./unanswered-groups";

/*
 * The rollup behind Unanswered questions (migration 0032, decision 071): chat_question_failures
 * holds one row per failed answer, kept per chat by triggers on chat_messages and chats,
 * chat_question_failure_days sums them per UTC day, wording and language, and the wordings read
 * from both (whole UTC days from the second, the window's partial days from the first) equal decision 069's statement over every answer of the window's failed
 * chats (the "messages" source) — after ratings move across 3 and back, handovers, deleted chats
 * and messages, edited questions, for another company and at time-zone edges. After every step
 * the rows the triggers kept in both tables also equal a rebuild's. Every company is new per test.
 */

let h: Harness;
let analytics: AnalyticsRepository;
let ticket = 0;

async function newCompany() {
  ticket += 1;
  return (await h.signUp(`owner${ticket}@unanswered-rollup.example`)).companyId;
}

async function newChat(
  companyId: string,
  createdAt: string,
  options: { status?: string; rating?: number | null; language?: string | null } = {},
) {
  ticket += 1;
  const [chat] = await h.db
    .insert(chats)
    .values({
      companyId,
      visitorId: `visitor${ticket}`,
      ticketId: `F${ticket}`,
      status: options.status ?? "open",
      rating: options.rating ?? null,
      language: options.language === undefined ? "en" : options.language,
      createdAt: new Date(createdAt),
      lastMessageAt: new Date(createdAt),
    })
    .returning({ id: chats.id });
  if (!chat) throw new Error("no chat");
  return chat.id;
}

async function ask(companyId: string, chatId: string, text: string, at: string, event?: string) {
  const [question] = await h.db
    .insert(chatMessages)
    .values({
      companyId,
      chatId,
      message: text,
      messageType: "question",
      senderRole: "customer",
      eventType: event ?? null,
      createdAt: new Date(at),
    })
    .returning({ id: chatMessages.id });
  if (!question) throw new Error("no question");
  return question.id;
}

/** The AI's answer to a question, five seconds after `at`; messageData as given (outcome, questionID, language). */
async function answer(companyId: string, chatId: string, at: string, messageData: Record<string, unknown>) {
  const [row] = await h.db
    .insert(chatMessages)
    .values({
      companyId,
      chatId,
      message: "An answer",
      messageType: "answer",
      senderRole: "ai",
      messageData,
      createdAt: new Date(Date.parse(at) + 5_000),
    })
    .returning({ id: chatMessages.id });
  if (!row) throw new Error("no answer");
  return row.id;
}

/** A question and the AI's answer naming it; a null language leaves the answer without one. */
async function exchange(
  companyId: string,
  chatId: string,
  text: string,
  at: string,
  outcome: string | undefined,
  language: string | null = "en",
) {
  const questionID = await ask(companyId, chatId, text, at);
  return answer(companyId, chatId, at, {
    questionID,
    ...(outcome === undefined ? {} : { outcome }),
    ...(language === null ? {} : { language }),
  });
}

const setChat = (chatId: string, values: { rating?: number | null; status?: string; createdAt?: Date }) =>
  h.db.update(chats).set(values).where(eq(chats.id, chatId));

type FailureRow = {
  answer_id: string;
  text: string;
  example: string;
  language: string | null;
  reason: string;
  asked_at: string;
  chat_created_at: string;
};

const rowsOf = (companyId: string) =>
  queryRows<FailureRow>(
    h.db,
    sql`select answer_id::text as answer_id, text, example, language, reason,
        to_char(asked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as asked_at,
        to_char(chat_created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as chat_created_at
      from chat_question_failures where company_id = ${companyId} order by answer_id`,
  );

const daysOf = (companyId: string) =>
  queryRows<Record<string, unknown>>(
    h.db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, text, language, answers, declined, handed_off, rated_low, example,
        to_char(last_asked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as last_asked_at
      from chat_question_failure_days where company_id = ${companyId} order by day, text, language nulls first`,
  );

/**
 * The rows the triggers kept, after checking that a rebuild from the chats and messages makes the
 * same rows in both tables.
 */
async function keptRows(companyId: string) {
  const kept = await rowsOf(companyId);
  const days = await daysOf(companyId);
  await h.db.execute(sql`select chat_question_failures_rebuild(${companyId}::uuid)`);
  expect(await rowsOf(companyId)).toEqual(kept);
  expect(await daysOf(companyId)).toEqual(days);
  return kept;
}

/** One order for both readings: equal counts and times tie, and languages come in no set order. */
const canonical = (rows: UnansweredWording[]) =>
  rows
    .map((row) => ({
      ...row,
      languages: [...row.languages].sort((a, b) => (a.language ?? "").localeCompare(b.language ?? "")),
    }))
    .sort((a, b) => a.text.localeCompare(b.text));

/** The window's wordings through the rollup, after checking they equal decision 069's statement's. */
async function wordings(reportWindow: ReportWindow) {
  const fromRollup = await analytics.unansweredQuestions(reportWindow, 5_000, "rollup");
  const fromMessages = await analytics.unansweredQuestions(reportWindow, 5_000, "messages");
  expect(canonical(fromRollup)).toEqual(canonical(fromMessages));
  // The rollup's own order is the statement's: most asked first, then the most recently asked.
  for (const [index, row] of fromRollup.entries()) {
    const next = fromRollup[index + 1];
    if (next)
      expect(row.count > next.count || (row.count === next.count && row.last_asked_at >= next.last_asked_at)).toBe(
        true,
      );
  }
  return fromRollup;
}

/** Text → [count, declined, handed off, rated low], read both ways. */
async function counted(reportWindow: ReportWindow) {
  const counts: Record<string, number[]> = {};
  for (const row of await wordings(reportWindow)) {
    counts[row.example] = [row.count, row.declined, row.handed_off, row.rated_low];
  }
  return counts;
}

// Each test runs dozens of statements and rebuilds: far over vitest's 30 s default on a loaded
// machine's embedded database, so each names its own limit.
beforeAll(async () => {
  h = await createHarness();
  analytics = createAnalyticsRepository(h.db);
});

afterAll(async () => {
  await h?.close();
});

describe("chat_question_failures", () => {
  it("follows a rating from 2 to 4 and back, a handover and its last answer, and a deleted chat", async () => {
    const companyId = await newCompany();
    const may = window(companyId, "2025-05-01", "2025-05-31");
    const rated = await newChat(companyId, "2025-05-05T10:00:00Z", { rating: 2 });
    await exchange(companyId, rated, "Hello", "2025-05-05T10:00:00Z", "conversation");
    await exchange(companyId, rated, "Is the rain jacket waterproof?", "2025-05-05T10:01:00Z", "answered");
    await exchange(companyId, rated, "Do you sell tents?", "2025-05-05T10:02:00Z", "no-match");
    expect(await counted(may)).toEqual({
      "Is the rain jacket waterproof?": [1, 0, 0, 1],
      "Do you sell tents?": [1, 1, 0, 0],
    });
    expect((await keptRows(companyId)).map((row) => row.reason).sort()).toEqual(["declined", "rated-low"]);

    // Rated 4: the answered question no longer counts; the declined one still does. Back to 2: it counts again.
    await setChat(rated, { rating: 4 });
    expect(await counted(may)).toEqual({ "Do you sell tents?": [1, 1, 0, 0] });
    expect(await keptRows(companyId)).toHaveLength(1);
    await setChat(rated, { rating: 2 });
    expect(await counted(may)).toEqual({
      "Is the rain jacket waterproof?": [1, 0, 0, 1],
      "Do you sell tents?": [1, 1, 0, 0],
    });
    // 2 → 1 moves nothing the rollup keeps.
    await setChat(rated, { rating: 1 });
    expect(await keptRows(companyId)).toHaveLength(2);

    // Handed to a person: the last question the AI answered counts as handed off, and a later answer
    // takes its place; back with the AI, neither counts.
    const handed = await newChat(companyId, "2025-05-06T10:00:00Z", { status: "human" });
    await exchange(companyId, handed, "Where is my order?", "2025-05-06T10:00:00Z", "answered");
    expect(await counted(may)).toMatchObject({ "Where is my order?": [1, 0, 1, 0] });
    await exchange(companyId, handed, "Can I speak to someone?", "2025-05-06T10:05:00Z", "answered");
    const handedOff = await counted(may);
    expect(handedOff["Can I speak to someone?"]).toEqual([1, 0, 1, 0]);
    expect(handedOff["Where is my order?"]).toBeUndefined();
    await setChat(handed, { status: "open" });
    expect(await counted(may)).not.toHaveProperty("Can I speak to someone?");
    await setChat(handed, { status: "ticket" });
    expect(await counted(may)).toHaveProperty("Can I speak to someone?");

    // An edited question moves its row to the new wording; the server's own update changes nothing.
    await h.db.execute(sql`update chat_messages set message = '  Do you SELL tents? ' where chat_id = ${rated}
      and message = 'Do you sell tents?'`);
    expect(await counted(may)).toHaveProperty("Do you SELL tents?");
    await h.db.execute(sql`update chat_messages set message_data = message_data || '{"answerStopped": true}'
      where chat_id = ${rated} and sender_role = 'ai'`);
    expect(await keptRows(companyId)).toHaveLength(3);

    // A deleted answer takes its row; a deleted chat takes all of its own.
    await h.db.execute(sql`delete from chat_messages where chat_id = ${handed} and sender_role = 'ai'
      and created_at > '2025-05-06T10:04:00Z'`);
    expect(await counted(may)).toMatchObject({ "Where is my order?": [1, 0, 1, 0] });
    await h.db.delete(chats).where(eq(chats.id, handed));
    expect(await counted(may)).toEqual({
      "Is the rain jacket waterproof?": [1, 0, 0, 1],
      "Do you SELL tents?": [1, 1, 0, 0],
    });
    expect(await keptRows(companyId)).toHaveLength(2);

    // The chat moved to June leaves May.
    await setChat(rated, { createdAt: new Date("2025-06-01T00:00:00Z") });
    expect(await counted(may)).toEqual({});
    expect(await counted(window(companyId, "2025-06-01", "2025-06-01"))).toHaveProperty("Do you SELL tents?");
    await h.db.delete(companies).where(eq(companies.id, companyId));
    expect(await rowsOf(companyId)).toEqual([]);
  }, 120_000);

  it("shows each company only its own, and keeps the chat's language for answers without one", async () => {
    const ours = await newCompany();
    const theirs = await newCompany();
    const chatOfOurs = await newChat(ours, "2025-07-01T09:00:00Z", { language: "nl" });
    await exchange(ours, chatOfOurs, "Hoe lang duurt de verzending?", "2025-07-01T09:00:00Z", "no-match", null);
    const chatOfTheirs = await newChat(theirs, "2025-07-01T09:00:00Z");
    await exchange(theirs, chatOfTheirs, "Do you deliver on Sundays?", "2025-07-01T09:00:00Z", "handoff", "en");
    const [mine] = await wordings(window(ours, "2025-07-01", "2025-07-01"));
    expect(mine).toMatchObject({
      example: "Hoe lang duurt de verzending?",
      languages: [{ language: "nl", count: 1 }],
      declined: 1,
    });
    expect((await wordings(window(theirs, "2025-07-01", "2025-07-01"))).map((row) => row.example)).toEqual([
      "Do you deliver on Sundays?",
    ]);
    // A chat's language read later moves its answers without one.
    await h.db.update(chats).set({ language: "he" }).where(eq(chats.id, chatOfOurs));
    expect((await wordings(window(ours, "2025-07-01", "2025-07-01")))[0]?.languages).toEqual([
      { language: "he", count: 1 },
    ]);
  }, 120_000);

  it("counts the chats of a :45 zone's day and of Amsterdam's 25-hour day by their creation", async () => {
    const companyId = await newCompany();
    const seed = async (at: string) => {
      const chatId = await newChat(companyId, at);
      await exchange(companyId, chatId, "Do you sell tents?", at, "no-match");
    };
    // Asia/Kathmandu's 10 March 2025 is 09T18:15Z–10T18:15Z.
    await seed("2025-03-09T18:14:59Z"); // before
    await seed("2025-03-09T18:15:00Z"); // in
    await seed("2025-03-10T18:14:59Z"); // in
    await seed("2025-03-10T18:15:00Z"); // after
    expect(await counted(window(companyId, "2025-03-10", "2025-03-10", "Asia/Kathmandu"))).toEqual({
      "Do you sell tents?": [2, 2, 0, 0],
    });
    // Europe/Amsterdam's 26 October 2025 is 25T22:00Z–26T23:00Z.
    await seed("2025-10-25T21:59:00Z"); // before
    await seed("2025-10-25T22:00:00Z"); // in
    await seed("2025-10-26T22:59:00Z"); // in (the 25th hour)
    await seed("2025-10-26T23:00:00Z"); // after
    expect(await counted(window(companyId, "2025-10-26", "2025-10-26", "Europe/Amsterdam"))).toEqual({
      "Do you sell tents?": [2, 2, 0, 0],
    });
  }, 120_000);

  it("equals decision 069's statement over random chats, before and after later changes", async () => {
    const random = seededRandom(71);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const ours = await newCompany();
    const theirs = await newCompany();
    const texts = [
      "Do you sell tents?",
      "  do you sell TENTS? ",
      "How long does shipping to Belgium take?",
      "Is the rain jacket waterproof?",
      "האם אפשר להחזיר מעיל?",
      "Hoe lang duurt de verzending?",
      "   ",
    ];
    const outcomes = ["answered", "answered", "answered", "no-match", "handoff", "conversation", undefined] as const;
    const days = ["2025-10-24", "2025-10-25", "2025-10-26", "2025-10-27", "2025-10-28"];
    const chatIds: { id: string; companyId: string }[] = [];
    for (let i = 0; i < 90; i++) {
      const companyId = i % 9 === 0 ? theirs : ours;
      const day = pick(days);
      // A third begin within 40 minutes of a Kathmandu midnight (18:15Z), a sixth of an Amsterdam one.
      const roll = random();
      const minute =
        roll < 0.33
          ? 18 * 60 + 15 + Math.floor(random() * 80) - 40
          : roll < 0.5
            ? 22 * 60 + Math.floor(random() * 120) - 60
            : Math.floor(random() * 1440);
      const createdAt = new Date(Date.parse(`${day}T00:00:00Z`) + minute * 60_000).toISOString();
      const chatId = await newChat(companyId, createdAt, {
        status: pick(["open", "open", "open", "human", "ticket"]),
        rating: pick([null, null, 1, 2, 3, 4, 5]),
        language: pick(["en", "nl", "he", null]),
      });
      chatIds.push({ id: chatId, companyId });
      const turns = 1 + Math.floor(random() * 4);
      for (let t = 0; t < turns; t++) {
        const at = new Date(Date.parse(createdAt) + t * 120_000).toISOString();
        const kind = random();
        if (kind < 0.08) {
          // A widget event named by an answer: no question, but it may be the chat's last answer.
          const eventId = await ask(companyId, chatId, pick(texts), at, "IS_RESOLVED");
          await answer(companyId, chatId, at, { questionID: eventId, outcome: "answered" });
        } else if (kind < 0.14) {
          // An answer naming no message: no id, an upper-case id, or nothing.
          const questionId = await ask(companyId, chatId, pick(texts), at);
          await answer(companyId, chatId, at, {
            questionID: pick(["not-an-id", questionId.toUpperCase(), "00000000-0000-0000-0000-000000000000"]),
            outcome: pick(["no-match", "answered"]),
          });
        } else if (kind < 0.2) {
          // A question never answered.
          await ask(companyId, chatId, pick(texts), at);
        } else {
          await exchange(companyId, chatId, pick(texts), at, pick(outcomes), pick(["en", "nl", null]));
        }
      }
    }
    const windows: ReportWindow[] = [];
    for (const zone of ["UTC", "Europe/Amsterdam", "Asia/Kathmandu"]) {
      for (const [index, day] of days.entries()) {
        windows.push(window(ours, day, day, zone));
        if (index > 0) windows.push(window(ours, days[index - 1] as string, day, zone));
      }
      windows.push(window(ours, days[0] as string, days.at(-1) as string, zone));
      windows.push(window(theirs, days[0] as string, days.at(-1) as string, zone));
    }
    const checkAll = async () => {
      let seen = 0;
      for (const reportWindow of windows) seen += (await wordings(reportWindow)).length;
      await keptRows(ours);
      await keptRows(theirs);
      return seen;
    };
    expect(await checkAll()).toBeGreaterThan(50);

    // Later: ratings across 3 and back, handovers both ways, edited and deleted questions and
    // answers, deleted chats, answers a day later.
    for (const [index, chat] of chatIds.entries()) {
      const roll = random();
      if (roll < 0.15) await setChat(chat.id, { rating: pick([1, 2, 4, 5, null]) });
      else if (roll < 0.25) await setChat(chat.id, { status: pick(["open", "human", "ticket"]) });
      else if (roll < 0.3) await h.db.delete(chats).where(eq(chats.id, chat.id));
      else if (roll < 0.35) {
        await h.db.execute(sql`delete from chat_messages where id = (select id from chat_messages
          where chat_id = ${chat.id} order by created_at desc, id desc limit 1)`);
      } else if (roll < 0.4) {
        await h.db.execute(sql`update chat_messages set message = ${pick(texts)} where id = (select id from chat_messages
          where chat_id = ${chat.id} and sender_role = 'customer' order by created_at limit 1)`);
      } else if (roll < 0.5) {
        const at = new Date(Date.parse("2025-10-29T12:00:00Z") + index * 60_000).toISOString();
        await exchange(chat.companyId, chat.id, pick(texts), at, pick(outcomes), "en");
      }
    }
    expect(await checkAll()).toBeGreaterThan(40);

    // A rating from 2 to 4 and back on every rated-low chat at once, in one statement.
    await h.db.execute(sql`update chats set rating = 4 where company_id = ${ours} and rating < 3`);
    await checkAll();
    await h.db.execute(sql`update chats set rating = 2 where company_id = ${ours} and rating = 4`);
    await checkAll();
  }, 300_000);
});

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { queryRows } from "../../db/client";
import { chatMessages, chats, companies } from "../../db/schema/index";
import { type AnalyticsRepository, createAnalyticsRepository, type ReportWindow } from "./analytics.repository";
import { reportWindow, seedAnsweredChat } from "./rollup-test-fixtures";

/*
 * The hourly rollup behind Insights' outcomes (migration 0025, decision 052): chat_hourly keeps each
 * conversation in its creation hour and class as its facts change, and Insights read through it
 * (whole UTC hours from the rollup, edge hours and the one silent boundary hour from chat_facts)
 * equals Insights read from chat_facts alone. Every company is new per test, every `now` is given.
 */

let h: Harness;
let analytics: AnalyticsRepository;
let ticket = 0;

async function newCompany() {
  ticket += 1;
  return (await h.signUp(`owner${ticket}@rollup.example`)).companyId;
}

const seedChat = (options: Omit<Parameters<typeof seedAnsweredChat>[1], "customReply">) =>
  seedAnsweredChat(h.db, options);

type HourRow = { hour: string; class: string; silent_hour: string | null; chats: number; messages: number };

/** The company's rollup rows, oldest hour first, times as ISO text in UTC. */
const rollupOf = (companyId: string) =>
  queryRows<HourRow>(
    h.db,
    sql`select to_char(hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as hour, class,
        to_char(silent_hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as silent_hour,
        chats::int as chats, messages::int as messages
      from chat_hourly where company_id = ${companyId} order by hour, class, silent_hour`,
  );

const window = reportWindow;

/** The totals read through the rollup, after checking they equal the ones read from chat_facts alone. */
async function totals(reportWindow: ReportWindow, now: string) {
  const fromRollup = await analytics.insights(reportWindow, new Date(now), "rollup");
  const fromFacts = await analytics.insights(reportWindow, new Date(now), "facts");
  expect(fromRollup).toEqual(fromFacts);
  return fromRollup.totals;
}

beforeAll(async () => {
  h = await createHarness();
  analytics = createAnalyticsRepository(h.db);
});

afterAll(async () => {
  await h.close();
});

describe("chat_hourly", () => {
  it("moves a chat between classes in its creation hour as its rating, status and return change, and drops it when deleted", async () => {
    const companyId = await newCompany();
    const first = await seedChat({ companyId, askedAt: "2025-05-05T10:20:00Z", visitor: "late" });
    const silent = {
      hour: "2025-05-05T10:00Z",
      class: "silent",
      silent_hour: "2025-05-05T10:00Z",
      chats: 1,
      messages: 2,
    };
    const asClass = (name: string) => ({ ...silent, class: name, silent_hour: null });
    expect(await rollupOf(companyId)).toEqual([silent]);

    await h.db.update(chats).set({ rating: 4 }).where(eq(chats.id, first));
    expect(await rollupOf(companyId)).toEqual([asClass("confirmed")]);
    // Rated 2: no longer silent (a rating is an answer), not confirmed either.
    await h.db.update(chats).set({ rating: 2 }).where(eq(chats.id, first));
    expect(await rollupOf(companyId)).toEqual([asClass("open")]);
    await h.db.update(chats).set({ rating: null, status: "human" }).where(eq(chats.id, first));
    expect(await rollupOf(companyId)).toEqual([asClass("handed-off")]);
    await h.db.update(chats).set({ status: "open" }).where(eq(chats.id, first));
    expect(await rollupOf(companyId)).toEqual([silent]);

    // Two days after the answer the visitor opens another chat: the first is reopened in its own hour.
    const second = await seedChat({ companyId, askedAt: "2025-05-07T08:00:00Z", visitor: "late" });
    expect(await rollupOf(companyId)).toEqual([
      asClass("reopened"),
      { hour: "2025-05-07T08:00Z", class: "silent", silent_hour: "2025-05-07T08:00Z", chats: 1, messages: 2 },
    ]);
    await h.db.delete(chats).where(eq(chats.id, second));
    expect(await rollupOf(companyId)).toEqual([silent]);

    // The visitor writes again in the chat: 3 messages, the visitor's last, so open.
    await h.db.insert(chatMessages).values({
      companyId,
      chatId: first,
      message: "And when will it arrive?",
      messageType: "question",
      senderRole: "customer",
      createdAt: new Date("2025-05-05T10:30:00Z"),
    });
    expect(await rollupOf(companyId)).toEqual([{ ...asClass("open"), messages: 3 }]);
    expect(await totals(window(companyId, "2025-05-01", "2025-05-31"), "2025-06-01T00:00:00Z")).toEqual({
      conversations: 1,
      handed_off: 0,
      confirmed: 0,
      assumed: 0,
      reopened: 0,
      average_messages: 3,
    });

    await h.db.delete(chats).where(eq(chats.id, first));
    expect(await rollupOf(companyId)).toEqual([]);
  });

  it("sums several chats of an hour, leaves out chats the AI never answered, and is what a rebuild makes", async () => {
    const companyId = await newCompany();
    await seedChat({ companyId, askedAt: "2025-05-05T10:01:00Z" });
    await seedChat({ companyId, askedAt: "2025-05-05T10:59:00Z" });
    await seedChat({ companyId, askedAt: "2025-05-05T10:30:00Z", rating: 5 });
    // No AI answer: no conversation.
    await h.db.insert(chats).values({
      companyId,
      visitorId: "quiet",
      ticketId: "R-quiet",
      createdAt: new Date("2025-05-05T10:40:00Z"),
      lastMessageAt: new Date("2025-05-05T10:40:00Z"),
    });
    const expected = [
      { hour: "2025-05-05T10:00Z", class: "confirmed", silent_hour: null, chats: 1, messages: 2 },
      { hour: "2025-05-05T10:00Z", class: "silent", silent_hour: "2025-05-05T10:00Z", chats: 2, messages: 4 },
    ];
    expect(await rollupOf(companyId)).toEqual(expected);
    await h.db.execute(sql`select chat_hourly_rebuild(${companyId}::uuid)`);
    expect(await rollupOf(companyId)).toEqual(expected);
  });

  it("goes with its company: deleting a shop with conversations leaves no rows and no error", async () => {
    const companyId = await newCompany();
    await seedChat({ companyId, askedAt: "2025-05-05T10:20:00Z" });
    await seedChat({ companyId, askedAt: "2025-05-06T11:00:00Z", rating: 4 });
    expect(await rollupOf(companyId)).toHaveLength(2);
    expect(await h.db.delete(companies).where(eq(companies.id, companyId)).returning({ id: companies.id })).toEqual([
      { id: companyId },
    ]);
    expect(await rollupOf(companyId)).toEqual([]);
  });
});

describe("Insights through the rollup", () => {
  it("keeps a :30 and a :45 zone's midnights inside an hour exact", async () => {
    const companyId = await newCompany();
    // Asia/Kolkata's 10 March is 09T18:30Z–10T18:30Z; Asia/Kathmandu's is 09T18:15Z–10T18:15Z.
    await seedChat({ companyId, askedAt: "2025-03-09T18:10:00Z" }); // before both; silent, assumed
    await seedChat({ companyId, askedAt: "2025-03-09T18:40:00Z", rating: 5 }); // both; confirmed
    await seedChat({ companyId, askedAt: "2025-03-10T05:00:00Z", status: "human" }); // both; handed off
    await seedChat({ companyId, askedAt: "2025-03-10T18:20:00Z" }); // Kolkata only; assumed
    await seedChat({ companyId, askedAt: "2025-03-10T18:45:00Z", status: "ticket" }); // neither
    const now = "2025-04-01T00:00:00Z";
    const day = (timeZone: string) => window(companyId, "2025-03-10", "2025-03-10", timeZone);
    expect(await totals(day("Asia/Kolkata"), now)).toEqual({
      conversations: 3,
      handed_off: 1,
      confirmed: 1,
      assumed: 1,
      reopened: 0,
      average_messages: 2,
    });
    expect(await totals(day("Asia/Kathmandu"), now)).toMatchObject({ conversations: 2, handed_off: 1, confirmed: 1 });
    // UTC's 10 March: 05:00, 18:20 and 18:45.
    expect(await totals(day("UTC"), now)).toMatchObject({ conversations: 3, handed_off: 2, assumed: 1 });
  });

  it("counts Amsterdam's 23-hour day of the clock change, and its neighbours' hours on their own days", async () => {
    const companyId = await newCompany();
    // Amsterdam's 30 March 2025 is 29T23:00Z–30T22:00Z (the clocks go forward at 01:00Z).
    await seedChat({ companyId, askedAt: "2025-03-29T22:59:00Z" }); // 29 March
    await seedChat({ companyId, askedAt: "2025-03-29T23:00:00Z" }); // 30 March
    await seedChat({ companyId, askedAt: "2025-03-30T21:59:00Z", rating: 3 }); // 30 March
    await seedChat({ companyId, askedAt: "2025-03-30T22:00:00Z" }); // 31 March
    const now = "2025-04-10T00:00:00Z";
    const on = (date: string) => window(companyId, date, date, "Europe/Amsterdam");
    expect(await totals(on("2025-03-30"), now)).toMatchObject({ conversations: 2, confirmed: 1, assumed: 1 });
    expect(await totals(on("2025-03-29"), now)).toMatchObject({ conversations: 1, assumed: 1 });
    expect(await totals(on("2025-03-31"), now)).toMatchObject({ conversations: 1, assumed: 1 });
  });

  it("assumes a silent chat exactly 24 hours after the AI's last answer, also inside the boundary hour", async () => {
    const companyId = await newCompany();
    // Answers at 09:59:05, 10:20:05, 10:50:05 and 11:05:05 on 10 May; nobody wrote back.
    for (const askedAt of ["09:59:00", "10:20:00", "10:50:00", "11:05:00"]) {
      await seedChat({ companyId, askedAt: `2025-05-10T${askedAt}Z` });
    }
    const may10 = window(companyId, "2025-05-10", "2025-05-10");
    const assumedAt = async (now: string) => (await totals(may10, now)).assumed;
    // The hour of 10:00 is the boundary (now − 24 h falls in it): read chat by chat.
    expect(await assumedAt("2025-05-11T10:20:04.999Z")).toBe(1);
    expect(await assumedAt("2025-05-11T10:20:05Z")).toBe(2);
    expect(await assumedAt("2025-05-11T10:59:59Z")).toBe(3);
    // 10:00 is now a whole hour past; 11:00 is the boundary, its 11:05:05 answer not yet 24 hours old.
    expect(await assumedAt("2025-05-11T11:00:00Z")).toBe(3);
    expect(await assumedAt("2025-05-11T11:05:05Z")).toBe(4);
    expect(await assumedAt("2025-05-10T12:00:00Z")).toBe(0);
    expect((await totals(may10, "2025-05-11T10:20:05Z")).conversations).toBe(4);
  });

  it("equals the reading of chat_facts for many chats, windows, zones and moments, before and after later changes", async () => {
    const companyId = await newCompany();
    // 60 chats over four days, spread by a fixed stride over the hours and minutes; every 7th
    // handed off, every 5th rated (1 to 5), 1 in 4 visitors back within a few days.
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      const minutes = (i * 97) % (4 * 24 * 60);
      const askedAt = new Date(Date.parse("2025-10-24T00:00:00Z") + minutes * 60_000).toISOString();
      ids[i] = await seedChat({
        companyId,
        askedAt,
        visitor: `v${i % 45}`,
        status: i % 7 === 0 ? "human" : "open",
        ...(i % 5 === 0 ? { rating: (i % 5) + 1 + (i % 4) } : {}),
      });
    }
    // Amsterdam leaves summer time on 26 October 2025 (a 25-hour day).
    const windows = [
      window(companyId, "2025-10-24", "2025-10-27"),
      window(companyId, "2025-10-25", "2025-10-26", "Europe/Amsterdam"),
      window(companyId, "2025-10-24", "2025-10-25", "Asia/Kolkata"),
      window(companyId, "2025-10-26", "2025-10-27", "Asia/Kathmandu"),
      window(companyId, "2025-10-25", "2025-10-25", "America/New_York"),
    ];
    const moments = ["2025-10-25T06:30:00Z", "2025-10-26T13:15:00Z", "2025-10-28T00:00:00Z", "2025-11-30T00:00:00Z"];
    const compareAll = async () => {
      let conversations = 0;
      for (const reportWindow of windows) {
        for (const now of moments) conversations += (await totals(reportWindow, now)).conversations;
      }
      return conversations;
    };
    // Not every window is empty: the comparisons compared counts.
    const before = await compareAll();
    expect(before).toBeGreaterThan(100);

    // Changes after the fact, in one statement each: ratings, handoffs, visitors writing back a
    // day later (some reopened), deleted chats (their visitors' other chats no longer reopened).
    const some = (step: number, offset: number) => ids.filter((_, i) => i % step === offset);
    const inList = (list: string[]) =>
      sql.join(
        list.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
    await h.db.execute(sql`update chats set rating = 5 where id in (${inList(some(9, 2))})`);
    await h.db.execute(sql`update chats set status = 'ticket' where id in (${inList(some(11, 3))})`);
    await h.db.execute(sql`
      insert into chat_messages (company_id, chat_id, message, message_type, sender_role, created_at)
      select company_id, id, 'Still nothing', 'question', 'customer', created_at + interval '26 hours'
      from chats where id in (${inList(some(6, 1))})`);
    await h.db.execute(sql`delete from chats where id in (${inList(some(8, 5))})`);
    const after = await compareAll();
    expect(after).toBeLessThan(before);
    // What the triggers kept after all that is what a rebuild from chat_facts makes.
    const kept = await rollupOf(companyId);
    expect(kept).not.toEqual([]);
    await h.db.execute(sql`select chat_hourly_rebuild(${companyId}::uuid)`);
    expect(await rollupOf(companyId)).toEqual(kept);
  });
});

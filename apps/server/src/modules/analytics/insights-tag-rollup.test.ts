import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { queryRows } from "../../db/client";
import { chatAnalyses, chats, companies } from "../../db/schema/index";
import {
  type AnalyticsRepository,
  createAnalyticsRepository,
  type InsightRows,
  type ReportWindow,
} from "./analytics.repository";
import { reportWindow, seedAnsweredChat } from "./rollup-test-fixtures";

/*
 * The hourly rollup behind Insights' category and custom-reply cards (migration 0026, decision 059):
 * chat_tag_hourly keeps each conversation's tags in its creation hour and class as its facts and its
 * tags change, and Insights read through it equals Insights read from chat_facts and chat_tags alone.
 * Every company is new per test, every `now` is given.
 */

let h: Harness;
let analytics: AnalyticsRepository;
let ticket = 0;

async function newCompany() {
  ticket += 1;
  return (await h.signUp(`owner${ticket}@tag-rollup.example`)).companyId;
}

/**
 * A chat with a visitor question at `askedAt` and the AI's answer five seconds later, tagged with
 * its categories (analysis entries) and custom reply (the answer's customReplyID), as the AI does.
 */
async function seedChat(options: {
  companyId: string;
  askedAt: string;
  categories?: string[];
  customReply?: string;
  visitor?: string;
  status?: "open" | "human" | "ticket";
  rating?: number;
}) {
  const chatId = await seedAnsweredChat(h.db, options);
  for (const category of options.categories ?? []) await categorize(options.companyId, chatId, category);
  return chatId;
}

async function categorize(companyId: string, chatId: string, category: string) {
  await h.db
    .insert(chatAnalyses)
    .values({ companyId, chatId, shortenedCustomerMessage: "order", questionCategory: category });
}

type TagRow = { hour: string; kind: string; value: string; class: string; silent_hour: string | null; chats: number };

/** The company's rows, oldest hour first, times as ISO text in UTC. */
const rollupOf = (companyId: string) =>
  queryRows<TagRow>(
    h.db,
    sql`select to_char(hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as hour, kind, value, class,
        to_char(silent_hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as silent_hour, chats::int as chats
      from chat_tag_hourly where company_id = ${companyId} order by hour, kind, value, class, silent_hour`,
  );

/** The rows the triggers kept, after checking a rebuild from chat_facts and chat_tags makes the same. */
async function keptRows(companyId: string) {
  const kept = await rollupOf(companyId);
  await h.db.execute(sql`select chat_tag_hourly_rebuild(${companyId}::uuid)`);
  expect(await rollupOf(companyId)).toEqual(kept);
  return kept;
}

const window = reportWindow;

const byCardAndName = (rows: InsightRows["counts"]) =>
  [...rows].sort((a, b) => `${a.card}\u0000${a.name}`.localeCompare(`${b.card}\u0000${b.name}`));

/** The cards read through the rollups, after checking they equal the ones read from chat_facts alone. */
async function cards(reportWindow: ReportWindow, now: string) {
  const fromRollup = await analytics.insights(reportWindow, new Date(now), "rollup");
  const fromFacts = await analytics.insights(reportWindow, new Date(now), "facts");
  expect(fromRollup.totals).toEqual(fromFacts.totals);
  expect(byCardAndName(fromRollup.counts)).toEqual(byCardAndName(fromFacts.counts));
  const counts: Record<string, number> = {};
  for (const row of fromRollup.counts) counts[`${row.card}:${row.name}`] = row.chats;
  return counts;
}

beforeAll(async () => {
  h = await createHarness();
  analytics = createAnalyticsRepository(h.db);
});

afterAll(async () => {
  await h.close();
});

describe("chat_tag_hourly", () => {
  it("moves a chat's tags with its class, follows tags added, renamed and removed, and drops them when the chat goes", async () => {
    const companyId = await newCompany();
    const chatId = await seedChat({
      companyId,
      askedAt: "2025-05-05T10:20:00Z",
      categories: ["Shipping"],
      customReply: "reply-1",
    });
    const row = (kind: string, value: string, klass = "silent") => ({
      hour: "2025-05-05T10:00Z",
      kind,
      value,
      class: klass,
      silent_hour: klass === "silent" ? "2025-05-05T10:00Z" : null,
      chats: 1,
    });
    expect(await keptRows(companyId)).toEqual([row("category", "Shipping"), row("custom-reply", "reply-1")]);

    await h.db.update(chats).set({ rating: 4 }).where(eq(chats.id, chatId));
    expect(await keptRows(companyId)).toEqual([
      row("category", "Shipping", "confirmed"),
      row("custom-reply", "reply-1", "confirmed"),
    ]);
    await h.db.update(chats).set({ rating: null, status: "human" }).where(eq(chats.id, chatId));
    await categorize(companyId, chatId, "Returns");
    expect(await keptRows(companyId)).toEqual([
      row("category", "Returns", "handed-off"),
      row("category", "Shipping", "handed-off"),
      row("custom-reply", "reply-1", "handed-off"),
    ]);

    // A category renamed (as question-categories.repository does) and one removed.
    await h.db.execute(sql`update chat_tags set value = 'Delivery' where chat_id = ${chatId} and value = 'Shipping'`);
    await h.db.execute(sql`delete from chat_tags where chat_id = ${chatId} and value = 'Returns'`);
    // A new message moves the tags' last_message_at only: no change here.
    await h.db
      .update(chats)
      .set({ status: "open", lastMessageAt: new Date("2025-05-05T10:40:00Z") })
      .where(eq(chats.id, chatId));
    expect(await keptRows(companyId)).toEqual([row("category", "Delivery"), row("custom-reply", "reply-1")]);

    await h.db.delete(chats).where(eq(chats.id, chatId));
    expect(await rollupOf(companyId)).toEqual([]);
  });

  it("leaves no rows and no negative counts when a chat goes, whichever of its facts and tags goes first", async () => {
    const companyId = await newCompany();
    const seedThree = async (hour: string) =>
      Promise.all(
        ["a", "b", "c"].map((minute, i) =>
          seedChat({
            companyId,
            askedAt: `2025-06-01T${hour}:1${i}:00Z`,
            categories: ["Sizes", minute],
            customReply: "r",
          }),
        ),
      );
    // Facts first, then tags, then the chat; tags first, then facts; all of an hour in one delete.
    const [factsFirst, tagsFirst] = await seedThree("08");
    const together = await seedThree("09");
    const kept = await keptRows(companyId);
    expect(kept.reduce((sum, row) => sum + row.chats, 0)).toBe(6 * 3);
    if (!factsFirst || !tagsFirst) throw new Error("no chats");

    await h.db.execute(sql`delete from chat_facts where chat_id = ${factsFirst}`);
    await h.db.execute(sql`delete from chat_tags where chat_id = ${factsFirst}`);
    await h.db.execute(sql`delete from chat_tags where chat_id = ${tagsFirst}`);
    await h.db.execute(sql`delete from chat_facts where chat_id = ${tagsFirst}`);
    await h.db.execute(sql`delete from chats where id in (${factsFirst}::uuid, ${tagsFirst}::uuid)`);
    const afterTwo = await keptRows(companyId);
    expect(afterTwo.reduce((sum, row) => sum + row.chats, 0)).toBe(4 * 3);
    expect(afterTwo.every((row) => row.chats > 0)).toBe(true);

    await h.db.execute(sql`delete from chats where company_id = ${companyId} and created_at >= '2025-06-01T09:00:00Z'`);
    const left = await keptRows(companyId);
    expect(left.map((row) => row.hour)).toEqual(["2025-06-01T08:00Z", "2025-06-01T08:00Z", "2025-06-01T08:00Z"]);
    expect(left.every((row) => row.chats === 1)).toBe(true);
    expect(together).toHaveLength(3);

    // Deleting the shop with its conversations and tags leaves nothing and fails nothing.
    expect(await h.db.delete(companies).where(eq(companies.id, companyId)).returning({ id: companies.id })).toEqual([
      { id: companyId },
    ]);
    expect(await rollupOf(companyId)).toEqual([]);
  });
});

describe("Insights' category and custom-reply cards through the rollup", () => {
  it("keeps a :30 and a :45 zone's midnights inside an hour exact", async () => {
    const companyId = await newCompany();
    // Asia/Kolkata's 10 March is 09T18:30Z–10T18:30Z; Asia/Kathmandu's is 09T18:15Z–10T18:15Z.
    await seedChat({ companyId, askedAt: "2025-03-09T18:10:00Z", categories: ["A"] }); // neither
    await seedChat({ companyId, askedAt: "2025-03-09T18:40:00Z", categories: ["A"], rating: 5 }); // both
    await seedChat({ companyId, askedAt: "2025-03-10T05:00:00Z", categories: ["B"], customReply: "r" }); // both
    await seedChat({ companyId, askedAt: "2025-03-10T18:20:00Z", categories: ["A"], customReply: "r" }); // Kolkata
    const now = "2025-04-01T00:00:00Z";
    const day = (timeZone: string) => window(companyId, "2025-03-10", "2025-03-10", timeZone);
    expect(await cards(day("Asia/Kolkata"), now)).toEqual({
      "category:A": 2,
      "category:B": 1,
      "resolved:A": 2,
      "resolved:B": 1,
      "custom-reply:r": 2,
    });
    expect(await cards(day("Asia/Kathmandu"), now)).toEqual({
      "category:A": 1,
      "category:B": 1,
      "resolved:A": 1,
      "resolved:B": 1,
      "custom-reply:r": 1,
    });
  });

  it("counts Amsterdam's 23-hour day of the clock change", async () => {
    const companyId = await newCompany();
    // Amsterdam's 30 March 2025 is 29T23:00Z–30T22:00Z.
    await seedChat({ companyId, askedAt: "2025-03-29T22:59:00Z", categories: ["A"] });
    await seedChat({ companyId, askedAt: "2025-03-29T23:00:00Z", categories: ["A"] });
    await seedChat({ companyId, askedAt: "2025-03-30T21:59:00Z", categories: ["A", "B"], status: "ticket" });
    await seedChat({ companyId, askedAt: "2025-03-30T22:00:00Z", categories: ["B"] });
    const on = (date: string) => window(companyId, date, date, "Europe/Amsterdam");
    expect(await cards(on("2025-03-30"), "2025-04-10T00:00:00Z")).toEqual({
      "category:A": 2,
      "category:B": 1,
      "resolved:A": 1,
    });
  });

  it("counts a silent chat's tags as resolved exactly 24 hours after the AI's last answer, inside the boundary hour", async () => {
    const companyId = await newCompany();
    for (const askedAt of ["09:59:00", "10:20:00", "10:50:00", "11:05:00"]) {
      await seedChat({ companyId, askedAt: `2025-05-10T${askedAt}Z`, categories: ["A"] });
    }
    const may10 = window(companyId, "2025-05-10", "2025-05-10");
    const resolvedAt = async (now: string) => (await cards(may10, now))["resolved:A"] ?? 0;
    expect(await resolvedAt("2025-05-11T10:20:04.999Z")).toBe(1);
    expect(await resolvedAt("2025-05-11T10:20:05Z")).toBe(2);
    expect(await resolvedAt("2025-05-11T11:00:00Z")).toBe(3);
    expect(await resolvedAt("2025-05-11T11:05:05Z")).toBe(4);
    expect(await cards(may10, "2025-05-10T12:00:00Z")).toEqual({ "category:A": 4, "deflected:A": 4 });
  });

  it("equals the reading of chat_facts and chat_tags for many chats, windows, zones and moments, before and after later changes", async () => {
    const companyId = await newCompany();
    const ids: string[] = [];
    for (let i = 0; i < 48; i++) {
      const minutes = (i * 97) % (4 * 24 * 60);
      const askedAt = new Date(Date.parse("2025-10-24T00:00:00Z") + minutes * 60_000).toISOString();
      ids[i] = await seedChat({
        companyId,
        askedAt,
        visitor: `v${i % 36}`,
        status: i % 7 === 0 ? "human" : "open",
        categories: [`c${i % 3}`, ...(i % 4 === 0 ? ["c9"] : [])],
        ...(i % 3 === 0 ? { customReply: `r${i % 2}` } : {}),
        ...(i % 5 === 0 ? { rating: (i % 5) + 1 + (i % 4) } : {}),
      });
    }
    const windows = [
      window(companyId, "2025-10-24", "2025-10-27"),
      window(companyId, "2025-10-25", "2025-10-26", "Europe/Amsterdam"),
      window(companyId, "2025-10-24", "2025-10-25", "Asia/Kolkata"),
      window(companyId, "2025-10-26", "2025-10-27", "Asia/Kathmandu"),
    ];
    const moments = ["2025-10-25T06:30:00Z", "2025-10-26T13:15:00Z", "2025-11-30T00:00:00Z"];
    const compareAll = async () => {
      let categorized = 0;
      for (const reportWindow of windows) {
        for (const now of moments) {
          const counts = await cards(reportWindow, now);
          categorized += (counts["category:c0"] ?? 0) + (counts["category:c1"] ?? 0) + (counts["category:c2"] ?? 0);
        }
      }
      return categorized;
    };
    const before = await compareAll();
    expect(before).toBeGreaterThan(100);

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
    await h.db.execute(
      sql`update chat_tags set value = 'c5' where value = 'c1' and chat_id in (${inList(some(2, 1))})`,
    );
    await h.db.execute(sql`delete from chat_tags where value = 'c9' and chat_id in (${inList(some(8, 0))})`);
    await h.db.execute(sql`delete from chats where id in (${inList(some(8, 5))})`);
    const after = await compareAll();
    expect(after).toBeLessThan(before);
    expect(await keptRows(companyId)).not.toEqual([]);
  });
});

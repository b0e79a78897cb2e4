import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { queryRows } from "../../db/client";
import { chats, companies } from "../../db/schema/index";
import { type AnalyticsRepository, createAnalyticsRepository, type ReportWindow } from "./analytics.repository";
import { insertUsage, type SeededUsage, seededRandom, reportWindow as window } from "./rollup-test-fixtures";

/*
 * The hourly rollup behind Token usage (migration 0028, decision 062): token_usage_hourly sums each
 * hour's tokens per model, token_chat_hours and token_chat_hourly count the chats with usage without
 * counting a chat twice across hours, and Token usage read through them equals Token usage read
 * from every usage row. Every company is new per test.
 */

let h: Harness;
let analytics: AnalyticsRepository;
let ticket = 0;

async function newCompany() {
  ticket += 1;
  return (await h.signUp(`owner${ticket}@token-rollup.example`)).companyId;
}

async function newChat(companyId: string, createdAt: string) {
  ticket += 1;
  const [chat] = await h.db
    .insert(chats)
    .values({ companyId, ticketId: `T${ticket}`, createdAt: new Date(createdAt), lastMessageAt: new Date(createdAt) })
    .returning({ id: chats.id });
  if (!chat) throw new Error("no chat");
  return chat.id;
}

type Usage = SeededUsage;
const use = (companyId: string, usages: Usage[]) => insertUsage(h.db, companyId, usages);

/** The company's rows of the three tables, as text, in a fixed order. */
async function rollupOf(companyId: string) {
  const hourly = await queryRows<Record<string, unknown>>(
    h.db,
    sql`select to_char(hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24"Z"') as hour, model, input_tokens::float8 as input,
        output_tokens::float8 as output, chat_tokens::float8 as chat_tokens, usages
      from token_usage_hourly where company_id = ${companyId} order by hour, model`,
  );
  const chatHours = await queryRows<Record<string, unknown>>(
    h.db,
    sql`select chat_id::text as chat_id, model, to_char(hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24"Z"') as hour, usages
      from token_chat_hours where company_id = ${companyId} order by chat_id, model, hour`,
  );
  const chained = await queryRows<Record<string, unknown>>(
    h.db,
    sql`select model, to_char(hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24"Z"') as hour,
        to_char(previous_hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24"Z"') as previous_hour, chats
      from token_chat_hourly where company_id = ${companyId} order by hour, model, previous_hour nulls first`,
  );
  return { hourly, chatHours, chained };
}

/** The rows the triggers kept, after checking a rebuild from token_usage makes the same. */
async function keptRows(companyId: string) {
  const kept = await rollupOf(companyId);
  await h.db.execute(sql`select token_usage_hourly_rebuild(${companyId}::uuid)`);
  expect(await rollupOf(companyId)).toEqual(kept);
  return kept;
}

/** Token usage's two readings through the rollup, after checking they equal the readings of every usage row. */
async function tokens(reportWindow: ReportWindow) {
  const daily = await analytics.tokensByModelAndDay(reportWindow, "rollup");
  expect(daily).toEqual(await analytics.tokensByModelAndDay(reportWindow, "raw"));
  const perConversation = await analytics.tokensPerConversation(reportWindow, "rollup");
  expect(perConversation).toEqual(await analytics.tokensPerConversation(reportWindow, "raw"));
  return { daily, perConversation };
}

beforeAll(async () => {
  h = await createHarness();
  analytics = createAnalyticsRepository(h.db);
});

afterAll(async () => {
  await h.close();
});

describe("token_usage_hourly", () => {
  it("counts a chat once per window however many hours it used a model, and keeps its tokens when the chat goes", async () => {
    const companyId = await newCompany();
    const chatId = await newChat(companyId, "2025-05-05T10:00:00Z");
    const usage = (at: string, model = "m1", input = 100, output = 10): Usage => ({ chatId, model, at, input, output });
    await use(companyId, [usage("2025-05-05T10:10:00Z"), usage("2025-05-05T10:20:00Z"), usage("2025-05-05T14:00:00Z")]);
    await use(companyId, [{ chatId: null, model: "m1", at: "2025-05-05T14:30:00Z", input: 5, output: 5 }]);
    const may5 = window(companyId, "2025-05-05", "2025-05-05");
    expect(await tokens(may5)).toEqual({
      daily: [{ day: "2025-05-05", model: "m1", input_tokens: 305, output_tokens: 35 }],
      perConversation: [{ model: "m1", chats: 1, tokens: 330 }],
    });
    expect((await keptRows(companyId)).chained).toEqual([
      { model: "m1", hour: "2025-05-05T10Z", previous_hour: null, chats: 1 },
      { model: "m1", hour: "2025-05-05T14Z", previous_hour: "2025-05-05T10Z", chats: 1 },
    ]);
    // A use in an hour between the two, stored late, goes into the chain.
    await use(companyId, [usage("2025-05-05T12:00:00Z")]);
    expect((await keptRows(companyId)).chained.map((row) => row.previous_hour)).toEqual([
      null,
      "2025-05-05T10Z",
      "2025-05-05T12Z",
    ]);
    // Kathmandu's 5 May (04T18:15Z–05T18:15Z) holds all four uses, its end inside an hour; its 6 May none.
    expect((await tokens(window(companyId, "2025-05-05", "2025-05-05", "Asia/Kathmandu"))).perConversation).toEqual([
      { model: "m1", chats: 1, tokens: 440 },
    ]);
    expect(await tokens(window(companyId, "2025-05-06", "2025-05-06", "Asia/Kathmandu"))).toEqual({
      daily: [],
      perConversation: [],
    });

    await h.db.delete(chats).where(eq(chats.id, chatId));
    const gone = await keptRows(companyId);
    expect(gone.chatHours).toEqual([]);
    expect(gone.chained).toEqual([]);
    expect(gone.hourly.map((row) => row.chat_tokens)).toEqual([0, 0, 0]);
    expect(await tokens(may5)).toEqual({
      daily: [{ day: "2025-05-05", model: "m1", input_tokens: 405, output_tokens: 45 }],
      perConversation: [],
    });

    expect(await h.db.delete(companies).where(eq(companies.id, companyId)).returning({ id: companies.id })).toEqual([
      { id: companyId },
    ]);
    expect(await rollupOf(companyId)).toEqual({ hourly: [], chatHours: [], chained: [] });
  });

  it("equals the reading of every usage row for random usage over many windows and zones, before and after later changes", async () => {
    const random = seededRandom(62062);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const models = ["gpt-4o-mini", "claude-3-5-haiku", "local"];
    const companyId = await newCompany();
    const other = await newCompany();
    const days = ["2025-10-24", "2025-10-25", "2025-10-26", "2025-10-27", "2025-10-28"];
    const start = Date.parse("2025-10-23T20:00:00Z");
    const span = 5 * 24 * 3600_000;
    // Kathmandu's midnights (18:15Z) fall inside an hour: a third of the uses are within 40 minutes of one.
    const kathmanduMidnights = days.map((day) => Date.parse(`${day}T18:15:00Z`) - 24 * 3600_000);
    const instant = (i: number) =>
      i % 3 === 0
        ? pick(kathmanduMidnights) + Math.floor((random() - 0.5) * 80 * 60_000)
        : start + Math.floor(random() * span);
    const chatIds: string[] = [];
    for (let i = 0; i < 50; i++) chatIds.push(await newChat(companyId, new Date(start).toISOString()));
    const randomUsage = (i: number): Usage => ({
      chatId: random() < 0.25 ? null : pick(chatIds),
      model: pick(models),
      at: new Date(instant(i)).toISOString(),
      input: Math.floor(random() * 2000),
      output: Math.floor(random() * 300),
    });
    await use(
      companyId,
      Array.from({ length: 300 }, (_, i) => randomUsage(i)),
    );
    // Another shop's usage in the same hours, which no reading of the first may count.
    const otherChat = await newChat(other, new Date(start).toISOString());
    await use(
      other,
      Array.from({ length: 40 }, (_, i) => ({ ...randomUsage(i), chatId: otherChat })),
    );

    const windows: ReportWindow[] = [];
    for (const zone of ["UTC", "Europe/Amsterdam", "Asia/Kathmandu"]) {
      for (const [i, day] of days.entries()) {
        windows.push(window(companyId, day, day, zone));
        if (i + 1 < days.length) windows.push(window(companyId, day, days[i + 1] as string, zone));
      }
      windows.push(window(companyId, "2025-10-23", "2025-10-29", zone));
    }
    const compareAll = async () => {
      let chatsCounted = 0;
      for (const reportWindow of windows) {
        const { perConversation } = await tokens(reportWindow);
        chatsCounted += perConversation.reduce((sum, row) => sum + row.chats, 0);
      }
      return chatsCounted;
    };
    const before = await compareAll();
    expect(before).toBeGreaterThan(300);
    await keptRows(companyId);

    // Later changes: uses stored late (some in earlier hours than a chat's others), deleted, moved
    // to another hour, given other token counts, and chats deleted (their usage keeps its tokens).
    await use(
      companyId,
      Array.from({ length: 60 }, (_, i) => randomUsage(i)),
    );
    await h.db.execute(sql`delete from token_usage where company_id = ${companyId} and id % 7 = 0`);
    await h.db.execute(sql`update token_usage set created_at = created_at - interval '50 minutes'
      where company_id = ${companyId} and id % 5 = 1`);
    await h.db.execute(sql`update token_usage set input_tokens = input_tokens + 3, chat_id = null
      where company_id = ${companyId} and id % 11 = 2`);
    await h.db.execute(
      sql`delete from chats where id in (${sql.join(
        chatIds.filter((_, i) => i % 6 === 0).map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    const after = await compareAll();
    expect(after).not.toBe(before);
    expect((await keptRows(companyId)).chained).not.toEqual([]);
    await tokens(window(other, "2025-10-23", "2025-10-29", "Asia/Kathmandu"));
  });
});

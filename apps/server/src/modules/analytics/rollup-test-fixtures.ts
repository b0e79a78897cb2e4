import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { chatMessages, chats, tokenUsage } from "../../db/schema/index";
import type { ReportWindow } from "./analytics.repository";

/*
 * Seeding shared by the rollup tests (insights-rollup.test.ts, insights-tag-rollup.test.ts): chats
 * written straight to the tables, so the triggers under test are all that keep the rollups.
 */

let seeded = 0;

/** An empty chat begun at `createdAt`: its messages are the test's to write. */
export async function insertChat(
  db: Database,
  companyId: string,
  createdAt: string,
  options: { visitor?: string; status?: string; rating?: number | null } = {},
): Promise<string> {
  seeded += 1;
  const [chat] = await db
    .insert(chats)
    .values({
      companyId,
      visitorId: options.visitor ?? `visitor${seeded}`,
      ticketId: `R${seeded}`,
      status: options.status ?? "open",
      rating: options.rating ?? null,
      createdAt: new Date(createdAt),
      lastMessageAt: new Date(createdAt),
    })
    .returning({ id: chats.id });
  if (!chat) throw new Error("no chat");
  return chat.id;
}

/** A chat with a visitor question at `askedAt` and the AI's answer five seconds later (from a custom reply if named). */
export async function seedAnsweredChat(
  db: Database,
  options: {
    companyId: string;
    askedAt: string;
    visitor?: string;
    status?: "open" | "human" | "ticket";
    rating?: number;
    customReply?: string;
  },
): Promise<string> {
  seeded += 1;
  const askedAt = new Date(options.askedAt);
  const answeredAt = new Date(askedAt.getTime() + 5_000);
  const [chat] = await db
    .insert(chats)
    .values({
      companyId: options.companyId,
      visitorId: options.visitor ?? `visitor${seeded}`,
      ticketId: `R${seeded}`,
      status: options.status ?? "open",
      rating: options.rating ?? null,
      createdAt: askedAt,
      lastMessageAt: answeredAt,
    })
    .returning({ id: chats.id });
  if (!chat) throw new Error("no chat");
  await db.insert(chatMessages).values([
    {
      companyId: options.companyId,
      chatId: chat.id,
      message: "Where is my order?",
      messageType: "question",
      senderRole: "customer",
      createdAt: askedAt,
    },
    {
      companyId: options.companyId,
      chatId: chat.id,
      message: "It left yesterday.",
      messageType: "text",
      senderRole: "ai",
      createdAt: answeredAt,
      ...(options.customReply ? { messageData: { customReplyID: options.customReply } } : {}),
    },
  ]);
  return chat.id;
}

export const reportWindow = (
  companyId: string,
  startDate: string,
  endDate: string,
  timeZone = "UTC",
): ReportWindow => ({
  companyId,
  startDate,
  endDate,
  timeZone,
});

/** The random equality tests draw their data from it, so a failure names a seed that reproduces it. */
export { seededRandom } from "../../platform/seeded-random";

/** The widget's self-serve portal offers these suggested questions (Insights' suggested-questions card). */
export async function setSuggestedQuestions(db: Database, companyId: string, questions: string[]) {
  const suggestedQuestions = questions.map((question, i) => ({
    _id: `q${i}`,
    question,
    category: null,
    answer: ["Here"],
  }));
  await db.execute(sql`
    insert into widgets (company_id, widget_id, settings)
    values (${companyId}, ${`rollup-${companyId}`}, ${JSON.stringify({ selfServicePortal: { suggestedQuestions } })}::jsonb)
    on conflict (company_id) do update set settings = excluded.settings`);
}

/** A token-usage row to seed: a chat's (or the playground's, chatId null) tokens at an ISO instant. */
export type SeededUsage = { chatId: string | null; model: string; at: string; input: number; output: number };

/** Stores usage rows as the answer pipeline does (purpose by chat or playground, day from the instant). */
export async function insertUsage(db: Database, companyId: string, usages: SeededUsage[]) {
  if (usages.length === 0) return;
  await db.insert(tokenUsage).values(
    usages.map((u) => ({
      companyId,
      chatId: u.chatId,
      purpose: u.chatId ? ("chat" as const) : ("playground" as const),
      model: u.model,
      inputTokens: u.input,
      outputTokens: u.output,
      day: u.at.slice(0, 10),
      createdAt: new Date(u.at),
    })),
  );
}

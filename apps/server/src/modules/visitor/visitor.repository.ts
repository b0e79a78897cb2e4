import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { type Database, queryRows } from "../../db/client";
import { chatMessages, chats } from "../../db/schema/index";
import type { ChatMessageRow, ChatRow } from "../chats/chats.module";

/** The visitor side's own SQL: every statement is scoped by company and, where it reads chats, by visitor. */
export function createVisitorRepository(db: Database) {
  return {
    /** The visitor's chat, or null when it is another visitor's or another company's. */
    async findVisitorChat(companyId: string, visitorId: string, chatId: string) {
      const [row] = await db
        .select()
        .from(chats)
        .where(and(eq(chats.id, chatId), eq(chats.companyId, companyId), eq(chats.visitorId, visitorId)))
        .limit(1);
      return row ?? null;
    },

    /** The visitor's newest chat that is not completed (to continue after a reload). */
    async findActiveChat(companyId: string, visitorId: string) {
      const [row] = await db
        .select({ id: chats.id })
        .from(chats)
        .where(and(eq(chats.companyId, companyId), eq(chats.visitorId, visitorId), isNull(chats.completedAt)))
        .orderBy(desc(chats.createdAt))
        .limit(1);
      return row?.id ?? null;
    },

    /**
     * The visitor's chat (null when it is not theirs) and the id of a message they already sent
     * with this client id in any of their chats (null when none), in one statement: a question
     * needs both, and each statement has a fixed cost (decision 073). When the chat is not found,
     * neither is the message: the caller looks for it alone (findVisitorMessageByClientId).
     */
    async findVisitorChatAndClientMessage(
      companyId: string,
      visitorId: string,
      chatId: string,
      clientMessageId: string,
    ): Promise<{ chat: ChatRow; replayedId: string | null } | null> {
      const [row] = await db
        .select({
          chat: chats,
          replayedId: sql<string | null>`(select m.id from ${chats} c
            join ${chatMessages} m on m.chat_id = c.id and m.client_message_id = ${clientMessageId}
            where c.company_id = ${companyId} and c.visitor_id = ${visitorId}
            limit 1)`,
        })
        .from(chats)
        .where(and(eq(chats.id, chatId), eq(chats.companyId, companyId), eq(chats.visitorId, visitorId)))
        .limit(1);
      return row ?? null;
    },

    /** One message by id, scoped by company. */
    async findMessage(companyId: string, messageId: string) {
      const [message] = await db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.id, messageId), eq(chatMessages.companyId, companyId)))
        .limit(1);
      return message ?? null;
    },

    /**
     * A message the visitor already sent with this client id, in any of their chats: a retried
     * first question (sent before the client knew its chat) finds the chat it created.
     */
    async findVisitorMessageByClientId(companyId: string, visitorId: string, clientMessageId: string) {
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`select m.id from chats c
          join chat_messages m on m.chat_id = c.id and m.client_message_id = ${clientMessageId}
          where c.company_id = ${companyId} and c.visitor_id = ${visitorId}
          limit 1`,
      );
      if (!row) return null;
      const [message] = await db.select().from(chatMessages).where(eq(chatMessages.id, row.id)).limit(1);
      return message ?? null;
    },

    /**
     * The visitor stopped the answer to their latest question (reset-answer): the question is
     * marked, so no rejoin or reload answers it after all. Nothing is marked once a reply exists.
     */
    async markAnswerStopped(companyId: string, chatId: string) {
      await db.execute(sql`
        update chat_messages q set message_data = q.message_data || '{"answerStopped": true}'::jsonb
        where q.company_id = ${companyId} and q.id = (
            select m.id from chat_messages m
            where m.company_id = ${companyId} and m.chat_id = ${chatId}
              and m.sender_role = 'customer' and m.message_type = 'question'
            order by m.created_at desc, m.id desc limit 1)
          and not exists (
            select 1 from chat_messages r
            where r.company_id = ${companyId} and r.chat_id = ${chatId} and r.sender_role <> 'customer'
              and (r.created_at, r.id) > (q.created_at, q.id))`);
    },

    /** Whether anything but the visitor spoke after this message (an answer, a person, an event). */
    async hasReplyAfter(companyId: string, chatId: string, message: ChatMessageRow) {
      const [row] = await queryRows<{ found: boolean }>(
        db,
        sql`select exists (
          select 1 from chat_messages m
          where m.company_id = ${companyId} and m.chat_id = ${chatId} and m.sender_role <> 'customer'
            and (m.created_at, m.id) > (${message.createdAt.toISOString()}::timestamptz, ${message.id}::uuid)
        ) as found`,
      );
      return row?.found ?? false;
    },

    async updateChat(
      companyId: string,
      chatId: string,
      change: Partial<{
        status: "open" | "human" | "ticket";
        resolved: boolean;
        completedAt: Date | null;
        rating: number;
        customer: Record<string, unknown>;
        language: string;
        customReplyState: Record<string, unknown> | null;
      }>,
    ) {
      const [row] = await db
        .update(chats)
        .set(change)
        .where(and(eq(chats.id, chatId), eq(chats.companyId, companyId)))
        .returning();
      return row ?? null;
    },
  };
}

export type VisitorRepository = ReturnType<typeof createVisitorRepository>;

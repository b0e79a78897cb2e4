import type { MessageWithData } from "@harbor/contract/message-data";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { TokenUsage } from "../../ai/answer/answer-types";
import { type Database, queryRows } from "../../db/client";
import { chatAnalyses, chatMessages, chats, type StoredReference, tokenUsage } from "../../db/schema/index";
import { type InboxRowAndUnreadCount, inboxRowAfterMessage } from "./inbox.repository";
import { generateTicketId } from "./ticket-id";

/** Attempts at a free ticket ID before giving up; each collides with odds of (chats / 729 million). */
const TICKET_ID_ATTEMPTS = 8;
/** A reconnecting widget gets at most this many missed messages at once (a chat's whole history fits). */
const MESSAGES_AFTER_MAX = 500;

export type ChatRow = typeof chats.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
/** A question or an answer as the answerer reads the chat's history. */
export type ChatTurn = Pick<ChatMessageRow, "message" | "senderRole" | "messageData">;

/**
 * The chat's latest `limit` question/answer messages, oldest first, as one JSON array: one
 * expression that a read of the chat (findChatWithRecentTurns) or the question's own write
 * (appendMessageSteps' `turnsBefore`) carries, so neither needs a statement of its own.
 */
function recentTurnsJson(companyId: string, chatId: string, limit: number) {
  return sql<ChatTurn[]>`coalesce((
    select json_agg(json_build_object('message', t.message, 'senderRole', t.sender_role,
        'messageData', t.message_data) order by t.created_at, t.id)
    from (
      select m.message, m.sender_role, m.message_data, m.created_at, m.id
      from ${chatMessages} m
      where m.chat_id = ${chatId} and m.company_id = ${companyId} and m.message_type in ('question', 'answer')
      order by m.created_at desc, m.id desc
      limit ${limit}
    ) t), '[]'::json)`;
}

type Writer = Pick<Database, "insert" | "update" | "$with" | "with">;

/** A message to store: its kind with the parts that kind carries (contract message-data.ts), and the rest. */
export type NewMessage = MessageWithData & {
  companyId: string;
  chatId: string;
  message: string;
  senderRole: "customer" | "ai" | "agent" | "system";
  references?: StoredReference[];
  /** The sender's client id; with it a retried send is stored once (see insertMessageOnce). */
  clientMessageId?: string | null;
  /** What a visitor's event was (IS_RESOLVED, NEED_HELP, RAISE_TICKET, FEEDBACK, PRE_CHAT_FORM). */
  eventType?: string | null;
  /** The chat's new running summary, written in the same update that moves the chat (an answer's). */
  chatSummary?: string;
};

/**
 * Inserts a message and moves its chat to the top of the inbox, unread unless staff wrote it (a
 * reply or a note is what staff just read and answered). A lone message needs no transaction;
 * an answer runs it inside the transaction that writes everything the answer leaves behind.
 */
export async function appendMessage(writer: Writer, message: NewMessage) {
  return (await appendMessageWithInboxRow(writer, message, { withInbox: false })).row;
}

/**
 * appendMessage, answering also the chat's inbox row and the company's unread count as they are
 * with the message in (what staff hear, see tellStaff): read in the same statement, not after it.
 */
export async function appendMessageWithInboxRow(
  writer: Writer,
  message: NewMessage,
  options: { withInbox?: boolean; turnsBefore?: number } = { withInbox: true },
) {
  const { inserted, touched } = appendMessageSteps(writer, message, options);
  const [found] = await writer.with(inserted, touched).select().from(inserted).leftJoin(touched, sql`true`);
  if (!found) throw new Error("Message insert returned no row");
  return { row: found.inserted, inbox: found.touched?.inbox ?? null, turnsBefore: found.touched?.turns ?? null };
}

/**
 * appendMessage's two steps as CTEs (`inserted`, the message; `touched`, its chat), for a caller
 * that writes more in the same statement. One statement is atomic without a transaction: on the
 * embedded database each statement, BEGIN and COMMIT has a fixed cost, and a transaction holds
 * the database for every round trip between its statements (decision 011).
 */
export function appendMessageSteps(
  writer: Writer,
  message: NewMessage,
  options: {
    withInbox?: boolean;
    /**
     * Also answer the chat's latest question/answer turns *before* this message (every part of one
     * statement reads the snapshot it started with, so the new message is not among them).
     */
    turnsBefore?: number;
  } = {},
) {
  const inserted = writer.$with("inserted").as(
    writer
      .insert(chatMessages)
      .values({
        companyId: message.companyId,
        chatId: message.chatId,
        message: message.message,
        messageType: message.messageType,
        senderRole: message.senderRole,
        messageData: message.messageData ?? {},
        references: message.references ?? [],
        clientMessageId: message.clientMessageId ?? null,
        eventType: message.eventType ?? null,
        // Strictly after the chat's latest message: clocks can repeat (PGlite's ticks in
        // milliseconds), and a chat must read in the order it was written, never by a random id.
        createdAt: sql`greatest(clock_timestamp(), (select max(p.created_at) + interval '1 microsecond'
          from chat_messages p where p.chat_id = ${message.chatId}))`,
      })
      .returning(),
  );
  const isFromStaff = message.senderRole === "agent";
  const lastMessageAt = sql`(select created_at from inserted)`;
  const summary = message.chatSummary === undefined ? {} : { summary: message.chatSummary };
  const touched = writer.$with("touched").as(
    writer
      .update(chats)
      .set(isFromStaff ? { lastMessageAt, ...summary } : { lastMessageAt, chatRead: false, ...summary })
      .where(and(eq(chats.id, message.chatId), eq(chats.companyId, message.companyId)))
      .returning({
        id: chats.id,
        inbox: (options.withInbox
          ? inboxRowAfterMessage(message.companyId)
          : sql<InboxRowAndUnreadCount | null>`null::json`
        ).as("inbox"),
        turns: (options.turnsBefore === undefined
          ? sql<ChatTurn[] | null>`null::json`
          : recentTurnsJson(message.companyId, message.chatId, options.turnsBefore)
        ).as("turns"),
      }),
  );
  return { inserted, touched };
}

export type UsagePurpose = "chat" | "playground" | "eval";

/** token_usage rows for provider calls that used tokens; `day` is the UTC day of the call. */
export function tokenUsageRows(options: {
  companyId: string;
  chatId: string | null;
  purpose: UsagePurpose;
  usage: TokenUsage[];
}) {
  return options.usage
    .filter((entry) => entry.inputTokens > 0 || entry.outputTokens > 0)
    .map((entry) => ({
      companyId: options.companyId,
      chatId: options.chatId,
      purpose: options.purpose,
      model: entry.model,
      inputTokens: Math.round(entry.inputTokens),
      outputTokens: Math.round(entry.outputTokens),
      day: sql`(now() at time zone 'utc')::date`,
    }));
}

/** Chats, their messages, analysis entries and token usage; every call is scoped by companyId. */
export function createChatsRepository(db: Database) {
  async function findByClientId(companyId: string, chatId: string, clientMessageId: string) {
    const [row] = await db
      .select()
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.companyId, companyId),
          eq(chatMessages.chatId, chatId),
          eq(chatMessages.clientMessageId, clientMessageId),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  return {
    /**
     * A new chat with a ticket ID unique in its company (the unique index decides; a clash retries).
     * `openingClientMessageId`: the client id of the visitor's question that opens it. The chat is
     * then one per visitor and client id: when the same first question reaches two nodes at once,
     * the second insert finds the first one's chat (unique index `chats_visitor_opening_idx`;
     * PostgreSQL makes it wait for the first to commit) and answers that chat instead.
     */
    async createChat(
      companyId: string,
      options: { visitorId?: string; language?: string; openingClientMessageId?: string } = {},
    ) {
      const { visitorId, openingClientMessageId } = options;
      for (let attempt = 0; attempt < TICKET_ID_ATTEMPTS; attempt++) {
        const [row] = await db
          .insert(chats)
          .values({
            companyId,
            visitorId,
            language: options.language,
            openingClientMessageId,
            ticketId: generateTicketId(),
          })
          .onConflictDoNothing()
          .returning();
        if (row) return row;
        if (visitorId && openingClientMessageId) {
          const [opened] = await db
            .select()
            .from(chats)
            .where(
              and(
                eq(chats.companyId, companyId),
                eq(chats.visitorId, visitorId),
                eq(chats.openingClientMessageId, openingClientMessageId),
              ),
            )
            .limit(1);
          if (opened) return opened;
        }
      }
      throw new Error("No free ticket ID found for a new chat");
    },

    async findChat(companyId: string, chatId: string) {
      const [row] = await db
        .select()
        .from(chats)
        .where(and(eq(chats.id, chatId), eq(chats.companyId, companyId)))
        .limit(1);
      return row ?? null;
    },

    /** One message of the chat (scoped by company and chat). */
    async findMessage(companyId: string, chatId: string, messageId: string) {
      const [row] = await db
        .select()
        .from(chatMessages)
        .where(
          and(eq(chatMessages.id, messageId), eq(chatMessages.chatId, chatId), eq(chatMessages.companyId, companyId)),
        )
        .limit(1);
      return row ?? null;
    },

    /** Appends a message and moves the chat to the top of the inbox, in one transaction. */
    insertMessage(message: NewMessage) {
      return appendMessage(db, message);
    },

    /**
     * Stores a message once per client id: a retried send (same chat, same clientMessageId) gets
     * the stored row back with `isNew` false, also when two copies race (the unique index decides).
     * `isLookedUp`: the caller has just looked for the client id itself (the visitor's question,
     * across the visitor's chats), so the first lookup is skipped; a copy stored since then is still
     * found, by the unique index refusing the insert. `inbox`: the chat's inbox row with the
     * message in (null when it was stored before), for telling staff without a read.
     */
    async insertMessageOnce(
      message: NewMessage & { clientMessageId: string },
      options: { isLookedUp?: boolean; turnsBefore?: number } = {},
    ): Promise<{
      row: ChatMessageRow;
      isNew: boolean;
      inbox: InboxRowAndUnreadCount | null;
      /** With `turnsBefore`: the chat's latest turns before this message (null when it was stored before). */
      turnsBefore: ChatTurn[] | null;
    }> {
      const existing = options.isLookedUp
        ? null
        : await findByClientId(message.companyId, message.chatId, message.clientMessageId);
      if (existing) return { row: existing, isNew: false, inbox: null, turnsBefore: null };
      try {
        // A new message is told to staff with its chat's inbox row: read in the same statement.
        const stored = await appendMessageWithInboxRow(db, message, {
          withInbox: true,
          turnsBefore: options.turnsBefore,
        });
        return { ...stored, isNew: true };
      } catch (error) {
        const raced = await findByClientId(message.companyId, message.chatId, message.clientMessageId);
        if (raced) return { row: raced, isNew: false, inbox: null, turnsBefore: null };
        throw error;
      }
    },

    /** Messages after `afterId` (all when absent), oldest first: what a reconnecting client missed. */
    async messagesAfter(companyId: string, chatId: string, afterId?: string) {
      const after = afterId
        ? sql`and (m.created_at, m.id) > (select a.created_at, a.id from chat_messages a
            where a.id = ${afterId} and a.chat_id = ${chatId} and a.company_id = ${companyId})`
        : sql``;
      const ids = await queryRows<{ id: string }>(
        db,
        sql`select m.id from chat_messages m
          where m.company_id = ${companyId} and m.chat_id = ${chatId} ${after}
          order by m.created_at, m.id limit ${MESSAGES_AFTER_MAX}`,
      );
      if (ids.length === 0) return [];
      return db
        .select()
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.companyId, companyId),
            inArray(
              chatMessages.id,
              ids.map((row) => row.id),
            ),
          ),
        )
        .orderBy(chatMessages.createdAt, chatMessages.id);
    },

    /**
     * The chat and its latest question/answer messages (oldest first, as recentTurns) in one
     * statement: answering needs both, and each statement has a fixed cost — a round trip, and on
     * the embedded database two messages between threads (decision 053). Null when not found.
     */
    async findChatWithRecentTurns(companyId: string, chatId: string, limit: number) {
      const [row] = await db
        .select({ chat: chats, turns: recentTurnsJson(companyId, chatId, limit) })
        .from(chats)
        .where(and(eq(chats.id, chatId), eq(chats.companyId, companyId)))
        .limit(1);
      return row ?? null;
    },

    /** The latest question/answer messages of a chat, oldest first. */
    async recentTurns(companyId: string, chatId: string, limit: number) {
      const rows = await db
        .select({
          message: chatMessages.message,
          senderRole: chatMessages.senderRole,
          messageData: chatMessages.messageData,
        })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.chatId, chatId),
            eq(chatMessages.companyId, companyId),
            inArray(chatMessages.messageType, ["question", "answer"]),
          ),
        )
        .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
        .limit(limit);
      return rows.reverse();
    },

    async listMessages(companyId: string, chatId: string) {
      return db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.companyId, companyId)))
        .orderBy(chatMessages.createdAt, chatMessages.id);
    },

    async insertAnalysis(entry: {
      companyId: string;
      chatId: string;
      messageId: string;
      shortenedCustomerMessage: string;
      questionCategory: string | null;
      selectedIntent: string | null;
    }) {
      await db.insert(chatAnalyses).values(entry);
    },

    async listAnalyses(companyId: string, chatId: string) {
      return db
        .select()
        .from(chatAnalyses)
        .where(and(eq(chatAnalyses.chatId, chatId), eq(chatAnalyses.companyId, companyId)))
        .orderBy(chatAnalyses.createdAt, chatAnalyses.id);
    },

    /** One row per provider call; `day` is the UTC day of the call. */
    async recordUsage(options: {
      companyId: string;
      chatId: string | null;
      purpose: UsagePurpose;
      usage: TokenUsage[];
    }) {
      const rows = tokenUsageRows(options);
      if (rows.length > 0) await db.insert(tokenUsage).values(rows);
    },
  };
}

export type ChatsRepository = ReturnType<typeof createChatsRepository>;

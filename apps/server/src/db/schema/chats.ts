import type { Reference } from "@harbor/contract/ai-agent";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { companies } from "./companies";

/**
 * A conversation with one visitor (spec part 1 §3). The widget issue creates them from the
 * visitor channel; the inbox issue lists them. `status` is open | human | ticket.
 */
export const chats = pgTable(
  "chats",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    visitorId: text("visitor_id"),
    /** Short, upper-case, unique per company (see ticket-id.ts); staff quote it to each other. */
    ticketId: text("ticket_id").notNull(),
    status: text("status").notNull().default("open"),
    resolved: boolean("resolved").notNull().default(false),
    isFlagged: boolean("is_flagged").notNull().default(false),
    chatRead: boolean("chat_read").notNull().default(false),
    language: text("language"),
    customer: jsonb("customer").$type<Record<string, unknown>>().notNull().default({}),
    summary: text("summary").notNull().default(""),
    /** The visitor ended the chat (resolved it or restarted); the widget offers Start new chat. */
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** Feedback stars, 1–5, when the visitor gave them. */
    rating: integer("rating"),
    /**
     * The custom reply (workflow) running in the chat: where it is and the values the visitor gave
     * (modules/visitor/visitor-custom-replies.ts); null when none runs. Kept so a reload resumes.
     */
    customReplyState: jsonb("custom_reply_state").$type<Record<string, unknown>>(),
    /**
     * The client id of the visitor's question that opened the chat. Unique per visitor: the same
     * first question reaching two nodes at once opens one chat, not two (decision 073).
     */
    openingClientMessageId: text("opening_client_message_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The inbox pages by (last_message_at desc, id desc) within a company, which a backward scan of
  // these indexes serves; each menu filter has a partial index, so a page and its count read only
  // the rows that filter shows.
  (table) => {
    const inboxOrder = [table.companyId, table.lastMessageAt, table.id] as const;
    return [
      index("chats_inbox_idx").on(...inboxOrder),
      index("chats_inbox_unread_idx")
        .on(...inboxOrder)
        .where(sql`${table.chatRead} = false`),
      index("chats_inbox_open_idx")
        .on(...inboxOrder)
        .where(sql`${table.resolved} = false`),
      index("chats_inbox_resolved_idx")
        .on(...inboxOrder)
        .where(sql`${table.resolved} = true`),
      index("chats_inbox_flagged_idx")
        .on(...inboxOrder)
        .where(sql`${table.isFlagged} = true`),
      index("chats_inbox_handoff_idx")
        .on(...inboxOrder)
        .where(sql`${table.status} in ('human', 'ticket')`),
      uniqueIndex("chats_company_ticket_idx").on(table.companyId, table.ticketId),
      // The widget finds a visitor's newest chat to continue.
      index("chats_visitor_idx").on(table.companyId, table.visitorId, table.createdAt),
      uniqueIndex("chats_visitor_opening_idx")
        .on(table.companyId, table.visitorId, table.openingClientMessageId)
        .where(sql`${table.openingClientMessageId} is not null`),
    ];
  },
);

/** A cited document as stored with an answer (the contract's Reference). */
export type StoredReference = Reference;

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    chatId: uuid("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    message: text("message").notNull().default(""),
    messageType: text("message_type").notNull(),
    senderRole: text("sender_role").notNull(),
    eventType: text("event_type"),
    messageData: jsonb("message_data").$type<Record<string, unknown>>().notNull().default({}),
    references: jsonb("references").$type<StoredReference[]>().notNull().default([]),
    /** The id the sender's client gave the message; a retried send with the same id is stored once. */
    clientMessageId: text("client_message_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("chat_messages_client_id_idx")
      .on(table.chatId, table.clientMessageId)
      .where(sql`${table.clientMessageId} is not null`),
    // id breaks ties between messages of the same instant, so the window and `before` are exact.
    index("chat_messages_chat_order_idx").on(table.chatId, table.createdAt, table.id),
    // The inbox's Custom Replies filter: chats whose messages came from a given custom reply.
    index("chat_messages_custom_reply_idx")
      .on(table.companyId, sql`(${table.messageData}->>'customReplyID')`, table.chatId)
      .where(sql`(${table.messageData}->>'customReplyID') is not null`),
    // Insights' suggested-questions card: the visitors' messages equal to one of the portal's
    // questions (case and spaces aside), found by a hash of the text so a long message fits a key,
    // and by time, so a month reads only that month's.
    index("chat_messages_visitor_text_idx")
      .on(table.companyId, sql`md5(lower(btrim(${table.message})))`, table.createdAt)
      .where(sql`${table.senderRole} = 'customer' and ${table.eventType} is null`),
    // Cost and speed's answer waits: a company's AI answers by time, with the predicate the waits'
    // statement uses, so a few days' chunk of the cache's warming reads those days' answers and no
    // others. Without it each chunk scanned every message (decision 077; 080).
    index("chat_messages_ai_answer_idx")
      .on(table.companyId, table.createdAt)
      .where(sql`${table.senderRole} = 'ai' and ${table.messageType} = 'answer'`),
  ],
);

/** One entry per answered question: what the visitor asked, in short, and how it was classified. */
export const chatAnalyses = pgTable(
  "chat_analyses",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    chatId: uuid("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    messageId: uuid("message_id"),
    shortenedCustomerMessage: text("shortened_customer_message").notNull(),
    questionCategory: text("question_category"),
    selectedIntent: text("selected_intent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("chat_analyses_chat_idx").on(table.chatId, table.createdAt),
    // The inbox's AI Conversations filter: chats with an entry in a question category.
    index("chat_analyses_category_idx").on(table.companyId, table.questionCategory, table.chatId),
  ],
);

/**
 * Tokens per provider call. Kept when a chat is deleted (chat_id becomes null): usage is what
 * the company consumed, whatever happened to the conversation since.
 */
export const tokenUsage = pgTable(
  "token_usage",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    chatId: uuid("chat_id").references(() => chats.id, { onDelete: "set null" }),
    /** chat | playground | eval */
    purpose: text("purpose").notNull(),
    model: text("model").notNull(),
    inputTokens: integer("input_tokens").notNull(),
    outputTokens: integer("output_tokens").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("token_usage_company_day_idx").on(table.companyId, table.day),
    // A conversation's tokens (the cost query, decision 046) and the chat_id set to null when a
    // chat is deleted, without reading the company's whole usage.
    index("token_usage_chat_idx").on(table.chatId),
    // Token usage reads the hours holding one of the zone's midnights row by row (decision 062).
    index("token_usage_company_created_idx").on(table.companyId, table.createdAt),
  ],
);

/**
 * The inbox's AI Conversations and Custom Replies filters as rows ordered like the inbox: one per
 * chat and question category (`category`, value = the category's name) or custom reply
 * (`custom-reply`, value = the reply's id) it has, carrying the chat's last_message_at. Kept by
 * triggers (migration 0012) on chat_analyses, chat_messages and chats, so a filtered page is an
 * index-only scan in inbox order instead of a search through all the company's chats.
 */
export const chatTags = pgTable(
  "chat_tags",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    chatId: uuid("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    value: text("value").notNull(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.chatId, table.kind, table.value] }),
    index("chat_tags_inbox_idx").on(table.companyId, table.kind, table.value, table.lastMessageAt, table.chatId),
  ],
);

/**
 * What the analytics read of each chat, kept by triggers (migration 0019) on chats and
 * chat_messages: when the AI and the visitor last wrote, how many messages, whether the visitor
 * said it resolved or came back after a silence, whether they opened another chat within
 * 7 days of the AI's last answer, and how many of the AI's answers failed. A report then reads one row per chat in the range instead of
 * every message of every chat (decision 042); the outcome itself is decided at read time, since
 * "24 hours of silence" is measured to now.
 */
export const chatFacts = pgTable(
  "chat_facts",
  {
    chatId: uuid("chat_id")
      .primaryKey()
      .references(() => chats.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    status: text("status").notNull(),
    rating: integer("rating"),
    language: text("language"),
    lastAiAt: timestamp("last_ai_at", { withTimezone: true }),
    lastCustomerAt: timestamp("last_customer_at", { withTimezone: true }),
    messages: integer("messages").notNull().default(0),
    saidResolved: boolean("said_resolved").notNull().default(false),
    returnedInChat: boolean("returned_in_chat").notNull().default(false),
    returnedInNewChat: boolean("returned_in_new_chat").notNull().default(false),
    /** The AI's answers that declined ("no-match") or handed the chat to a person ("handoff"). */
    failedAnswers: integer("failed_answers").notNull().default(0),
  },
  (table) => [
    // Conversations with the AI in a range of a company: the only rows a report reads.
    index("chat_facts_range_idx").on(table.companyId, table.createdAt).where(sql`${table.lastAiAt} is not null`),
    // The chats Unanswered questions reads: a failed answer, a handoff or a rating below 3.
    index("chat_facts_unanswered_idx")
      .on(table.companyId, table.createdAt)
      .where(
        sql`${table.lastAiAt} is not null and (${table.failedAnswers} > 0 or ${table.rating} < 3 or ${table.status} in ('human', 'ticket'))`,
      ),
    // The silent chats (chat_hourly's class 'silent') by their last AI answer: Insights reads the one
    // hour of them whose 24 hours of silence end within the hour before now (decision 052).
    index("chat_facts_silent_idx")
      .on(table.companyId, table.lastAiAt)
      .where(
        sql`${table.lastAiAt} is not null and ${table.status} not in ('human', 'ticket') and not ${table.saidResolved} and ${table.rating} is null and not ${table.returnedInChat} and not ${table.returnedInNewChat} and (${table.lastCustomerAt} is null or ${table.lastCustomerAt} < ${table.lastAiAt})`,
      ),
  ],
);

/**
 * The conversations of chat_facts summed per company, UTC hour of the chat's creation and class
 * (decision 052, designed in 050): handed-off | confirmed | reopened | silent | open, the outcome
 * as far as it does not depend on `now`. A silent chat is "assumed" once 24 hours have passed since
 * `silent_hour`'s answer, so silent rows carry the UTC hour of the chat's last AI answer (null for
 * the other classes). Kept by statement-level triggers on chat_facts (migration 0025), which move a
 * chat between rows when its facts change.
 */
export const chatHourly = pgTable(
  "chat_hourly",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    class: text("class").notNull(),
    silentHour: timestamp("silent_hour", { withTimezone: true }),
    chats: integer("chats").notNull().default(0),
    messages: bigint("messages", { mode: "number" }).notNull().default(0),
  },
  (table) => [
    unique("chat_hourly_key").on(table.companyId, table.hour, table.class, table.silentHour).nullsNotDistinct(),
  ],
);

/**
 * The conversations' categories and custom replies summed like chat_hourly (decision 059): one row
 * per company, UTC hour of the chat's creation, tag (chat_tags' kind and value), class and silent
 * hour, counting chats. Kept by the chat_facts triggers (a class change moves all the chat's tags),
 * by triggers on chat_tags and by one on deleted chats (migration 0026), so Insights' category and
 * custom-reply cards read one row per hour and tag instead of one per chat.
 */
export const chatTagHourly = pgTable(
  "chat_tag_hourly",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    kind: text("kind").notNull(),
    value: text("value").notNull(),
    class: text("class").notNull(),
    silentHour: timestamp("silent_hour", { withTimezone: true }),
    chats: integer("chats").notNull().default(0),
  },
  (table) => [
    unique("chat_tag_hourly_key")
      .on(table.companyId, table.hour, table.kind, table.value, table.class, table.silentHour)
      .nullsNotDistinct(),
  ],
);

/**
 * chat_hourly summed per company, UTC day of the chat's creation and class (decision 076), without
 * the silent hour: Insights reads the window's whole UTC days here, its edge days' whole hours from
 * chat_hourly and its partial hours from chat_facts. A silent row counts as assumed unless its chat's
 * last answer is less than 24 hours old, which the read takes from chat_facts_silent_idx. Kept by
 * chat_hourly_apply, which hands every delta it applies to this table too (migration 0034).
 */
export const chatDaily = pgTable(
  "chat_daily",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    class: text("class").notNull(),
    chats: integer("chats").notNull().default(0),
    messages: bigint("messages", { mode: "number" }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.day, table.class] })],
);

/**
 * chat_tag_hourly summed per company, UTC day of the chat's creation, tag and class (decision 076),
 * without the silent hour, read like chat_daily. Kept by chat_tag_hourly_apply (migration 0034).
 */
export const chatTagDaily = pgTable(
  "chat_tag_daily",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind").notNull(),
    value: text("value").notNull(),
    class: text("class").notNull(),
    chats: integer("chats").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.day, table.kind, table.value, table.class] })],
);

/**
 * Each chat's visitor messages by text (decision 062): one row per chat and md5 of the lowered,
 * trimmed text of its visitor messages (sender_role customer, no event), with how many of its
 * messages have that text. Kept by statement-level triggers on chat_messages (migration 0027), so
 * chat_question_hourly counts a chat once per text however often the visitor wrote it, and a
 * deleted message takes its text away only when it was the chat's last one.
 */
export const chatQuestionTexts = pgTable(
  "chat_question_texts",
  {
    chatId: uuid("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    textHash: uuid("text_hash").notNull(),
    occurrences: integer("occurrences").notNull(),
  },
  (table) => [primaryKey({ columns: [table.chatId, table.textHash] })],
);

/**
 * The conversations (chats the AI answered at least once) that hold a visitor message of a text,
 * per company, md5 of the lowered, trimmed text and UTC hour of the chat's creation (decision 062,
 * designed in 050). Insights' suggested-questions card reads the few portal questions' rows of the
 * window's whole hours by this key instead of every visitor message of the window. No class or
 * silent hour: the card counts conversations whatever their outcome. Kept by triggers on
 * chat_messages, chat_facts and deleted chats (migration 0027).
 */
export const chatQuestionHourly = pgTable(
  "chat_question_hourly",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    textHash: uuid("text_hash").notNull(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    chats: integer("chats").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.textHash, table.hour] })],
);

/**
 * chat_question_hourly summed per company, text hash and UTC day of the chat's creation (decision
 * 076): the suggested-questions card reads the window's whole UTC days here. Kept by
 * chat_question_hourly_apply and chat_question_hourly_rebuild (migration 0034).
 */
export const chatQuestionDaily = pgTable(
  "chat_question_daily",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    textHash: uuid("text_hash").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    chats: integer("chats").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.textHash, table.day] })],
);

/**
 * One row per failed answer (decision 071): an AI answer that declined ("no-match") or handed off
 * ("handoff") the question it names, the last question the AI answered in a chat now with a person
 * or a ticket, or a question it answered in a chat rated below 3 — decision 042's meaning, as
 * unansweredStatement's "messages" reading finds them. With the question's lowered, trimmed text
 * (the wording Unanswered questions groups by), its trimmed text, the answer's language (else the
 * chat's), the reason, when it was asked and when its chat began (the report's range is of chats).
 * Kept per chat by chat_question_failures_refresh from triggers on chat_messages and chats
 * (migration 0033), so the report reads only these rows of the range.
 */
export const chatQuestionFailures = pgTable(
  "chat_question_failures",
  {
    chatId: uuid("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    /** The AI's answer (a chat_messages id); no foreign key: the refresh follows deleted messages. */
    answerId: uuid("answer_id").notNull(),
    companyId: uuid("company_id").notNull(),
    chatCreatedAt: timestamp("chat_created_at", { withTimezone: true }).notNull(),
    text: text("text").notNull(),
    example: text("example").notNull(),
    language: text("language"),
    /** declined | handed-off | rated-low */
    reason: text("reason").notNull(),
    askedAt: timestamp("asked_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.chatId, table.answerId] }),
    index("chat_question_failures_range_idx").on(table.companyId, table.chatCreatedAt),
  ],
);

/**
 * chat_question_failures summed per company, UTC day of the chat's creation, wording and language
 * (decision 071): how many failed answers, of each reason, the wording's least trimmed text (its
 * example) and when it was last asked. Kept from chat_question_failures by statement triggers that
 * recompute the keys a statement touched (migration 0033), so a year is read as a few rows a day and
 * only the window's partial UTC days at its edges row by row.
 */
export const chatQuestionFailureDays = pgTable(
  "chat_question_failure_days",
  {
    companyId: uuid("company_id").notNull(),
    day: date("day").notNull(),
    text: text("text").notNull(),
    language: text("language"),
    answers: integer("answers").notNull(),
    declined: integer("declined").notNull(),
    handedOff: integer("handed_off").notNull(),
    ratedLow: integer("rated_low").notNull(),
    example: text("example").notNull(),
    lastAskedAt: timestamp("last_asked_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    unique("chat_question_failure_days_key")
      .on(table.companyId, table.day, table.text, table.language)
      .nullsNotDistinct(),
  ],
);

/**
 * Token usage summed per company, UTC hour of the usage and model (decision 062, designed in 050):
 * its input and output tokens, the tokens spent in chats (chat_id set) and how many usage rows.
 * Kept by statement-level triggers on token_usage (migration 0028), so Token usage reads a year as
 * about one row per hour and model, and only the hours holding one of the zone's midnights (a :30
 * or :45 zone's days) row by row.
 */
export const tokenUsageHourly = pgTable(
  "token_usage_hourly",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    model: text("model").notNull(),
    inputTokens: bigint("input_tokens", { mode: "number" }).notNull().default(0),
    outputTokens: bigint("output_tokens", { mode: "number" }).notNull().default(0),
    chatTokens: bigint("chat_tokens", { mode: "number" }).notNull().default(0),
    usages: integer("usages").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.hour, table.model] })],
);

/**
 * The UTC hours in which a chat used a model, with how many usage rows (decision 062). No foreign
 * key: a deleted chat's usage keeps its tokens with chat_id set to null, and that update is what
 * takes the chat's hours away (migration 0028).
 */
export const tokenChatHours = pgTable(
  "token_chat_hours",
  {
    chatId: uuid("chat_id").notNull(),
    model: text("model").notNull(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    companyId: uuid("company_id").notNull(),
    usages: integer("usages").notNull(),
  },
  (table) => [primaryKey({ columns: [table.chatId, table.model, table.hour] })],
);

/**
 * Chats with usage of a model, counted without counting a chat twice across hours (decision 062):
 * each hour a chat used the model is one row keyed by that hour and the chat's previous hour with
 * that model (null for its first). The chats with usage in whole hours [a, b) are then the rows of
 * hours in [a, b) whose previous hour is null or before a, summed. Kept from token_chat_hours by the
 * token_usage triggers (migration 0028).
 */
export const tokenChatHourly = pgTable(
  "token_chat_hourly",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    model: text("model").notNull(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    previousHour: timestamp("previous_hour", { withTimezone: true }),
    chats: integer("chats").notNull().default(0),
  },
  (table) => [
    unique("token_chat_hourly_key").on(table.companyId, table.hour, table.model, table.previousHour).nullsNotDistinct(),
  ],
);

/**
 * Each chat's tokens per model (decision 070): what token_usage holds for the chat, summed, with how
 * many usage rows. Kept by statement-level triggers on token_usage (migration 0031), so the facts
 * triggers that move a conversation's tokens in chat_tokens_daily read what the usage triggers
 * already counted, whichever of the two fires first in a statement that stores an answer and its
 * usage together. No foreign key: a deleted chat's rows go in chat_cost_forget_chat, before the
 * chat's usage loses its chat_id.
 */
export const chatTokens = pgTable(
  "chat_tokens",
  {
    chatId: uuid("chat_id").notNull(),
    model: text("model").notNull(),
    companyId: uuid("company_id").notNull(),
    inputTokens: bigint("input_tokens", { mode: "number" }).notNull().default(0),
    outputTokens: bigint("output_tokens", { mode: "number" }).notNull().default(0),
    usages: integer("usages").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.chatId, table.model] })],
);

/**
 * The conversations' tokens (every token a conversation used, whenever spent) per company, UTC day of
 * the chat's creation and model (decision 070): Cost and speed's cost per model reads one row per day
 * and model for the window's whole UTC days, and the conversations of the partial days at its edges
 * one by one. `usages` counts the usage rows, so a day whose conversations lost all their usage goes.
 */
export const chatTokensDaily = pgTable(
  "chat_tokens_daily",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    model: text("model").notNull(),
    inputTokens: bigint("input_tokens", { mode: "number" }).notNull().default(0),
    outputTokens: bigint("output_tokens", { mode: "number" }).notNull().default(0),
    usages: integer("usages").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.day, table.model] })],
);

/**
 * The conversations per company, UTC day of the chat's creation, visitor language as Cost and speed
 * groups it (en | nl | he | other) and class (chat_hourly_class: the outcome as far as it does not
 * depend on now), with their ratings' count and sum (decision 070). Quality per language reads the
 * window's whole UTC days here; a silent chat counts as assumed unless its last answer is less than 24
 * hours old, which the read takes from chat_facts_silent_idx.
 */
export const chatLanguageDaily = pgTable(
  "chat_language_daily",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    language: text("language").notNull(),
    class: text("class").notNull(),
    chats: integer("chats").notNull().default(0),
    ratings: integer("ratings").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.day, table.language, table.class] })],
);

/**
 * Answer-wait figures of closed days, per company, reporting zone and day of that zone (decision 070,
 * designed as 050's `answer_wait_days`): how many AI answers, and the interpolated p50 and p95 of the
 * visitor's wait, exactly as the live statement computes them. Written by Cost and speed when it
 * reads a day that ended more than two hours ago (days without answers too, as 0), so a year reads
 * 366 rows and only the days since the last closed one live. A trigger on chat_messages drops a
 * company's days that end after the earliest message a statement changed, when that message is older
 * than an hour (a backdated insert, an update or a delete): the figures of every later day may
 * depend on it.
 */
export const answerWaitDays = pgTable(
  "answer_wait_days",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    timeZone: text("time_zone").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    answers: integer("answers").notNull(),
    p50Ms: doublePrecision("p50_ms"),
    p95Ms: doublePrecision("p95_ms"),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.timeZone, table.day] })],
);

/**
 * The unanswered questions' verdicts (decision 042): whether the local engine, asked after the
 * company's knowledge last changed, answers a group's most asked wording from a document changed
 * since the group was last asked. Keyed as the service's check is (knowledge state, last asked,
 * wording), so a new document or a new ask makes a new key. Stored rather than kept in each
 * process's memory, so every node reads what one node checked and a restart loses nothing
 * (decision 080). Rows of older knowledge states are deleted when a newer state is warmed.
 */
export const unansweredVerdicts = pgTable(
  "unanswered_verdicts",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    knowledgeChangedAt: timestamp("knowledge_changed_at", { withTimezone: true, mode: "string" }).notNull(),
    lastAskedAt: timestamp("last_asked_at", { withTimezone: true, mode: "string" }).notNull(),
    question: text("question").notNull(),
    answered: boolean("answered").notNull(),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // By a hash of the wording, so a long question fits a key.
    uniqueIndex("unanswered_verdicts_key_idx").on(
      table.companyId,
      table.knowledgeChangedAt,
      table.lastAskedAt,
      sql`md5(${table.question})`,
    ),
  ],
);

/**
 * The knowledge state whose verdicts were last warmed, per company (decision 080): the verdict
 * watcher of every node compares it with the company's last knowledge change, so a restart does not
 * warm again what is already warm.
 */
export const unansweredVerdictWarmings = pgTable("unanswered_verdict_warmings", {
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  knowledgeChangedAt: timestamp("knowledge_changed_at", { withTimezone: true, mode: "string" }).notNull(),
  warmedAt: timestamp("warmed_at", { withTimezone: true }).notNull().defaultNow(),
});

import type { Reference } from "@harbor/contract/ai-agent";
import { sql } from "drizzle-orm";
import { bigserial, boolean, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
    ticketId: text("ticket_id"),
    status: text("status").notNull().default("open"),
    resolved: boolean("resolved").notNull().default(false),
    isFlagged: boolean("is_flagged").notNull().default(false),
    chatRead: boolean("chat_read").notNull().default(false),
    language: text("language"),
    customer: jsonb("customer").$type<Record<string, unknown>>().notNull().default({}),
    summary: text("summary").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("chats_company_recent_idx").on(table.companyId, table.lastMessageAt)],
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("chat_messages_chat_idx").on(table.chatId, table.createdAt)],
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
  (table) => [index("chat_analyses_chat_idx").on(table.chatId, table.createdAt)],
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
  (table) => [index("token_usage_company_day_idx").on(table.companyId, table.day)],
);

import type { PreChatField, Workflows } from "@harbor/contract/ai-agent";
import type { CustomReplyNode } from "@harbor/contract/automation";
import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies";

/** The AI agent of a company: persona and workflows (spec part 1 §3). One row per company, made on first save. */
export const aiAgents = pgTable("ai_agents", {
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  persona: jsonb("persona")
    .$type<{
      name: string;
      designation: string;
      characteristics: string;
      responseTone: string;
      responseLength: string;
    }>()
    .notNull(),
  workflows: jsonb("workflows").$type<Workflows>().notNull(),
  thumbnailFileId: uuid("thumbnail_file_id"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const answerRules = pgTable(
  "answer_rules",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("answer_rules_company_idx").on(table.companyId, table.createdAt)],
);

/** Data models feed the pre-chat form; every company starts with "Customer" (name, e-mail). */
export const dataModels = pgTable(
  "data_models",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    fields: jsonb("fields").$type<Pick<PreChatField, "key" | "title">[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("data_models_company_name_idx").on(table.companyId, table.name)],
);

/** Custom replies (workflow graphs): nodes of ordered actions, as the contract's customReplyNodeSchema. */
export const customReplies = pgTable(
  "custom_replies",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    nodes: jsonb("nodes").$type<CustomReplyNode[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("custom_replies_company_idx").on(table.companyId)],
);

export type IntentRecord = { _id: string; title: string; customReplyID: string | null; isActive: boolean };

/** Question categories with their intents; the classifier reads them, the automation module edits them. */
export const questionCategories = pgTable(
  "question_categories",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    customReplyId: uuid("custom_reply_id"),
    isActive: boolean("is_active").notNull().default(true),
    intents: jsonb("intents").$type<IntentRecord[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("question_categories_company_idx").on(table.companyId)],
);

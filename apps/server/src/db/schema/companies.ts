import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

export const companies = pgTable("companies", {
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  name: text("name").notNull(),
  /** What the AI agent says about the company (AI agent area, Persona page). */
  description: text("description").notNull().default(""),
  industry: text("industry").notNull().default(""),
  logoUrl: text("logo_url"),
  websiteUrl: text("website_url"),
  currency: text("currency"),
  subscriptionStatus: text("subscription_status").notNull().default("active"),
  isDemoContentReady: boolean("is_demo_content_ready").notNull().default(false),
  /** Crawl options from the platform admin's add-company page; the knowledge ingestion reads them. */
  setupOptions: jsonb("setup_options").$type<Record<string, unknown>>(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A user's membership in a company, with the role they hold there. */
export const memberships = pgTable(
  "memberships",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.userId] }), index("memberships_user_idx").on(table.userId)],
);

import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
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

/**
 * A user's membership in a company, with the role they hold there and the name the company knows
 * them by. The user's own name (users.name) is theirs alone: no company can change it.
 */
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
    /** Set by the company's admins (on invitation, or later); null shows the user's own name. */
    displayName: text("display_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.userId] }), index("memberships_user_idx").on(table.userId)],
);

/**
 * An invitation to join a company, waiting for the invitee. It names an e-mail address, not a
 * user: whoever signs in with that address (proving it is theirs) may accept or decline it, and
 * only accepting makes a membership. Whether the address has an account is never looked up for
 * the inviting admin.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Lower-cased, as users.email. */
    email: text("email").notNull(),
    /** The name the company will know the member by (memberships.display_name once accepted). */
    displayName: text("display_name").notNull(),
    role: text("role").notNull(),
    invitedByUserId: uuid("invited_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("invitations_company_email_idx").on(table.companyId, table.email),
    index("invitations_email_idx").on(table.email),
  ],
);

import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { chats } from "./chats";
import { companies } from "./companies";

/**
 * What a visitor asked a shop to do with an order (a cancellation request), recorded for staff:
 * who (visitor, chat), how they proved the order theirs, what, when, and the shop's answer. The
 * client's key makes a retried request find its first record instead of acting twice.
 */
export const orderActions = pgTable(
  "order_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    chatId: uuid("chat_id").references(() => chats.id, { onDelete: "set null" }),
    visitorId: text("visitor_id").notNull(),
    clientKey: text("client_key").notNull(),
    /** `cancellation_request` */
    action: text("action").notNull(),
    app: text("app").notNull(),
    /** `#1003`, and the shop's own id for it. */
    orderName: text("order_name").notNull(),
    vendorOrderId: text("vendor_order_id").notNull(),
    /** `email` or `phone`: what matched the order. */
    verifiedBy: text("verified_by").notNull(),
    /** What the visitor sent with it (the reason, their own words for "other"). */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    /** `pending` (being sent), `recorded` (the shop took it) or `vendor_failed` (staff must record it by hand). */
    status: text("status").notNull(),
    vendorAnswer: jsonb("vendor_answer").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("order_actions_client_key_idx").on(table.companyId, table.clientKey),
    index("order_actions_order_idx").on(table.companyId, table.orderName),
  ],
);

/**
 * A one-time code mailed to prove an order the visitor's (the portal's e-mail OTP method,
 * decision 040): one per visitor and order, kept as a keyed hash, with its expiry and the wrong
 * tries spent on it.
 */
export const orderCodes = pgTable(
  "order_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    visitorId: text("visitor_id").notNull(),
    orderName: text("order_name").notNull(),
    codeHash: text("code_hash").notNull(),
    wrongTries: integer("wrong_tries").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("order_codes_visitor_order_idx").on(table.companyId, table.visitorId, table.orderName)],
);

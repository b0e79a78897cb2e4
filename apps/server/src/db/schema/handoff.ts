import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { chats } from "./chats";
import { companies } from "./companies";

/**
 * A chat's ticket in a help desk (Zendesk, Gorgias) when it is handed off (decision 041). The
 * unique (chat, app) row is the claim: however often a handoff is asked for (a retried request,
 * two nodes, the visitor asking twice), one ticket is made per chat in each help desk.
 */
export const handoffTickets = pgTable(
  "handoff_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    chatId: uuid("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    /** `zendesk` or `gorgias`. */
    app: text("app").notNull(),
    /** What handed the chat off: `ticket` (the ticket form) or `agent` (asking for a person). */
    trigger: text("trigger").notNull(),
    /** The status the ticket is made with (the handoff settings' chat-history ticket status), if any. */
    ticketStatus: text("ticket_status"),
    /** `pending` (queued or being sent), `created`, `failed` or `skipped`. */
    status: text("status").notNull(),
    vendorTicketId: text("vendor_ticket_id"),
    url: text("url"),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("handoff_tickets_chat_app_idx").on(table.chatId, table.app)],
);

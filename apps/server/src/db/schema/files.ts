import { sql } from "drizzle-orm";
import { customType, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { chats } from "./chats";
import { companies } from "./companies";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded files: profile pictures, launcher icons, visitors' attachments. Only the facts live
 * here; the bytes live in the file store (`platform/files`, decision 027) under the row's id.
 * Ids are random, so links are unguessable; every node serves them from the shared store.
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    /** Only files saved before the file store (decision 027); they are served from here as they are. */
    bytes: bytea("bytes"),
    /** A visitor's attachment: the chat its message is in. Deleting the chat deletes the row, so the link stops at once. */
    chatId: uuid("chat_id").references(() => chats.id, { onDelete: "cascade" }),
    /** Who sent a visitor's attachment, and from where: what the upload quotas count. */
    visitorId: text("visitor_id"),
    uploaderIp: text("uploader_ip"),
    /**
     * When the file became part of something (a message, a persona, a widget). Adding the column
     * filled it for every earlier row, and pictures take the default, so only a visitor's upload
     * starts without one, and one still without one after the grace period is swept away.
     */
    attachedAt: timestamp("attached_at", { withTimezone: true }).defaultNow(),
    /**
     * What the file was uploaded for, when a sweep must know it: `custom_reply` for a file a
     * custom reply sends (swept once no reply or reply message of the company names it, decision
     * 049). Null for every other file, and for reply files uploaded before the column.
     */
    purpose: text("purpose"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("stored_files_company_idx").on(table.companyId),
    index("stored_files_chat_idx").on(table.chatId),
    index("stored_files_unattached_idx").on(table.createdAt).where(sql`attached_at is null`),
    index("stored_files_visitor_idx").on(table.companyId, table.visitorId, table.createdAt),
    index("stored_files_uploader_ip_idx").on(table.uploaderIp, table.createdAt),
    index("stored_files_purpose_idx").on(table.purpose, table.createdAt).where(sql`purpose is not null`),
  ],
);

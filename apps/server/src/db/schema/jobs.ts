import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies";

/**
 * Durable background work (ingestion syncs, scheduled resyncs). Claimed with
 * SELECT … FOR UPDATE SKIP LOCKED so any number of nodes run each job once; a claim is a lease
 * that a crashed node's restart (or another node) takes over when it lapses.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    /** queued | running | done | failed */
    status: text("status").notNull().default("queued"),
    /** At most one queued or running job per key (e.g. one sync per source). */
    singletonKey: text("singleton_key"),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(3),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    index("jobs_claim_idx").on(table.status, table.runAfter),
    uniqueIndex("jobs_singleton_idx").on(table.singletonKey).where(sql`${table.status} in ('queued', 'running')`),
  ],
);

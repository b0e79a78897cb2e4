DROP INDEX "chat_messages_chat_idx";--> statement-breakpoint
DROP INDEX "chats_company_recent_idx";--> statement-breakpoint
-- Backfill: each company's existing chats, numbered oldest first, get a 6-character code in the
-- ticket alphabet. Multiplying by a number coprime to 30^6 makes the codes unique and spread out.
UPDATE "chats" SET "ticket_id" = "numbered"."code"
FROM (
  SELECT "id", (
    SELECT string_agg(substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', (("n" / power(30, "k")::bigint) % 30)::int + 1, 1), '' ORDER BY "k" DESC)
    FROM generate_series(0, 5) AS "k"
  ) AS "code"
  FROM (
    SELECT "id", (row_number() OVER (PARTITION BY "company_id" ORDER BY "created_at", "id") * 104729) % 729000000 AS "n"
    FROM "chats" WHERE "ticket_id" IS NULL
  ) AS "ranked"
) AS "numbered"
WHERE "chats"."id" = "numbered"."id";--> statement-breakpoint
ALTER TABLE "chats" ALTER COLUMN "ticket_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_analyses_category_idx" ON "chat_analyses" USING btree ("company_id","question_category","chat_id");--> statement-breakpoint
CREATE INDEX "chat_messages_chat_order_idx" ON "chat_messages" USING btree ("chat_id","created_at","id");--> statement-breakpoint
CREATE INDEX "chat_messages_custom_reply_idx" ON "chat_messages" USING btree ("company_id",("message_data"->>'customReplyID'),"chat_id") WHERE ("chat_messages"."message_data"->>'customReplyID') is not null;--> statement-breakpoint
CREATE INDEX "chats_inbox_idx" ON "chats" USING btree ("company_id","last_message_at","id");--> statement-breakpoint
CREATE INDEX "chats_inbox_unread_idx" ON "chats" USING btree ("company_id","last_message_at","id") WHERE "chats"."chat_read" = false;--> statement-breakpoint
CREATE INDEX "chats_inbox_open_idx" ON "chats" USING btree ("company_id","last_message_at","id") WHERE "chats"."resolved" = false;--> statement-breakpoint
CREATE INDEX "chats_inbox_resolved_idx" ON "chats" USING btree ("company_id","last_message_at","id") WHERE "chats"."resolved" = true;--> statement-breakpoint
CREATE INDEX "chats_inbox_flagged_idx" ON "chats" USING btree ("company_id","last_message_at","id") WHERE "chats"."is_flagged" = true;--> statement-breakpoint
CREATE INDEX "chats_inbox_handoff_idx" ON "chats" USING btree ("company_id","last_message_at","id") WHERE "chats"."status" in ('human', 'ticket');--> statement-breakpoint
CREATE UNIQUE INDEX "chats_company_ticket_idx" ON "chats" USING btree ("company_id","ticket_id");
-- A visitor's chat remembers the client id of the question that opened it, unique per visitor:
-- the same first question reaching two nodes at once opens one chat, not two (decision 073).
ALTER TABLE "chats" ADD COLUMN "opening_client_message_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "chats_visitor_opening_idx" ON "chats" USING btree ("company_id","visitor_id","opening_client_message_id") WHERE "chats"."opening_client_message_id" is not null;
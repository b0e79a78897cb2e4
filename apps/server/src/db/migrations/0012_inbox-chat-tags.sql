CREATE TABLE "chat_tags" (
	"company_id" uuid NOT NULL,
	"chat_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_tags_chat_id_kind_value_pk" PRIMARY KEY("chat_id","kind","value")
);
--> statement-breakpoint
ALTER TABLE "chat_tags" ADD CONSTRAINT "chat_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_tags" ADD CONSTRAINT "chat_tags_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_tags_inbox_idx" ON "chat_tags" USING btree ("company_id","kind","value","last_message_at","chat_id");--> statement-breakpoint
INSERT INTO "chat_tags" ("company_id", "chat_id", "kind", "value", "last_message_at")
  SELECT DISTINCT a."company_id", a."chat_id", 'category', a."question_category", c."last_message_at"
  FROM "chat_analyses" a JOIN "chats" c ON c."id" = a."chat_id"
  WHERE a."question_category" IS NOT NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "chat_tags" ("company_id", "chat_id", "kind", "value", "last_message_at")
  SELECT DISTINCT m."company_id", m."chat_id", 'custom-reply', m."message_data"->>'customReplyID', c."last_message_at"
  FROM "chat_messages" m JOIN "chats" c ON c."id" = m."chat_id"
  WHERE m."message_data"->>'customReplyID' IS NOT NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- An analysis entry in a category tags its chat with it, once.
CREATE FUNCTION "chat_tags_from_analyses"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "chat_tags" ("company_id", "chat_id", "kind", "value", "last_message_at")
    SELECT DISTINCT n."company_id", n."chat_id", 'category', n."question_category", c."last_message_at"
    FROM new_rows n JOIN "chats" c ON c."id" = n."chat_id"
    WHERE n."question_category" IS NOT NULL
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A message sent by a custom reply tags its chat with the reply's id, once.
CREATE FUNCTION "chat_tags_from_messages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "chat_tags" ("company_id", "chat_id", "kind", "value", "last_message_at")
    SELECT DISTINCT n."company_id", n."chat_id", 'custom-reply', n."message_data"->>'customReplyID', c."last_message_at"
    FROM new_rows n JOIN "chats" c ON c."id" = n."chat_id"
    WHERE n."message_data"->>'customReplyID' IS NOT NULL
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Tags keep their chat's place in the inbox order.
CREATE FUNCTION "chat_tags_follow_chats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "chat_tags" t SET "last_message_at" = n."last_message_at"
    FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE t."chat_id" = n."id" AND n."last_message_at" IS DISTINCT FROM o."last_message_at";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chat_tags_from_analyses_trigger" AFTER INSERT ON "chat_analyses"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_tags_from_analyses"();--> statement-breakpoint
CREATE TRIGGER "chat_tags_from_messages_trigger" AFTER INSERT ON "chat_messages"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_tags_from_messages"();--> statement-breakpoint
CREATE TRIGGER "chat_tags_follow_chats_trigger" AFTER UPDATE ON "chats"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_tags_follow_chats"();

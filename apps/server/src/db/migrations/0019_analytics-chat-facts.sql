CREATE TABLE "chat_facts" (
	"chat_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"rating" integer,
	"language" text,
	"last_ai_at" timestamp with time zone,
	"last_customer_at" timestamp with time zone,
	"messages" integer DEFAULT 0 NOT NULL,
	"said_resolved" boolean DEFAULT false NOT NULL,
	"returned_in_chat" boolean DEFAULT false NOT NULL,
	"returned_in_new_chat" boolean DEFAULT false NOT NULL,
	"failed_answers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_facts" ADD CONSTRAINT "chat_facts_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_facts" ADD CONSTRAINT "chat_facts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_facts_range_idx" ON "chat_facts" USING btree ("company_id","created_at") WHERE "chat_facts"."last_ai_at" is not null;--> statement-breakpoint
CREATE INDEX "chat_facts_unanswered_idx" ON "chat_facts" USING btree ("company_id","created_at") WHERE "chat_facts"."last_ai_at" is not null and ("chat_facts"."failed_answers" > 0 or "chat_facts"."rating" < 3 or "chat_facts"."status" in ('human', 'ticket'));--> statement-breakpoint
CREATE INDEX "chat_messages_visitor_text_idx" ON "chat_messages" USING btree ("company_id",md5(lower(btrim("message"))),"created_at") WHERE "chat_messages"."sender_role" = 'customer' and "chat_messages"."event_type" is null;--> statement-breakpoint
-- A chat's facts read from its messages (decision 039's definitions, decision 042): the one place
-- they are computed; every trigger below calls it for the chats a statement touched.
CREATE FUNCTION "chat_facts_refresh"(chat_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "chat_facts" ("chat_id", "company_id", "created_at", "status", "rating", "language", "last_ai_at",
    "last_customer_at", "messages", "said_resolved", "returned_in_chat", "returned_in_new_chat", "failed_answers")
  SELECT c."id", c."company_id", c."created_at", c."status", c."rating", c."language", f.last_ai_at,
    f.last_customer_at, f.messages, f.said_resolved, f.returned_in_chat,
    -- Another chat of the same visitor began within 7 days after this chat's last AI answer.
    f.last_ai_at IS NOT NULL AND c."visitor_id" IS NOT NULL AND EXISTS (
      SELECT 1 FROM "chats" o
      WHERE o."company_id" = c."company_id" AND o."visitor_id" = c."visitor_id" AND o."id" <> c."id"
        AND o."created_at" > f.last_ai_at AND o."created_at" <= f.last_ai_at + interval '7 days'),
    f.failed_answers
  FROM "chats" c
  CROSS JOIN LATERAL (
    SELECT
      max(t."created_at") FILTER (WHERE t."sender_role" = 'ai') AS last_ai_at,
      max(t."created_at") FILTER (WHERE t."sender_role" = 'customer') AS last_customer_at,
      count(*) FILTER (WHERE t."event_type" IS NULL AND t."sender_role" IN ('customer', 'ai', 'agent'))::int AS messages,
      coalesce(bool_or(t."event_type" = 'IS_RESOLVED'), false) AS said_resolved,
      -- The visitor wrote again in this chat 24 hours to 7 days after an AI answer they had left
      -- unanswered (the AI's answer came after their previous message).
      coalesce(bool_or(t."sender_role" = 'customer' AND t."event_type" IS NULL
        AND t.previous_ai_at > coalesce(t.previous_visitor_at, '-infinity')
        AND t."created_at" - t.previous_ai_at >= interval '24 hours'
        AND t."created_at" - t.previous_ai_at <= interval '7 days'), false) AS returned_in_chat,
      count(*) FILTER (WHERE t."sender_role" = 'ai' AND t.outcome IN ('no-match', 'handoff'))::int AS failed_answers
    FROM (
      SELECT m."sender_role", m."event_type", m."created_at", m."message_data"->>'outcome' AS outcome,
        max(m."created_at") FILTER (WHERE m."sender_role" = 'ai') OVER earlier AS previous_ai_at,
        max(m."created_at") FILTER (WHERE m."sender_role" = 'customer' AND m."event_type" IS NULL)
          OVER earlier AS previous_visitor_at
      FROM "chat_messages" m
      WHERE m."chat_id" = c."id"
      WINDOW earlier AS (ORDER BY m."created_at", m."id" ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
    ) t
  ) f
  WHERE c."id" = ANY(chat_ids)
  ON CONFLICT ("chat_id") DO UPDATE SET
    "company_id" = excluded."company_id", "created_at" = excluded."created_at", "status" = excluded."status",
    "rating" = excluded."rating", "language" = excluded."language", "last_ai_at" = excluded."last_ai_at",
    "last_customer_at" = excluded."last_customer_at", "messages" = excluded."messages",
    "said_resolved" = excluded."said_resolved", "returned_in_chat" = excluded."returned_in_chat",
    "returned_in_new_chat" = excluded."returned_in_new_chat", "failed_answers" = excluded."failed_answers";
$$;--> statement-breakpoint
-- Transition tables are visible only to the trigger's own function, hence one body per event.
CREATE FUNCTION "chat_facts_from_new_messages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_facts_refresh"(array(SELECT DISTINCT "chat_id" FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "chat_facts_from_removed_messages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_facts_refresh"(array(SELECT DISTINCT "chat_id" FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
-- A new chat has facts of its own, and is the return of its visitor's chats whose last AI answer
-- was less than 7 days before it.
CREATE FUNCTION "chat_facts_from_new_chats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_facts_refresh"(array(
    SELECT n."id" FROM new_rows n
    UNION
    SELECT o."id" FROM new_rows n
      JOIN "chats" o ON o."company_id" = n."company_id" AND o."visitor_id" = n."visitor_id" AND o."id" <> n."id"
      JOIN "chat_facts" f ON f."chat_id" = o."id"
      WHERE f."last_ai_at" >= n."created_at" - interval '7 days' AND f."last_ai_at" < n."created_at"));
  RETURN NULL;
END $$;--> statement-breakpoint
-- Every message moves last_message_at; only a change the facts carry refreshes them.
CREATE FUNCTION "chat_facts_from_changed_chats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_facts_refresh"(array(
    SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE (n."status", n."rating", n."language", n."visitor_id", n."created_at", n."company_id")
      IS DISTINCT FROM (o."status", o."rating", o."language", o."visitor_id", o."created_at", o."company_id")
    UNION
    SELECT s."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
      JOIN "chats" s ON s."company_id" = o."company_id" AND s."visitor_id" = o."visitor_id" AND s."id" <> o."id"
      WHERE (n."visitor_id", n."created_at") IS DISTINCT FROM (o."visitor_id", o."created_at")));
  RETURN NULL;
END $$;--> statement-breakpoint
-- A removed chat no longer reopens its visitor's other chats.
CREATE FUNCTION "chat_facts_from_removed_chats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_facts_refresh"(array(
    SELECT s."id" FROM old_rows o
      JOIN "chats" s ON s."company_id" = o."company_id" AND s."visitor_id" = o."visitor_id"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chat_facts_from_new_messages_trigger" AFTER INSERT ON "chat_messages"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_facts_from_new_messages"();--> statement-breakpoint
CREATE TRIGGER "chat_facts_from_removed_messages_trigger" AFTER DELETE ON "chat_messages"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_facts_from_removed_messages"();--> statement-breakpoint
CREATE TRIGGER "chat_facts_from_new_chats_trigger" AFTER INSERT ON "chats"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_facts_from_new_chats"();--> statement-breakpoint
CREATE TRIGGER "chat_facts_from_changed_chats_trigger" AFTER UPDATE ON "chats"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_facts_from_changed_chats"();--> statement-breakpoint
CREATE TRIGGER "chat_facts_from_removed_chats_trigger" AFTER DELETE ON "chats"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_facts_from_removed_chats"();--> statement-breakpoint
SELECT "chat_facts_refresh"(array(SELECT "id" FROM "chats"));

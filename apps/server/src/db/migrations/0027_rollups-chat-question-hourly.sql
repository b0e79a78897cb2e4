CREATE TABLE "chat_question_hourly" (
	"company_id" uuid NOT NULL,
	"text_hash" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"chats" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_question_hourly_company_id_text_hash_hour_pk" PRIMARY KEY("company_id","text_hash","hour")
);
--> statement-breakpoint
CREATE TABLE "chat_question_texts" (
	"chat_id" uuid NOT NULL,
	"text_hash" uuid NOT NULL,
	"occurrences" integer NOT NULL,
	CONSTRAINT "chat_question_texts_chat_id_text_hash_pk" PRIMARY KEY("chat_id","text_hash")
);
--> statement-breakpoint
ALTER TABLE "chat_question_hourly" ADD CONSTRAINT "chat_question_hourly_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_question_texts" ADD CONSTRAINT "chat_question_texts_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Adds the deltas (rows whose `chats` is +1 or -1) in their rows: summed per row first (one
-- statement may upsert a row only once), rows left at zero deleted; a company being deleted is left
-- alone (its rows go by the cascade, and an insert would break the foreign key), as in 0025/0026.
CREATE FUNCTION "chat_question_hourly_apply"(deltas "chat_question_hourly"[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "chat_question_hourly" AS h ("company_id", "text_hash", "hour", "chats")
  SELECT d."company_id", d."text_hash", d."hour", sum(d."chats")
  FROM unnest(deltas) d
  WHERE EXISTS (SELECT 1 FROM "companies" c WHERE c."id" = d."company_id")
  GROUP BY d."company_id", d."text_hash", d."hour"
  HAVING sum(d."chats") <> 0
  -- In key order, so two statements upserting the same rows lock them in the same order.
  ORDER BY d."company_id", d."text_hash", d."hour"
  ON CONFLICT ("company_id", "text_hash", "hour") DO UPDATE SET "chats" = h."chats" + excluded."chats";
  DELETE FROM "chat_question_hourly" h
  USING (SELECT DISTINCT d."company_id", d."text_hash", d."hour" FROM unnest(deltas) d) k
  WHERE h."company_id" = k."company_id" AND h."text_hash" = k."text_hash" AND h."hour" = k."hour" AND h."chats" = 0;
$$;--> statement-breakpoint
-- Visitor messages that came or went, as (chat, text hash, +1 or -1) rows: their chat's count of the
-- text moves, and a text the chat gained (from no message to some) or lost (from some to none) moves
-- chat_question_hourly by one in the chat's creation hour when the chat is a conversation. The
-- rollup counts pairs of a conversation's facts row and a text row that both exist; a chat being
-- deleted is left out, since chat_question_hourly_forget_chat took it away while both still existed
-- (the cascaded deletes fire their statement triggers after the chat's whole delete; decision 059).
CREATE FUNCTION "chat_question_texts_apply"(deltas "chat_question_texts"[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  moved "chat_question_texts"[];
BEGIN
  WITH d AS (
    SELECT d."chat_id", d."text_hash", sum(d."occurrences")::int AS n
    FROM unnest(deltas) d
    WHERE EXISTS (SELECT 1 FROM "chats" c WHERE c."id" = d."chat_id")
    GROUP BY d."chat_id", d."text_hash"
    HAVING sum(d."occurrences") <> 0
  ), kept AS (
    INSERT INTO "chat_question_texts" AS t ("chat_id", "text_hash", "occurrences")
    SELECT d."chat_id", d."text_hash", d.n FROM d ORDER BY d."chat_id", d."text_hash"
    ON CONFLICT ("chat_id", "text_hash") DO UPDATE SET "occurrences" = t."occurrences" + excluded."occurrences"
    RETURNING t."chat_id", t."text_hash", t."occurrences"
  )
  SELECT array_agg(ROW(k."chat_id", k."text_hash", CASE WHEN k."occurrences" > 0 THEN 1 ELSE -1 END)::"chat_question_texts")
  INTO moved
  FROM kept k JOIN d ON d."chat_id" = k."chat_id" AND d."text_hash" = k."text_hash"
  WHERE (k."occurrences" > 0) <> (k."occurrences" - d.n > 0);
  IF moved IS NULL THEN
    RETURN;
  END IF;
  DELETE FROM "chat_question_texts" t USING unnest(moved) m
  WHERE t."chat_id" = m."chat_id" AND t."text_hash" = m."text_hash" AND t."occurrences" <= 0;
  PERFORM "chat_question_hourly_apply"(array(
    SELECT ROW(f."company_id", m."text_hash", date_trunc('hour', f."created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
      m."occurrences")::"chat_question_hourly"
    FROM unnest(moved) m JOIN "chat_facts" f ON f."chat_id" = m."chat_id"
    WHERE f."last_ai_at" IS NOT NULL));
END $$;--> statement-breakpoint
-- Facts that changed move every text their chat has now: only a chat that became or stopped being a
-- conversation (or changed its creation hour) is looked up, so a new message seldom costs a lookup.
CREATE FUNCTION "chat_question_hourly_from_facts"(added "chat_facts"[], removed "chat_facts"[]) RETURNS void LANGUAGE sql AS $$
  SELECT "chat_question_hourly_apply"(array(
    SELECT ROW(k."company_id", t."text_hash", k."hour", k."chats")::"chat_question_hourly"
    FROM (
      SELECT s."chat_id", s."company_id", date_trunc('hour', s."created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS "hour",
        sum(s.sign)::int AS "chats"
      FROM (SELECT 1 AS sign, a.* FROM unnest(added) a UNION ALL SELECT -1, o.* FROM unnest(removed) o) s
      WHERE s."last_ai_at" IS NOT NULL
      GROUP BY 1, 2, 3
      HAVING sum(s.sign) <> 0
    ) k
    JOIN "chat_question_texts" t ON t."chat_id" = k."chat_id"
    WHERE EXISTS (SELECT 1 FROM "chats" c WHERE c."id" = k."chat_id")
  ));
$$;--> statement-breakpoint
-- Transition tables are visible only to the trigger's own function, hence one body per event.
CREATE FUNCTION "chat_question_texts_from_new_messages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_question_texts_apply"(array(
    SELECT ROW(n."chat_id", md5(lower(btrim(n."message")))::uuid, 1)::"chat_question_texts"
    FROM new_rows n WHERE n."sender_role" = 'customer' AND n."event_type" IS NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
-- Old and new rows go in whole: chat_question_texts_apply sums them per chat and text first, so an
-- update that changed no visitor text (the server updates message_data only) nets to nothing.
CREATE FUNCTION "chat_question_texts_from_changed_messages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_question_texts_apply"(array(
    SELECT ROW(n."chat_id", md5(lower(btrim(n."message")))::uuid, 1)::"chat_question_texts"
    FROM new_rows n WHERE n."sender_role" = 'customer' AND n."event_type" IS NULL
    UNION ALL
    SELECT ROW(o."chat_id", md5(lower(btrim(o."message")))::uuid, -1)::"chat_question_texts"
    FROM old_rows o WHERE o."sender_role" = 'customer' AND o."event_type" IS NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "chat_question_texts_from_removed_messages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_question_texts_apply"(array(
    SELECT ROW(o."chat_id", md5(lower(btrim(o."message")))::uuid, -1)::"chat_question_texts"
    FROM old_rows o WHERE o."sender_role" = 'customer' AND o."event_type" IS NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "chat_question_hourly_from_new_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_question_hourly_from_facts"(array(SELECT ROW(n.*)::"chat_facts" FROM new_rows n WHERE n."last_ai_at" IS NOT NULL), '{}');
  RETURN NULL;
END $$;--> statement-breakpoint
-- Every message updates its chat's facts. Old and new rows go in whole: chat_question_hourly_from_facts
-- sums them per chat and hour first, so a chat whose hour and conversation did not change nets to
-- nothing and is not looked up. (Filtering here by joining old to new rows was planned as a nested
-- loop over the transition tables, estimated at one row each, and took seconds for a statement of
-- a few thousand chats.)
CREATE FUNCTION "chat_question_hourly_from_changed_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_question_hourly_from_facts"(array(SELECT ROW(n.*)::"chat_facts" FROM new_rows n WHERE n."last_ai_at" IS NOT NULL),
    array(SELECT ROW(o.*)::"chat_facts" FROM old_rows o WHERE o."last_ai_at" IS NOT NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "chat_question_hourly_from_removed_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_question_hourly_from_facts"('{}', array(SELECT ROW(o.*)::"chat_facts" FROM old_rows o WHERE o."last_ai_at" IS NOT NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
-- A deleted chat's texts are taken away before its row goes, while its facts and texts both still
-- exist (as chat_tag_hourly_forget_chat does for tags).
CREATE FUNCTION "chat_question_hourly_forget_chat"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone "chat_question_hourly"[] := array(
    SELECT ROW(f."company_id", t."text_hash", date_trunc('hour', f."created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', -1)::"chat_question_hourly"
    FROM "chat_facts" f JOIN "chat_question_texts" t ON t."chat_id" = f."chat_id"
    WHERE f."chat_id" = OLD."id" AND f."last_ai_at" IS NOT NULL);
BEGIN
  IF cardinality(gone) > 0 THEN
    PERFORM "chat_question_hourly_apply"(gone);
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "chat_question_texts_from_new_messages_trigger" AFTER INSERT ON "chat_messages"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_question_texts_from_new_messages"();--> statement-breakpoint
CREATE TRIGGER "chat_question_texts_from_changed_messages_trigger" AFTER UPDATE ON "chat_messages"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_question_texts_from_changed_messages"();--> statement-breakpoint
CREATE TRIGGER "chat_question_texts_from_removed_messages_trigger" AFTER DELETE ON "chat_messages"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_question_texts_from_removed_messages"();--> statement-breakpoint
CREATE TRIGGER "chat_question_hourly_from_new_facts_trigger" AFTER INSERT ON "chat_facts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_question_hourly_from_new_facts"();--> statement-breakpoint
CREATE TRIGGER "chat_question_hourly_from_changed_facts_trigger" AFTER UPDATE ON "chat_facts"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_question_hourly_from_changed_facts"();--> statement-breakpoint
CREATE TRIGGER "chat_question_hourly_from_removed_facts_trigger" AFTER DELETE ON "chat_facts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_question_hourly_from_removed_facts"();--> statement-breakpoint
CREATE TRIGGER "chat_question_hourly_forget_chat_trigger" BEFORE DELETE ON "chats"
  FOR EACH ROW EXECUTE FUNCTION "chat_question_hourly_forget_chat"();--> statement-breakpoint
-- Refills a company's texts from its visitor messages and its rows from chat_facts (the backfill
-- below; a repair if they drift).
CREATE FUNCTION "chat_question_hourly_rebuild"(company uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "chat_question_texts" t USING "chats" c WHERE c."id" = t."chat_id" AND c."company_id" = company;
  INSERT INTO "chat_question_texts" ("chat_id", "text_hash", "occurrences")
  SELECT m."chat_id", md5(lower(btrim(m."message")))::uuid, count(*)
  FROM "chats" c JOIN "chat_messages" m ON m."chat_id" = c."id"
  WHERE c."company_id" = company AND m."sender_role" = 'customer' AND m."event_type" IS NULL
  GROUP BY 1, 2;
  DELETE FROM "chat_question_hourly" WHERE "company_id" = company;
  INSERT INTO "chat_question_hourly" ("company_id", "text_hash", "hour", "chats")
  SELECT f."company_id", t."text_hash", date_trunc('hour', f."created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*)
  FROM "chat_facts" f JOIN "chat_question_texts" t ON t."chat_id" = f."chat_id"
  WHERE f."company_id" = company AND f."last_ai_at" IS NOT NULL
  GROUP BY 1, 2, 3;
$$;--> statement-breakpoint
SELECT "chat_question_hourly_rebuild"("id") FROM "companies";

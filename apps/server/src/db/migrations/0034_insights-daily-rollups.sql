CREATE TABLE "chat_daily" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"class" text NOT NULL,
	"chats" integer DEFAULT 0 NOT NULL,
	"messages" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_daily_company_id_day_class_pk" PRIMARY KEY("company_id","day","class")
);
--> statement-breakpoint
CREATE TABLE "chat_question_daily" (
	"company_id" uuid NOT NULL,
	"text_hash" uuid NOT NULL,
	"day" date NOT NULL,
	"chats" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_question_daily_company_id_text_hash_day_pk" PRIMARY KEY("company_id","text_hash","day")
);
--> statement-breakpoint
CREATE TABLE "chat_tag_daily" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"class" text NOT NULL,
	"chats" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_tag_daily_company_id_day_kind_value_class_pk" PRIMARY KEY("company_id","day","kind","value","class")
);
--> statement-breakpoint
ALTER TABLE "chat_daily" ADD CONSTRAINT "chat_daily_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_question_daily" ADD CONSTRAINT "chat_question_daily_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_tag_daily" ADD CONSTRAINT "chat_tag_daily_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Decision 076: Insights' daily layer. chat_daily, chat_tag_daily and chat_question_daily are
-- chat_hourly, chat_tag_hourly and chat_question_hourly summed per UTC day (silent rows without their
-- silent hour: the read takes the few silent chats whose 24 hours have not passed from
-- chat_facts_silent_idx, as decision 070 does). Every change of an hourly row goes through its apply
-- function, so each apply function hands the same deltas, summed per day, to the daily one: the two
-- layers cannot disagree, and no trigger is added.
--
-- The daily apply functions (decision 070's): nothing at all for an empty list (a change that moves a
-- chat within one day nets to nothing and never reaches them), rows upserted in key order (every
-- writer locks them in one order, decision 064), a delete only when the upsert left a row at zero
-- chats, a company being deleted left alone (its rows go by the cascade).
CREATE FUNCTION "chat_daily_apply"(deltas "chat_daily"[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  emptied integer;
BEGIN
  IF coalesce(cardinality(deltas), 0) = 0 THEN
    RETURN;
  END IF;
  WITH kept AS (
    INSERT INTO "chat_daily" AS h ("company_id", "day", "class", "chats", "messages")
    SELECT d."company_id", d."day", d."class", sum(d."chats"), sum(d."messages")
    FROM unnest(deltas) d
    WHERE EXISTS (SELECT 1 FROM "companies" c WHERE c."id" = d."company_id")
    GROUP BY d."company_id", d."day", d."class"
    HAVING sum(d."chats") <> 0 OR sum(d."messages") <> 0
    ORDER BY d."company_id", d."day", d."class"
    ON CONFLICT ("company_id", "day", "class") DO UPDATE SET
      "chats" = h."chats" + excluded."chats", "messages" = h."messages" + excluded."messages"
    RETURNING h."chats")
  SELECT count(*) INTO emptied FROM kept WHERE kept."chats" = 0;
  -- Only a row that a delta took down to nothing is deleted (a chat moving from one class to
  -- another seldom empties its day's row).
  IF emptied = 0 THEN
    RETURN;
  END IF;
  DELETE FROM "chat_daily" h
  USING (SELECT DISTINCT d."company_id", d."day", d."class" FROM unnest(deltas) d WHERE d."chats" < 0) k
  WHERE h."company_id" = k."company_id" AND h."day" = k."day" AND h."class" = k."class" AND h."chats" = 0;
END $$;--> statement-breakpoint
CREATE FUNCTION "chat_tag_daily_apply"(deltas "chat_tag_daily"[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  emptied integer;
BEGIN
  IF coalesce(cardinality(deltas), 0) = 0 THEN
    RETURN;
  END IF;
  WITH kept AS (
    INSERT INTO "chat_tag_daily" AS h ("company_id", "day", "kind", "value", "class", "chats")
    SELECT d."company_id", d."day", d."kind", d."value", d."class", sum(d."chats")
    FROM unnest(deltas) d
    WHERE EXISTS (SELECT 1 FROM "companies" c WHERE c."id" = d."company_id")
    GROUP BY d."company_id", d."day", d."kind", d."value", d."class"
    HAVING sum(d."chats") <> 0
    ORDER BY d."company_id", d."day", d."kind", d."value", d."class"
    ON CONFLICT ("company_id", "day", "kind", "value", "class") DO UPDATE SET "chats" = h."chats" + excluded."chats"
    RETURNING h."chats")
  SELECT count(*) INTO emptied FROM kept WHERE kept."chats" = 0;
  -- Only a row that a delta took down to nothing is deleted (a chat moving from one class to
  -- another seldom empties its day's row).
  IF emptied = 0 THEN
    RETURN;
  END IF;
  DELETE FROM "chat_tag_daily" h
  USING (SELECT DISTINCT d."company_id", d."day", d."kind", d."value", d."class" FROM unnest(deltas) d WHERE d."chats" < 0) k
  WHERE h."company_id" = k."company_id" AND h."day" = k."day" AND h."kind" = k."kind" AND h."value" = k."value"
    AND h."class" = k."class" AND h."chats" = 0;
END $$;--> statement-breakpoint
CREATE FUNCTION "chat_question_daily_apply"(deltas "chat_question_daily"[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  emptied integer;
BEGIN
  IF coalesce(cardinality(deltas), 0) = 0 THEN
    RETURN;
  END IF;
  WITH kept AS (
    INSERT INTO "chat_question_daily" AS h ("company_id", "text_hash", "day", "chats")
    SELECT d."company_id", d."text_hash", d."day", sum(d."chats")
    FROM unnest(deltas) d
    WHERE EXISTS (SELECT 1 FROM "companies" c WHERE c."id" = d."company_id")
    GROUP BY d."company_id", d."text_hash", d."day"
    HAVING sum(d."chats") <> 0
    ORDER BY d."company_id", d."text_hash", d."day"
    ON CONFLICT ("company_id", "text_hash", "day") DO UPDATE SET "chats" = h."chats" + excluded."chats"
    RETURNING h."chats")
  SELECT count(*) INTO emptied FROM kept WHERE kept."chats" = 0;
  -- Only a row that a delta took down to nothing is deleted (a chat moving from one class to
  -- another seldom empties its day's row).
  IF emptied = 0 THEN
    RETURN;
  END IF;
  DELETE FROM "chat_question_daily" h
  USING (SELECT DISTINCT d."company_id", d."text_hash", d."day" FROM unnest(deltas) d WHERE d."chats" < 0) k
  WHERE h."company_id" = k."company_id" AND h."text_hash" = k."text_hash" AND h."day" = k."day" AND h."chats" = 0;
END $$;--> statement-breakpoint
-- Migration 0029's chat_hourly_apply, which now also hands its deltas to chat_daily. Summed per day
-- before the call: a new message adds one to its day's messages; a chat moving from one class to
-- another within its day moves one chat between two rows; a silent chat answered again (a new silent
-- hour) nets to nothing and calls nothing.
CREATE OR REPLACE FUNCTION "chat_hourly_apply"(added "chat_facts"[], removed "chat_facts"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "chat_hourly" AS h ("company_id", "hour", "class", "silent_hour", "chats", "messages")
  SELECT d.company_id, d.hour, d.class, d.silent_hour, sum(d.chats), sum(d.messages)
  FROM (
    SELECT f."company_id", date_trunc('hour', f."created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour,
      "chat_hourly_class"(f) AS class,
      CASE WHEN "chat_hourly_class"(f) = 'silent'
        THEN date_trunc('hour', f."last_ai_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' END AS silent_hour,
      s.sign AS chats, s.sign * f."messages" AS messages
    FROM (SELECT 1 AS sign, a FROM unnest(added) a UNION ALL SELECT -1, r FROM unnest(removed) r) s,
      LATERAL (SELECT (s.a).*) f
    WHERE f."last_ai_at" IS NOT NULL
  ) d
  WHERE EXISTS (SELECT 1 FROM "companies" c WHERE c."id" = d.company_id)
  GROUP BY d.company_id, d.hour, d.class, d.silent_hour
  HAVING sum(d.chats) <> 0 OR sum(d.messages) <> 0
  -- Rows are locked in one order by every writer: a question moves its chat from one of an hour's
  -- rows to another and an answer back, and two chats of one hour locking them in opposite orders
  -- deadlocked under load on PostgreSQL (decision 064).
  ORDER BY d.company_id, d.hour, d.class, d.silent_hour
  ON CONFLICT ON CONSTRAINT "chat_hourly_key" DO UPDATE
    SET "chats" = h."chats" + excluded."chats", "messages" = h."messages" + excluded."messages";
  -- An hour's class left empty takes no room.
  DELETE FROM "chat_hourly" h
  USING (SELECT DISTINCT a."company_id", date_trunc('hour', a."created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour
         FROM unnest(added || removed) a) k
  WHERE h."company_id" = k.company_id AND h."hour" = k.hour AND h."chats" = 0;
  PERFORM "chat_daily_apply"(array(
    SELECT ROW(d.company_id, d.day, d.class, sum(d.chats)::int, sum(d.messages)::bigint)::"chat_daily"
    FROM (
      SELECT (s.a)."company_id" AS company_id, ((s.a)."created_at" AT TIME ZONE 'UTC')::date AS day,
        "chat_hourly_class"(s.a) AS class, s.sign AS chats, s.sign * (s.a)."messages" AS messages
      FROM (SELECT 1 AS sign, a FROM unnest(added) a UNION ALL SELECT -1, r FROM unnest(removed) r) s
      WHERE (s.a)."last_ai_at" IS NOT NULL
    ) d
    GROUP BY d.company_id, d.day, d.class
    HAVING sum(d.chats) <> 0 OR sum(d.messages) <> 0));
END $$;--> statement-breakpoint
-- Migration 0029's chat_tag_hourly_apply, which now also hands its deltas to chat_tag_daily.
CREATE OR REPLACE FUNCTION "chat_tag_hourly_apply"(deltas "chat_tag_hourly"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(deltas), 0) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO "chat_tag_hourly" AS h ("company_id", "hour", "kind", "value", "class", "silent_hour", "chats")
  SELECT d."company_id", d."hour", d."kind", d."value", d."class", d."silent_hour", sum(d."chats")
  FROM unnest(deltas) d
  WHERE EXISTS (SELECT 1 FROM "companies" c WHERE c."id" = d."company_id")
  GROUP BY d."company_id", d."hour", d."kind", d."value", d."class", d."silent_hour"
  HAVING sum(d."chats") <> 0
  -- Rows are locked in one order by every writer, so two chats of one hour never deadlock.
  ORDER BY d."company_id", d."hour", d."kind", d."value", d."class", d."silent_hour"
  ON CONFLICT ON CONSTRAINT "chat_tag_hourly_key" DO UPDATE SET "chats" = h."chats" + excluded."chats";
  DELETE FROM "chat_tag_hourly" h
  USING (SELECT DISTINCT d."company_id", d."hour" FROM unnest(deltas) d) k
  WHERE h."company_id" = k."company_id" AND h."hour" = k."hour" AND h."chats" = 0;
  PERFORM "chat_tag_daily_apply"(array(
    SELECT ROW(d."company_id", (d."hour" AT TIME ZONE 'UTC')::date, d."kind", d."value", d."class", sum(d."chats")::int)::"chat_tag_daily"
    FROM unnest(deltas) d
    GROUP BY d."company_id", (d."hour" AT TIME ZONE 'UTC')::date, d."kind", d."value", d."class"
    HAVING sum(d."chats") <> 0));
END $$;--> statement-breakpoint
-- Migration 0030's chat_question_hourly_apply, which now also hands its deltas to chat_question_daily.
CREATE OR REPLACE FUNCTION "chat_question_hourly_apply"(deltas "chat_question_hourly"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(deltas), 0) = 0 THEN
    RETURN;
  END IF;
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
  PERFORM "chat_question_daily_apply"(array(
    SELECT ROW(d."company_id", d."text_hash", (d."hour" AT TIME ZONE 'UTC')::date, sum(d."chats")::int)::"chat_question_daily"
    FROM unnest(deltas) d
    GROUP BY d."company_id", d."text_hash", (d."hour" AT TIME ZONE 'UTC')::date
    HAVING sum(d."chats") <> 0));
END $$;--> statement-breakpoint
-- The rebuilds refill the daily rows with the hourly ones (rollups_rebuild calls all three).
CREATE OR REPLACE FUNCTION "chat_hourly_rebuild"(company uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "chat_hourly" WHERE "company_id" = company;
  DELETE FROM "chat_daily" WHERE "company_id" = company;
  SELECT "chat_hourly_apply"(array(SELECT f FROM "chat_facts" f WHERE f."company_id" = company), '{}');
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "chat_tag_hourly_rebuild"(company uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "chat_tag_hourly" WHERE "company_id" = company;
  DELETE FROM "chat_tag_daily" WHERE "company_id" = company;
  SELECT "chat_tag_hourly_apply"(array(
    SELECT "chat_tag_hourly_row"(f, t."kind", t."value", 1)
    FROM "chat_facts" f JOIN "chat_tags" t ON t."chat_id" = f."chat_id"
    WHERE f."company_id" = company AND f."last_ai_at" IS NOT NULL));
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "chat_question_hourly_rebuild"(company uuid) RETURNS void LANGUAGE sql AS $$
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
  DELETE FROM "chat_question_daily" WHERE "company_id" = company;
  INSERT INTO "chat_question_daily" ("company_id", "text_hash", "day", "chats")
  SELECT h."company_id", h."text_hash", (h."hour" AT TIME ZONE 'UTC')::date, sum(h."chats")
  FROM "chat_question_hourly" h
  WHERE h."company_id" = company
  GROUP BY 1, 2, 3;
$$;--> statement-breakpoint
-- The backfill: the hourly rows, summed per UTC day.
INSERT INTO "chat_daily" ("company_id", "day", "class", "chats", "messages")
SELECT "company_id", ("hour" AT TIME ZONE 'UTC')::date, "class", sum("chats"), sum("messages")
FROM "chat_hourly" GROUP BY 1, 2, 3 HAVING sum("chats") <> 0;--> statement-breakpoint
INSERT INTO "chat_tag_daily" ("company_id", "day", "kind", "value", "class", "chats")
SELECT "company_id", ("hour" AT TIME ZONE 'UTC')::date, "kind", "value", "class", sum("chats")
FROM "chat_tag_hourly" GROUP BY 1, 2, 3, 4, 5 HAVING sum("chats") <> 0;--> statement-breakpoint
INSERT INTO "chat_question_daily" ("company_id", "text_hash", "day", "chats")
SELECT "company_id", "text_hash", ("hour" AT TIME ZONE 'UTC')::date, sum("chats")
FROM "chat_question_hourly" GROUP BY 1, 2, 3 HAVING sum("chats") <> 0;

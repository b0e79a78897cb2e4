CREATE TABLE "chat_question_failures" (
	"chat_id" uuid NOT NULL,
	"answer_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"chat_created_at" timestamp with time zone NOT NULL,
	"text" text NOT NULL,
	"example" text NOT NULL,
	"language" text,
	"reason" text NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_question_failures_chat_id_answer_id_pk" PRIMARY KEY("chat_id","answer_id")
);
--> statement-breakpoint
ALTER TABLE "chat_question_failures" ADD CONSTRAINT "chat_question_failures_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_question_failures_range_idx" ON "chat_question_failures" USING btree ("company_id","chat_created_at");--> statement-breakpoint
CREATE TABLE "chat_question_failure_days" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"text" text NOT NULL,
	"language" text,
	"answers" integer NOT NULL,
	"declined" integer NOT NULL,
	"handed_off" integer NOT NULL,
	"rated_low" integer NOT NULL,
	"example" text NOT NULL,
	"last_asked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_question_failure_days_key" UNIQUE NULLS NOT DISTINCT("company_id","day","text","language")
);--> statement-breakpoint
-- Decision 071: the questions the AI failed on, one row per failed answer, kept per chat so
-- Unanswered questions reads only the rows of its range instead of every answer of every failed
-- chat (decision 069's statement, kept in the repository as this table's oracle).
--
-- A chat's rows are computed from its chat row and its messages with decision 042's meaning, as
-- unansweredStatement reads it: the question an answer declined or handed off with, the last
-- question the AI answered in a chat now with a person or a ticket (the last answer that names a
-- message of its chat), and every question it answered in a chat rated below 3; only visitor
-- questions (no event, not blank) count. An unchanged row is not rewritten, a row no longer wanted
-- is deleted, and a refresh of no chats runs no statement at all (decision 064).
CREATE FUNCTION "chat_question_failures_refresh"(chat_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(chat_ids), 0) = 0 THEN
    RETURN;
  END IF;
  WITH chat AS (
    SELECT c."id", c."company_id", c."created_at", c."status" IN ('human', 'ticket') AS handed_over, c."rating",
      c."language"
    FROM "chats" c
    WHERE c."id" = ANY(chat_ids)
  ), answers AS (
    SELECT a."id", a."chat_id", a."created_at", lower(a."message_data"->>'questionID') AS question_id,
      coalesce(a."message_data"->>'language', c."language") AS language, c.handed_over, c."company_id",
      c."created_at" AS chat_created_at,
      CASE coalesce(a."message_data"->>'outcome', 'answered')
        WHEN 'no-match' THEN 'declined'
        WHEN 'handoff' THEN 'handed-off'
        WHEN 'answered' THEN CASE WHEN c."rating" < 3 THEN 'rated-low' ELSE 'answered' END
      END AS reason
    FROM chat c
    JOIN "chat_messages" a ON a."chat_id" = c."id"
    WHERE a."company_id" = c."company_id" AND a."sender_role" = 'ai'
  ), failed AS (
    -- Every answer of a handed-over chat is ranked, since any of them may be its last.
    SELECT an."id" AS answer_id, an."chat_id", an."company_id", an.chat_created_at, an.language,
      q."message", q."created_at" AS asked_at, q."sender_role", q."event_type",
      CASE
        WHEN an.handed_over AND an.reason IN ('answered', 'rated-low') THEN
          CASE
            WHEN row_number() OVER (PARTITION BY an."chat_id" ORDER BY an."created_at" DESC, an."id" DESC) = 1 THEN 'handed-off'
            WHEN an.reason = 'rated-low' THEN 'rated-low'
          END
        WHEN an.reason <> 'answered' THEN an.reason
      END AS reason
    FROM answers an
    JOIN "chat_messages" q ON q."chat_id" = an."chat_id" AND q."id"::text = an.question_id
    WHERE q."company_id" = an."company_id" AND (an.handed_over OR an.reason <> 'answered')
  ), wanted AS (
    SELECT f."chat_id", f.answer_id, f."company_id", f.chat_created_at, lower(btrim(f."message")) AS "text",
      btrim(f."message") AS example, f.language, f.reason, f.asked_at
    FROM failed f
    WHERE f.reason IS NOT NULL AND f."sender_role" = 'customer' AND f."event_type" IS NULL AND btrim(f."message") <> ''
  ), gone AS (
    DELETE FROM "chat_question_failures" x
    WHERE x."chat_id" = ANY(chat_ids)
      AND NOT EXISTS (SELECT 1 FROM wanted w WHERE w."chat_id" = x."chat_id" AND w.answer_id = x."answer_id")
  )
  INSERT INTO "chat_question_failures" AS x ("chat_id", "answer_id", "company_id", "chat_created_at", "text",
      "example", "language", "reason", "asked_at")
    SELECT w."chat_id", w.answer_id, w."company_id", w.chat_created_at, w."text", w.example, w.language, w.reason,
      w.asked_at
    FROM wanted w
    -- In key order, so two statements writing rows of the same chats lock them in the same order.
    ORDER BY w."chat_id", w.answer_id
  ON CONFLICT ("chat_id", "answer_id") DO UPDATE SET
    "company_id" = excluded."company_id", "chat_created_at" = excluded."chat_created_at", "text" = excluded."text",
    "example" = excluded."example", "language" = excluded."language", "reason" = excluded."reason",
    "asked_at" = excluded."asked_at"
  WHERE (x."company_id", x."chat_created_at", x."text", x."example", x."language", x."reason", x."asked_at")
    IS DISTINCT FROM (excluded."company_id", excluded."chat_created_at", excluded."text", excluded."example",
      excluded."language", excluded."reason", excluded."asked_at");
END $$;--> statement-breakpoint
-- New messages: only an AI answer can add a row or move one, and only when it failed, or its chat is
-- with a person (the new answer may be the last one now) or rated below 3. An answer in any other
-- chat, and every visitor message, leaves the rows as they were, so most writes refresh nothing.
-- (A visitor message named by an answer stored before it would be missed until the chat's next
-- refresh: Harbor stores the question first, and a message's id is made when it is stored.)
CREATE FUNCTION "chat_question_failures_from_new_messages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_question_failures_refresh"(array(
    SELECT DISTINCT n."chat_id"
    FROM new_rows n
    JOIN "chats" c ON c."id" = n."chat_id"
    WHERE n."sender_role" = 'ai'
      AND (coalesce(n."message_data"->>'outcome', 'answered') IN ('no-match', 'handoff')
        OR c."status" IN ('human', 'ticket') OR c."rating" < 3)));
  RETURN NULL;
END $$;--> statement-breakpoint
-- Changed messages: a chat is refreshed only when a column the rows depend on changed. Old and new
-- rows go in whole and are summed per message and those columns, so a change of anything else (the
-- server sets message_data's answerStopped) nets to nothing, without joining the transition tables
-- (decision 062: planned as a nested loop over them, it took seconds for a few thousand rows).
CREATE FUNCTION "chat_question_failures_from_changed_messages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_question_failures_refresh"(array(
    SELECT DISTINCT k."chat_id"
    FROM (
      SELECT m."chat_id"
      FROM (
        SELECT n."id", n."chat_id", n."company_id", n."sender_role", n."event_type", n."message", n."created_at",
          n."message_data"->>'questionID' AS question_id, n."message_data"->>'outcome' AS outcome,
          n."message_data"->>'language' AS language, 1 AS sign
        FROM new_rows n
        UNION ALL
        SELECT o."id", o."chat_id", o."company_id", o."sender_role", o."event_type", o."message", o."created_at",
          o."message_data"->>'questionID', o."message_data"->>'outcome', o."message_data"->>'language', -1
        FROM old_rows o
      ) m
      GROUP BY m."id", m."chat_id", m."company_id", m."sender_role", m."event_type", m."message", m."created_at",
        m.question_id, m.outcome, m.language
      HAVING sum(m.sign) <> 0
    ) k
    WHERE EXISTS (SELECT 1 FROM "chats" c WHERE c."id" = k."chat_id")));
  RETURN NULL;
END $$;--> statement-breakpoint
-- Removed messages: any of them may have been an answer or a message an answer named. A deleted
-- chat's rows went with it (the foreign key), and its messages' delete fires this trigger after the
-- chat's whole delete, so chats that no longer exist are left out.
CREATE FUNCTION "chat_question_failures_from_removed_messages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_question_failures_refresh"(array(
    SELECT DISTINCT o."chat_id" FROM old_rows o WHERE EXISTS (SELECT 1 FROM "chats" c WHERE c."id" = o."chat_id")));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "chat_question_failures_from_changed_chat"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_question_failures_refresh"(ARRAY[NEW."id"]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chat_question_failures_from_new_messages_trigger" AFTER INSERT ON "chat_messages"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_question_failures_from_new_messages"();--> statement-breakpoint
CREATE TRIGGER "chat_question_failures_from_changed_messages_trigger" AFTER UPDATE ON "chat_messages"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "chat_question_failures_from_changed_messages"();--> statement-breakpoint
CREATE TRIGGER "chat_question_failures_from_removed_messages_trigger" AFTER DELETE ON "chat_messages"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_question_failures_from_removed_messages"();--> statement-breakpoint
-- A chat's row matters only through whether it is with a person, whether it is rated below 3, its
-- language (the answers without one), its company and its creation time. Every message updates its
-- chat (last_message_at), so this is a row trigger whose WHEN is checked without calling anything:
-- the common update costs no function call. A rating from 2 to 1, or from none to 4, moves nothing.
CREATE TRIGGER "chat_question_failures_from_changed_chats_trigger" AFTER UPDATE ON "chats"
  FOR EACH ROW
  WHEN ((OLD."status" IN ('human', 'ticket')) IS DISTINCT FROM (NEW."status" IN ('human', 'ticket'))
    OR coalesce(OLD."rating" < 3, false) <> coalesce(NEW."rating" < 3, false)
    OR OLD."language" IS DISTINCT FROM NEW."language"
    OR OLD."company_id" IS DISTINCT FROM NEW."company_id"
    OR OLD."created_at" IS DISTINCT FROM NEW."created_at")
  EXECUTE FUNCTION "chat_question_failures_from_changed_chat"();--> statement-breakpoint
-- chat_question_failure_days: the keys (company, UTC day of the chat's creation, wording, language)
-- whose failures a statement changed are recomputed from chat_question_failures, since the least
-- example and the last time asked cannot be taken back by a delta when a row goes. A recomputation
-- reads its days' rows over chat_question_failures_range_idx (a busy shop's day is a few hundred).
--
-- Two transactions recomputing the same key each from their own snapshot would each miss the
-- other's rows, so the writers of a company's day are serialised first: an advisory lock per
-- bucket of (company, day), 1,024 buckets (a backfill of years takes at most that many locks),
-- taken in bucket order (so two statements cannot wait on each other) in a statement of its own,
-- and the recomputation that follows, a new statement under READ COMMITTED, sees every row the
-- lock's previous holder committed. Held to the end of the transaction, as any row lock is.
CREATE FUNCTION "chat_question_failure_days_refresh"(keys "chat_question_failure_days"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(keys), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(71, b.bucket)
  FROM (SELECT DISTINCT hashtext(k."company_id"::text || k."day"::text) & 1023 AS bucket FROM unnest(keys) k ORDER BY 1) b;
  WITH k AS (
    SELECT DISTINCT k."company_id", k."day", k."text", k."language" FROM unnest(keys) k
  ), days AS (
    SELECT DISTINCT k."company_id", k."day" FROM k
  ), counted AS (
    SELECT f."company_id", d."day", f."text", f."language", count(*)::int AS answers,
      count(*) FILTER (WHERE f."reason" = 'declined')::int AS declined,
      count(*) FILTER (WHERE f."reason" = 'handed-off')::int AS handed_off,
      count(*) FILTER (WHERE f."reason" = 'rated-low')::int AS rated_low,
      min(f."example") AS example, max(f."asked_at") AS last_asked_at
    FROM days d
    JOIN "chat_question_failures" f ON f."company_id" = d."company_id"
      AND f."chat_created_at" >= d."day"::timestamp AT TIME ZONE 'UTC'
      AND f."chat_created_at" < (d."day" + 1)::timestamp AT TIME ZONE 'UTC'
    WHERE EXISTS (SELECT 1 FROM k WHERE k."company_id" = f."company_id" AND k."day" = d."day" AND k."text" = f."text"
      AND k."language" IS NOT DISTINCT FROM f."language")
    GROUP BY f."company_id", d."day", f."text", f."language"
  ), gone AS (
    DELETE FROM "chat_question_failure_days" x
    USING k
    WHERE x."company_id" = k."company_id" AND x."day" = k."day" AND x."text" = k."text"
      AND x."language" IS NOT DISTINCT FROM k."language"
      AND NOT EXISTS (SELECT 1 FROM counted c WHERE c."company_id" = k."company_id" AND c."day" = k."day"
        AND c."text" = k."text" AND c."language" IS NOT DISTINCT FROM k."language")
  )
  INSERT INTO "chat_question_failure_days" AS x ("company_id", "day", "text", "language", "answers", "declined",
      "handed_off", "rated_low", "example", "last_asked_at")
    SELECT c."company_id", c."day", c."text", c."language", c.answers, c.declined, c.handed_off, c.rated_low,
      c.example, c.last_asked_at
    FROM counted c
    ORDER BY c."company_id", c."day", c."text", c."language"
  ON CONFLICT ON CONSTRAINT "chat_question_failure_days_key" DO UPDATE SET
    "answers" = excluded."answers", "declined" = excluded."declined", "handed_off" = excluded."handed_off",
    "rated_low" = excluded."rated_low", "example" = excluded."example", "last_asked_at" = excluded."last_asked_at"
  WHERE (x."answers", x."declined", x."handed_off", x."rated_low", x."example", x."last_asked_at")
    IS DISTINCT FROM (excluded."answers", excluded."declined", excluded."handed_off", excluded."rated_low",
      excluded."example", excluded."last_asked_at");
END $$;--> statement-breakpoint
-- The refresh rewrites only rows that changed, so every row a statement hands these triggers moved
-- a key (an upsert fires both the INSERT and the UPDATE trigger; the empty one returns at once).
CREATE FUNCTION "chat_question_failure_days_from_new_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_question_failure_days_refresh"(array(
    SELECT ROW(n."company_id", (n."chat_created_at" AT TIME ZONE 'UTC')::date, n."text", n."language", 0, 0, 0, 0, '',
      n."asked_at")::"chat_question_failure_days"
    FROM new_rows n));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "chat_question_failure_days_from_changed_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_question_failure_days_refresh"(array(
    SELECT ROW(n."company_id", (n."chat_created_at" AT TIME ZONE 'UTC')::date, n."text", n."language", 0, 0, 0, 0, '',
      n."asked_at")::"chat_question_failure_days"
    FROM new_rows n
    UNION ALL
    SELECT ROW(o."company_id", (o."chat_created_at" AT TIME ZONE 'UTC')::date, o."text", o."language", 0, 0, 0, 0, '',
      o."asked_at")::"chat_question_failure_days"
    FROM old_rows o));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "chat_question_failure_days_from_removed_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_question_failure_days_refresh"(array(
    SELECT ROW(o."company_id", (o."chat_created_at" AT TIME ZONE 'UTC')::date, o."text", o."language", 0, 0, 0, 0, '',
      o."asked_at")::"chat_question_failure_days"
    FROM old_rows o));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chat_question_failure_days_from_new_rows_trigger" AFTER INSERT ON "chat_question_failures"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_question_failure_days_from_new_rows"();--> statement-breakpoint
CREATE TRIGGER "chat_question_failure_days_from_changed_rows_trigger" AFTER UPDATE ON "chat_question_failures"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "chat_question_failure_days_from_changed_rows"();--> statement-breakpoint
CREATE TRIGGER "chat_question_failure_days_from_removed_rows_trigger" AFTER DELETE ON "chat_question_failures"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_question_failure_days_from_removed_rows"();--> statement-breakpoint
-- Refills a company's rows of both tables from its chats and messages (the backfill below; a repair
-- if they drift): the failures by the refresh, then the days from the failures, whatever the
-- triggers did meanwhile.
CREATE FUNCTION "chat_question_failures_rebuild"(company uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "chat_question_failures" WHERE "company_id" = company;
  PERFORM "chat_question_failures_refresh"(array(SELECT c."id" FROM "chats" c WHERE c."company_id" = company));
  DELETE FROM "chat_question_failure_days" WHERE "company_id" = company;
  INSERT INTO "chat_question_failure_days" ("company_id", "day", "text", "language", "answers", "declined",
      "handed_off", "rated_low", "example", "last_asked_at")
    SELECT f."company_id", (f."chat_created_at" AT TIME ZONE 'UTC')::date, f."text", f."language", count(*),
      count(*) FILTER (WHERE f."reason" = 'declined'), count(*) FILTER (WHERE f."reason" = 'handed-off'),
      count(*) FILTER (WHERE f."reason" = 'rated-low'), min(f."example"), max(f."asked_at")
    FROM "chat_question_failures" f
    WHERE f."company_id" = company
    GROUP BY 1, 2, 3, 4;
END $$;--> statement-breakpoint
SELECT "chat_question_failures_rebuild"("id") FROM "companies";

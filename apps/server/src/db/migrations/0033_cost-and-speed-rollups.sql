CREATE TABLE "answer_wait_days" (
	"company_id" uuid NOT NULL,
	"time_zone" text NOT NULL,
	"day" date NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"answers" integer NOT NULL,
	"p50_ms" double precision,
	"p95_ms" double precision,
	CONSTRAINT "answer_wait_days_company_id_time_zone_day_pk" PRIMARY KEY("company_id","time_zone","day")
);
--> statement-breakpoint
CREATE TABLE "chat_language_daily" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"language" text NOT NULL,
	"class" text NOT NULL,
	"chats" integer DEFAULT 0 NOT NULL,
	"ratings" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_language_daily_company_id_day_language_class_pk" PRIMARY KEY("company_id","day","language","class")
);
--> statement-breakpoint
CREATE TABLE "chat_tokens" (
	"chat_id" uuid NOT NULL,
	"model" text NOT NULL,
	"company_id" uuid NOT NULL,
	"input_tokens" bigint DEFAULT 0 NOT NULL,
	"output_tokens" bigint DEFAULT 0 NOT NULL,
	"usages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_tokens_chat_id_model_pk" PRIMARY KEY("chat_id","model")
);
--> statement-breakpoint
CREATE TABLE "chat_tokens_daily" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"model" text NOT NULL,
	"input_tokens" bigint DEFAULT 0 NOT NULL,
	"output_tokens" bigint DEFAULT 0 NOT NULL,
	"usages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_tokens_daily_company_id_day_model_pk" PRIMARY KEY("company_id","day","model")
);
--> statement-breakpoint
ALTER TABLE "answer_wait_days" ADD CONSTRAINT "answer_wait_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_language_daily" ADD CONSTRAINT "chat_language_daily_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_tokens_daily" ADD CONSTRAINT "chat_tokens_daily_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Decision 070: Cost and speed from rollups. Three of the call's four parts read whole UTC days here
-- and the partial days at the window's edges chat by chat; the answer waits of closed days are kept
-- as they were computed (answer_wait_days).
--
-- The report's rows of quality per language (decision 046): en, nl, he, and anything else or none.
CREATE FUNCTION "chat_quality_language"(language text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN language IN ('en', 'nl', 'he') THEN language ELSE 'other' END
$$;--> statement-breakpoint
-- Adds the deltas to chat_tokens_daily: summed per row first, in key order (every writer locks the
-- rows in one order, decision 064), rows left without usage deleted, a company being deleted left
-- alone (its rows go by the cascade), and nothing at all for an empty list.
CREATE FUNCTION "chat_tokens_daily_apply"(deltas "chat_tokens_daily"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(deltas), 0) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO "chat_tokens_daily" AS h ("company_id", "day", "model", "input_tokens", "output_tokens", "usages")
  SELECT d."company_id", d."day", d."model", sum(d."input_tokens"), sum(d."output_tokens"), sum(d."usages")
  FROM unnest(deltas) d
  WHERE EXISTS (SELECT 1 FROM "companies" c WHERE c."id" = d."company_id")
  GROUP BY d."company_id", d."day", d."model"
  HAVING sum(d."usages") <> 0 OR sum(d."input_tokens") <> 0 OR sum(d."output_tokens") <> 0
  ORDER BY d."company_id", d."day", d."model"
  ON CONFLICT ("company_id", "day", "model") DO UPDATE SET
    "input_tokens" = h."input_tokens" + excluded."input_tokens", "output_tokens" = h."output_tokens" + excluded."output_tokens",
    "usages" = h."usages" + excluded."usages";
  -- Only a delta that takes usage away can leave a row empty (an answer's usage only adds).
  IF NOT EXISTS (SELECT 1 FROM unnest(deltas) d WHERE d."usages" < 0) THEN
    RETURN;
  END IF;
  DELETE FROM "chat_tokens_daily" h
  USING (SELECT DISTINCT d."company_id", d."day", d."model" FROM unnest(deltas) d WHERE d."usages" < 0) k
  WHERE h."company_id" = k."company_id" AND h."day" = k."day" AND h."model" = k."model" AND h."usages" = 0;
END $$;--> statement-breakpoint
-- The same for chat_language_daily.
CREATE FUNCTION "chat_language_daily_apply"(deltas "chat_language_daily"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(deltas), 0) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO "chat_language_daily" AS h ("company_id", "day", "language", "class", "chats", "ratings", "rating_sum")
  SELECT d."company_id", d."day", d."language", d."class", sum(d."chats"), sum(d."ratings"), sum(d."rating_sum")
  FROM unnest(deltas) d
  WHERE EXISTS (SELECT 1 FROM "companies" c WHERE c."id" = d."company_id")
  GROUP BY d."company_id", d."day", d."language", d."class"
  HAVING sum(d."chats") <> 0 OR sum(d."ratings") <> 0 OR sum(d."rating_sum") <> 0
  ORDER BY d."company_id", d."day", d."language", d."class"
  ON CONFLICT ("company_id", "day", "language", "class") DO UPDATE SET
    "chats" = h."chats" + excluded."chats", "ratings" = h."ratings" + excluded."ratings",
    "rating_sum" = h."rating_sum" + excluded."rating_sum";
  DELETE FROM "chat_language_daily" h
  USING (SELECT DISTINCT d."company_id", d."day" FROM unnest(deltas) d) k
  WHERE h."company_id" = k."company_id" AND h."day" = k."day" AND h."chats" = 0;
END $$;--> statement-breakpoint
-- Facts that came or went (an update is both). Each conversation counts in its creation day's row of
-- its language and class, with its rating; a message that moves none of these nets to nothing and
-- writes nothing. A chat that became a conversation, stopped being one or moved day brings its tokens
-- (chat_tokens, kept by the usage triggers) with it; chats that no longer exist are left out, since
-- chat_cost_forget_chat took their tokens away while both rows still existed (decision 059's rule for
-- cascaded deletes, whose statement triggers fire only after the whole delete).
CREATE FUNCTION "chat_cost_from_facts"(added "chat_facts"[], removed "chat_facts"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_language_daily_apply"(array(
    SELECT ROW(d.company_id, d.day, d.language, d.class, sum(d.chats)::int, sum(d.ratings)::int, sum(d.rating_sum)::int)::"chat_language_daily"
    FROM (
      SELECT (s.a)."company_id" AS company_id, ((s.a)."created_at" AT TIME ZONE 'UTC')::date AS day,
        "chat_quality_language"((s.a)."language") AS language, "chat_hourly_class"(s.a) AS class, s.sign AS chats,
        CASE WHEN (s.a)."rating" IS NOT NULL THEN s.sign ELSE 0 END AS ratings, s.sign * coalesce((s.a)."rating", 0) AS rating_sum
      FROM (SELECT 1 AS sign, a FROM unnest(added) a UNION ALL SELECT -1, o FROM unnest(removed) o) s
      WHERE (s.a)."last_ai_at" IS NOT NULL
    ) d
    GROUP BY d.company_id, d.day, d.language, d.class
    HAVING sum(d.chats) <> 0 OR sum(d.ratings) <> 0 OR sum(d.rating_sum) <> 0));
  PERFORM "chat_tokens_daily_apply"(array(
    SELECT ROW(k.company_id, k.day, t."model", k.sign * t."input_tokens", k.sign * t."output_tokens", k.sign * t."usages")::"chat_tokens_daily"
    FROM (
      SELECT (s.a)."chat_id" AS chat_id, (s.a)."company_id" AS company_id, ((s.a)."created_at" AT TIME ZONE 'UTC')::date AS day,
        sum(s.sign)::int AS sign
      FROM (SELECT 1 AS sign, a FROM unnest(added) a UNION ALL SELECT -1, o FROM unnest(removed) o) s
      WHERE (s.a)."last_ai_at" IS NOT NULL
      GROUP BY 1, 2, 3
      HAVING sum(s.sign) <> 0
    ) k
    JOIN "chat_tokens" t ON t."chat_id" = k.chat_id
    WHERE EXISTS (SELECT 1 FROM "chats" c WHERE c."id" = k.chat_id)));
END $$;--> statement-breakpoint
-- Transition tables are visible only to the trigger's own function, hence one body per event; each
-- returns at once when its statement changed no row (decision 064).
CREATE FUNCTION "chat_cost_from_new_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM "chat_cost_from_facts"(array(SELECT ROW(n.*)::"chat_facts" FROM new_rows n), '{}');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "chat_cost_from_changed_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) AND NOT EXISTS (SELECT 1 FROM old_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM "chat_cost_from_facts"(array(SELECT ROW(n.*)::"chat_facts" FROM new_rows n),
    array(SELECT ROW(o.*)::"chat_facts" FROM old_rows o));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "chat_cost_from_removed_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM "chat_cost_from_facts"('{}', array(SELECT ROW(o.*)::"chat_facts" FROM old_rows o));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chat_cost_from_new_facts_trigger" AFTER INSERT ON "chat_facts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_cost_from_new_facts"();--> statement-breakpoint
CREATE TRIGGER "chat_cost_from_changed_facts_trigger" AFTER UPDATE ON "chat_facts"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_cost_from_changed_facts"();--> statement-breakpoint
CREATE TRIGGER "chat_cost_from_removed_facts_trigger" AFTER DELETE ON "chat_facts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_cost_from_removed_facts"();--> statement-breakpoint
-- Usage rows that came or went (an update is both; a deleted chat sets its usage's chat_id to null):
-- each chat's tokens per model move in chat_tokens, and a conversation's move in chat_tokens_daily in
-- its creation day. A change of no tokens and no chat writes nothing.
CREATE FUNCTION "chat_tokens_apply"(added "token_usage"[], removed "token_usage"[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  changed "chat_tokens"[];
BEGIN
  changed := array(
    SELECT ROW(s."chat_id", s."model", min(s."company_id"::text)::uuid, sum(s.sign * s."input_tokens")::bigint,
      sum(s.sign * s."output_tokens")::bigint, sum(s.sign)::int)::"chat_tokens"
    FROM (SELECT 1 AS sign, a.* FROM unnest(added) a UNION ALL SELECT -1, o.* FROM unnest(removed) o) s
    WHERE s."chat_id" IS NOT NULL AND EXISTS (SELECT 1 FROM "chats" c WHERE c."id" = s."chat_id")
    GROUP BY s."chat_id", s."model"
    HAVING sum(s.sign) <> 0 OR sum(s.sign * s."input_tokens") <> 0 OR sum(s.sign * s."output_tokens") <> 0);
  IF cardinality(changed) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO "chat_tokens" AS t ("chat_id", "model", "company_id", "input_tokens", "output_tokens", "usages")
  SELECT c."chat_id", c."model", c."company_id", c."input_tokens", c."output_tokens", c."usages"
  FROM unnest(changed) c
  ORDER BY c."chat_id", c."model"
  ON CONFLICT ("chat_id", "model") DO UPDATE SET
    "input_tokens" = t."input_tokens" + excluded."input_tokens", "output_tokens" = t."output_tokens" + excluded."output_tokens",
    "usages" = t."usages" + excluded."usages";
  IF EXISTS (SELECT 1 FROM unnest(changed) c WHERE c."usages" < 0) THEN
    DELETE FROM "chat_tokens" t USING unnest(changed) c
    WHERE t."chat_id" = c."chat_id" AND t."model" = c."model" AND t."usages" <= 0 AND c."usages" < 0;
  END IF;
  PERFORM "chat_tokens_daily_apply"(array(
    SELECT ROW(f."company_id", (f."created_at" AT TIME ZONE 'UTC')::date, c."model", c."input_tokens", c."output_tokens",
      c."usages")::"chat_tokens_daily"
    FROM unnest(changed) c JOIN "chat_facts" f ON f."chat_id" = c."chat_id"
    WHERE f."last_ai_at" IS NOT NULL));
END $$;--> statement-breakpoint
CREATE FUNCTION "chat_tokens_from_new_usage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_tokens_apply"(array(SELECT ROW(n.*)::"token_usage" FROM new_rows n), '{}');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "chat_tokens_from_changed_usage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_tokens_apply"(array(SELECT ROW(n.*)::"token_usage" FROM new_rows n),
    array(SELECT ROW(o.*)::"token_usage" FROM old_rows o));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "chat_tokens_from_removed_usage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_tokens_apply"('{}', array(SELECT ROW(o.*)::"token_usage" FROM old_rows o));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chat_tokens_from_new_usage_trigger" AFTER INSERT ON "token_usage"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_tokens_from_new_usage"();--> statement-breakpoint
CREATE TRIGGER "chat_tokens_from_changed_usage_trigger" AFTER UPDATE ON "token_usage"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_tokens_from_changed_usage"();--> statement-breakpoint
CREATE TRIGGER "chat_tokens_from_removed_usage_trigger" AFTER DELETE ON "token_usage"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_tokens_from_removed_usage"();--> statement-breakpoint
-- A deleted chat's tokens leave its day while its facts and its chat_tokens rows still exist.
CREATE FUNCTION "chat_cost_forget_chat"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_tokens_daily_apply"(array(
    SELECT ROW(f."company_id", (f."created_at" AT TIME ZONE 'UTC')::date, t."model", -t."input_tokens", -t."output_tokens",
      -t."usages")::"chat_tokens_daily"
    FROM "chat_facts" f JOIN "chat_tokens" t ON t."chat_id" = f."chat_id"
    WHERE f."chat_id" = OLD."id" AND f."last_ai_at" IS NOT NULL));
  DELETE FROM "chat_tokens" WHERE "chat_id" = OLD."id";
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "chat_cost_forget_chat_trigger" BEFORE DELETE ON "chats"
  FOR EACH ROW EXECUTE FUNCTION "chat_cost_forget_chat"();--> statement-breakpoint
-- A change to messages older than an hour (a backdated insert, an edit, a deletion) may change the
-- answer waits of its own day and of every later one (a deleted question takes its answers' waits
-- away), so the company's cached days that end after it are dropped. A message stored now changes no
-- closed day: Cost and speed caches only days that ended two hours before it read them (decision 070).
-- The advisory lock orders this with a reader computing days (it holds the shared one): either the
-- reader's statement sees the change, or the rows it wrote are dropped here after it commits.
CREATE FUNCTION "answer_wait_days_forget"(changed "chat_messages"[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  company record;
BEGIN
  FOR company IN
    SELECT c."company_id", min(c."created_at") AS since FROM unnest(changed) c
    WHERE c."created_at" < now() - interval '1 hour'
    GROUP BY c."company_id" ORDER BY c."company_id"
  LOOP
    PERFORM pg_advisory_xact_lock(hashtext('harbor:answer-wait-days:' || company."company_id"::text));
    DELETE FROM "answer_wait_days" w WHERE w."company_id" = company."company_id" AND w."ends_at" > company.since;
  END LOOP;
END $$;--> statement-breakpoint
-- An insert is checked row by row in the trigger's WHEN, without calling a function: a message stored
-- now (every message the server writes) costs nothing here, a backdated one drops the days after it.
CREATE FUNCTION "answer_wait_days_from_old_message"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "answer_wait_days_forget"(ARRAY[NEW]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "answer_wait_days_from_changed_messages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows n WHERE n."created_at" < now() - interval '1 hour')
    AND NOT EXISTS (SELECT 1 FROM old_rows o WHERE o."created_at" < now() - interval '1 hour') THEN
    RETURN NULL;
  END IF;
  PERFORM "answer_wait_days_forget"(array(SELECT ROW(n.*)::"chat_messages" FROM new_rows n)
    || array(SELECT ROW(o.*)::"chat_messages" FROM old_rows o));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "answer_wait_days_from_removed_messages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows o WHERE o."created_at" < now() - interval '1 hour') THEN
    RETURN NULL;
  END IF;
  PERFORM "answer_wait_days_forget"(array(SELECT ROW(o.*)::"chat_messages" FROM old_rows o));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "answer_wait_days_from_old_message_trigger" AFTER INSERT ON "chat_messages"
  FOR EACH ROW WHEN (NEW."created_at" < now() - interval '1 hour') EXECUTE FUNCTION "answer_wait_days_from_old_message"();--> statement-breakpoint
CREATE TRIGGER "answer_wait_days_from_changed_messages_trigger" AFTER UPDATE ON "chat_messages"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "answer_wait_days_from_changed_messages"();--> statement-breakpoint
CREATE TRIGGER "answer_wait_days_from_removed_messages_trigger" AFTER DELETE ON "chat_messages"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "answer_wait_days_from_removed_messages"();--> statement-breakpoint
-- Refills a company's rows from token_usage and chat_facts (the backfill below; a repair if they drift).
CREATE FUNCTION "chat_cost_rebuild"(company uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "chat_tokens" WHERE "company_id" = company;
  DELETE FROM "chat_tokens_daily" WHERE "company_id" = company;
  DELETE FROM "chat_language_daily" WHERE "company_id" = company;
  DELETE FROM "answer_wait_days" WHERE "company_id" = company;
  INSERT INTO "chat_tokens" ("chat_id", "model", "company_id", "input_tokens", "output_tokens", "usages")
  SELECT u."chat_id", u."model", company, sum(u."input_tokens"), sum(u."output_tokens"), count(*)
  FROM "token_usage" u
  WHERE u."company_id" = company AND u."chat_id" IS NOT NULL
  GROUP BY u."chat_id", u."model";
  INSERT INTO "chat_tokens_daily" ("company_id", "day", "model", "input_tokens", "output_tokens", "usages")
  SELECT company, (f."created_at" AT TIME ZONE 'UTC')::date, t."model", sum(t."input_tokens"), sum(t."output_tokens"), sum(t."usages")
  FROM "chat_facts" f JOIN "chat_tokens" t ON t."chat_id" = f."chat_id"
  WHERE f."company_id" = company AND f."last_ai_at" IS NOT NULL
  GROUP BY 2, 3;
  INSERT INTO "chat_language_daily" ("company_id", "day", "language", "class", "chats", "ratings", "rating_sum")
  SELECT company, (f."created_at" AT TIME ZONE 'UTC')::date, "chat_quality_language"(f."language"), "chat_hourly_class"(f),
    count(*), count(f."rating"), coalesce(sum(f."rating"), 0)
  FROM "chat_facts" f
  WHERE f."company_id" = company AND f."last_ai_at" IS NOT NULL
  GROUP BY 2, 3, 4;
$$;--> statement-breakpoint
-- Every analytics rollup of a company refilled in one call, the repair if any ever drifts: the
-- chats' facts first (an unchanged row is not rewritten, decision 064), then each rollup from them.
CREATE FUNCTION "rollups_rebuild"(company uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_facts_refresh"(array(SELECT c."id" FROM "chats" c WHERE c."company_id" = company));
  PERFORM "chat_hourly_rebuild"(company);
  PERFORM "chat_tag_hourly_rebuild"(company);
  PERFORM "chat_question_hourly_rebuild"(company);
  PERFORM "token_usage_hourly_rebuild"(company);
  PERFORM "chat_cost_rebuild"(company);
  PERFORM "chat_question_failures_rebuild"(company);
END $$;--> statement-breakpoint
SELECT "chat_cost_rebuild"("id") FROM "companies";

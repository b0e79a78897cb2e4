-- Decision 064: the analytics triggers of migrations 0019, 0025 and 0026 did their whole work on every
-- message, even when nothing they keep had changed — about a third of the server's CPU per visitor
-- question on the embedded database. Same rows as before; less work to reach them.
--
-- The facts of a chat are rewritten only when they changed (an unchanged row is no longer updated,
-- so the rollups' triggers hear of no change), and a refresh of no chats runs no statement at all: a
-- statement-level trigger fires even for a statement that touched no row, so an empty INSERT … ON
-- CONFLICT used to wake every trigger on chat_facts (both its INSERT and its UPDATE ones).
CREATE OR REPLACE FUNCTION "chat_facts_refresh"(chat_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(chat_ids), 0) = 0 THEN
    RETURN;
  END IF;
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
      "returned_in_new_chat" = excluded."returned_in_new_chat", "failed_answers" = excluded."failed_answers"
  WHERE ("chat_facts"."company_id", "chat_facts"."created_at", "chat_facts"."status", "chat_facts"."rating",
      "chat_facts"."language", "chat_facts"."last_ai_at", "chat_facts"."last_customer_at", "chat_facts"."messages",
      "chat_facts"."said_resolved", "chat_facts"."returned_in_chat", "chat_facts"."returned_in_new_chat",
      "chat_facts"."failed_answers")
    IS DISTINCT FROM (excluded."company_id", excluded."created_at", excluded."status", excluded."rating",
      excluded."language", excluded."last_ai_at", excluded."last_customer_at", excluded."messages",
      excluded."said_resolved", excluded."returned_in_chat", excluded."returned_in_new_chat",
      excluded."failed_answers");
END $$;--> statement-breakpoint
-- The rollups' triggers on chat_facts return at once when their statement changed no row (an upsert
-- fires both the INSERT and the UPDATE triggers, and one of the two has always nothing).
CREATE OR REPLACE FUNCTION "chat_hourly_from_new_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM "chat_hourly_apply"(array(SELECT ROW(n.*)::"chat_facts" FROM new_rows n), '{}');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "chat_hourly_from_changed_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) AND NOT EXISTS (SELECT 1 FROM old_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM "chat_hourly_apply"(array(SELECT ROW(n.*)::"chat_facts" FROM new_rows n), array(SELECT ROW(o.*)::"chat_facts" FROM old_rows o));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "chat_hourly_from_removed_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM "chat_hourly_apply"('{}', array(SELECT ROW(o.*)::"chat_facts" FROM old_rows o));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "chat_tag_hourly_from_new_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM "chat_tag_hourly_from_facts"(array(SELECT ROW(n.*)::"chat_facts" FROM new_rows n), '{}');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "chat_tag_hourly_from_changed_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) AND NOT EXISTS (SELECT 1 FROM old_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM "chat_tag_hourly_from_facts"(array(SELECT ROW(n.*)::"chat_facts" FROM new_rows n), array(SELECT ROW(o.*)::"chat_facts" FROM old_rows o));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "chat_tag_hourly_from_removed_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM "chat_tag_hourly_from_facts"('{}', array(SELECT ROW(o.*)::"chat_facts" FROM old_rows o));
  RETURN NULL;
END $$;--> statement-breakpoint
-- Most changes of a chat's facts leave its tags' hour and class where they were (a new message moves
-- neither): the deltas are empty, and an empty list writes nothing.
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
END $$;--> statement-breakpoint
-- A chat update that did not move last_message_at (its summary, its status) updates no tag, and an
-- UPDATE of no rows would still wake chat_tags' own triggers.
CREATE OR REPLACE FUNCTION "chat_tags_follow_chats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o."id" = n."id"
                 WHERE n."last_message_at" IS DISTINCT FROM o."last_message_at") THEN
    RETURN NULL;
  END IF;
  UPDATE "chat_tags" t SET "last_message_at" = n."last_message_at"
    FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE t."chat_id" = n."id" AND n."last_message_at" IS DISTINCT FROM o."last_message_at";
  RETURN NULL;
END $$;--> statement-breakpoint
-- The rollups' functions in PL/pgSQL rather than plain SQL: PostgreSQL plans a SQL function's
-- statements anew on every call, PL/pgSQL keeps its plans for the session (same statements as 0025
-- and 0026, run once per message).
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
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "chat_tag_hourly_from_facts"(added "chat_facts"[], removed "chat_facts"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_tag_hourly_apply"(array(
    SELECT ROW(k.company_id, k.hour, t."kind", t."value", k.class, k.silent_hour, k.chats)::"chat_tag_hourly"
    FROM (
      SELECT (s.a)."chat_id", (x.r).company_id, (x.r).hour, (x.r).class, (x.r).silent_hour, sum((x.r).chats)::int AS chats
      FROM (SELECT 1 AS sign, a FROM unnest(added) a UNION ALL SELECT -1, o FROM unnest(removed) o) s,
        LATERAL (SELECT "chat_tag_hourly_row"(s.a, '', '', s.sign) AS r) x
      WHERE (s.a)."last_ai_at" IS NOT NULL
      GROUP BY (s.a)."chat_id", (x.r).company_id, (x.r).hour, (x.r).class, (x.r).silent_hour
      HAVING sum((x.r).chats) <> 0
    ) k
    JOIN "chat_tags" t ON t."chat_id" = k."chat_id"
    WHERE EXISTS (SELECT 1 FROM "chats" c WHERE c."id" = k."chat_id")
  ));
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "chat_tag_hourly_from_tags"(added "chat_tags"[], removed "chat_tags"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_tag_hourly_apply"(array(
    SELECT "chat_tag_hourly_row"(f, (s.a)."kind", (s.a)."value", s.sign)
    FROM (SELECT 1 AS sign, a FROM unnest(added) a UNION ALL SELECT -1, o FROM unnest(removed) o) s
    JOIN "chat_facts" f ON f."chat_id" = (s.a)."chat_id"
    WHERE f."last_ai_at" IS NOT NULL AND EXISTS (SELECT 1 FROM "chats" c WHERE c."id" = (s.a)."chat_id")
  ));
END $$;

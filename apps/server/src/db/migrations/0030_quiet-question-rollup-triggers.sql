-- Decision 064's early returns for migration 0027's rollup of suggested questions: every message
-- fires its triggers, and most (the AI's answers, a chat whose hour and conversation did not change)
-- bring no change to chat_question_texts or chat_question_hourly. Their apply functions used to run
-- an INSERT and a DELETE over the empty list anyway; now they return at once. Same rows as before.
-- chat_question_hourly_apply becomes PL/pgSQL for the early return (and keeps its plans, as 0029's do).
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
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "chat_question_texts_apply"(deltas "chat_question_texts"[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  moved "chat_question_texts"[];
BEGIN
  IF coalesce(cardinality(deltas), 0) = 0 THEN
    RETURN;
  END IF;
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
END $$;

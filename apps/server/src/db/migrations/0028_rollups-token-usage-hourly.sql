CREATE TABLE "token_chat_hourly" (
	"company_id" uuid NOT NULL,
	"model" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"previous_hour" timestamp with time zone,
	"chats" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "token_chat_hourly_key" UNIQUE NULLS NOT DISTINCT("company_id","hour","model","previous_hour")
);
--> statement-breakpoint
CREATE TABLE "token_chat_hours" (
	"chat_id" uuid NOT NULL,
	"model" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"company_id" uuid NOT NULL,
	"usages" integer NOT NULL,
	CONSTRAINT "token_chat_hours_chat_id_model_hour_pk" PRIMARY KEY("chat_id","model","hour")
);
--> statement-breakpoint
CREATE TABLE "token_usage_hourly" (
	"company_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"model" text NOT NULL,
	"input_tokens" bigint DEFAULT 0 NOT NULL,
	"output_tokens" bigint DEFAULT 0 NOT NULL,
	"chat_tokens" bigint DEFAULT 0 NOT NULL,
	"usages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "token_usage_hourly_company_id_hour_model_pk" PRIMARY KEY("company_id","hour","model")
);
--> statement-breakpoint
ALTER TABLE "token_chat_hourly" ADD CONSTRAINT "token_chat_hourly_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_usage_hourly" ADD CONSTRAINT "token_usage_hourly_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "token_usage_company_created_idx" ON "token_usage" USING btree ("company_id","created_at");--> statement-breakpoint
-- Adds the deltas in token_chat_hourly's rows: summed per row first, rows left at zero deleted, a
-- company being deleted left alone (as chat_hourly_apply does, decision 052).
CREATE FUNCTION "token_chat_hourly_apply"(deltas "token_chat_hourly"[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "token_chat_hourly" AS h ("company_id", "model", "hour", "previous_hour", "chats")
  SELECT d."company_id", d."model", d."hour", d."previous_hour", sum(d."chats")
  FROM unnest(deltas) d
  WHERE EXISTS (SELECT 1 FROM "companies" c WHERE c."id" = d."company_id")
  GROUP BY d."company_id", d."model", d."hour", d."previous_hour"
  HAVING sum(d."chats") <> 0
  -- In key order, so two statements upserting the same rows lock them in the same order.
  ORDER BY d."company_id", d."hour", d."model", d."previous_hour"
  ON CONFLICT ON CONSTRAINT "token_chat_hourly_key" DO UPDATE SET "chats" = h."chats" + excluded."chats";
  DELETE FROM "token_chat_hourly" h
  USING (SELECT DISTINCT d."company_id", d."hour" FROM unnest(deltas) d) k
  WHERE h."company_id" = k."company_id" AND h."hour" = k."hour" AND h."chats" = 0;
$$;--> statement-breakpoint
-- The chains of these chats' hours with a model, each hour with the one before it, signed.
CREATE FUNCTION "token_chat_chains"(pairs "token_chat_hours"[], sign integer) RETURNS "token_chat_hourly"[] LANGUAGE sql STABLE AS $$
  SELECT array(
    SELECT ROW(t."company_id", t."model", t."hour",
      lag(t."hour") OVER (PARTITION BY t."chat_id", t."model" ORDER BY t."hour"), sign)::"token_chat_hourly"
    FROM "token_chat_hours" t
    WHERE (t."chat_id", t."model") IN (SELECT p."chat_id", p."model" FROM unnest(pairs) p))
$$;--> statement-breakpoint
-- Usage rows that came or went (an update is both): their tokens move token_usage_hourly; a chat's
-- rows move token_chat_hours, and the chats whose hours with a model changed have their chain in
-- token_chat_hourly taken away as it was and added as it is.
CREATE FUNCTION "token_usage_hourly_apply"(added "token_usage"[], removed "token_usage"[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  moved "token_chat_hours"[];
  before_move "token_chat_hourly"[];
BEGIN
  WITH s AS (
    SELECT 1 AS sign, a.* FROM unnest(added) a UNION ALL SELECT -1, o.* FROM unnest(removed) o
  ), d AS (
    SELECT s."company_id", date_trunc('hour', s."created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS "hour", s."model",
      sum(s.sign * s."input_tokens") AS input_tokens, sum(s.sign * s."output_tokens") AS output_tokens,
      sum(CASE WHEN s."chat_id" IS NOT NULL THEN s.sign * (s."input_tokens" + s."output_tokens") ELSE 0 END) AS chat_tokens,
      sum(s.sign) AS usages
    FROM s
    WHERE EXISTS (SELECT 1 FROM "companies" c WHERE c."id" = s."company_id")
    GROUP BY 1, 2, 3
  )
  INSERT INTO "token_usage_hourly" AS h ("company_id", "hour", "model", "input_tokens", "output_tokens", "chat_tokens", "usages")
  SELECT * FROM d WHERE d.usages <> 0 OR d.input_tokens <> 0 OR d.output_tokens <> 0 OR d.chat_tokens <> 0
  ORDER BY d."company_id", d."hour", d."model"
  ON CONFLICT ("company_id", "hour", "model") DO UPDATE SET
    "input_tokens" = h."input_tokens" + excluded."input_tokens", "output_tokens" = h."output_tokens" + excluded."output_tokens",
    "chat_tokens" = h."chat_tokens" + excluded."chat_tokens", "usages" = h."usages" + excluded."usages";
  DELETE FROM "token_usage_hourly" h
  USING (SELECT DISTINCT s."company_id", date_trunc('hour', s."created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS "hour", s."model"
    FROM (SELECT r.* FROM unnest(removed) r) s) k
  WHERE h."company_id" = k."company_id" AND h."hour" = k."hour" AND h."model" = k."model" AND h."usages" = 0;

  moved := array(
    SELECT ROW(s."chat_id", s."model", date_trunc('hour', s."created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
      s."company_id", sum(s.sign))::"token_chat_hours"
    FROM (SELECT 1 AS sign, a.* FROM unnest(added) a UNION ALL SELECT -1, o.* FROM unnest(removed) o) s
    WHERE s."chat_id" IS NOT NULL
    GROUP BY s."chat_id", s."model", date_trunc('hour', s."created_at" AT TIME ZONE 'UTC'), s."company_id"
    HAVING sum(s.sign) <> 0);
  IF cardinality(moved) = 0 THEN
    RETURN;
  END IF;
  before_move := "token_chat_chains"(moved, -1);
  INSERT INTO "token_chat_hours" AS t ("chat_id", "model", "hour", "company_id", "usages")
  SELECT m."chat_id", m."model", m."hour", min(m."company_id"::text)::uuid, sum(m."usages") FROM unnest(moved) m
  GROUP BY m."chat_id", m."model", m."hour"
  ORDER BY m."chat_id", m."model", m."hour"
  ON CONFLICT ("chat_id", "model", "hour") DO UPDATE SET "usages" = t."usages" + excluded."usages";
  DELETE FROM "token_chat_hours" t USING unnest(moved) m
  WHERE t."chat_id" = m."chat_id" AND t."model" = m."model" AND t."hour" = m."hour" AND t."usages" <= 0;
  PERFORM "token_chat_hourly_apply"(before_move || "token_chat_chains"(moved, 1));
END $$;--> statement-breakpoint
-- Transition tables are visible only to the trigger's own function, hence one body per event.
CREATE FUNCTION "token_usage_hourly_from_new_usage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "token_usage_hourly_apply"(array(SELECT ROW(n.*)::"token_usage" FROM new_rows n), '{}');
  RETURN NULL;
END $$;--> statement-breakpoint
-- A deleted chat sets its usage's chat_id to null: its tokens stay, its hours go.
CREATE FUNCTION "token_usage_hourly_from_changed_usage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "token_usage_hourly_apply"(array(SELECT ROW(n.*)::"token_usage" FROM new_rows n),
    array(SELECT ROW(o.*)::"token_usage" FROM old_rows o));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "token_usage_hourly_from_removed_usage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "token_usage_hourly_apply"('{}', array(SELECT ROW(o.*)::"token_usage" FROM old_rows o));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "token_usage_hourly_from_new_usage_trigger" AFTER INSERT ON "token_usage"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "token_usage_hourly_from_new_usage"();--> statement-breakpoint
CREATE TRIGGER "token_usage_hourly_from_changed_usage_trigger" AFTER UPDATE ON "token_usage"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "token_usage_hourly_from_changed_usage"();--> statement-breakpoint
CREATE TRIGGER "token_usage_hourly_from_removed_usage_trigger" AFTER DELETE ON "token_usage"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "token_usage_hourly_from_removed_usage"();--> statement-breakpoint
-- Refills a company's rows from its token_usage (the backfill below; a repair if they drift).
CREATE FUNCTION "token_usage_hourly_rebuild"(company uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "token_usage_hourly" WHERE "company_id" = company;
  DELETE FROM "token_chat_hours" WHERE "company_id" = company;
  DELETE FROM "token_chat_hourly" WHERE "company_id" = company;
  INSERT INTO "token_usage_hourly" ("company_id", "hour", "model", "input_tokens", "output_tokens", "chat_tokens", "usages")
  SELECT u."company_id", date_trunc('hour', u."created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', u."model",
    sum(u."input_tokens"), sum(u."output_tokens"),
    coalesce(sum(u."input_tokens" + u."output_tokens") FILTER (WHERE u."chat_id" IS NOT NULL), 0), count(*)
  FROM "token_usage" u WHERE u."company_id" = company
  GROUP BY 1, 2, 3;
  INSERT INTO "token_chat_hours" ("chat_id", "model", "hour", "company_id", "usages")
  SELECT u."chat_id", u."model", date_trunc('hour', u."created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', company, count(*)
  FROM "token_usage" u WHERE u."company_id" = company AND u."chat_id" IS NOT NULL
  GROUP BY 1, 2, 3;
  INSERT INTO "token_chat_hourly" ("company_id", "model", "hour", "previous_hour", "chats")
  SELECT company, c."model", c."hour", c."previous_hour", count(*)
  FROM (
    SELECT t."model", t."hour", lag(t."hour") OVER (PARTITION BY t."chat_id", t."model" ORDER BY t."hour") AS "previous_hour"
    FROM "token_chat_hours" t WHERE t."company_id" = company
  ) c
  GROUP BY 2, 3, 4;
$$;--> statement-breakpoint
SELECT "token_usage_hourly_rebuild"("id") FROM "companies";

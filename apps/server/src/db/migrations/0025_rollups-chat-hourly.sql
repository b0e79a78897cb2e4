CREATE TABLE "chat_hourly" (
	"company_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"class" text NOT NULL,
	"silent_hour" timestamp with time zone,
	"chats" integer DEFAULT 0 NOT NULL,
	"messages" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_hourly_key" UNIQUE NULLS NOT DISTINCT("company_id","hour","class","silent_hour")
);
--> statement-breakpoint
ALTER TABLE "chat_hourly" ADD CONSTRAINT "chat_hourly_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_facts_silent_idx" ON "chat_facts" USING btree ("company_id","last_ai_at") WHERE "chat_facts"."last_ai_at" is not null and "chat_facts"."status" not in ('human', 'ticket') and not "chat_facts"."said_resolved" and "chat_facts"."rating" is null and not "chat_facts"."returned_in_chat" and not "chat_facts"."returned_in_new_chat" and ("chat_facts"."last_customer_at" is null or "chat_facts"."last_customer_at" < "chat_facts"."last_ai_at");--> statement-breakpoint
-- A conversation's outcome as far as it does not depend on now (decision 039's order, the first that
-- applies wins): a silent chat becomes "assumed" 24 hours after the AI's last answer, else it is open.
CREATE FUNCTION "chat_hourly_class"(f "chat_facts") RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN f."status" IN ('human', 'ticket') THEN 'handed-off'
    WHEN f."said_resolved" OR f."rating" >= 3 THEN 'confirmed'
    WHEN f."returned_in_chat" OR f."returned_in_new_chat" THEN 'reopened'
    WHEN f."rating" IS NULL AND (f."last_customer_at" IS NULL OR f."last_customer_at" < f."last_ai_at") THEN 'silent'
    ELSE 'open'
  END
$$;--> statement-breakpoint
-- Adds the `added` facts and takes away the `removed` ones in their hours (only conversations: a chat
-- the AI never answered is in no report). Summed per row first, since one statement may upsert a
-- row only once; a company being deleted is left alone (its rows go by the cascade).
CREATE FUNCTION "chat_hourly_apply"(added "chat_facts"[], removed "chat_facts"[]) RETURNS void LANGUAGE sql AS $$
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
  ON CONFLICT ON CONSTRAINT "chat_hourly_key" DO UPDATE
    SET "chats" = h."chats" + excluded."chats", "messages" = h."messages" + excluded."messages";
  -- An hour's class left empty takes no room.
  DELETE FROM "chat_hourly" h
  USING (SELECT DISTINCT a."company_id", date_trunc('hour', a."created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour
         FROM unnest(added || removed) a) k
  WHERE h."company_id" = k.company_id AND h."hour" = k.hour AND h."chats" = 0;
$$;--> statement-breakpoint
-- Transition tables are visible only to the trigger's own function, hence one body per event.
CREATE FUNCTION "chat_hourly_from_new_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_hourly_apply"(array(SELECT ROW(n.*)::"chat_facts" FROM new_rows n), '{}');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "chat_hourly_from_changed_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_hourly_apply"(array(SELECT ROW(n.*)::"chat_facts" FROM new_rows n), array(SELECT ROW(o.*)::"chat_facts" FROM old_rows o));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "chat_hourly_from_removed_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_hourly_apply"('{}', array(SELECT ROW(o.*)::"chat_facts" FROM old_rows o));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chat_hourly_from_new_facts_trigger" AFTER INSERT ON "chat_facts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_hourly_from_new_facts"();--> statement-breakpoint
CREATE TRIGGER "chat_hourly_from_changed_facts_trigger" AFTER UPDATE ON "chat_facts"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_hourly_from_changed_facts"();--> statement-breakpoint
CREATE TRIGGER "chat_hourly_from_removed_facts_trigger" AFTER DELETE ON "chat_facts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_hourly_from_removed_facts"();--> statement-breakpoint
-- Refills a company's rows from chat_facts (the backfill below; a repair if they ever drift).
CREATE FUNCTION "chat_hourly_rebuild"(company uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "chat_hourly" WHERE "company_id" = company;
  SELECT "chat_hourly_apply"(array(SELECT f FROM "chat_facts" f WHERE f."company_id" = company), '{}');
$$;--> statement-breakpoint
SELECT "chat_hourly_rebuild"("id") FROM "companies";

CREATE TABLE "chat_tag_hourly" (
	"company_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"class" text NOT NULL,
	"silent_hour" timestamp with time zone,
	"chats" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_tag_hourly_key" UNIQUE NULLS NOT DISTINCT("company_id","hour","kind","value","class","silent_hour")
);
--> statement-breakpoint
ALTER TABLE "chat_tag_hourly" ADD CONSTRAINT "chat_tag_hourly_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A facts row's place in chat_tag_hourly for one tag, counting `chats` (+1 or -1): chat_hourly's
-- hour, class and silent hour (decision 052), so the two rollups always agree.
CREATE FUNCTION "chat_tag_hourly_row"(f "chat_facts", kind text, value text, chats integer) RETURNS "chat_tag_hourly"
LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(f."company_id", date_trunc('hour', f."created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', kind, value,
    "chat_hourly_class"(f),
    CASE WHEN "chat_hourly_class"(f) = 'silent'
      THEN date_trunc('hour', f."last_ai_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' END,
    chats)::"chat_tag_hourly"
$$;--> statement-breakpoint
-- Adds the deltas (rows whose `chats` is +1 or -1) in their rows: summed per row first (one
-- statement may upsert a row only once), rows left at zero deleted; a company being deleted is left
-- alone (its rows go by the cascade, and an insert would break the foreign key).
CREATE FUNCTION "chat_tag_hourly_apply"(deltas "chat_tag_hourly"[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "chat_tag_hourly" AS h ("company_id", "hour", "kind", "value", "class", "silent_hour", "chats")
  SELECT d."company_id", d."hour", d."kind", d."value", d."class", d."silent_hour", sum(d."chats")
  FROM unnest(deltas) d
  WHERE EXISTS (SELECT 1 FROM "companies" c WHERE c."id" = d."company_id")
  GROUP BY d."company_id", d."hour", d."kind", d."value", d."class", d."silent_hour"
  HAVING sum(d."chats") <> 0
  ON CONFLICT ON CONSTRAINT "chat_tag_hourly_key" DO UPDATE SET "chats" = h."chats" + excluded."chats";
  DELETE FROM "chat_tag_hourly" h
  USING (SELECT DISTINCT d."company_id", d."hour" FROM unnest(deltas) d) k
  WHERE h."company_id" = k."company_id" AND h."hour" = k."hour" AND h."chats" = 0;
$$;--> statement-breakpoint
-- Facts that changed move every tag their chat has now. Only chats whose hour, class or silent hour
-- changed are looked up (a new message seldom changes them). The rollup counts pairs of a facts row
-- and a tag row that both exist; a chat being deleted is left out here, since
-- chat_tag_hourly_forget_chat took it away while both still existed (decision 059: the cascaded
-- deletes of chat_facts and chat_tags fire their triggers after both are gone, in either order).
CREATE FUNCTION "chat_tag_hourly_from_facts"(added "chat_facts"[], removed "chat_facts"[]) RETURNS void LANGUAGE sql AS $$
  SELECT "chat_tag_hourly_apply"(array(
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
$$;--> statement-breakpoint
-- Tags that came or went, in the hour and class their chat's facts have now (nothing for a chat the
-- AI never answered, nor for a chat being deleted: see above).
CREATE FUNCTION "chat_tag_hourly_from_tags"(added "chat_tags"[], removed "chat_tags"[]) RETURNS void LANGUAGE sql AS $$
  SELECT "chat_tag_hourly_apply"(array(
    SELECT "chat_tag_hourly_row"(f, (s.a)."kind", (s.a)."value", s.sign)
    FROM (SELECT 1 AS sign, a FROM unnest(added) a UNION ALL SELECT -1, o FROM unnest(removed) o) s
    JOIN "chat_facts" f ON f."chat_id" = (s.a)."chat_id"
    WHERE f."last_ai_at" IS NOT NULL AND EXISTS (SELECT 1 FROM "chats" c WHERE c."id" = (s.a)."chat_id")
  ));
$$;--> statement-breakpoint
-- Transition tables are visible only to the trigger's own function, hence one body per event.
CREATE FUNCTION "chat_tag_hourly_from_new_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_tag_hourly_from_facts"(array(SELECT ROW(n.*)::"chat_facts" FROM new_rows n), '{}');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "chat_tag_hourly_from_changed_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_tag_hourly_from_facts"(array(SELECT ROW(n.*)::"chat_facts" FROM new_rows n), array(SELECT ROW(o.*)::"chat_facts" FROM old_rows o));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "chat_tag_hourly_from_removed_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_tag_hourly_from_facts"('{}', array(SELECT ROW(o.*)::"chat_facts" FROM old_rows o));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "chat_tag_hourly_from_new_tags"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_tag_hourly_from_tags"(array(SELECT ROW(n.*)::"chat_tags" FROM new_rows n), '{}');
  RETURN NULL;
END $$;--> statement-breakpoint
-- Every message moves its chat's tags' last_message_at (migration 0012); only a changed kind or
-- value is a change here.
CREATE FUNCTION "chat_tag_hourly_from_changed_tags"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added "chat_tags"[] := array(SELECT ROW(n.*)::"chat_tags" FROM new_rows n WHERE NOT EXISTS (
    SELECT 1 FROM old_rows o WHERE o."chat_id" = n."chat_id" AND o."kind" = n."kind" AND o."value" = n."value"));
  removed "chat_tags"[] := array(SELECT ROW(o.*)::"chat_tags" FROM old_rows o WHERE NOT EXISTS (
    SELECT 1 FROM new_rows n WHERE o."chat_id" = n."chat_id" AND o."kind" = n."kind" AND o."value" = n."value"));
BEGIN
  IF cardinality(added) > 0 OR cardinality(removed) > 0 THEN
    PERFORM "chat_tag_hourly_from_tags"(added, removed);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "chat_tag_hourly_from_removed_tags"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_tag_hourly_from_tags"('{}', array(SELECT ROW(o.*)::"chat_tags" FROM old_rows o));
  RETURN NULL;
END $$;--> statement-breakpoint
-- A deleted chat's pairs are taken away before its row goes, while its facts and tags both still
-- exist: the cascaded deletes fire their statement triggers only after the chat's whole delete,
-- when neither finds the other any more.
CREATE FUNCTION "chat_tag_hourly_forget_chat"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "chat_tag_hourly_apply"(array(
    SELECT "chat_tag_hourly_row"(f, t."kind", t."value", -1)
    FROM "chat_facts" f JOIN "chat_tags" t ON t."chat_id" = f."chat_id"
    WHERE f."chat_id" = OLD."id" AND f."last_ai_at" IS NOT NULL));
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "chat_tag_hourly_from_new_facts_trigger" AFTER INSERT ON "chat_facts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_tag_hourly_from_new_facts"();--> statement-breakpoint
CREATE TRIGGER "chat_tag_hourly_from_changed_facts_trigger" AFTER UPDATE ON "chat_facts"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_tag_hourly_from_changed_facts"();--> statement-breakpoint
CREATE TRIGGER "chat_tag_hourly_from_removed_facts_trigger" AFTER DELETE ON "chat_facts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_tag_hourly_from_removed_facts"();--> statement-breakpoint
CREATE TRIGGER "chat_tag_hourly_from_new_tags_trigger" AFTER INSERT ON "chat_tags"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_tag_hourly_from_new_tags"();--> statement-breakpoint
CREATE TRIGGER "chat_tag_hourly_from_changed_tags_trigger" AFTER UPDATE ON "chat_tags"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_tag_hourly_from_changed_tags"();--> statement-breakpoint
CREATE TRIGGER "chat_tag_hourly_from_removed_tags_trigger" AFTER DELETE ON "chat_tags"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_tag_hourly_from_removed_tags"();--> statement-breakpoint
CREATE TRIGGER "chat_tag_hourly_forget_chat_trigger" BEFORE DELETE ON "chats"
  FOR EACH ROW EXECUTE FUNCTION "chat_tag_hourly_forget_chat"();--> statement-breakpoint
-- Refills a company's rows from chat_facts and chat_tags (the backfill below; a repair if they drift).
CREATE FUNCTION "chat_tag_hourly_rebuild"(company uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "chat_tag_hourly" WHERE "company_id" = company;
  SELECT "chat_tag_hourly_apply"(array(
    SELECT "chat_tag_hourly_row"(f, t."kind", t."value", 1)
    FROM "chat_facts" f JOIN "chat_tags" t ON t."chat_id" = f."chat_id"
    WHERE f."company_id" = company AND f."last_ai_at" IS NOT NULL));
$$;--> statement-breakpoint
SELECT "chat_tag_hourly_rebuild"("id") FROM "companies";

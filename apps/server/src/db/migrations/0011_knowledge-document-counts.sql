ALTER TABLE "knowledge_sources" ADD COLUMN "document_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD COLUMN "active_document_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "knowledge_sources" s SET
  "document_count" = (SELECT count(*) FROM "knowledge_documents" d WHERE d."source_id" = s."id"),
  "active_document_count" = (SELECT count(*) FROM "knowledge_documents" d WHERE d."source_id" = s."id" AND d."is_active");--> statement-breakpoint
-- Keeps the two counts of a source in step with its documents, in the writer's transaction, once
-- per statement (ingestion writes many documents at a time). Transition tables are visible only
-- to the trigger's own function, hence three bodies. An UPDATE that leaves is_active and
-- source_id as they were subtracts and adds the same numbers.
CREATE FUNCTION "knowledge_documents_counted_in"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "knowledge_sources" s SET
    "document_count" = s."document_count" + c.n,
    "active_document_count" = s."active_document_count" + c.active
  FROM (SELECT "source_id", count(*)::integer AS n, (count(*) FILTER (WHERE "is_active"))::integer AS active
        FROM new_rows GROUP BY "source_id") c
  WHERE s."id" = c."source_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "knowledge_documents_counted_out"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "knowledge_sources" s SET
    "document_count" = s."document_count" - c.n,
    "active_document_count" = s."active_document_count" - c.active
  FROM (SELECT "source_id", count(*)::integer AS n, (count(*) FILTER (WHERE "is_active"))::integer AS active
        FROM old_rows GROUP BY "source_id") c
  WHERE s."id" = c."source_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "knowledge_documents_counted_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "knowledge_sources" s SET
    "document_count" = s."document_count" + c.n,
    "active_document_count" = s."active_document_count" + c.active
  FROM (
    SELECT "source_id", sum(n)::integer AS n, sum(active)::integer AS active FROM (
      SELECT "source_id", 1 AS n, (CASE WHEN "is_active" THEN 1 ELSE 0 END) AS active FROM new_rows
      UNION ALL
      SELECT "source_id", -1, -(CASE WHEN "is_active" THEN 1 ELSE 0 END) FROM old_rows
    ) moves GROUP BY "source_id"
  ) c
  WHERE s."id" = c."source_id" AND (c.n <> 0 OR c.active <> 0);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "knowledge_documents_counted_in_trigger" AFTER INSERT ON "knowledge_documents"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "knowledge_documents_counted_in"();--> statement-breakpoint
CREATE TRIGGER "knowledge_documents_counted_out_trigger" AFTER DELETE ON "knowledge_documents"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "knowledge_documents_counted_out"();--> statement-breakpoint
CREATE TRIGGER "knowledge_documents_counted_moved_trigger" AFTER UPDATE ON "knowledge_documents"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "knowledge_documents_counted_moved"();

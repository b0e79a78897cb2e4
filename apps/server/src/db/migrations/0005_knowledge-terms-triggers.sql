-- Keeps knowledge_terms exact: after every statement that adds, removes or changes passages, the
-- lexeme counts (and the passage total under the empty lexeme) move by what that statement did.
-- Transition tables are visible only to the trigger's own function, hence three similar bodies.
CREATE FUNCTION knowledge_chunks_terms_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO knowledge_terms (company_id, lexeme, chunk_count)
  SELECT company_id, lexeme, count(*)::integer FROM (
    SELECT r.company_id, u.lexeme FROM inserted_rows r, unnest(r.search) u
    UNION ALL SELECT r.company_id, '' FROM inserted_rows r
  ) counted
  GROUP BY company_id, lexeme
  ON CONFLICT (company_id, lexeme) DO UPDATE SET chunk_count = knowledge_terms.chunk_count + excluded.chunk_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION knowledge_chunks_terms_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE knowledge_terms t SET chunk_count = t.chunk_count - counted.n
  FROM (
    SELECT company_id, lexeme, count(*)::integer AS n FROM (
      SELECT r.company_id, u.lexeme FROM deleted_rows r, unnest(r.search) u
      UNION ALL SELECT r.company_id, '' FROM deleted_rows r
    ) removed
    GROUP BY company_id, lexeme
  ) counted
  WHERE t.company_id = counted.company_id AND t.lexeme = counted.lexeme;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION knowledge_chunks_terms_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only rows whose text changed move counts (toggling is_searchable leaves them alone).
  INSERT INTO knowledge_terms (company_id, lexeme, chunk_count)
  SELECT company_id, lexeme, sum(delta)::integer FROM (
    SELECT n.company_id, u.lexeme, 1 AS delta
    FROM inserted_rows n JOIN deleted_rows o ON o.id = n.id, unnest(n.search) u
    WHERE n.search IS DISTINCT FROM o.search
    UNION ALL
    SELECT o.company_id, u.lexeme, -1
    FROM deleted_rows o JOIN inserted_rows n ON n.id = o.id, unnest(o.search) u
    WHERE n.search IS DISTINCT FROM o.search
  ) changed
  GROUP BY company_id, lexeme
  ON CONFLICT (company_id, lexeme) DO UPDATE SET chunk_count = knowledge_terms.chunk_count + excluded.chunk_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER knowledge_chunks_terms_insert AFTER INSERT ON knowledge_chunks
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION knowledge_chunks_terms_inserted();
--> statement-breakpoint
CREATE TRIGGER knowledge_chunks_terms_delete AFTER DELETE ON knowledge_chunks
  REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION knowledge_chunks_terms_deleted();
--> statement-breakpoint
CREATE TRIGGER knowledge_chunks_terms_update AFTER UPDATE ON knowledge_chunks
  REFERENCING OLD TABLE AS deleted_rows NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION knowledge_chunks_terms_updated();
--> statement-breakpoint
INSERT INTO knowledge_terms (company_id, lexeme, chunk_count)
SELECT company_id, lexeme, count(*)::integer FROM (
  SELECT c.company_id, u.lexeme FROM knowledge_chunks c, unnest(c.search) u
  UNION ALL SELECT c.company_id, '' FROM knowledge_chunks c
) counted
GROUP BY company_id, lexeme;

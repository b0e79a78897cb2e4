-- pgvector powers the knowledge base's semantic search; PGlite loads it from @electric-sql/pglite-pgvector,
-- PostgreSQL needs the extension installed (scripts/setup-system.sh builds it).
CREATE EXTENSION IF NOT EXISTS vector;

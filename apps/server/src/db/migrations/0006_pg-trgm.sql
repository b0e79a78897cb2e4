-- Trigram matching for the document search box (pg_trgm ships with PostgreSQL contrib and PGlite).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

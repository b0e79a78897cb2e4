import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  vector,
} from "drizzle-orm/pg-core";
import { companies } from "./companies";

/** Dimensions of every stored embedding; the local hashing embedder and remote models are fitted to it. */
export const EMBEDDING_DIMENSIONS = 384;

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const knowledgeSources = pgTable(
  "knowledge_sources",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    sourceType: text("source_type").notNull(),
    url: text("url").notNull(),
    updateFrequency: text("update_frequency").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    options: jsonb("options").$type<Record<string, unknown>>().notNull().default({}),
    isSyncing: boolean("is_syncing").notNull().default(false),
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    lastError: text("last_error"),
    pageErrors: jsonb("page_errors").$type<{ url: string; message: string }[]>().notNull().default([]),
    /** Where an incremental sync resumes (e.g. Zendesk's start_time). */
    syncCursor: jsonb("sync_cursor").$type<Record<string, unknown>>(),
    nextSyncAt: timestamp("next_sync_at", { withTimezone: true }),
    /**
     * Documents of the source, all and active ones, kept by a trigger on knowledge_documents
     * (migration 0011): the document list and the sources table read them instead of counting.
     */
    documentCount: integer("document_count").notNull().default(0),
    activeDocumentCount: integer("active_document_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("knowledge_sources_company_type_url_idx").on(table.companyId, table.sourceType, table.url),
    index("knowledge_sources_next_sync_idx").on(table.nextSyncAt),
  ],
);

export const knowledgeDocuments = pgTable(
  "knowledge_documents",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    sourceId: uuid("source_id")
      .notNull()
      .references(() => knowledgeSources.id, { onDelete: "cascade" }),
    /** The item's identity in its source: a page URL, a Shopify GID, a Zendesk id, an article's own id. */
    referenceId: text("reference_id").notNull(),
    title: text("title").notNull(),
    url: text("url"),
    image: text("image"),
    language: text("language").notNull().default("en"),
    preview: text("preview").notNull().default(""),
    contentHash: text("content_hash"),
    isActive: boolean("is_active").notNull().default(true),
    showAsSource: boolean("show_as_source").notNull().default(true),
    hasContent: boolean("has_content").notNull().default(false),
    timesUsed: integer("times_used").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("knowledge_documents_source_ref_idx").on(table.sourceId, table.referenceId),
    // In the list's order (newest first, id breaking ties), so a page's ids come from the index
    // alone however deep the page is.
    index("knowledge_documents_list_idx").on(
      table.companyId,
      table.sourceId,
      table.updatedAt.desc().nullsFirst(),
      table.id,
    ),
    index("knowledge_documents_filter_idx").on(
      table.companyId,
      table.sourceId,
      table.isActive,
      table.updatedAt.desc().nullsFirst(),
      table.id,
    ),
    // The document search box matches anywhere in the title (ILIKE '%term%'): trigrams make that an index scan.
    index("knowledge_documents_title_trgm_idx").using("gin", sql`${table.title} gin_trgm_ops`),
    index("knowledge_documents_url_trgm_idx").using("gin", sql`${table.url} gin_trgm_ops`),
  ],
);

/**
 * A passage of a document: the unit of retrieval. `isSearchable` mirrors "document active and
 * source active" so retrieval filters one table; it is updated with every toggle.
 */
export const knowledgeChunks = pgTable(
  "knowledge_chunks",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    documentId: uuid("document_id")
      .notNull()
      .references(() => knowledgeDocuments.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    content: text("content").notNull(),
    isSearchable: boolean("is_searchable").notNull().default(true),
    /** Title (weight A) and content (weight B) in the document language's text-search config. */
    search: tsvector("search").notNull(),
    embedding: vector("embedding", { dimensions: EMBEDDING_DIMENSIONS }),
    embeddingModel: text("embedding_model"),
  },
  (table) => [
    index("knowledge_chunks_document_idx").on(table.documentId, table.position),
    index("knowledge_chunks_search_idx").using("gin", table.search),
    // Lighter graph than pgvector's defaults (m 16, ef_construction 64): inserts are what bulk
    // syncs pay for on the embedded database, and the iterative scan keeps recall at query time.
    index("knowledge_chunks_embedding_idx")
      .using("hnsw", table.embedding.op("vector_cosine_ops"))
      .with({ m: 12, ef_construction: 32 }),
    index("knowledge_chunks_company_idx").on(table.companyId, table.isSearchable),
  ],
);

/**
 * How many of a company's passages contain each lexeme (the empty lexeme holds the passage
 * total): BM25's document frequencies, so retrieval weighs words by rarity with one index lookup
 * per word. Kept exact by statement triggers on knowledge_chunks (migration 0004).
 */
export const knowledgeTerms = pgTable(
  "knowledge_terms",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    lexeme: text("lexeme").notNull(),
    chunkCount: integer("chunk_count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.lexeme] })],
);

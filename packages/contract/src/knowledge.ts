import { z } from "zod";
import { idSchema } from "./common";
import { companySchema } from "./user";

/** Knowledge-base limits (spec part 1 §9 and issue #3). */
export const DOCUMENTS_PAGE_SIZE = 20;
export const ARTICLE_BLOCK_BUDGET = 1600;
export const ARTICLE_BLOCK_WARNING = 200;
export const ARTICLE_MAX_BLOCKS = 200;
export const ARTICLE_TITLE_MAX = 300;
export const SOURCE_NAME_MAX = 120;
export const CRAWL_MAX_PAGES_DEFAULT = 200;
export const CRAWL_MAX_PAGES_LIMIT = 2000;

/**
 * Source types. `macha-article` is the spec's wire value for articles written in Harbor; kept as is.
 * `website` and `blog` are public sites crawled with the add-company page's crawl options.
 */
export const sourceTypeSchema = z.enum([
  "macha-article",
  "shopify-products",
  "zendesk-hc",
  "zendesk-hc-api",
  "zendesk-macro",
  "website",
  "blog",
]);
export type SourceType = z.infer<typeof sourceTypeSchema>;

export const updateFrequencySchema = z.enum(["none", "weekly", "monthly", "auto"]);
export type UpdateFrequency = z.infer<typeof updateFrequencySchema>;

export const documentFilterSchema = z.enum(["all", "active", "inactive"]);
export type DocumentFilter = z.infer<typeof documentFilterSchema>;

const selectorSchema = z.string().trim().max(500, "A selector can be at most 500 characters");
const httpUrlSchema = z
  .string({ error: "URL is required" })
  .trim()
  .min(1, "URL is required")
  .max(2000, "URL is too long")
  .pipe(z.url({ protocol: /^https?$/, error: "Enter a URL starting with http:// or https://" }));

export const shopifySelectorsSchema = z.object({
  skipDescription: z.boolean().optional(),
  descriptionDelimiter: z.string().max(200).optional(),
  chunkSelectors: z.array(selectorSchema).max(20).optional(),
  useAxios: z.boolean().optional(),
});

/** Options by source type; unknown keys are dropped. */
export const sourceOptionsSchema = z.object({
  /** shopify-products: the shop's currency, written into product texts ("EUR 289.00"). */
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "Currency is a three-letter code such as EUR")
    .optional(),
  selectors: shopifySelectorsSchema.optional(),
  /** website/blog: pages to start from (the source URL is always one), and extraction selectors. */
  pageLinks: z.array(httpUrlSchema).max(500).optional(),
  documentSelector: selectorSchema.optional(),
  additionalDataSelector: selectorSchema.optional(),
  chunkSelectors: z.array(selectorSchema).max(20).optional(),
  maxPages: z.number().int().min(1).max(CRAWL_MAX_PAGES_LIMIT).optional(),
  /** zendesk-hc / zendesk-hc-api: Help Center locale, e.g. "en-us". */
  locale: z
    .string()
    .regex(/^[a-z]{2}(-[a-z]{2})?$/i)
    .optional(),
});
export type SourceOptions = z.infer<typeof sourceOptionsSchema>;

export const pageErrorSchema = z.object({ url: z.string(), message: z.string() });
export type PageError = z.infer<typeof pageErrorSchema>;

export const sourceSchema = z.object({
  _id: idSchema,
  name: z.string(),
  sourceType: sourceTypeSchema,
  url: z.string(),
  updateFrequency: updateFrequencySchema,
  isActive: z.boolean(),
  updatedAt: z.string(),
  documentCount: z.number().int(),
  integrationStatus: z.object({
    inProgress: z.boolean(),
    lastSyncedAt: z.string().nullable(),
    /** Why the last sync failed as a whole (unreachable site, bad credentials…). */
    lastError: z.string().nullable(),
    /** Pages or items the last sync could not read, each with its reason. */
    pageErrors: z.array(pageErrorSchema),
  }),
  options: sourceOptionsSchema,
});
export type Source = z.infer<typeof sourceSchema>;

/** The company's help desk connection as the Add Source form needs it (spec part 1 §3, Company). */
export const companyIntegrationsSchema = z.object({
  zendesk: z.object({ isActive: z.boolean(), credentials: z.object({ domainName: z.string() }) }).nullable(),
});
export type CompanyIntegrations = z.infer<typeof companyIntegrationsSchema>;

/** Answer of every source call: the company with its sources (spec part 1 §7). */
export const companyWithSourcesSchema = companySchema.extend({
  sources: z.array(sourceSchema),
  integrations: companyIntegrationsSchema,
});
export type CompanyWithSources = z.infer<typeof companyWithSourcesSchema>;

const sourceNameSchema = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(SOURCE_NAME_MAX, `Name can be at most ${SOURCE_NAME_MAX} characters`);

export const addSourceRequestSchema = z
  .object({
    sourceType: sourceTypeSchema.exclude(["macha-article"], { error: "Choose a source type" }),
    name: sourceNameSchema,
    url: httpUrlSchema,
    updateFrequency: updateFrequencySchema,
    options: sourceOptionsSchema.default({}),
  })
  .superRefine((source, ctx) => {
    if (source.sourceType === "shopify-products" && !source.options.currency) {
      ctx.addIssue({ code: "custom", path: ["options", "currency"], message: "Shop currency is required" });
    }
  });
export type AddSourceRequest = z.input<typeof addSourceRequestSchema>;

export const updateSourceRequestSchema = z.object({
  sourceID: idSchema,
  name: sourceNameSchema.optional(),
  url: httpUrlSchema.optional(),
  updateFrequency: updateFrequencySchema.optional(),
  isActive: z.boolean().optional(),
  options: sourceOptionsSchema.optional(),
});
export type UpdateSourceRequest = z.infer<typeof updateSourceRequestSchema>;

export const sourceIdRequestSchema = z.object({ sourceID: idSchema });
export type SourceIdRequest = z.infer<typeof sourceIdRequestSchema>;

export const addBlogRequestSchema = z.object({
  url: httpUrlSchema,
  name: sourceNameSchema.optional(),
  updateFrequency: updateFrequencySchema.default("weekly"),
});
export type AddBlogRequest = z.input<typeof addBlogRequestSchema>;

/** A document as lists show it; field names are the spec's (snake_case). */
export const documentSchema = z.object({
  id: idSchema,
  reference_id: z.string(),
  source_id: idSchema,
  title: z.string(),
  /** The first characters of the text, for the table. */
  content: z.string(),
  is_active: z.boolean(),
  has_content: z.boolean(),
  show_as_source: z.boolean(),
  source_type: sourceTypeSchema,
  times_used: z.number().int(),
  updated_at: z.string(),
  image: z.string().nullable(),
  url: z.string().nullable(),
});
export type KnowledgeDocument = z.infer<typeof documentSchema>;

export const listDocumentsRequestSchema = z.object({
  sourceID: idSchema,
  pageNumber: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(DOCUMENTS_PAGE_SIZE),
  searchTerm: z.string().trim().max(200).optional(),
  filter: documentFilterSchema.default("all"),
});
export type ListDocumentsRequest = z.input<typeof listDocumentsRequestSchema>;

/** A search counts its matches up to this many; the list then says "1000+ documents". */
export const DOCUMENT_SEARCH_COUNT_CAP = 1000;

export const listDocumentsResponseSchema = z.object({
  documents: z.array(documentSchema),
  /** Exact without a search term; with one, at most DOCUMENT_SEARCH_COUNT_CAP. */
  totalCount: z.number().int(),
  /** The search matched more than DOCUMENT_SEARCH_COUNT_CAP documents. */
  isTotalCapped: z.boolean(),
});
export type ListDocumentsResponse = z.infer<typeof listDocumentsResponseSchema>;

export const documentRefRequestSchema = z.object({ referenceID: z.string().min(1).max(500), sourceID: idSchema });
export type DocumentRefRequest = z.infer<typeof documentRefRequestSchema>;

export const chunkSchema = z.object({ id: idSchema, content: z.string() });
export type Chunk = z.infer<typeof chunkSchema>;

export const documentWithChunksSchema = documentSchema.extend({
  chunks: z.array(chunkSchema),
  /**
   * Sentences that speak to the AI instead of the customer (prompt injection): shown to the admin,
   * never used in answers (instruction-like.ts, decision 030).
   */
  instructionFlags: z.array(z.string()),
});
export type DocumentWithChunks = z.infer<typeof documentWithChunksSchema>;

export const toggleDocumentRequestSchema = documentRefRequestSchema.extend({
  isActive: z.boolean(),
  showAsSource: z.boolean(),
});
export type ToggleDocumentRequest = z.infer<typeof toggleDocumentRequestSchema>;

/**
 * Saving an article: chunks with an id and no content are unchanged; content is sent only for
 * new (no id) or edited chunks; `deleteChunkIDs` removes blocks.
 */
export const saveArticleRequestSchema = z.object({
  deleteChunkIDs: z.array(idSchema).max(ARTICLE_MAX_BLOCKS).default([]),
  document: z.object({
    reference_id: z.string().min(1).max(100).optional(),
    title: z
      .string({ error: "Title is required" })
      .trim()
      .min(1, "Title is required")
      .max(ARTICLE_TITLE_MAX, `Title can be at most ${ARTICLE_TITLE_MAX} characters`),
    is_active: z.boolean().default(true),
    chunks: z
      .array(
        z.object({
          id: idSchema.optional(),
          content: z
            .string()
            .max(ARTICLE_BLOCK_BUDGET, `A block can be at most ${ARTICLE_BLOCK_BUDGET} characters`)
            .optional(),
        }),
      )
      .min(1, "An article needs at least one block")
      .max(ARTICLE_MAX_BLOCKS, `An article can have at most ${ARTICLE_MAX_BLOCKS} blocks`),
  }),
});
export type SaveArticleRequest = z.input<typeof saveArticleRequestSchema>;

/** One retrieved passage, as the AI engine and the admin playground see it. */
export const retrievedChunkSchema = z.object({
  chunkId: idSchema,
  documentId: idSchema,
  referenceId: z.string(),
  title: z.string(),
  content: z.string(),
  url: z.string().nullable(),
  image: z.string().nullable(),
  sourceType: sourceTypeSchema,
  showAsSource: z.boolean(),
  score: z.number(),
});
export type RetrievedChunk = z.infer<typeof retrievedChunkSchema>;

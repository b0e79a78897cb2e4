import { randomBytes } from "node:crypto";
import { findInstructionLikeSentences } from "@harbor/contract/instruction-like";
import type {
  AddBlogRequest,
  addSourceRequestSchema,
  CompanyWithSources,
  DocumentWithChunks,
  KnowledgeDocument,
  ListDocumentsResponse,
  listDocumentsRequestSchema,
  SourceOptions,
  SourceType,
  saveArticleRequestSchema,
  UpdateFrequency,
  UpdateSourceRequest,
} from "@harbor/contract/knowledge";
import type { z } from "zod";
import type { Embedder } from "../../ai/embeddings/embedder";
import { detectLanguage, textSearchConfig } from "../../ai/retrieval/detect-language";
import { AppError } from "../../platform/errors";
import type { CompanyAuth } from "../../platform/session";
import type { CompaniesRepository } from "../companies/companies.module";
import { toCompanyDto } from "../companies/companies.module";
import type { IntegrationsRepository } from "../integrations/integrations.module";
import { type AddressGuard, AddressRefusedError } from "./crawl/address-guard";
import { DEMO_ARTICLES } from "./demo-articles";
import { previewOf } from "./ingestion/prepare-document";
import { toDocumentDto, toSourceDto } from "./knowledge.mappers";
import type { KnowledgeRepository, SourceRow } from "./knowledge.repository";

export const SYNC_SOURCE_JOB = "knowledge.sync-source";
const ARTICLES_SOURCE_TYPE = "macha-article";

const DAY_MS = 86_400_000;
/** When a source is due again after a sync; "auto" sources poll incrementally every hour. */
export function nextSyncTime(frequency: string, from = new Date()): Date | null {
  if (frequency === "weekly") return new Date(from.getTime() + 7 * DAY_MS);
  if (frequency === "monthly") return new Date(from.getTime() + 30 * DAY_MS);
  if (frequency === "auto") return new Date(from.getTime() + 3600_000);
  return null;
}

type Enqueue = (job: {
  kind: string;
  companyId: string;
  payload: Record<string, unknown>;
  singletonKey: string;
}) => Promise<unknown>;

const sourceNotFound = () => new AppError("NOT_FOUND", "This source does not exist.");
const documentNotFound = () => new AppError("NOT_FOUND", "This document does not exist.");

export function createKnowledgeService(deps: {
  knowledge: KnowledgeRepository;
  companies: CompaniesRepository;
  integrations: IntegrationsRepository;
  embedder: Embedder;
  enqueue: Enqueue;
  /** Where a website crawl may connect (SSRF); the same guard the crawl itself uses. */
  addressGuard: AddressGuard;
}) {
  const { knowledge } = deps;

  /** Every company has one articles source, made on first need. */
  async function articlesSource(companyId: string): Promise<SourceRow> {
    const existing = await knowledge.findSourceByType(companyId, ARTICLES_SOURCE_TYPE);
    if (existing) return existing;
    await knowledge.createSource({
      companyId,
      name: "Articles",
      sourceType: ARTICLES_SOURCE_TYPE,
      url: "harbor://articles",
      updateFrequency: "none",
    });
    const created = await knowledge.findSourceByType(companyId, ARTICLES_SOURCE_TYPE);
    if (!created) throw new Error("Articles source could not be created");
    return created;
  }

  async function companyWithSources(companyId: string): Promise<CompanyWithSources> {
    await articlesSource(companyId);
    const [company, sources, zendesk] = await Promise.all([
      deps.companies.findById(companyId),
      knowledge.listSources(companyId),
      deps.integrations.find(companyId, "zendesk"),
    ]);
    if (!company) throw new AppError("NOT_FOUND", "This workspace no longer exists.");
    return {
      ...toCompanyDto(company),
      sources: sources.map((row) => toSourceDto(row.source, row.documentCount)),
      // Only what the Add Source form needs: whether the help desk is on, and its domain.
      integrations: {
        zendesk: zendesk
          ? { isActive: zendesk.isActive, credentials: { domainName: zendesk.publicCredentials.domainName ?? "" } }
          : null,
      },
    };
  }

  async function requireSource(companyId: string, sourceId: string) {
    const source = await knowledge.findSource(companyId, sourceId);
    if (!source) throw sourceNotFound();
    return source;
  }

  /** The document and its source, both of this company, or a 404 that reveals nothing. */
  async function requireDocument(companyId: string, request: { sourceID: string; referenceID: string }) {
    const source = await requireSource(companyId, request.sourceID);
    const document = await knowledge.findDocument({ companyId, sourceId: source.id, referenceId: request.referenceID });
    if (!document) throw documentNotFound();
    return { source, document };
  }

  /**
   * A crawled source's every host must resolve, and only to addresses a crawl may reach: the
   * admin hears it now as a 400, not later as a failed sync. Each host is looked up once.
   */
  async function requireReachableHosts(source: Pick<SourceRow, "sourceType" | "url" | "options">) {
    if (source.sourceType !== "website" && source.sourceType !== "blog") return;
    const urls = [source.url, ...((source.options as SourceOptions).pageLinks ?? [])];
    for (const hostname of new Set(urls.map((url) => new URL(url).hostname))) {
      try {
        await deps.addressGuard.resolveAllowed(hostname);
      } catch (error) {
        if (error instanceof AddressRefusedError) throw new AppError("BAD_REQUEST", error.message);
        throw error;
      }
    }
  }

  /**
   * The one way a source comes to be read: add, update and resync all pass here. Its addresses
   * are checked before `save` stores anything or a sync is queued, so no path keeps or reads a
   * URL that was not checked. (The crawl checks every connection again: DNS can change.)
   */
  async function checkSaveAndSync(
    source: Pick<SourceRow, "sourceType" | "url" | "options">,
    save: () => Promise<SourceRow>,
  ) {
    await requireReachableHosts(source);
    const saved = await save();
    await knowledge.updateSource(saved.companyId, saved.id, { isSyncing: true, lastError: null });
    await deps.enqueue({
      kind: SYNC_SOURCE_JOB,
      companyId: saved.companyId,
      payload: { sourceId: saved.id },
      singletonKey: `sync:${saved.id}`,
    });
  }

  /** The help-desk and shop sources read through a connected integration. */
  async function checkIntegrationFor(companyId: string, sourceType: SourceType) {
    if (sourceType === "shopify-products") {
      const shopify = await deps.integrations.find(companyId, "shopify");
      if (!shopify?.isActive) throw new AppError("BAD_REQUEST", "Connect Shopify first: Settings → Integrations.");
    }
    if (sourceType.startsWith("zendesk")) {
      const zendesk = await deps.integrations.find(companyId, "zendesk");
      if (!zendesk?.isActive) throw new AppError("BAD_REQUEST", "Connect Zendesk first: Settings → Integrations.");
      return zendesk;
    }
    return null;
  }

  async function createAndSync(
    auth: CompanyAuth,
    source: {
      sourceType: SourceType;
      name: string;
      url: string;
      updateFrequency: UpdateFrequency;
      options: SourceOptions;
    },
  ) {
    const zendesk = await checkIntegrationFor(auth.companyId, source.sourceType);
    let { url, updateFrequency } = source;
    if (source.sourceType === "zendesk-hc") {
      if (await knowledge.findSourceByType(auth.companyId, "zendesk-hc")) {
        throw new AppError("CONFLICT", "Your Zendesk Help Center is already a source.");
      }
      // The help-center source always reads the connected Zendesk, incrementally (spec part 1 §4).
      url = `https://${zendesk?.publicCredentials.domainName ?? ""}`;
      updateFrequency = "auto";
    }
    await checkSaveAndSync({ sourceType: source.sourceType, url, options: source.options }, async () => {
      const created = await knowledge.createSource({
        companyId: auth.companyId,
        name: source.name,
        sourceType: source.sourceType,
        url,
        updateFrequency,
        options: source.options,
        isSyncing: true,
      });
      if (!created) throw new AppError("CONFLICT", "This source is already in your knowledge base.");
      return created;
    });
    return companyWithSources(auth.companyId);
  }

  return {
    articlesSource,

    /** Demo content for a new workspace: writes each demo article unless it already exists. */
    async seedDemoArticles(companyId: string) {
      const source = await articlesSource(companyId);
      for (const article of DEMO_ARTICLES) {
        if (await knowledge.findDocument({ companyId, sourceId: source.id, referenceId: article.referenceId }))
          continue;
        const embeddings = await deps.embedder.embed(article.blocks.map((block) => `${article.title}\n${block}`));
        await knowledge.saveArticle({
          companyId,
          sourceId: source.id,
          referenceId: article.referenceId,
          title: article.title,
          isActive: true,
          language: "en",
          textSearchConfig: "english",
          deleteChunkIds: [],
          blocks: article.blocks.map((content, i) => ({ id: null, content, embedding: embeddings[i] ?? null })),
          embeddingModel: deps.embedder.model,
          preview: previewOf,
        });
      }
    },
    companyWithSources: (auth: CompanyAuth) => companyWithSources(auth.companyId),

    addSource: (auth: CompanyAuth, request: z.output<typeof addSourceRequestSchema>) => createAndSync(auth, request),

    addBlog(auth: CompanyAuth, request: AddBlogRequest & { updateFrequency: UpdateFrequency }) {
      const name = request.name ?? `Blog – ${new URL(request.url).hostname}`;
      return createAndSync(auth, {
        sourceType: "blog",
        name,
        url: request.url,
        updateFrequency: request.updateFrequency,
        options: {},
      });
    },

    async updateSource(auth: CompanyAuth, request: UpdateSourceRequest) {
      const source = await requireSource(auth.companyId, request.sourceID);
      if (source.sourceType === ARTICLES_SOURCE_TYPE && (request.url || request.updateFrequency || request.options)) {
        throw new AppError("BAD_REQUEST", "The articles source only has a name and an active switch.");
      }
      const isLocked = source.sourceType === "zendesk-hc";
      const changesWhatIsRead =
        (request.url !== undefined && request.url !== source.url) ||
        (request.options !== undefined && JSON.stringify(request.options) !== JSON.stringify(source.options));
      const frequency = isLocked ? source.updateFrequency : (request.updateFrequency ?? source.updateFrequency);
      const next = {
        sourceType: source.sourceType,
        url: isLocked ? source.url : (request.url ?? source.url),
        options: request.options ?? source.options,
      };
      const save = async () => {
        const updated = await knowledge.updateSource(auth.companyId, source.id, {
          name: request.name ?? source.name,
          url: next.url,
          updateFrequency: frequency,
          options: next.options,
          nextSyncAt: frequency === source.updateFrequency ? source.nextSyncAt : nextSyncTime(frequency),
        });
        if (!updated) throw sourceNotFound();
        if (request.isActive !== undefined && request.isActive !== source.isActive) {
          await knowledge.setSourceActive(auth.companyId, source.id, request.isActive);
        }
        return updated;
      };
      if (changesWhatIsRead) await checkSaveAndSync(next, save);
      else await save();
      return companyWithSources(auth.companyId);
    },

    async deleteSource(auth: CompanyAuth, sourceId: string) {
      const source = await requireSource(auth.companyId, sourceId);
      if (source.sourceType === ARTICLES_SOURCE_TYPE) {
        throw new AppError("BAD_REQUEST", "The articles source can't be deleted; delete its articles instead.");
      }
      // Documents and chunks go with it (ON DELETE CASCADE); a sync in flight finds no source to write to.
      await knowledge.deleteSource(auth.companyId, sourceId);
      return companyWithSources(auth.companyId);
    },

    /**
     * When an app is disconnected, the sources read from it go, with their documents (spec §2.5:
     * "The documents will be deleted from the knowledge base"). Returns how many sources went.
     */
    async deleteSourcesOfApp(companyId: string, app: "zendesk" | "shopify") {
      const sources = await knowledge.listSources(companyId);
      const ofApp = sources.filter(({ source }) => source.sourceType.startsWith(`${app}-`));
      for (const { source } of ofApp) await knowledge.deleteSource(companyId, source.id);
      return ofApp.length;
    },

    async resyncSource(auth: CompanyAuth, sourceId: string) {
      const source = await requireSource(auth.companyId, sourceId);
      if (source.sourceType === ARTICLES_SOURCE_TYPE) {
        throw new AppError("BAD_REQUEST", "Articles are written here; there is nothing to resync.");
      }
      await checkSaveAndSync(source, async () => source);
      return companyWithSources(auth.companyId);
    },

    async listDocuments(
      auth: CompanyAuth,
      request: z.output<typeof listDocumentsRequestSchema>,
    ): Promise<ListDocumentsResponse> {
      const source = await requireSource(auth.companyId, request.sourceID);
      const { documents, totalCount, isTotalCapped } = await knowledge.listDocuments({
        companyId: auth.companyId,
        sourceId: source.id,
        page: request.pageNumber,
        pageSize: request.pageSize,
        searchTerm: request.searchTerm || undefined,
        filter: request.filter,
      });
      return {
        documents: documents.map((row) => toDocumentDto(row, source.sourceType as SourceType)),
        totalCount,
        isTotalCapped,
      };
    },

    async getDocument(
      auth: CompanyAuth,
      request: { sourceID: string; referenceID: string },
    ): Promise<DocumentWithChunks> {
      const { source, document } = await requireDocument(auth.companyId, request);
      const chunks = await knowledge.listChunks(auth.companyId, document.id);
      return {
        ...toDocumentDto(document, source.sourceType as SourceType),
        chunks: chunks.map(({ id, content }) => ({ id, content })),
        instructionFlags: chunks.flatMap(({ content }) => findInstructionLikeSentences(content)),
      };
    },

    async saveArticle(
      auth: CompanyAuth,
      request: z.output<typeof saveArticleRequestSchema>,
    ): Promise<DocumentWithChunks> {
      const source = await articlesSource(auth.companyId);
      const referenceId = request.document.reference_id ?? randomBytes(9).toString("base64url");
      if (request.document.reference_id) {
        const existing = await knowledge.findDocument({ companyId: auth.companyId, sourceId: source.id, referenceId });
        if (!existing) throw documentNotFound();
      }
      const blocks = request.document.chunks;
      const newTexts = blocks
        .filter((b) => b.content !== undefined)
        .map((b) => `${request.document.title}\n${b.content}`);
      const embeddings = newTexts.length > 0 ? await deps.embedder.embed(newTexts) : [];
      let next = 0;
      const language = detectLanguage(`${request.document.title}\n${blocks.map((b) => b.content ?? "").join("\n")}`);
      const saved = await knowledge.saveArticle({
        companyId: auth.companyId,
        sourceId: source.id,
        referenceId,
        title: request.document.title,
        isActive: request.document.is_active,
        language,
        textSearchConfig: textSearchConfig(language),
        deleteChunkIds: request.deleteChunkIDs,
        blocks: blocks.map((block) => ({
          id: block.id ?? null,
          content: block.content ?? null,
          embedding: block.content !== undefined ? (embeddings[next++] ?? null) : null,
        })),
        embeddingModel: deps.embedder.model,
        preview: previewOf,
      });
      if ("missingChunkId" in saved) {
        throw new AppError(
          "BAD_REQUEST",
          "A block of this article changed meanwhile. Reload the article and try again.",
        );
      }
      return this.getDocument(auth, { sourceID: source.id, referenceID: referenceId });
    },

    async deleteDocument(auth: CompanyAuth, request: { sourceID: string; referenceID: string }) {
      await requireSource(auth.companyId, request.sourceID);
      const isDeleted = await knowledge.deleteDocument({
        companyId: auth.companyId,
        sourceId: request.sourceID,
        referenceId: request.referenceID,
      });
      if (!isDeleted) throw documentNotFound();
    },

    async toggleDocument(
      auth: CompanyAuth,
      request: { sourceID: string; referenceID: string; isActive: boolean; showAsSource: boolean },
    ): Promise<KnowledgeDocument> {
      const source = await requireSource(auth.companyId, request.sourceID);
      const document = await knowledge.setDocumentFlags({
        companyId: auth.companyId,
        sourceId: source.id,
        referenceId: request.referenceID,
        isActive: request.isActive,
        showAsSource: request.showAsSource,
      });
      if (!document) throw documentNotFound();
      return toDocumentDto(document, source.sourceType as SourceType);
    },

    /** Re-reads the document's source (one item can't be fetched alone from every vendor). */
    async resyncDocument(
      auth: CompanyAuth,
      request: { sourceID: string; referenceID: string },
    ): Promise<KnowledgeDocument> {
      const { source, document } = await requireDocument(auth.companyId, request);
      if (source.sourceType === ARTICLES_SOURCE_TYPE) {
        throw new AppError("BAD_REQUEST", "Articles are written here; there is nothing to update from.");
      }
      await checkSaveAndSync(source, async () => source);
      return toDocumentDto(document, source.sourceType as SourceType);
    },
  };
}

export type KnowledgeService = ReturnType<typeof createKnowledgeService>;

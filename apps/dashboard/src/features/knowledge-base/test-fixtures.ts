import type { CompanyWithSources, DocumentWithChunks, KnowledgeDocument, Source } from "@harbor/contract/knowledge";

/** Test data of the knowledge-base tests. */
export const ARTICLES_SOURCE_ID = "00000000-0000-4000-8000-0000000000a0";
export const WEBSITE_SOURCE_ID = "00000000-0000-4000-8000-0000000000b0";

export function source(overrides: Partial<Source> = {}): Source {
  return {
    _id: WEBSITE_SOURCE_ID,
    name: "Help pages",
    sourceType: "website",
    url: "https://shop.test/help",
    updateFrequency: "weekly",
    isActive: true,
    updatedAt: "2026-11-02T10:00:00.000Z",
    documentCount: 12,
    options: {},
    ...overrides,
    integrationStatus: {
      inProgress: false,
      lastSyncedAt: "2026-11-02T10:00:00.000Z",
      lastError: null,
      pageErrors: [],
      ...overrides.integrationStatus,
    },
  };
}

export const articlesSource = source({
  _id: ARTICLES_SOURCE_ID,
  name: "Articles",
  sourceType: "macha-article",
  url: "",
  updateFrequency: "none",
  documentCount: 2,
});

export function company(
  sources: Source[],
  integrations: CompanyWithSources["integrations"] = { zendesk: null },
): CompanyWithSources {
  return {
    _id: "00000000-0000-4000-8000-0000000000c1",
    name: "Acme Outdoor",
    logoURL: null,
    subscription: { status: "active" },
    isDemoContentReady: true,
    createdAt: "2026-11-01T00:00:00.000Z",
    integrations,
    sources,
  };
}

let lastDocument = 0;

export function knowledgeDocument(overrides: Partial<KnowledgeDocument> = {}): KnowledgeDocument {
  lastDocument += 1;
  const n = String(lastDocument).padStart(12, "0");
  return {
    id: `00000000-0000-4000-8000-${n}`,
    reference_id: `ref-${lastDocument}`,
    source_id: WEBSITE_SOURCE_ID,
    title: `Document ${lastDocument}`,
    content: "Some text",
    is_active: true,
    has_content: true,
    show_as_source: true,
    source_type: "website",
    times_used: 3,
    updated_at: "2026-11-02T10:00:00.000Z",
    image: null,
    url: `https://shop.test/page-${lastDocument}`,
    ...overrides,
  };
}

export function documents(count: number, overrides: Partial<KnowledgeDocument> = {}): KnowledgeDocument[] {
  return Array.from({ length: count }, () => knowledgeDocument(overrides));
}

export function withChunks(document: KnowledgeDocument, contents: string[]): DocumentWithChunks {
  return {
    ...document,
    chunks: contents.map((content, index) => ({
      id: `00000000-0000-4000-9000-${String(index + 1).padStart(12, "0")}`,
      content,
    })),
    instructionFlags: [],
  };
}

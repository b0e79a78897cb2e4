import type { KnowledgeDocument, Source, SourceOptions, SourceType, UpdateFrequency } from "@harbor/contract/knowledge";
import type { DocumentRow, SourceRow } from "./knowledge.repository";

export function toSourceDto(row: SourceRow, documentCount: number): Source {
  return {
    _id: row.id,
    name: row.name,
    sourceType: row.sourceType as SourceType,
    url: row.url,
    updateFrequency: row.updateFrequency as UpdateFrequency,
    isActive: row.isActive,
    updatedAt: row.updatedAt.toISOString(),
    documentCount,
    integrationStatus: {
      inProgress: row.isSyncing,
      lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
      lastError: row.lastError,
      pageErrors: row.pageErrors,
    },
    options: row.options as SourceOptions,
  };
}

export function toDocumentDto(row: DocumentRow, sourceType: SourceType): KnowledgeDocument {
  return {
    id: row.id,
    reference_id: row.referenceId,
    source_id: row.sourceId,
    title: row.title,
    content: row.preview,
    is_active: row.isActive,
    has_content: row.hasContent,
    show_as_source: row.showAsSource,
    source_type: sourceType,
    times_used: row.timesUsed,
    updated_at: row.updatedAt.toISOString(),
    image: row.image,
    url: row.url,
  };
}

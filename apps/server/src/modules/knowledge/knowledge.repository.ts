import type { Database } from "../../db/client";
import { createArticlesRepository } from "./articles.repository";
import { createDocumentsRepository } from "./documents.repository";
import { createSourcesRepository } from "./sources.repository";

export type { DocumentRow, PreparedDocument } from "./documents.repository";
export type { NewSource, SourceRow } from "./sources.repository";

/**
 * The knowledge base's storage, in three parts along its seams: sources, documents (with their
 * passages), authored articles. SQL only; every statement is scoped by companyId.
 */
export function createKnowledgeRepository(db: Database) {
  return {
    ...createSourcesRepository(db),
    ...createDocumentsRepository(db),
    ...createArticlesRepository(db),
  };
}

export type KnowledgeRepository = ReturnType<typeof createKnowledgeRepository>;

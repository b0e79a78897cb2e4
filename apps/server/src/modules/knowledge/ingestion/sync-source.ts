import type { Embedder } from "../../../ai/embeddings/embedder";
import type { KnowledgeRepository, SourceRow } from "../knowledge.repository";
import { contentHashOf, prepareDocument } from "./prepare-document";
import type { SourceReader } from "./raw-document";

const MAX_PAGE_ERRORS_KEPT = 200;
/** Documents written per transaction. */
const WRITE_BATCH = 50;

type Logger = { info(obj: object, msg: string): void };

export type SyncResult = { written: number; unchanged: number; removed: number; errors: number };

/**
 * One sync of one source: read → prepare each changed item (chunk, embed) → replace changed
 * documents in batches, one transaction each → after a complete full listing remove what the
 * source no longer has.
 * Unchanged items are skipped by content hash, so a resync costs reading, not re-embedding.
 * The caller owns the source's Syncing flag and its final status.
 */
export async function syncSource(options: {
  source: SourceRow;
  reader: SourceReader;
  repository: KnowledgeRepository;
  embedder: Embedder;
  signal: AbortSignal;
  log: Logger;
}): Promise<
  SyncResult & { pageErrors: { url: string; message: string }[]; cursor?: Record<string, unknown>; failure?: unknown }
> {
  const { source, repository } = options;
  const knownHashes = await repository.documentHashes(source.companyId, source.id);
  const seen = new Set<string>();
  const pageErrors: { url: string; message: string }[] = [];
  const result: SyncResult = { written: 0, unchanged: 0, removed: 0, errors: 0 };

  // A reader that fails part-way (credentials revoked, site down) ends the sync: what was written
  // stays, nothing is removed, and the failure is reported with the page errors gathered so far.
  const next = async () => {
    try {
      return { step: await options.reader.next() };
    } catch (failure) {
      if (options.signal.aborted) throw failure;
      return { failure };
    }
  };
  let batch: Awaited<ReturnType<typeof prepareDocument>>[] = [];
  let isSourceGone = false;
  const flush = async () => {
    if (batch.length === 0 || isSourceGone) return;
    const stored = await repository.replaceDocuments({
      companyId: source.companyId,
      sourceId: source.id,
      documents: batch,
    });
    // The source was deleted while it synced: nothing left to write into.
    if (!stored) isSourceGone = true;
    else result.written += stored.length;
    batch = [];
  };

  let read = await next();
  while (read.step && !read.step.done) {
    options.signal.throwIfAborted();
    const event = read.step.value;
    if (event.type === "error") {
      result.errors++;
      if (pageErrors.length < MAX_PAGE_ERRORS_KEPT) pageErrors.push({ url: event.url, message: event.message });
    } else if (!seen.has(event.document.referenceId)) {
      seen.add(event.document.referenceId);
      if (knownHashes.get(event.document.referenceId) === contentHashOf(event.document)) {
        result.unchanged++;
      } else {
        batch.push(await prepareDocument(event.document, options.embedder));
        if (batch.length >= WRITE_BATCH) await flush();
        if (isSourceGone) return { ...result, pageErrors };
      }
    }
    read = await next();
  }
  await flush();
  if (isSourceGone) return { ...result, pageErrors };
  if (!read.step) return { ...result, pageErrors, failure: read.failure };

  if (read.step.value.isFullListing) {
    result.removed = await repository.deleteDocumentsNotIn({
      companyId: source.companyId,
      sourceId: source.id,
      keepReferenceIds: [...seen],
    });
  }
  options.log.info({ sourceId: source.id, ...result }, "source synced");
  return { ...result, pageErrors, cursor: read.step.value.cursor };
}

import type { Embedder } from "../../ai/embeddings/embedder";
import { IntegrationError } from "../../integrations/integration-error";
import { AppError } from "../../platform/errors";
import type { Job } from "../../platform/jobs/job-runner";
import type { IntegrationsRepository } from "../integrations/integrations.module";
import type { AddressGuard } from "./crawl/address-guard";
import type { SourceUnreadableError } from "./ingestion/source-readers";
import { syncSource } from "./ingestion/sync-source";
import type { KnowledgeRepository } from "./knowledge.repository";
import { nextSyncTime, SYNC_SOURCE_JOB } from "./knowledge.service";

type SyncJob = { kind: string; companyId: string; payload: Record<string, unknown>; singletonKey: string };
type EnqueueSync = (job: SyncJob) => Promise<unknown>;

/** One sync per source at a time: its key. */
const syncJobOf = (source: { id: string; companyId: string }): SyncJob => ({
  kind: SYNC_SOURCE_JOB,
  companyId: source.companyId,
  payload: { sourceId: source.id },
  singletonKey: `sync:${source.id}`,
});

type Logger = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * The readers bring the HTML tools (cheerio and undici, ~7 MB of V8 heap): loaded at the first
 * sync, not by every server at start-up (decision 078).
 */
const loadReaders = () => import("./ingestion/source-readers");

/** What a shop owner reads when a whole sync failed; internals stay in the log. */
function failureMessage(failure: unknown, unreadable: typeof SourceUnreadableError): string {
  if (failure instanceof unreadable) return failure.message;
  if (failure instanceof IntegrationError) return failure.message;
  // A selector the admin typed that isn't valid CSS, for instance.
  if (failure instanceof AppError) return failure.message;
  return "The sync stopped because of an error on our side. It will be tried again.";
}

export function createKnowledgeJobs(deps: {
  knowledge: KnowledgeRepository;
  integrations: IntegrationsRepository;
  embedder: Embedder;
  log: Logger;
  /** Where the readers' HTTP goes (tests and demo mode point it at local servers). */
  fetch?: typeof fetch;
  addressGuard: AddressGuard;
}) {
  return {
    /** The job handler: one sync of one source, ending with its status (never left "Syncing"). */
    async runSync(job: Job, signal: AbortSignal) {
      const sourceId = String(job.payload.sourceId);
      if (!job.companyId) return;
      const source = await deps.knowledge.findSource(job.companyId, sourceId);
      if (!source) return;
      const { readerFor, SourceUnreadableError } = await loadReaders();
      let outcome: Awaited<ReturnType<typeof syncSource>>;
      try {
        outcome = await syncSource({
          source,
          reader: readerFor({
            source,
            signal,
            integrations: deps.integrations,
            fetch: deps.fetch,
            addressGuard: deps.addressGuard,
          }),
          repository: deps.knowledge,
          embedder: deps.embedder,
          signal,
          log: deps.log,
        });
      } catch (error) {
        // Stopping: the job goes back to the queue and the source keeps showing Syncing until it resumes.
        if (signal.aborted) throw error;
        outcome = { written: 0, unchanged: 0, removed: 0, errors: 0, pageErrors: [], failure: error };
      }
      if (outcome.failure) deps.log.error({ err: outcome.failure, sourceId }, "source sync failed");
      await deps.knowledge.updateSource(job.companyId, sourceId, {
        isSyncing: false,
        lastSyncedAt: outcome.failure ? source.lastSyncedAt : new Date(),
        lastError: outcome.failure ? failureMessage(outcome.failure, SourceUnreadableError) : null,
        pageErrors: outcome.pageErrors,
        syncCursor: outcome.cursor ?? source.syncCursor,
        nextSyncAt: nextSyncTime(source.updateFrequency),
      });
    },

    /** The scheduler's tick: queue a sync for every source whose time has come. */
    async queueDueSyncs(enqueue: EnqueueSync) {
      for (const source of await deps.knowledge.sourcesDueForSync(new Date())) {
        await deps.knowledge.updateSource(source.companyId, source.id, { isSyncing: true });
        await enqueue(syncJobOf(source));
      }
    },

    /**
     * At start: every source shown Syncing gets its sync back in the queue unless it is there (one
     * per source). Syncs queued in the job table an upgrade replaced come back this way, and so
     * does one whose job was lost (decision 026).
     */
    async queueInterruptedSyncs(enqueue: EnqueueSync) {
      for (const source of await deps.knowledge.sourcesMarkedSyncing()) await enqueue(syncJobOf(source));
    },
  };
}

import type { FastifyBaseLogger } from "fastify";
import type { Embedder } from "../../ai/embeddings/embedder";
import type { Database } from "../../db/client";
import type { HarborModule } from "../../platform/harbor-module";
import type { JobRunner } from "../../platform/jobs/job-runner";
import type { CompaniesRepository } from "../companies/companies.module";
import type { IntegrationsRepository } from "../integrations/integrations.module";
import { addressRuleFor, createAddressGuard, type ResolveHost } from "./crawl/address-guard";
import { createKnowledgeJobs } from "./knowledge.jobs";
import { createKnowledgeRepository } from "./knowledge.repository";
import { knowledgeRoutes } from "./knowledge.routes";
import { createKnowledgeService, SYNC_SOURCE_JOB } from "./knowledge.service";
import { createOwnLinkHosts } from "./own-link-hosts";
import { createPassageSearch } from "./passage-search.repository";
import { createReembedding, REEMBED_JOB } from "./reembed";

/** The resync scheduler's tick, every minute. */
const QUEUE_DUE_SYNCS = "knowledge.queue-due-syncs";

export type { ResolveHost } from "./crawl/address-guard";
export type { KnowledgeRepository } from "./knowledge.repository";
export type { KnowledgeService } from "./knowledge.service";
export type { OwnLinkHosts } from "./own-link-hosts";

/**
 * The knowledge base: sources, documents and articles, their ingestion jobs and resync schedule,
 * re-embedding after a model change, and the passage search the AI engine retrieves with.
 */
export function createKnowledgeModule(deps: {
  db: Database;
  companies: CompaniesRepository;
  integrations: IntegrationsRepository;
  embedder: Embedder;
  jobs: Pick<JobRunner, "enqueue">;
  log: FastifyBaseLogger;
  /** Where ingestion's HTTP goes; tests point it at local servers. */
  fetch?: typeof fetch;
  /** How website crawls resolve host names (tests stand a DNS server of their own here). */
  resolveHost?: ResolveHost;
  canCrawlPrivateNetworks: boolean;
  /** Harbor's own address: its portal pages and files are the shop's links too. */
  publicUrl: string;
}) {
  const { db, embedder, log, jobs } = deps;
  // One SSRF rule for the checks of the knowledge API and for every connection of a crawl.
  const addressGuard = createAddressGuard({
    resolveHost: deps.resolveHost,
    isAllowedAddress: addressRuleFor(deps.canCrawlPrivateNetworks),
  });
  const knowledgeRepository = createKnowledgeRepository(db);
  const knowledgeJobs = createKnowledgeJobs({
    knowledge: knowledgeRepository,
    integrations: deps.integrations,
    embedder,
    log,
    fetch: deps.fetch,
    addressGuard,
  });
  const reembedding = createReembedding({ db, embedder, log });
  const knowledgeService = createKnowledgeService({
    knowledge: knowledgeRepository,
    companies: deps.companies,
    integrations: deps.integrations,
    embedder,
    enqueue: (job) => jobs.enqueue(job),
    addressGuard,
  });
  const passageSearch = createPassageSearch(db);
  const ownLinkHosts = createOwnLinkHosts({
    knowledge: knowledgeRepository,
    integrations: deps.integrations,
    publicUrl: deps.publicUrl,
  });

  const module: HarborModule = {
    name: "knowledge",
    plugin: async (app) => knowledgeRoutes(app, { knowledgeService }),
    jobs: { [SYNC_SOURCE_JOB]: knowledgeJobs.runSync, [REEMBED_JOB]: reembedding.run },
    schedules: [
      { name: QUEUE_DUE_SYNCS, cron: "* * * * *", run: () => knowledgeJobs.queueDueSyncs((job) => jobs.enqueue(job)) },
    ],
    seeders: [{ name: "knowledge-articles", seed: (companyId) => knowledgeService.seedDemoArticles(companyId) }],
    async onJobsStarted() {
      await knowledgeJobs.queueInterruptedSyncs((job) => jobs.enqueue(job));
      // After a change of embedding model, passages are re-embedded in the background.
      if (await reembedding.isNeeded()) {
        await jobs.enqueue({ kind: REEMBED_JOB, companyId: null, payload: {}, singletonKey: REEMBED_JOB });
      }
    },
  };
  return { module, knowledgeRepository, knowledgeService, passageSearch, reembedding, ownLinkHosts };
}

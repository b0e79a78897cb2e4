import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { createLocalAnswerer } from "./ai/answer/local/local-answerer";
import { createLocalClassifier } from "./ai/answer/local/local-classifier";
import { createAiEngine } from "./ai/create-ai-engine";
import { createEmbedder } from "./ai/embeddings/create-embedder";
import type { Embedder } from "./ai/embeddings/embedder";
import { citedDocumentIds, createAnswerPipeline } from "./ai/pipeline/answer-pipeline";
import type { LlmProvider } from "./ai/providers/llm-provider";
import { createRetriever } from "./ai/retrieval/retrieve";
import type { AppConfig } from "./config";
import type { DatabaseHandle } from "./db/client";
import { createAdminModule } from "./modules/admin/admin.module";
import { createAiAgentModule, type Playground } from "./modules/ai-agent/ai-agent.module";
import { createAnalyticsModule } from "./modules/analytics/analytics.module";
import { createAuthModule } from "./modules/auth/auth.module";
import { createAutomationModule } from "./modules/automation/automation.module";
import { createChatsModule } from "./modules/chats/chats.module";
import { createCompaniesModule } from "./modules/companies/companies.module";
import { createIntegrationsModule, type VendorBaseUrls } from "./modules/integrations/integrations.module";
import { createKnowledgeModule, type ResolveHost } from "./modules/knowledge/knowledge.module";
import { createOrdersModule, startDemoRecharge, startDemoShop } from "./modules/orders/orders.module";
import { createUsersModule } from "./modules/users/users.module";
import { createVisitorModule, type UploadQuotas, type VisitorLimits } from "./modules/visitor/visitor.module";
import { createWidgetSettingsModule } from "./modules/widget-settings/widget-settings.module";
import { trustedProxyHops } from "./platform/client-address";
import { createSecretBox } from "./platform/crypto";
import { frameworkErrorHandler, registerErrorHandler } from "./platform/error-handler";
import { createDiskFileStore } from "./platform/files/disk-file-store";
import type { FileStore } from "./platform/files/file-store";
import type { DemoContentSeeder, HarborModule } from "./platform/harbor-module";
import { registerDashboard, registerHttpPlugins, registerPlatformRoutes } from "./platform/http-platform";
import { createEmbeddedMaintenance, EMBEDDED_MAINTENANCE_CRON } from "./platform/jobs/embedded-maintenance";
import { createJobRunner, type JobRunnerOptions } from "./platform/jobs/job-runner";
import { connectLimitsRedis } from "./platform/limits-redis";
import { createMailer, type Mailer } from "./platform/mailer";
import { registerOriginCheck } from "./platform/origin-check";
import { createLimiterStore } from "./platform/rate-limiter";
import { createRealtimeHub } from "./platform/realtime/realtime-hub";
import { createStaffAccess } from "./platform/realtime/staff-access";
import { registerStaffChannel } from "./platform/realtime/staff-channel";
import { registerSessions } from "./platform/session";
import { registerStorableTextCheck } from "./platform/storable-text-check";

export type AppDeps = {
  config: AppConfig;
  database: DatabaseHandle;
  /** Defaults to SMTP or dev mail per the config. */
  mailer?: Mailer;
  logger?: boolean | { level: string };
  /** Requests per minute per IP across the API. */
  rateLimitMax?: number;
  /** Instead of the modules' seeders (tests pass [] so each starts from nothing). */
  demoContentSeeders?: DemoContentSeeder[];
  /** Background jobs run in this process (default). Tests may turn them off to drive them by hand. */
  isRunningJobs?: boolean;
  /** The job runner's timings (tests shorten them). */
  jobTimings?: Pick<JobRunnerOptions, "pollIntervalMs" | "maintenanceIntervalSeconds" | "cronIntervalSeconds">;
  /** Where ingestion's HTTP goes; tests point it at local servers. */
  ingestionFetch?: typeof fetch;
  /** Where integration clients go instead of the vendors' hosts (tests point them at the fakes). */
  vendorBaseUrls?: VendorBaseUrls;
  /** How website crawls resolve host names (tests stand a DNS server of their own here). */
  resolveHost?: ResolveHost;
  /** A remote model to answer with instead of the configured provider (tests use fake servers). */
  llm?: LlmProvider | null;
  /** An embedder instead of the configured one (tests). */
  embedder?: Embedder;
  /** The visitor side's limits (tests lower them; the bench raises them). */
  visitorLimits?: Partial<VisitorLimits>;
  /** How often a live /staff socket's session is read again (tests shorten it). */
  staffRecheckMs?: number;
  /** The Redis key prefix of the shared limits in the scaled mode (tests give each run its own). */
  limitKeyPrefix?: string;
  /** The upload quotas (tests lower them; the bench raises them). */
  uploadQuotas?: Partial<UploadQuotas>;
  /** Where uploaded files' bytes go; `DATA_DIR/files` by default. */
  fileStore?: FileStore;
};

/** A route as Fastify registered it; `schema.body` is a contract zod schema where the route has one. */
export type RegisteredRoute = {
  method: string;
  url: string;
  schema: { body?: unknown; querystring?: unknown } | undefined;
};

const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Builds the whole server without listening (main.ts listens; tests use app.inject()): the
 * platform (HTTP, sessions, realtime, jobs, mail), the AI engine with its ports, then the domain
 * modules in dependency order (docs/ARCHITECTURE.md).
 */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const { db } = database;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.trustedProxyHops > 0 ? trustedProxyHops(config.trustedProxyHops) : false,
    routerOptions: { ignoreTrailingSlash: false },
    frameworkErrors: frameworkErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every route as Fastify registered it, plugins' included: the resilience suite sweeps them all,
  // so a route added tomorrow is fed odd input without anyone listing it.
  const routes: RegisteredRoute[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema });
  });
  registerErrorHandler(app);
  registerStorableTextCheck(app);
  const log = app.log;

  // Platform.
  const mailer =
    deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log });
  const configured = createEmbedder(config);
  const embedder = deps.embedder ?? configured.embedder;
  const jobRunner = createJobRunner({ sql: database.sql, log, ...deps.jobTimings });
  const realtime = await createRealtimeHub({
    httpServer: app.server,
    log,
    redisUrl: config.redisUrl,
    trustedProxyHops: config.trustedProxyHops,
  });
  // Scaled mode: every node counts against the same limits (decision 029).
  const limitsRedis = config.redisUrl ? await connectLimitsRedis(config.redisUrl, log) : null;
  const limitKeyPrefix = deps.limitKeyPrefix ?? "harbor:limit";
  const limiterStore = createLimiterStore({ redis: limitsRedis, keyPrefix: limitKeyPrefix, log });
  const { publicUrl, platformAdmins } = config;
  const staffAccess = createStaffAccess(realtime.staff);

  // Modules, each from its entry file, in dependency order.
  const companies = createCompaniesModule({ db, log });
  const users = createUsersModule({
    db,
    companies: companies.companiesRepository,
    mailer,
    publicUrl,
    platformAdmins,
    log,
    staffAccess,
  });
  const auth = createAuthModule({
    db,
    users: users.usersRepository,
    companies: companies.companiesRepository,
    companiesService: companies.companiesService,
    mailer,
    appSecret: config.appSecret,
    publicUrl,
    isSecureCookie: config.isSecureCookie,
    staffAccess,
  });
  const admin = createAdminModule({
    companies: companies.companiesRepository,
    companiesService: companies.companiesService,
    platformAdmins,
    staffAccess,
  });
  const integrations = createIntegrationsModule({
    db,
    secretBox: createSecretBox(config.appSecret),
    vendorBaseUrls: deps.vendorBaseUrls,
    fetch: deps.ingestionFetch,
    // The knowledge module is built next; a disconnected Zendesk takes its documents along.
    onDisconnected: async (companyId, app) => {
      if (app === "zendesk") await knowledge.knowledgeService.deleteSourcesOfApp(companyId, "zendesk");
    },
  });
  const orders = createOrdersModule({
    db,
    integrations: integrations.integrationsRepository,
    limiterStore,
    log,
    mailer,
    appSecret: config.appSecret,
    // HARBOR_DEMO: a fake Shopify on loopback that new workspaces are connected to.
    demoShop: config.isDemo ? await startDemoShop() : null,
    // … and a fake Recharge with the demo customer's subscriptions.
    demoRecharge: config.isDemo ? await startDemoRecharge() : null,
  });
  const knowledge = createKnowledgeModule({
    db,
    companies: companies.companiesRepository,
    integrations: integrations.integrationsRepository,
    embedder,
    jobs: jobRunner,
    log,
    fetch: deps.ingestionFetch,
    resolveHost: deps.resolveHost,
    canCrawlPrivateNetworks: config.canCrawlPrivateNetworks,
    publicUrl: config.publicUrl,
  });
  // The AI engine, plugged into the knowledge base's search and the AI agent's settings (which
  // tell the admin which engine answers).
  const aiEngine = createAiEngine(config, { llm: deps.llm });
  // Loading the AWS SDK costs about a second and 24 MB: only a deployment with a bucket pays it.
  const fileStore =
    deps.fileStore ??
    (config.filesS3
      ? (await import("./platform/files/s3-file-store")).createS3FileStore(config.filesS3)
      : createDiskFileStore(config.filesDir));
  const aiAgent = createAiAgentModule({
    db,
    fileStore,
    publicUrl,
    engine: aiEngine.model === "local" ? "local" : "model",
    playground: (companyId, request) => playground(companyId, request),
  });

  const automation = createAutomationModule({
    db,
    onSettingsChanged: (companyId) => aiAgent.aiAgentService.forgetSettings(companyId),
    listDataModels: (companyId) => aiAgent.aiAgentRepository.listDataModels(companyId),
    fileStore,
    publicUrl,
  });

  const retriever = createRetriever({
    search: knowledge.passageSearch,
    embedder,
    vectorWeight: deps.embedder ? undefined : configured.vectorWeight,
    onEmbeddingFailure: (error) => log.warn({ err: error }, "question embedding failed; retrieving by full text only"),
  });
  const pipeline = createAnswerPipeline({
    retrieve: (options) => retriever.retrieve(options),
    settingsFor: (companyId) => aiAgent.aiAgentService.settingsFor(companyId),
    answerer: aiEngine.answerer,
    classifier: aiEngine.classifier,
    fixedReplies: aiEngine.fixedReplies,
    orderLookup: orders.orderLookup,
    log,
  });

  const chats = createChatsModule({
    db,
    pipeline,
    summarizer: aiEngine.summarizer,
    realtime,
    limiterStore,
    linkHostsFor: knowledge.ownLinkHosts,
    findShopCustomer: orders.findShopCustomer,
    log,
  });
  const widgetSettings = createWidgetSettingsModule({
    db,
    customReplies: aiAgent.aiAgentRepository,
    sources: knowledge.knowledgeRepository,
    publicUrl,
    // The visitor module is built after this one (it reads the widgets), hence the late binding.
    onSwitchedOff: (widgetId) => visitor.widgetSwitchedOff(widgetId),
    fileStore,
  });
  const visitor = createVisitorModule({
    db,
    widgets: widgetSettings.widgetRepository,
    chats: chats.chatsRepository,
    inbox: chats.inboxRepository,
    chatAnswering: chats.chatAnswering,
    chatEvents: chats.chatEvents,
    settingsFor: (companyId) => aiAgent.aiAgentService.settingsFor(companyId),
    linkHostsFor: knowledge.ownLinkHosts,
    realtime,
    mailer,
    appSecret: config.appSecret,
    publicUrl,
    widgetDir: config.widgetDir,
    demoOrderHint: orders.demoOrderHint,
    manageOrder: orders.manageOrder,
    integrations: integrations.integrationsRepository,
    jobs: jobRunner,
    vendorFetch: deps.ingestionFetch,
    findActiveCustomReply: automation.findActiveCustomReply,
    limiterStore,
    limits: deps.visitorLimits,
    fileStore,
    uploadQuotas: deps.uploadQuotas,
    log,
  });

  // Unanswered questions ask the local engine whether new knowledge answers a group: no provider,
  // no cost, the same verdict every time (decision 042).
  const localPipeline =
    aiEngine.model === "local"
      ? pipeline
      : createAnswerPipeline({
          retrieve: (options) => retriever.retrieve(options),
          settingsFor: (companyId) => aiAgent.aiAgentService.settingsFor(companyId),
          answerer: createLocalAnswerer(),
          classifier: createLocalClassifier(),
          fixedReplies: aiEngine.fixedReplies,
          log,
        });
  const analytics = createAnalyticsModule({
    db,
    answerCheck: async (companyId, question) => {
      const result = await localPipeline.answer({ companyId, question, history: [] });
      return { answered: result.outcome === "answered", documentIds: citedDocumentIds(result) };
    },
  });

  /** The admin playground: the engine's preview, its tokens counted like any answer's. */
  async function playground(...[companyId, request]: Parameters<Playground>) {
    const { response, usage } = await pipeline.preview({ companyId, ...request });
    await chats.chatsRepository.recordUsage({ companyId, chatId: null, purpose: "playground", usage });
    return response;
  }

  const modules: HarborModule[] = [
    companies.module,
    users.module,
    auth.module,
    admin.module,
    integrations.module,
    orders.module,
    knowledge.module,
    aiAgent.module,
    automation.module,
    chats.module,
    widgetSettings.module,
    visitor.module,
    analytics.module,
  ];

  // Platform plugins first, so every module's routes run behind them.
  await registerHttpPlugins(app, {
    rateLimitMax: deps.rateLimitMax ?? 600,
    redis: limitsRedis,
    keyPrefix: limitKeyPrefix,
  });
  registerOriginCheck(app, { publicUrl, publicPrefixes: ["/api/widget/"] });
  registerSessions(app, { sessions: auth.sessions, isSecureCookie: config.isSecureCookie });
  registerStaffChannel({
    namespace: realtime.staff,
    sessions: auth.sessions,
    publicUrl,
    log,
    recheckMs: deps.staffRecheckMs,
  });
  registerPlatformRoutes(app, { database, marketingUrl: config.marketingUrl });
  for (const module of modules) {
    if (module.plugin) await app.register(module.plugin);
    jobRunner.register({ handlers: module.jobs, schedules: module.schedules });
  }
  if (database.kind === "pglite") {
    // PostgreSQL's own autovacuum does this on a server; PGlite has none (single-user mode).
    const maintenance = createEmbeddedMaintenance({ db });
    jobRunner.register({
      schedules: [
        {
          name: "platform.embedded-maintenance",
          cron: EMBEDDED_MAINTENANCE_CRON,
          run: async () => void (await maintenance.run()),
        },
      ],
    });
  }
  companies.demoContent.useSeeders(deps.demoContentSeeders ?? modules.flatMap((module) => module.seeders ?? []));
  await registerDashboard(app, config.dashboardDir);

  // Sockets go first, or open websockets would hold the HTTP server's close.
  app.addHook("preClose", async () => {
    await realtime.close();
  });
  app.addHook("onClose", async () => {
    await jobRunner.stop();
    for (const module of modules) await module.drain?.();
    mailer.close();
    await limitsRedis?.quit().catch(() => undefined);
  });

  void companies.demoContent
    .resumePending()
    .catch((error: unknown) => log.error({ err: error }, "resuming demo content failed"));
  // In the background, so a restart answers before the job queue has warmed up: enqueue waits for
  // it, and main.ts stops the server if it cannot start. One process owns an embedded database.
  const isRunningJobs = deps.isRunningJobs ?? true;
  jobRunner
    .start({ isWorking: isRunningJobs, isSoleNode: database.kind === "pglite" })
    .then(() => {
      if (!isRunningJobs) return;
      for (const module of modules) {
        module
          .onJobsStarted?.()
          .catch((error: unknown) => log.error({ err: error, module: module.name }, "start-up work failed"));
      }
    })
    .catch((error: unknown) => log.error({ err: error }, "the job queue could not start"));

  return Object.assign(app as FastifyInstance, {
    /** For tests, the eval and benchmarks: the parts they drive directly. */
    services: {
      authService: auth.authService,
      usersService: users.usersService,
      adminService: admin.adminService,
      companiesService: companies.companiesService,
      companiesRepository: companies.companiesRepository,
      usersRepository: users.usersRepository,
      demoContent: companies.demoContent,
      knowledgeService: knowledge.knowledgeService,
      knowledgeRepository: knowledge.knowledgeRepository,
      reembedding: knowledge.reembedding,
      integrationsRepository: integrations.integrationsRepository,
      integrationsService: integrations.integrationsService,
      orderLookupService: orders.orderLookupService,
      jobRunner,
      retriever,
      embedder,
      aiAgentService: aiAgent.aiAgentService,
      chatsRepository: chats.chatsRepository,
      chatAnswering: chats.chatAnswering,
      chatEvents: chats.chatEvents,
      inboxService: chats.inboxService,
      analyticsService: analytics.analyticsService,
      visitorService: visitor.visitorService,
      visitorFiles: visitor.visitorFiles,
      fileStore,
      widgetRepository: widgetSettings.widgetRepository,
      realtime,
      pipeline,
      aiEngine,
      routes,
    },
  });
}

export type HarborApp = Awaited<ReturnType<typeof buildApp>>;

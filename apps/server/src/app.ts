import { existsSync } from "node:fs";
import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { envelopeSchema, errorEnvelopeSchema } from "@harbor/contract/envelope";
import { healthResponseSchema, publicConfigSchema } from "@harbor/contract/platform";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { createAiEngine } from "./ai/create-ai-engine";
import { createEmbedder } from "./ai/embeddings/create-embedder";
import type { Embedder } from "./ai/embeddings/embedder";
import { createAnswerPipeline } from "./ai/pipeline/answer-pipeline";
import type { LlmProvider } from "./ai/providers/llm-provider";
import { createRetriever } from "./ai/retrieval/retrieve";
import type { AppConfig } from "./config";
import type { DatabaseHandle } from "./db/client";
import { adminRoutes } from "./modules/admin/admin.routes";
import { createAdminService } from "./modules/admin/admin.service";
import { createAiAgentRepository } from "./modules/ai-agent/ai-agent.repository";
import { aiAgentRoutes } from "./modules/ai-agent/ai-agent.routes";
import { createAiAgentService } from "./modules/ai-agent/ai-agent.service";
import { createAuthRepository } from "./modules/auth/auth.repository";
import { authRoutes } from "./modules/auth/auth.routes";
import { createAuthService } from "./modules/auth/auth.service";
import { createAnswerStore } from "./modules/chats/answer-store";
import { createChatsRepository } from "./modules/chats/chats.repository";
import { chatsRoutes } from "./modules/chats/chats.routes";
import { createDemoChatsSeeder } from "./modules/chats/demo-chats";
import { createInboxRepository } from "./modules/chats/inbox.repository";
import { inboxRoutes } from "./modules/chats/inbox.routes";
import { createInboxService } from "./modules/chats/inbox.service";
import { createTokenUsageService } from "./modules/chats/token-usage.service";
import { createCompaniesRepository } from "./modules/companies/companies.repository";
import { createCompaniesService } from "./modules/companies/companies.service";
import { createDemoContentRunner, type DemoContentSeeder } from "./modules/companies/demo-content";
import { createIntegrationsRepository } from "./modules/integrations/integrations.repository";
import { createKnowledgeJobs } from "./modules/knowledge/knowledge.jobs";
import { createKnowledgeRepository } from "./modules/knowledge/knowledge.repository";
import { knowledgeRoutes } from "./modules/knowledge/knowledge.routes";
import { createKnowledgeService, SYNC_SOURCE_JOB } from "./modules/knowledge/knowledge.service";
import { createReembedding, REEMBED_JOB } from "./modules/knowledge/reembed";
import { createUsersRepository } from "./modules/users/users.repository";
import { usersRoutes } from "./modules/users/users.routes";
import { createUsersService } from "./modules/users/users.service";
import { registerVisitorChannel, type VisitorLimits } from "./modules/visitor/visitor.channel";
import { createVisitorRepository } from "./modules/visitor/visitor.repository";
import { visitorRoutes } from "./modules/visitor/visitor.routes";
import { createVisitorService } from "./modules/visitor/visitor.service";
import { createVisitorFiles } from "./modules/visitor/visitor-files";
import { createVisitorTokens } from "./modules/visitor/visitor-tokens";
import { registerWidgetPages } from "./modules/visitor/widget-pages";
import { createWidgetRepository } from "./modules/widget-settings/widget.repository";
import { widgetSettingsRoutes } from "./modules/widget-settings/widget-settings.routes";
import { createWidgetSettingsService } from "./modules/widget-settings/widget-settings.service";
import { createSecretBox } from "./platform/crypto";
import { failure, ok } from "./platform/envelope";
import { registerErrorHandler } from "./platform/error-handler";
import { AppError } from "./platform/errors";
import { asRouter, okResponse } from "./platform/http";
import { createEmbeddedMaintenance, EMBEDDED_MAINTENANCE_EVERY_MS } from "./platform/jobs/embedded-maintenance";
import { createJobRunner } from "./platform/jobs/job-runner";
import { createJobsRepository } from "./platform/jobs/jobs.repository";
import { createMailer, type Mailer } from "./platform/mailer";
import { registerOriginCheck } from "./platform/origin-check";
import { createRealtimeHub } from "./platform/realtime/realtime-hub";
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
  demoContentSeeders?: DemoContentSeeder[];
  /** Background jobs run in this process (default). Tests may turn them off to drive them by hand. */
  isRunningJobs?: boolean;
  /** Where ingestion's HTTP goes; tests point it at local servers. */
  ingestionFetch?: typeof fetch;
  /** A remote model to answer with instead of the configured provider (tests use fake servers). */
  llm?: LlmProvider | null;
  /** An embedder instead of the configured one (tests). */
  embedder?: Embedder;
  /** The visitor channel's rate limits (tests lower them; the bench raises them). */
  visitorLimits?: Partial<VisitorLimits>;
};

const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the whole server without listening: main.ts listens, tests use app.inject(). */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // The API answers in the envelope, so a malformed URL must not leak a plain-text 400.
    routerOptions: { ignoreTrailingSlash: false },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerStorableTextCheck(app);

  const log: FastifyBaseLogger = app.log;
  const db = database.db;
  const mailer =
    deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log });

  const secretBox = createSecretBox(config.appSecret);
  const configured = createEmbedder(config);
  const embedder = deps.embedder ?? configured.embedder;
  const authRepository = createAuthRepository(db);
  const knowledgeRepository = createKnowledgeRepository(db);
  const integrationsRepository = createIntegrationsRepository(db, secretBox);
  const jobsRepository = createJobsRepository(db);
  const companiesRepository = createCompaniesRepository(db);
  const usersRepository = createUsersRepository(db);
  // The knowledge service is made below; the seeder calls it only once a workspace is created.
  const knowledgeArticlesSeeder: DemoContentSeeder = {
    name: "knowledge-articles",
    seed: (companyId) => knowledgeService.seedDemoArticles(companyId),
  };
  // Sample chats are answered by the pipeline (made below) from the demo articles seeded first.
  const sampleChatsSeeder: DemoContentSeeder = {
    name: "sample-chats",
    seed: (companyId) => createDemoChatsSeeder({ db, chats: chatsRepository, pipeline }).seed(companyId),
  };
  const demoContent = createDemoContentRunner({
    companies: companiesRepository,
    seeders: deps.demoContentSeeders ?? [knowledgeArticlesSeeder, sampleChatsSeeder],
    log,
  });
  const companiesService = createCompaniesService({ companies: companiesRepository, demoContent });
  const authService = createAuthService({
    auth: authRepository,
    users: usersRepository,
    companies: companiesRepository,
    companiesService,
    mailer,
    appSecret: config.appSecret,
    publicUrl: config.publicUrl,
  });
  const usersService = createUsersService({
    users: usersRepository,
    companies: companiesRepository,
    mailer,
    publicUrl: config.publicUrl,
    platformAdmins: config.platformAdmins,
    log,
  });
  const knowledgeJobs = createKnowledgeJobs({
    knowledge: knowledgeRepository,
    integrations: integrationsRepository,
    embedder,
    log,
    fetch: deps.ingestionFetch,
    canCrawlPrivateNetworks: config.canCrawlPrivateNetworks,
  });
  const reembedding = createReembedding({ db, embedder, log });
  const embeddedMaintenance = createEmbeddedMaintenance({ db });
  const jobRunner = createJobRunner({
    repository: jobsRepository,
    log,
    handlers: { [SYNC_SOURCE_JOB]: knowledgeJobs.runSync, [REEMBED_JOB]: reembedding.run },
    schedules: [
      { everyMs: 60_000, run: () => knowledgeJobs.queueDueSyncs((job) => jobRunner.enqueue(job)) },
      // PostgreSQL's own autovacuum does this on a server; PGlite has none (single-user mode).
      ...(database.kind === "pglite"
        ? [{ everyMs: EMBEDDED_MAINTENANCE_EVERY_MS, run: async () => void (await embeddedMaintenance.run()) }]
        : []),
    ],
  });
  const knowledgeService = createKnowledgeService({
    knowledge: knowledgeRepository,
    companies: companiesRepository,
    integrations: integrationsRepository,
    embedder,
    enqueue: (job) => jobRunner.enqueue(job),
    canCrawlPrivateNetworks: config.canCrawlPrivateNetworks,
  });
  const retriever = createRetriever({
    db,
    embedder,
    vectorWeight: deps.embedder ? undefined : configured.vectorWeight,
    onEmbeddingFailure: (error) => log.warn({ err: error }, "question embedding failed; retrieving by full text only"),
  });
  const aiAgentRepository = createAiAgentRepository(db);
  const aiEngine = createAiEngine(config, { llm: deps.llm });
  const aiAgentService = createAiAgentService({
    repository: aiAgentRepository,
    publicUrl: config.publicUrl,
    engine: aiEngine.model === "local" ? "local" : "model",
  });
  const chatsRepository = createChatsRepository(db);
  // socket.io shares the HTTP server; the chat domain's events become emits to its rooms.
  const realtime = await createRealtimeHub({ httpServer: app.server, log, redisUrl: config.redisUrl });
  const chatEvents = realtime.chatEvents;
  const inboxRepository = createInboxRepository(db);
  const tokenUsageService = createTokenUsageService({ chats: chatsRepository });
  const inboxService = createInboxService({ inbox: createInboxRepository(db), chats: chatsRepository, chatEvents });
  const pipeline = createAnswerPipeline({
    retrieve: (options) => retriever.retrieve(options),
    settingsFor: (companyId) => aiAgentService.settingsFor(companyId),
    answerer: aiEngine.answerer,
    classifier: aiEngine.classifier,
    summarizer: aiEngine.summarizer,
    fixedReplies: aiEngine.fixedReplies,
    chats: chatsRepository,
    answerStore: createAnswerStore(db),
    log,
  });
  const widgetRepository = createWidgetRepository(db);
  const widgetSettingsService = createWidgetSettingsService({
    widgets: widgetRepository,
    customReplies: aiAgentRepository,
    sources: knowledgeRepository,
    publicUrl: config.publicUrl,
  });
  const visitorService = createVisitorService({
    widgets: widgetRepository,
    tokens: createVisitorTokens(config.appSecret),
    visitors: createVisitorRepository(db),
    chats: chatsRepository,
    inbox: inboxRepository,
    settingsFor: (companyId) => aiAgentService.settingsFor(companyId),
    pipeline,
    chatEvents,
    mailer,
    publicUrl: config.publicUrl,
    log,
  });
  visitorService.attachBroadcast(realtime.visitorBroadcast);
  registerVisitorChannel({
    namespace: realtime.visitors,
    visitorService,
    chatEvents,
    log,
    limits: deps.visitorLimits,
  });
  registerStaffChannel({
    namespace: realtime.staff,
    auth: authRepository,
    chatEvents,
    chatBelongsTo: (companyId, chatId) => visitorService.chatBelongsTo(companyId, chatId),
    publicUrl: config.publicUrl,
    log,
  });
  const adminService = createAdminService({
    companies: companiesRepository,
    companiesService,
    platformAdmins: config.platformAdmins,
  });

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        "img-src": ["'self'", "data:", "blob:", "https:"],
        "style-src": ["'self'", "'unsafe-inline'"],
      },
    },
  });
  await app.register(fastifyMultipart);
  await app.register(fastifyRateLimit, {
    max: deps.rateLimitMax ?? 600,
    timeWindow: "1 minute",
    errorResponseBuilder: () =>
      new AppError("TOO_MANY_REQUESTS", "Too many requests. Please wait a minute and try again."),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: "Harbor API", version: "0.1.0", description: "Every answer is { hasError, message, data }." },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs", staticCSP: true });

  registerOriginCheck(app, { publicUrl: config.publicUrl, publicPrefixes: ["/api/widget/"] });
  registerSessions(app, { auth: authRepository, authService, isSecureCookie: config.isSecureCookie });

  const router = asRouter(app);
  router.get(
    "/api/health",
    {
      schema: { tags: ["platform"], response: { 200: envelopeSchema(healthResponseSchema), 503: errorEnvelopeSchema } },
    },
    async (_request, reply) => {
      try {
        await db.execute(sql`select 1`);
        return ok({ status: "ok" as const, database: database.kind });
      } catch (error) {
        log.error({ err: error }, "health check failed");
        return reply.status(503).send(failure("The database is not reachable."));
      }
    },
  );
  router.get("/api/config", { schema: { tags: ["platform"], response: okResponse(publicConfigSchema) } }, async () =>
    ok({ marketingURL: config.marketingUrl }),
  );

  authRoutes(app, { authService, isSecureCookie: config.isSecureCookie });
  usersRoutes(app, { usersService });
  adminRoutes(app, { adminService });
  knowledgeRoutes(app, { knowledgeService });
  aiAgentRoutes(app, { aiAgentService, pipeline });
  chatsRoutes(app, { tokenUsageService });
  inboxRoutes(app, { inboxService });
  widgetSettingsRoutes(app, { widgetSettingsService });
  visitorRoutes(app, { visitorService, files: createVisitorFiles({ db, publicUrl: config.publicUrl }) });
  await registerWidgetPages(app, { widgetDir: config.widgetDir });

  const dashboardDir = config.dashboardDir;
  const hasDashboard = dashboardDir !== undefined && existsSync(path.join(dashboardDir, "index.html"));
  if (hasDashboard) {
    await app.register(fastifyStatic, {
      root: dashboardDir,
      wildcard: false,
      // Vite fingerprints everything under /assets, so it can be cached for good.
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header("cache-control", "public, max-age=31536000, immutable");
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      request.method === "GET" && !request.url.startsWith("/api/") && !request.url.startsWith("/assets/");
    if (hasDashboard && isPageRequest) {
      // The dashboard routes in the browser; every page path gets the app shell.
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.status(404).send(failure("Not found."));
  });

  // Sockets go first, or open websockets would hold the HTTP server's close.
  app.addHook("preClose", async () => {
    await realtime.close();
  });
  app.addHook("onClose", async () => {
    await visitorService.drain();
    await jobRunner.stop();
    await demoContent.drain();
    mailer.close();
  });

  void demoContent.resumePending().catch((error: unknown) => log.error({ err: error }, "resuming demo content failed"));
  if (deps.isRunningJobs ?? true) {
    // One process owns an embedded database, so whatever it was running when it stopped resumes now.
    if (database.kind === "pglite") await jobsRepository.requeueAllRunning();
    jobRunner.start();
    // After a change of embedding model, passages are re-embedded in the background.
    void reembedding
      .isNeeded()
      .then((isNeeded) =>
        isNeeded
          ? jobRunner.enqueue({ kind: REEMBED_JOB, companyId: null, payload: {}, singletonKey: REEMBED_JOB })
          : null,
      )
      .catch((error: unknown) => log.error({ err: error }, "checking for passages to re-embed failed"));
  }

  return Object.assign(app as FastifyInstance, {
    services: {
      authService,
      usersService,
      adminService,
      companiesService,
      demoContent,
      knowledgeService,
      knowledgeRepository,
      jobRunner,
      retriever,
      integrationsRepository,
      embedder,
      reembedding,
      aiAgentService,
      chatsRepository,
      inboxService,
      visitorService,
      widgetRepository,
      realtime,
      pipeline,
      aiEngine,
      companiesRepository,
      usersRepository,
    },
  });
}

export type HarborApp = Awaited<ReturnType<typeof buildApp>>;

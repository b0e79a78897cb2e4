import type { TokenUsage } from "../ai/answer/answer-types";
import { createLocalAnswerer } from "../ai/answer/local/local-answerer";
import { createLocalClassifier } from "../ai/answer/local/local-classifier";
import { createAiEngine } from "../ai/create-ai-engine";
import { type AnswerPipeline, citedDocumentIds, createAnswerPipeline } from "../ai/pipeline/answer-pipeline";
import { createRetriever } from "../ai/retrieval/retrieve";
import { createAdminModule } from "../modules/admin/admin.module";
import { createAiAgentModule, type Playground } from "../modules/ai-agent/ai-agent.module";
import { createAnalyticsModule } from "../modules/analytics/analytics.module";
import { createAuthModule } from "../modules/auth/auth.module";
import { createAutomationModule } from "../modules/automation/automation.module";
import { createChatsModule } from "../modules/chats/chats.module";
import { createCompaniesModule } from "../modules/companies/companies.module";
import { createIntegrationsModule } from "../modules/integrations/integrations.module";
import { createKnowledgeModule } from "../modules/knowledge/knowledge.module";
import { createOrdersModule, startDemoLoop, startDemoRecharge, startDemoShop } from "../modules/orders/orders.module";
import { createUsersModule } from "../modules/users/users.module";
import { createVisitorModule } from "../modules/visitor/visitor.module";
import { createWidgetSettingsModule } from "../modules/widget-settings/widget-settings.module";
import { createSecretBox } from "../platform/crypto";
import type { AppDeps } from "./app-deps";
import type { PlatformParts } from "./platform-parts";

/**
 * The domain modules, each built from its entry file with what it needs, in dependency order:
 * accounts, then the shop's connections and knowledge with the AI engine plugged into them, then
 * the conversations built on both, then analytics reading all of it (docs/ARCHITECTURE.md).
 */
export async function wireModules(parts: PlatformParts, deps: AppDeps) {
  const accounts = wireAccounts(parts, deps, {
    // The widget cache is the conversations' (built later); a deletion comes long after both exist.
    companyDeleted: (companyId) => conversations.widgetSettings.widgetChanged(companyId),
  });
  const answers = await wireAnswers(parts, deps, accounts, {
    // The chats module is built on the answers; a playground question comes long after both exist.
    recordPlaygroundUsage: (companyId, usage) =>
      conversations.chats.chatsRepository.recordUsage({ companyId, chatId: null, purpose: "playground", usage }),
  });
  const conversations = wireConversations(parts, deps, answers, accounts);
  const analytics = wireAnalytics(parts, deps, answers);
  return { accounts, answers, conversations, analytics };
}
export type WiredModules = Awaited<ReturnType<typeof wireModules>>;

/** Companies, their users, sign-in, and the platform admin's pages. */
function wireAccounts(
  { mailer, log, staffAccess }: PlatformParts,
  { config, database: { db } }: AppDeps,
  later: { companyDeleted(companyId: string): void },
) {
  const { publicUrl, platformAdmins } = config;
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
    companyDeleted: later.companyDeleted,
  });
  return { companies, users, auth, admin };
}

/**
 * The shop's connections (integrations, orders), its knowledge, and the AI engine answering from
 * them: retrieval over the knowledge base's search, settings from the AI agent module.
 */
async function wireAnswers(
  parts: PlatformParts,
  deps: AppDeps,
  { companies }: ReturnType<typeof wireAccounts>,
  { recordPlaygroundUsage }: { recordPlaygroundUsage: (companyId: string, usage: TokenUsage[]) => Promise<void> },
) {
  const {
    config,
    database: { db },
  } = deps;
  const { log, embedder, jobRunner, limiterStore, mailer, fileStore } = parts;
  const { publicUrl } = config;
  const integrations = createIntegrationsModule({
    db,
    secretBox: createSecretBox(config.appSecret),
    // ZENDESK_BASE_URL (decision 065) for Zendesk, unless the caller names its own addresses.
    vendorBaseUrls: {
      ...(config.zendeskBaseUrl ? { zendesk: config.zendeskBaseUrl } : {}),
      ...deps.vendorBaseUrls,
    },
    fetch: deps.ingestionFetch,
    // The knowledge module is built next; a disconnected Zendesk takes its documents along.
    onDisconnected: async (companyId, app) => {
      if (app === "zendesk") await knowledge.knowledgeService.deleteSourcesOfApp(companyId, "zendesk");
    },
    zendeskOAuthClient: config.zendeskOAuth,
    publicUrl,
    log,
  });
  const orders = createOrdersModule({
    db,
    integrations: integrations.integrationsRepository,
    limiterStore,
    log,
    mailer,
    smsSender: parts.smsSender,
    appSecret: config.appSecret,
    // HARBOR_DEMO: a fake Shopify on loopback that new workspaces are connected to …
    demoShop: config.isDemo ? await startDemoShop() : null,
    // … and a fake Recharge with the demo customer's subscriptions.
    demoRecharge: config.isDemo ? await startDemoRecharge() : null,
    demoLoop: config.isDemo ? await startDemoLoop() : null,
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
    publicUrl,
  });
  const aiEngine = await createAiEngine(config, { llm: deps.llm });
  const aiAgent = createAiAgentModule({
    db,
    fileStore,
    publicUrl,
    // The AI agent's pages tell the admin which engine answers.
    engine: aiEngine.model === "local" ? "local" : "model",
    playground: (companyId, request) => playground(companyId, request),
  });
  const automation = createAutomationModule({
    db,
    onSettingsChanged: (companyId) => aiAgent.aiAgentService.forgetSettings(companyId),
    listDataModels: (companyId) => aiAgent.aiAgentRepository.listDataModels(companyId),
    fileStore,
    publicUrl,
    log,
  });
  const retriever = createRetriever({
    search: knowledge.passageSearch,
    embedder,
    vectorWeight: parts.vectorWeight,
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
  /** The admin playground: the engine's preview, its tokens counted like any answer's. */
  async function playground(...[companyId, request]: Parameters<Playground>) {
    const { response, usage } = await pipeline.preview({ companyId, ...request });
    await recordPlaygroundUsage(companyId, usage);
    return response;
  }
  return {
    integrations,
    orders,
    knowledge,
    aiEngine,
    aiAgent,
    automation,
    retriever,
    pipeline,
    settingsFor: (companyId: string) => aiAgent.aiAgentService.settingsFor(companyId),
  };
}
type Answers = Awaited<ReturnType<typeof wireAnswers>>;

/** Chats and the inbox, the widget's settings, and the visitor's side of a conversation. */
function wireConversations(
  parts: PlatformParts,
  deps: AppDeps,
  answers: Answers,
  { users }: ReturnType<typeof wireAccounts>,
) {
  const {
    config,
    database: { db },
  } = deps;
  const { log, realtime, limiterStore, mailer, fileStore, jobRunner } = parts;
  const { knowledge, orders, aiAgent, integrations, automation, aiEngine, pipeline } = answers;
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
    publicUrl: config.publicUrl,
    // The visitor module is built after this one (it reads the widgets), hence the late binding.
    onSwitchedOff: (widgetId) => visitor.widgetSwitchedOff(widgetId),
    fileStore,
    shopClientFor: (companyId) => orders.orderLookupService.shopClientFor(companyId),
    firstAdminEmail: (companyId) => users.usersRepository.firstAdminEmail(companyId),
    realtime,
  });
  const visitor = createVisitorModule({
    db,
    widgets: widgetSettings.widgetRepository,
    chats: chats.chatsRepository,
    inbox: chats.inboxRepository,
    chatAnswering: chats.chatAnswering,
    chatEvents: chats.chatEvents,
    settingsFor: answers.settingsFor,
    linkHostsFor: knowledge.ownLinkHosts,
    realtime,
    mailer,
    appSecret: config.appSecret,
    publicUrl: config.publicUrl,
    widgetDir: config.widgetDir,
    demoOrderHint: orders.demoOrderHint,
    manageOrder: orders.manageOrder,
    orderLookup: orders.orderLookup,
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
  return { chats, widgetSettings, visitor };
}

/**
 * Analytics. Unanswered questions ask the local engine whether new knowledge answers a group: no
 * provider, no cost, the same verdict every time (decision 042).
 */
function wireAnalytics(
  { log, jobRunner }: PlatformParts,
  { database: { db }, analyticsWarming }: AppDeps,
  answers: Answers,
) {
  const localPipeline: AnswerPipeline =
    answers.aiEngine.model === "local"
      ? answers.pipeline
      : createAnswerPipeline({
          retrieve: (options) => answers.retriever.retrieve(options),
          settingsFor: answers.settingsFor,
          answerer: createLocalAnswerer(),
          classifier: createLocalClassifier(),
          fixedReplies: answers.aiEngine.fixedReplies,
          log,
        });
  return createAnalyticsModule({
    db,
    jobs: jobRunner,
    log,
    // Answer waits are warmed on both databases: since migration 0035 a chunk reads only its days'
    // answers, short enough for PGlite's one connection (decision 080; 077 kept PGlite out).
    warming: analyticsWarming,
    answerCheck: async (companyId, question) => {
      const result = await localPipeline.answer({ companyId, question, history: [] });
      return { answered: result.outcome === "answered", documentIds: citedDocumentIds(result) };
    },
  });
}

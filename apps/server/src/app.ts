import type { FastifyInstance } from "fastify";
import type { AppDeps } from "./composition/app-deps";
import { createHttpApp } from "./composition/http-app";
import { closeInOrder, registerModules, registerPlatform, startBackgroundWork } from "./composition/lifecycle";
import { createPlatformParts } from "./composition/platform-parts";
import { wireModules } from "./composition/wire-modules";

export type { AppDeps } from "./composition/app-deps";
export type { RegisteredRoute } from "./composition/http-app";

/**
 * Builds the whole server without listening (main.ts listens; tests use app.inject()): the HTTP
 * app, the platform (mail, jobs, realtime, limits, files), the domain modules wired to it and to
 * each other, then their routes, jobs and lifecycle (docs/ARCHITECTURE.md, "Composition").
 */
export async function buildApp(deps: AppDeps) {
  const { app, routes } = createHttpApp(deps);
  const parts = await createPlatformParts(app, deps);
  const wired = await wireModules(parts, deps);
  await registerPlatform(app, parts, deps, wired);
  await registerModules(app, parts, deps, wired);
  closeInOrder(app, parts, wired, startBackgroundWork(parts, deps, wired));

  const { accounts, answers, conversations, analytics } = wired;
  return Object.assign(app as FastifyInstance, {
    /** For tests, the eval and benchmarks: the parts they drive directly. */
    services: {
      authService: accounts.auth.authService,
      usersService: accounts.users.usersService,
      adminService: accounts.admin.adminService,
      companiesService: accounts.companies.companiesService,
      companiesRepository: accounts.companies.companiesRepository,
      usersRepository: accounts.users.usersRepository,
      demoContent: accounts.companies.demoContent,
      knowledgeService: answers.knowledge.knowledgeService,
      knowledgeRepository: answers.knowledge.knowledgeRepository,
      reembedding: answers.knowledge.reembedding,
      integrationsRepository: answers.integrations.integrationsRepository,
      integrationsService: answers.integrations.integrationsService,
      orderLookupService: answers.orders.orderLookupService,
      jobRunner: parts.jobRunner,
      retriever: answers.retriever,
      embedder: parts.embedder,
      aiAgentService: answers.aiAgent.aiAgentService,
      chatsRepository: conversations.chats.chatsRepository,
      chatAnswering: conversations.chats.chatAnswering,
      chatEvents: conversations.chats.chatEvents,
      inboxService: conversations.chats.inboxService,
      analyticsService: analytics.analyticsService,
      answerWaitWarming: analytics.answerWaitWarming,
      verdictWarming: analytics.verdictWarming,
      visitorService: conversations.visitor.visitorService,
      visitorFiles: conversations.visitor.visitorFiles,
      fileStore: parts.fileStore,
      widgetRepository: conversations.widgetSettings.widgetRepository,
      realtime: parts.realtime,
      pipeline: answers.pipeline,
      aiEngine: answers.aiEngine,
      routes,
    },
  });
}

export type HarborApp = Awaited<ReturnType<typeof buildApp>>;

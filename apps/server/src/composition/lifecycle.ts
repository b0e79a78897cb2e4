import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { HarborModule } from "../platform/harbor-module";
import { registerDashboard, registerHttpPlugins, registerPlatformRoutes } from "../platform/http-platform";
import { createEmbeddedMaintenance, EMBEDDED_MAINTENANCE_CRON } from "../platform/jobs/embedded-maintenance";
import { registerOriginCheck } from "../platform/origin-check";
import { registerStaffChannel } from "../platform/realtime/staff-channel";
import { registerSessions } from "../platform/session";
import type { AppDeps } from "./app-deps";
import type { PlatformParts } from "./platform-parts";
import type { WiredModules } from "./wire-modules";

/** The modules as the platform runs them, in dependency order. */
export function harborModules({ accounts, answers, conversations, analytics }: WiredModules): HarborModule[] {
  return [
    accounts.companies.module,
    accounts.users.module,
    accounts.auth.module,
    accounts.admin.module,
    answers.integrations.module,
    answers.orders.module,
    answers.knowledge.module,
    answers.aiAgent.module,
    answers.automation.module,
    conversations.chats.module,
    conversations.widgetSettings.module,
    conversations.visitor.module,
    analytics.module,
  ];
}

/** Platform plugins first, so every module's routes run behind them: limits, origin check, sessions. */
export async function registerPlatform(app: FastifyInstance, parts: PlatformParts, deps: AppDeps, wired: WiredModules) {
  const { config } = deps;
  const { sessions } = wired.accounts.auth;
  await registerHttpPlugins(app, {
    rateLimitMax: deps.rateLimitMax ?? 600,
    redis: parts.limitsRedis,
    keyPrefix: parts.limitKeyPrefix,
  });
  registerOriginCheck(app, { publicUrl: config.publicUrl, publicPrefixes: ["/api/widget/"] });
  registerSessions(app, { sessions, isSecureCookie: config.isSecureCookie });
  registerStaffChannel({
    namespace: parts.realtime.staff,
    sessions,
    publicUrl: config.publicUrl,
    log: parts.log,
    recheckMs: deps.staffRecheckMs,
  });
  registerPlatformRoutes(app, { database: deps.database, marketingUrl: config.marketingUrl });
}

/** Each module's routes, socket handlers, jobs and demo-content seeders; then the dashboard's files. */
export async function registerModules(app: FastifyInstance, parts: PlatformParts, deps: AppDeps, wired: WiredModules) {
  const { jobRunner } = parts;
  const modules = harborModules(wired);
  for (const module of modules) {
    if (module.plugin) await app.register(module.plugin);
    jobRunner.register({ handlers: module.jobs, upkeep: module.upkeepJobs, schedules: module.schedules });
  }
  if (deps.database.kind === "pglite") {
    // PostgreSQL's own autovacuum does this on a server; PGlite has none (single-user mode).
    const maintenance = createEmbeddedMaintenance({ db: deps.database.db });
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
  wired.accounts.companies.demoContent.useSeeders(
    deps.demoContentSeeders ?? modules.flatMap((module) => module.seeders ?? []),
  );
  await registerDashboard(app, deps.config.dashboardDir);
}

/** Closing: sockets first (open websockets would hold the HTTP server's close), then jobs, modules, mail. */
export function closeInOrder(
  app: FastifyInstance,
  parts: PlatformParts,
  wired: WiredModules,
  background: BackgroundWork,
) {
  app.addHook("preClose", async () => {
    background.isClosing = true;
    await parts.realtime.close();
  });
  app.addHook("onClose", async () => {
    await parts.jobRunner.stop();
    for (const module of harborModules(wired)) await module.drain?.();
    parts.mailer.close();
    await parts.limitsRedis?.quit().catch(() => undefined);
  });
}

/** Start-up work knows when the server is closing: what it could not finish then is not a failure. */
export interface BackgroundWork {
  isClosing: boolean;
}

/**
 * Logs start-up work that failed, unless the server was closing by then: a stop soon after a start
 * closes the queue and the database under it (PGlite says "PGlite is closed"). Nothing is lost:
 * each piece (interrupted syncs, re-embedding, cold caches, pending hand-offs, half-made demo
 * content) is looked for again at the next start.
 */
export function reportStartUpFailure(log: FastifyBaseLogger, background: BackgroundWork, what: string) {
  return (error: unknown) => {
    if (background.isClosing) log.info({ what, reason: String(error) }, "start-up work cut short by the stop");
    else log.error({ err: error, what }, "start-up work failed");
  };
}

/** Each module's work once the job queue runs, in parallel, each failure reported on its own. */
export function runStartUpWork(modules: HarborModule[], log: FastifyBaseLogger, background: BackgroundWork) {
  return Promise.all(
    modules.map((module) =>
      (module.onJobsStarted?.() ?? Promise.resolve()).catch(reportStartUpFailure(log, background, module.name)),
    ),
  );
}

/**
 * Demo content left half-made by a restart, and the job queue, in the background: a restart
 * answers before the queue has warmed up (enqueue waits for it), and main.ts stops the server if
 * it cannot start. One process owns an embedded database.
 */
export function startBackgroundWork(parts: PlatformParts, deps: AppDeps, wired: WiredModules): BackgroundWork {
  const { log, jobRunner } = parts;
  const background: BackgroundWork = { isClosing: false };
  void wired.accounts.companies.demoContent
    .resumePending()
    .catch(reportStartUpFailure(log, background, "resuming demo content"));
  const isRunningJobs = deps.isRunningJobs ?? true;
  jobRunner.start({ isWorking: isRunningJobs, isSoleNode: deps.database.kind === "pglite" }).then(
    async () => {
      if (isRunningJobs) await runStartUpWork(harborModules(wired), log, background);
    },
    reportStartUpFailure(log, background, "starting the job queue"),
  );
  return background;
}

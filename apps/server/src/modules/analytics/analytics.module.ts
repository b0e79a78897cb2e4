import type { Database } from "../../db/client";
import type { HarborModule } from "../../platform/harbor-module";
import type { JobRunner } from "../../platform/jobs/job-runner";
import { createAnalyticsRepository } from "./analytics.repository";
import { analyticsRoutes } from "./analytics.routes";
import { type AnswerCheck, createAnalyticsService } from "./analytics.service";
import {
  createAnswerWaitWarming,
  createVerdictWarming,
  DEFAULT_WARMING,
  FIND_COLD_ANSWER_WAITS,
  WARM_ANSWER_WAITS_JOB,
  type WarmingOptions,
} from "./analytics-warming";

export type { AnalyticsService, AnswerCheck } from "./analytics.service";
export type { WarmingOptions } from "./analytics-warming";

type Logger = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * Analytics (spec part 2 §2.4): insights with honest resolutions, source use, token usage and
 * unanswered questions, aggregated in SQL over the chats' and knowledge base's tables (decisions
 * 039 and 042). Its caches are warmed in the background (decision 077).
 */
export function createAnalyticsModule(deps: {
  db: Database;
  answerCheck?: AnswerCheck;
  jobs: Pick<JobRunner, "enqueue">;
  log: Logger;
  warming?: Partial<WarmingOptions>;
}) {
  const options: WarmingOptions = { ...DEFAULT_WARMING, ...deps.warming };
  const analytics = createAnalyticsRepository(deps.db);
  // The service asks for warming after a zone change; the warming reads the zone through the service.
  let answerWaitWarming: ReturnType<typeof createAnswerWaitWarming> | null = null;
  const analyticsService = createAnalyticsService({
    analytics,
    answerCheck: deps.answerCheck,
    onTimeZoneChanged: async (companyId) => {
      if (options.answerWaits) await answerWaitWarming?.request(companyId);
    },
  });
  answerWaitWarming = createAnswerWaitWarming({
    analytics,
    timeZoneOf: analyticsService.timeZoneOfCompany,
    enqueue: (request) => deps.jobs.enqueue(request),
    log: deps.log,
    options,
  });
  const warming = answerWaitWarming;
  const verdictWarming = createVerdictWarming({
    analytics,
    warmCompany: (companyId, signal) => analyticsService.warmUnanswered(companyId, signal),
    log: deps.log,
    options,
  });
  const module: HarborModule = {
    name: "analytics",
    async plugin(app) {
      analyticsRoutes(app, { analyticsService });
      // Every node keeps its own verdicts, so every node warms them, whether it runs jobs or not.
      app.addHook("onReady", async () => verdictWarming.start());
    },
    upkeepJobs: { [WARM_ANSWER_WAITS_JOB]: (job, signal) => warming.run(job, signal) },
    // Invalidation (answer_wait_days_forget) happens in the database, where the server cannot
    // hear it: a look every minute finds the companies whose cache lost days.
    schedules: options.answerWaits
      ? [{ name: FIND_COLD_ANSWER_WAITS, cron: "* * * * *", run: () => warming.requestWhereCold() }]
      : [],
    async onJobsStarted() {
      if (options.answerWaits) await warming.requestWhereCold();
    },
    drain: () => verdictWarming.stop(),
  };
  return { module, analyticsService, answerWaitWarming: warming, verdictWarming };
}

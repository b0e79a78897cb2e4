import type { Database } from "../../db/client";
import type { HarborModule } from "../../platform/harbor-module";
import { createAnalyticsRepository } from "./analytics.repository";
import { analyticsRoutes } from "./analytics.routes";
import { type AnswerCheck, createAnalyticsService } from "./analytics.service";

export type { AnalyticsService, AnswerCheck } from "./analytics.service";

/**
 * Analytics (spec part 2 §2.4): insights with honest resolutions, source use, token usage and
 * unanswered questions, aggregated in SQL over the chats' and knowledge base's tables (decisions
 * 039 and 042).
 */
export function createAnalyticsModule(deps: { db: Database; answerCheck?: AnswerCheck }) {
  const analyticsService = createAnalyticsService({
    analytics: createAnalyticsRepository(deps.db),
    answerCheck: deps.answerCheck,
  });
  const module: HarborModule = {
    name: "analytics",
    async plugin(app) {
      analyticsRoutes(app, { analyticsService });
    },
  };
  return { module, analyticsService };
}

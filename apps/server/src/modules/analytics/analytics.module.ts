import type { Database } from "../../db/client";
import type { HarborModule } from "../../platform/harbor-module";
import { createAnalyticsRepository } from "./analytics.repository";
import { analyticsRoutes } from "./analytics.routes";
import { createAnalyticsService } from "./analytics.service";

export type { AnalyticsService } from "./analytics.service";

/**
 * Analytics (spec part 2 §2.4): insights with honest resolutions, source use and token usage,
 * aggregated in SQL over the chats' and knowledge base's tables (decision 039).
 */
export function createAnalyticsModule(deps: { db: Database }) {
  const analyticsService = createAnalyticsService({ analytics: createAnalyticsRepository(deps.db) });
  const module: HarborModule = {
    name: "analytics",
    async plugin(app) {
      analyticsRoutes(app, { analyticsService });
    },
  };
  return { module, analyticsService };
}

import {
  analyticsRangeSchema,
  costAndSpeedSchema,
  insightsSchema,
  modelPriceResetSchema,
  modelPriceSchema,
  modelPricesSchema,
  reportingTimeZoneBodySchema,
  sourceInsightsSchema,
  tokenUsageResponseSchema,
  unansweredQuestionsSchema,
} from "@harbor/contract/analytics";
import type { FastifyInstance } from "fastify";
import { ok } from "../../platform/envelope";
import { asRouter, okResponse } from "../../platform/http";
import { requireAdmin } from "../../platform/session";
import type { AnalyticsService } from "./analytics.service";

/**
 * The spec's three analytics calls (part 2 §7), unanswered questions (issue 18, decision 042) and
 * the reporting zone they are read in; admins only.
 */
export function analyticsRoutes(app: FastifyInstance, deps: { analyticsService: AnalyticsService }) {
  const router = asRouter(app);
  const { analyticsService } = deps;
  router.post(
    "/api/chat/get-analytics",
    { schema: { tags: ["analytics"], body: analyticsRangeSchema, response: okResponse(insightsSchema) } },
    async (request) => ok(await analyticsService.insights(requireAdmin(request), request.body)),
  );
  router.post(
    "/api/document/analytics/sources",
    { schema: { tags: ["analytics"], body: analyticsRangeSchema, response: okResponse(sourceInsightsSchema) } },
    async (request) => ok(await analyticsService.sources(requireAdmin(request), request.body)),
  );
  router.post(
    "/api/chat/get-token-usage",
    { schema: { tags: ["analytics"], body: analyticsRangeSchema, response: okResponse(tokenUsageResponseSchema) } },
    async (request) => ok(await analyticsService.tokenUsage(requireAdmin(request), request.body)),
  );
  router.post(
    "/api/analytics/unanswered-questions",
    { schema: { tags: ["analytics"], body: analyticsRangeSchema, response: okResponse(unansweredQuestionsSchema) } },
    async (request) => ok(await analyticsService.unanswered(requireAdmin(request), request.body)),
  );
  router.post(
    "/api/analytics/cost-and-speed",
    { schema: { tags: ["analytics"], body: analyticsRangeSchema, response: okResponse(costAndSpeedSchema) } },
    async (request) => ok(await analyticsService.costAndSpeed(requireAdmin(request), request.body)),
  );
  router.get(
    "/api/analytics/model-prices",
    { schema: { tags: ["analytics"], response: okResponse(modelPricesSchema) } },
    async (request) => ok(await analyticsService.modelPrices(requireAdmin(request))),
  );
  router.post(
    "/api/analytics/model-prices",
    { schema: { tags: ["analytics"], body: modelPriceSchema, response: okResponse(modelPricesSchema) } },
    async (request) => ok(await analyticsService.setModelPrice(requireAdmin(request), request.body)),
  );
  router.post(
    "/api/analytics/model-prices/reset",
    { schema: { tags: ["analytics"], body: modelPriceResetSchema, response: okResponse(modelPricesSchema) } },
    async (request) => ok(await analyticsService.resetModelPrice(requireAdmin(request), request.body.model)),
  );
  router.get(
    "/api/analytics/time-zone",
    { schema: { tags: ["analytics"], response: okResponse(reportingTimeZoneBodySchema) } },
    async (request) => ok({ timeZone: await analyticsService.timeZone(requireAdmin(request)) }),
  );
  router.post(
    "/api/analytics/time-zone",
    {
      schema: {
        tags: ["analytics"],
        body: reportingTimeZoneBodySchema,
        response: okResponse(reportingTimeZoneBodySchema),
      },
    },
    async (request) =>
      ok({ timeZone: await analyticsService.setTimeZone(requireAdmin(request), request.body.timeZone) }),
  );
}

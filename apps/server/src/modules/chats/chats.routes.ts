import { tokenUsageRequestSchema, tokenUsageResponseSchema } from "@harbor/contract/ai-agent";
import type { FastifyInstance } from "fastify";
import { ok } from "../../platform/envelope";
import { asRouter, okResponse } from "../../platform/http";
import { requireAdmin } from "../../platform/session";
import type { TokenUsageService } from "./token-usage.service";

/** Chat calls that exist so far; the inbox issue adds the rest under /api/chat. */
export function chatsRoutes(app: FastifyInstance, deps: { tokenUsageService: TokenUsageService }) {
  const router = asRouter(app);
  router.post(
    "/api/chat/get-token-usage",
    { schema: { tags: ["analytics"], body: tokenUsageRequestSchema, response: okResponse(tokenUsageResponseSchema) } },
    async (request) => ok(await deps.tokenUsageService.report(requireAdmin(request), request.body)),
  );
}

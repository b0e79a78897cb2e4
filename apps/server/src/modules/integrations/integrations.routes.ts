import {
  addIntegrationRequestSchema,
  companyIntegrationsViewSchema,
  removeIntegrationRequestSchema,
  updateIntegrationRequestSchema,
} from "@harbor/contract/integrations";
import type { FastifyInstance } from "fastify";
import { ok } from "../../platform/envelope";
import { asRouter, okResponse } from "../../platform/http";
import { requireAdmin } from "../../platform/session";
import type { IntegrationsService } from "./integrations.service";

/** Spec part 2 §7 "Integrations and company"; Settings is admin-only (§6), so every call is. */
export function integrationsRoutes(app: FastifyInstance, deps: { integrationsService: IntegrationsService }) {
  const router = asRouter(app);
  const tags = ["integrations"];
  const response = okResponse(companyIntegrationsViewSchema);

  // Not in the spec (it reads integrations off the company); the cards need them on their own.
  router.get("/api/company/integration/all", { schema: { tags, response } }, async (request) =>
    ok(await deps.integrationsService.view(requireAdmin(request))),
  );

  router.post(
    "/api/company/integration/add",
    // Each add calls the vendor: a tighter limit keeps the form from being a credential-guessing relay.
    {
      schema: { tags, body: addIntegrationRequestSchema, response },
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
    },
    async (request) => {
      const { company, message } = await deps.integrationsService.add(requireAdmin(request), request.body);
      return ok(company, message);
    },
  );

  router.post(
    "/api/company/integration/update",
    { schema: { tags, body: updateIntegrationRequestSchema, response } },
    async (request) => {
      const { company, message } = await deps.integrationsService.update(requireAdmin(request), request.body);
      return ok(company, message);
    },
  );

  router.post(
    "/api/company/integration/remove",
    { schema: { tags, body: removeIntegrationRequestSchema, response } },
    async (request) => {
      const { company, message } = await deps.integrationsService.remove(requireAdmin(request), request.body.app);
      return ok(company, message);
    },
  );
}

import {
  addIntegrationRequestSchema,
  companyIntegrationsViewSchema,
  removeIntegrationRequestSchema,
  startZendeskOAuthRequestSchema,
  startZendeskOAuthResponseSchema,
  updateIntegrationRequestSchema,
} from "@harbor/contract/integrations";
import type { FastifyInstance } from "fastify";
import { ok } from "../../platform/envelope";
import { AppError } from "../../platform/errors";
import { asRouter, okResponse } from "../../platform/http";
import { requireAdmin } from "../../platform/session";
import type { IntegrationsService } from "./integrations.service";
import { ZENDESK_OAUTH_CALLBACK_PATH, type ZendeskOAuth } from "./zendesk-oauth";

/** Spec part 2 §7 "Integrations and company"; Settings is admin-only (§6), so every call is. */
export function integrationsRoutes(
  app: FastifyInstance,
  deps: { integrationsService: IntegrationsService; zendeskOAuth: ZendeskOAuth | null },
) {
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

  // Zendesk through its consent popup (spec part 2 §2.5, decision 058). Not in the spec's call
  // list: the spec's add call "returns a redirect URL"; a call of its own keeps add's body one shape.
  router.post(
    "/api/company/integration/zendesk/oauth",
    {
      schema: { tags, body: startZendeskOAuthRequestSchema, response: okResponse(startZendeskOAuthResponseSchema) },
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
    },
    async (request) => {
      const auth = requireAdmin(request);
      if (!deps.zendeskOAuth) {
        throw new AppError("CONFLICT", "Zendesk sign-in is not set up on this Harbor. Connect with an API token.");
      }
      return ok(deps.zendeskOAuth.start(auth, request.body.domainName));
    },
  );

  // Zendesk sends the popup here; it goes on to the spec's success or error page (§2.6).
  router.get(ZENDESK_OAUTH_CALLBACK_PATH, { schema: { tags, hide: true } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === "string" && value.length <= 2_000 ? value : undefined);
    let auth: ReturnType<typeof requireAdmin> | null = null;
    try {
      auth = requireAdmin(request);
    } catch {
      // Signed out or no longer an admin: the error page, not a JSON error in a popup.
    }
    const target = deps.zendeskOAuth
      ? await deps.zendeskOAuth.callback(auth, {
          code: text(query.code),
          state: text(query.state),
          error: text(query.error),
        })
      : "/settings/zendesk/oauth/error";
    return reply.redirect(target, 302);
  });
}

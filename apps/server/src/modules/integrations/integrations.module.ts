import type { IntegrationApp } from "@harbor/contract/integrations";
import type { Database } from "../../db/client";
import type { SecretBox } from "../../platform/crypto";
import type { HarborModule } from "../../platform/harbor-module";
import { createCredentialCheck, type VendorBaseUrls } from "./credential-check";
import { createIntegrationsRepository } from "./integrations.repository";
import { integrationsRoutes } from "./integrations.routes";
import { createIntegrationsService } from "./integrations.service";
import { createZendeskOAuth } from "./zendesk-oauth";

export type { VendorBaseUrls } from "./credential-check";
export type { IntegrationsRepository } from "./integrations.repository";

/** A company's connected vendors (Shopify, Zendesk, …), credentials checked with the vendor and encrypted at rest. */
export function createIntegrationsModule(deps: {
  db: Database;
  secretBox: SecretBox;
  /** Where vendor clients go instead of the vendors' hosts (tests point them at the fakes). */
  vendorBaseUrls?: VendorBaseUrls;
  fetch?: typeof fetch;
  /** Late-bound: the knowledge module is built after this one and removes an app's documents. */
  onDisconnected: (companyId: string, app: IntegrationApp) => Promise<void>;
  /** Harbor's Zendesk OAuth client; null: Zendesk connects by API token (decision 058). */
  zendeskOAuthClient: { clientId: string; clientSecret: string } | null;
  publicUrl: string;
  log: { warn(object: object, message: string): void };
}) {
  const integrationsRepository = createIntegrationsRepository(deps.db, deps.secretBox);
  const integrationsService = createIntegrationsService({
    integrations: integrationsRepository,
    checkCredentials: createCredentialCheck({ baseUrls: deps.vendorBaseUrls, fetch: deps.fetch }),
    onDisconnected: deps.onDisconnected,
    zendeskConnect: deps.zendeskOAuthClient ? "oauth" : "api-token",
  });
  const zendeskOAuth = deps.zendeskOAuthClient
    ? createZendeskOAuth({
        client: deps.zendeskOAuthClient,
        publicUrl: deps.publicUrl,
        secretBox: deps.secretBox,
        integrations: integrationsRepository,
        baseUrl: deps.vendorBaseUrls?.zendesk,
        fetch: deps.fetch,
        log: deps.log,
      })
    : null;
  const module: HarborModule = {
    name: "integrations",
    plugin: async (app) => integrationsRoutes(app, { integrationsService, zendeskOAuth }),
  };
  return { module, integrationsRepository, integrationsService };
}

import type { Database } from "../../db/client";
import type { SecretBox } from "../../platform/crypto";
import type { HarborModule } from "../../platform/harbor-module";
import { createIntegrationsRepository } from "./integrations.repository";

export type { IntegrationsRepository } from "./integrations.repository";

/** A company's connected vendors (Shopify, Zendesk, …), credentials encrypted at rest. */
export function createIntegrationsModule(deps: { db: Database; secretBox: SecretBox }) {
  const integrationsRepository = createIntegrationsRepository(deps.db, deps.secretBox);
  const module: HarborModule = { name: "integrations" };
  return { module, integrationsRepository };
}

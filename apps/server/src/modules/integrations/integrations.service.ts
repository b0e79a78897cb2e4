import {
  type addIntegrationRequestSchema,
  type CompanyIntegrationsView,
  INTEGRATION_LABELS,
  type IntegrationApp,
  type IntegrationState,
  integrationAppSchema,
} from "@harbor/contract/integrations";
import type { z } from "zod";
import { AppError } from "../../platform/errors";
import type { CompanyAuth } from "../../platform/session";
import type { createCredentialCheck } from "./credential-check";
import type { IntegrationsRepository } from "./integrations.repository";

export type IntegrationsServiceDeps = {
  integrations: IntegrationsRepository;
  checkCredentials: ReturnType<typeof createCredentialCheck>;
  /** What else goes when an app is disconnected (Zendesk: its knowledge documents). */
  onDisconnected: (companyId: string, app: IntegrationApp) => Promise<void>;
  /** How Zendesk connects here (decision 058). */
  zendeskConnect: "oauth" | "api-token";
};

/** Settings → Integrations: connect (after the vendor accepts the credentials), switch, disconnect. */
export function createIntegrationsService(deps: IntegrationsServiceDeps) {
  const { integrations } = deps;

  async function view(companyId: string): Promise<CompanyIntegrationsView> {
    const rows = await integrations.listPublic(companyId);
    const byApp = new Map(rows.map((row) => [row.app, row]));
    const entries = integrationAppSchema.options.map((app): [IntegrationApp, IntegrationState] => {
      const row = byApp.get(app);
      if (!row)
        return [app, { isConnected: false, isActive: false, credentials: {}, hasSecret: false, connectedAt: null }];
      const { shopName, domainName, email } = row.publicCredentials;
      return [
        app,
        {
          isConnected: true,
          isActive: row.isActive,
          // Only the known public fields: anything else in the row stays on the server.
          credentials: {
            ...(shopName ? { shopName } : {}),
            ...(domainName ? { domainName } : {}),
            ...(email ? { email } : {}),
          },
          // Every connection is stored with its sealed token or key (the form requires one).
          hasSecret: true,
          connectedAt: row.updatedAt.toISOString(),
        },
      ];
    });
    return {
      _id: companyId,
      zendeskConnect: deps.zendeskConnect,
      integrations: Object.fromEntries(entries) as CompanyIntegrationsView["integrations"],
    };
  }

  return {
    view: (auth: CompanyAuth) => view(auth.companyId),

    async add(auth: CompanyAuth, request: z.output<typeof addIntegrationRequestSchema>) {
      const checked = await deps.checkCredentials(request);
      // Connecting again replaces the credentials (a new token) and switches the app on.
      await integrations.save({ companyId: auth.companyId, app: request.appName, isActive: true, ...checked });
      return { company: await view(auth.companyId), message: `${INTEGRATION_LABELS[request.appName]} connected.` };
    },

    async update(auth: CompanyAuth, request: { app: IntegrationApp; isActive: boolean }) {
      const label = INTEGRATION_LABELS[request.app];
      if (!(await integrations.setActive(auth.companyId, request.app, request.isActive))) {
        throw new AppError("NOT_FOUND", `${label} is not connected.`);
      }
      const message = request.isActive ? `${label} is active.` : `${label} is paused.`;
      return { company: await view(auth.companyId), message };
    },

    async remove(auth: CompanyAuth, app: IntegrationApp) {
      const label = INTEGRATION_LABELS[app];
      if (!(await integrations.remove(auth.companyId, app)))
        throw new AppError("NOT_FOUND", `${label} is not connected.`);
      await deps.onDisconnected(auth.companyId, app);
      const message =
        app === "zendesk"
          ? "Zendesk disconnected. Its documents were deleted from the knowledge base."
          : `${label} disconnected.`;
      return { company: await view(auth.companyId), message };
    },
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;

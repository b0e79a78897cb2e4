import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { companyIntegrations } from "../../db/schema/index";
import type { SecretBox } from "../../platform/crypto";

export type IntegrationApp = "shopify" | "zendesk" | "recharge" | "loop";

export type IntegrationConnection = {
  app: IntegrationApp;
  isActive: boolean;
  publicCredentials: Record<string, string>;
  secrets: Record<string, string>;
  baseUrl: string | null;
};

/** Connections to outside apps; secrets are sealed on the way in and opened on the way out. */
export function createIntegrationsRepository(db: Database, secretBox: SecretBox) {
  return {
    async save(options: {
      companyId: string;
      app: IntegrationApp;
      isActive?: boolean;
      publicCredentials: Record<string, string>;
      secrets: Record<string, string>;
      baseUrl?: string | null;
    }) {
      const values = {
        isActive: options.isActive ?? true,
        publicCredentials: options.publicCredentials,
        sealedSecrets: secretBox.encrypt(JSON.stringify(options.secrets)),
        baseUrl: options.baseUrl ?? null,
        updatedAt: new Date(),
      };
      await db
        .insert(companyIntegrations)
        .values({ companyId: options.companyId, app: options.app, ...values })
        .onConflictDoUpdate({ target: [companyIntegrations.companyId, companyIntegrations.app], set: values });
    },

    async find(companyId: string, app: IntegrationApp): Promise<IntegrationConnection | null> {
      const [row] = await db
        .select()
        .from(companyIntegrations)
        .where(and(eq(companyIntegrations.companyId, companyId), eq(companyIntegrations.app, app)))
        .limit(1);
      if (!row) return null;
      return {
        app,
        isActive: row.isActive,
        publicCredentials: row.publicCredentials,
        secrets: JSON.parse(secretBox.decrypt(row.sealedSecrets)) as Record<string, string>,
        baseUrl: row.baseUrl,
      };
    },

    /** What may be shown of a company's active connections (shop name, help-desk domain); secrets stay sealed. */
    async listActivePublic(companyId: string) {
      return db
        .select({ app: companyIntegrations.app, publicCredentials: companyIntegrations.publicCredentials })
        .from(companyIntegrations)
        .where(and(eq(companyIntegrations.companyId, companyId), eq(companyIntegrations.isActive, true)));
    },
  };
}

export type IntegrationsRepository = ReturnType<typeof createIntegrationsRepository>;

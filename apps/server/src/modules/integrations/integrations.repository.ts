import type { IntegrationApp } from "@harbor/contract/integrations";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { companyIntegrations } from "../../db/schema/index";
import type { SecretBox } from "../../platform/crypto";

export type { IntegrationApp } from "@harbor/contract/integrations";

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

    /** Every connection of a company, public parts only: the sealed secrets are not even read. */
    async listPublic(companyId: string) {
      return db
        .select({
          app: companyIntegrations.app,
          isActive: companyIntegrations.isActive,
          publicCredentials: companyIntegrations.publicCredentials,
          updatedAt: companyIntegrations.updatedAt,
        })
        .from(companyIntegrations)
        .where(eq(companyIntegrations.companyId, companyId));
    },

    /** Switches a connection on or off; false when the company has no such connection. */
    async setActive(companyId: string, app: IntegrationApp, isActive: boolean) {
      const updated = await db
        .update(companyIntegrations)
        .set({ isActive, updatedAt: new Date() })
        .where(and(eq(companyIntegrations.companyId, companyId), eq(companyIntegrations.app, app)))
        .returning({ app: companyIntegrations.app });
      return updated.length === 1;
    },

    /** Forgets a connection and its sealed secrets; false when there was none. */
    async remove(companyId: string, app: IntegrationApp) {
      const removed = await db
        .delete(companyIntegrations)
        .where(and(eq(companyIntegrations.companyId, companyId), eq(companyIntegrations.app, app)))
        .returning({ app: companyIntegrations.app });
      return removed.length === 1;
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

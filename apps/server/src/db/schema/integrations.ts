import { boolean, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies";

/**
 * A company's connection to an outside app (shopify, zendesk, recharge, loop). What may be shown
 * (shop name, help-desk domain) is plain; tokens and keys are one AES-256-GCM sealed JSON blob.
 */
export const companyIntegrations = pgTable(
  "company_integrations",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    app: text("app").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    publicCredentials: jsonb("public_credentials").$type<Record<string, string>>().notNull().default({}),
    sealedSecrets: text("sealed_secrets").notNull(),
    /** Where the client sends requests when not the vendor's own host (demo mode, tests). */
    baseUrl: text("base_url"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.app] })],
);

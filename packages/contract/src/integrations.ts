import { z } from "zod";
import { emailSchema, idSchema } from "./common";

/**
 * Settings → Integrations (spec part 2 §2.5, §3 Company integrations, §7). Credentials go in once;
 * what comes back is only what may be shown (shop name, help-desk domain) and whether a secret
 * is stored: tokens and keys never leave the server (decision 037).
 */
export const integrationAppSchema = z.enum(["shopify", "recharge", "loop", "zendesk", "gorgias"]);
export type IntegrationApp = z.infer<typeof integrationAppSchema>;

/** Longest credential accepted: vendors' tokens are well under this. */
const CREDENTIAL_MAX_LENGTH = 500;

const required = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(CREDENTIAL_MAX_LENGTH, `${label} is too long`);

/** `acme`, `acme.myshopify.com` or the admin URL: the shop's handle is what is kept. */
const shopNameSchema = required("Shop name")
  .transform((value) =>
    value
      .toLowerCase()
      .replace(/^https?:\/\//, "")
      .replace(/\/.*$/, "")
      .replace(/\.myshopify\.com$/, ""),
  )
  .refine((value) => /^[a-z0-9][a-z0-9-]*$/.test(value), "Enter the shop's name as in acme.myshopify.com");

/** `acme`, `acme.zendesk.com` / `acme.gorgias.com` or a URL on it: the subdomain is what is kept. */
const helpDeskDomainSchema = (label: string, host: "zendesk.com" | "gorgias.com") =>
  required(label)
    .transform((value) =>
      value
        .toLowerCase()
        .replace(/^https?:\/\//, "")
        .replace(/\/.*$/, "")
        .replace(new RegExp(`\\.${host.replace(".", "\\.")}$`), ""),
    )
    .refine((value) => /^[a-z0-9][a-z0-9-]*$/.test(value), `Enter the domain as in acme.${host}`);

export const shopifyCredentialsSchema = z.object({
  shopName: shopNameSchema,
  adminApiAccessToken: required("Admin API access token"),
  apiKey: required("API key"),
  apiSecretKey: required("API secret key"),
});
export const apiKeyCredentialsSchema = z.object({ apiKey: required("API key") });
/** Zendesk by API token (Basic `{email}/token:{token}`) until OAuth is configured (decision 037). */
export const zendeskCredentialsSchema = z.object({
  domainName: helpDeskDomainSchema("Domain name", "zendesk.com"),
  email: emailSchema,
  apiToken: required("API token"),
});
export const gorgiasCredentialsSchema = z.object({
  domainName: helpDeskDomainSchema("Domain name", "gorgias.com"),
  email: emailSchema,
  apiKey: required("API key"),
});

export const addIntegrationRequestSchema = z.discriminatedUnion("appName", [
  z.object({ appName: z.literal("shopify"), credentials: shopifyCredentialsSchema }),
  z.object({ appName: z.literal("recharge"), credentials: apiKeyCredentialsSchema }),
  z.object({ appName: z.literal("loop"), credentials: apiKeyCredentialsSchema }),
  z.object({ appName: z.literal("zendesk"), credentials: zendeskCredentialsSchema }),
  z.object({ appName: z.literal("gorgias"), credentials: gorgiasCredentialsSchema }),
]);
export type AddIntegrationRequest = z.input<typeof addIntegrationRequestSchema>;

export const updateIntegrationRequestSchema = z.object({ app: integrationAppSchema, isActive: z.boolean() });
export type UpdateIntegrationRequest = z.infer<typeof updateIntegrationRequestSchema>;

export const removeIntegrationRequestSchema = z.object({ app: integrationAppSchema });
export type RemoveIntegrationRequest = z.infer<typeof removeIntegrationRequestSchema>;

/** One card's state. `credentials` holds only public fields (shopName, domainName, email). */
export const integrationStateSchema = z.object({
  isConnected: z.boolean(),
  isActive: z.boolean(),
  credentials: z.object({
    shopName: z.string().optional(),
    domainName: z.string().optional(),
    email: z.string().optional(),
  }),
  /** A token or key is stored (sealed); its value is never sent. */
  hasSecret: z.boolean(),
  connectedAt: z.string().nullable(),
});
export type IntegrationState = z.infer<typeof integrationStateSchema>;

/** The company's integrations, one entry per app (spec §3 `integrations.{shopify, …}`). */
export const companyIntegrationsViewSchema = z.object({
  _id: idSchema,
  /**
   * How Zendesk connects on this Harbor (decision 058): through Zendesk's consent popup when an
   * OAuth client is configured, else by an agent's API token. Absent: by API token.
   */
  zendeskConnect: z.enum(["oauth", "api-token"]).optional(),
  integrations: z.object({
    shopify: integrationStateSchema,
    recharge: integrationStateSchema,
    loop: integrationStateSchema,
    zendesk: integrationStateSchema,
    gorgias: integrationStateSchema,
  }),
});
export type CompanyIntegrationsView = z.infer<typeof companyIntegrationsViewSchema>;

/** `POST /api/company/integration/zendesk/oauth`: the help desk to connect; answers the consent URL for the popup. */
export const startZendeskOAuthRequestSchema = z.object({
  domainName: helpDeskDomainSchema("Domain name", "zendesk.com"),
});
export type StartZendeskOAuthRequest = z.input<typeof startZendeskOAuthRequestSchema>;
export const startZendeskOAuthResponseSchema = z.object({ redirectURL: z.url() });
export type StartZendeskOAuthResponse = z.infer<typeof startZendeskOAuthResponseSchema>;

/** How each app is named on its card and in messages. */
export const INTEGRATION_LABELS: Record<IntegrationApp, string> = {
  shopify: "Shopify",
  recharge: "Recharge",
  loop: "Loop",
  zendesk: "Zendesk",
  gorgias: "Gorgias",
};

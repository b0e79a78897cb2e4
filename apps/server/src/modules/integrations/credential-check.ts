import type { AddIntegrationRequest, addIntegrationRequestSchema, IntegrationApp } from "@harbor/contract/integrations";
import type { z } from "zod";
import { createGorgiasClient } from "../../integrations/gorgias/gorgias.client";
import { IntegrationError } from "../../integrations/integration-error";
import { createLoopClient } from "../../integrations/loop/loop.client";
import { createRechargeClient } from "../../integrations/recharge/recharge.client";
import { createShopifyClient } from "../../integrations/shopify/shopify.client";
import { createZendeskClient } from "../../integrations/zendesk/zendesk.client";
import { AppError } from "../../platform/errors";

/** Where each vendor's client sends requests instead of the vendor's own host (tests, demo mode). */
export type VendorBaseUrls = Partial<Record<IntegrationApp, string>>;

export type CheckedCredentials = {
  publicCredentials: Record<string, string>;
  secrets: Record<string, string>;
  baseUrl: string | null;
};

type ParsedRequest = z.output<typeof addIntegrationRequestSchema>;

/** A form should not hang for a minute on a vendor that does not answer. */
const CHECK_TIMEOUT_MS = 10_000;

/**
 * Credentials are tried against the vendor before they are stored (one cheap authenticated call
 * each), so a typo shows in the form, not later as a failed sync. Answers what to keep: public
 * parts plain, the rest to be sealed.
 */
export function createCredentialCheck(deps: { baseUrls?: VendorBaseUrls; fetch?: typeof fetch }) {
  const common = { timeoutMs: CHECK_TIMEOUT_MS, fetch: deps.fetch };

  async function tryVendor(request: ParsedRequest): Promise<CheckedCredentials> {
    const baseUrl = deps.baseUrls?.[request.appName] ?? null;
    const at = baseUrl ?? undefined;
    switch (request.appName) {
      case "shopify": {
        const { shopName, adminApiAccessToken, apiKey, apiSecretKey } = request.credentials;
        await createShopifyClient({
          shopDomain: shopName,
          baseUrl: at,
          accessToken: adminApiAccessToken,
          ...common,
        }).getShop();
        return {
          publicCredentials: { shopName: `${shopName}.myshopify.com` },
          secrets: { adminApiAccessToken, apiKey, apiSecretKey },
          baseUrl,
        };
      }
      case "recharge": {
        const { apiKey } = request.credentials;
        await createRechargeClient({ apiKey, baseUrl: at, ...common }).verifyApiKey();
        return { publicCredentials: {}, secrets: { apiKey }, baseUrl };
      }
      case "loop": {
        const { apiKey } = request.credentials;
        await createLoopClient({ apiKey, baseUrl: at, ...common }).verifyApiKey();
        return { publicCredentials: {}, secrets: { apiKey }, baseUrl };
      }
      case "zendesk": {
        const { domainName, email, apiToken } = request.credentials;
        await createZendeskClient({
          subdomain: domainName,
          baseUrl: at,
          auth: { type: "basic", email, apiToken },
          ...common,
        }).getCurrentUser();
        return {
          publicCredentials: { domainName: `${domainName}.zendesk.com`, email },
          secrets: { apiToken },
          baseUrl,
        };
      }
      case "gorgias": {
        const { domainName, email, apiKey } = request.credentials;
        await createGorgiasClient({ domain: domainName, baseUrl: at, email, apiKey, ...common }).verifyCredentials();
        return { publicCredentials: { domainName: `${domainName}.gorgias.com`, email }, secrets: { apiKey }, baseUrl };
      }
    }
  }

  return async function checkCredentials(request: ParsedRequest): Promise<CheckedCredentials> {
    try {
      return await tryVendor(request);
    } catch (error) {
      throw asFormError(error, request.appName);
    }
  };
}

/** A vendor's refusal, in words for the connect form (spec §8: its message shows in the banner). */
function asFormError(error: unknown, app: AddIntegrationRequest["appName"]): unknown {
  if (error instanceof RangeError) return new AppError("BAD_REQUEST", error.message);
  if (!(error instanceof IntegrationError)) return error;
  switch (error.kind) {
    case "auth":
      return new AppError("BAD_REQUEST", `${error.message} Check the credentials and try again.`);
    case "not_found":
    case "network":
      return new AppError("BAD_REQUEST", `${error.vendor} could not be reached at that address. ${addressHint(app)}`);
    case "invalid":
      return new AppError("BAD_REQUEST", error.message);
    case "rate_limited":
      return new AppError("TOO_MANY_REQUESTS", error.message);
    case "unavailable":
    case "timeout":
      return new AppError("UNAVAILABLE", error.message);
  }
}

function addressHint(app: AddIntegrationRequest["appName"]): string {
  if (app === "shopify") return "Check the shop name.";
  if (app === "zendesk" || app === "gorgias") return "Check the domain name.";
  return "Please try again later.";
}

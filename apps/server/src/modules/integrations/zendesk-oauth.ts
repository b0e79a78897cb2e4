import { IntegrationError } from "../../integrations/integration-error";
import { createZendeskClient } from "../../integrations/zendesk/zendesk.client";
import type { SecretBox } from "../../platform/crypto";
import type { CompanyAuth } from "../../platform/session";
import type { IntegrationsRepository } from "./integrations.repository";

/** Where Zendesk sends the admin's browser back (spec part 2 §2.5: the popup's last stop). */
export const ZENDESK_OAUTH_CALLBACK_PATH = "/api/integrations/zendesk/oauth/callback";
/** The spec's result pages (part 2 §2.6), outside the dashboard shell. */
export const ZENDESK_OAUTH_SUCCESS_PATH = "/settings/zendesk/oauth/success";
export const ZENDESK_OAUTH_ERROR_PATH = "/settings/zendesk/oauth/error";

/** An admin has this long to click "Allow" in Zendesk's popup. */
const STATE_TTL_MS = 10 * 60_000;
/** Harbor reads help-centre articles and macros and files tickets. */
const SCOPE = "read write";
const VENDOR_TIMEOUT_MS = 10_000;

/** What the `state` parameter carries, sealed (AES-256-GCM) so it can be neither read nor forged. */
type OAuthState = { companyId: string; userId: string; subdomain: string; expiresAt: number };

export type ZendeskOAuth = ReturnType<typeof createZendeskOAuth>;

/**
 * Connecting Zendesk through Zendesk's own consent page (decision 058): `start` answers the URL
 * the dashboard opens in a 600x600 popup; Zendesk sends the browser back to `callback` with a
 * code, which is exchanged for a token, tried, and stored sealed like any other credential. The
 * state is bound to the admin who started it (their session must come back with it) and expires.
 */
export function createZendeskOAuth(deps: {
  client: { clientId: string; clientSecret: string };
  publicUrl: string;
  secretBox: SecretBox;
  integrations: IntegrationsRepository;
  /** The fake Zendesk in tests and the demo; else https://{subdomain}.zendesk.com. */
  baseUrl?: string;
  fetch?: typeof fetch;
  now?: () => number;
  log: { warn(object: object, message: string): void };
}) {
  const now = deps.now ?? Date.now;
  const redirectUri = `${deps.publicUrl}${ZENDESK_OAUTH_CALLBACK_PATH}`;
  const zendeskAt = (subdomain: string) => deps.baseUrl ?? `https://${subdomain}.zendesk.com`;

  function readState(sealed: string): OAuthState | null {
    try {
      const state = JSON.parse(deps.secretBox.decrypt(sealed)) as OAuthState;
      return state.expiresAt > now() ? state : null;
    } catch {
      return null;
    }
  }

  /** The code for a token at Zendesk (`POST /oauth/tokens`); a refusal is an IntegrationError. */
  async function exchange(subdomain: string, code: string): Promise<string> {
    const response = await (deps.fetch ?? fetch)(`${zendeskAt(subdomain)}/oauth/tokens`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({
        grant_type: "authorization_code",
        code,
        client_id: deps.client.clientId,
        client_secret: deps.client.clientSecret,
        redirect_uri: redirectUri,
        scope: SCOPE,
      }),
      signal: AbortSignal.timeout(VENDOR_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: unknown; error?: unknown };
    if (!response.ok || typeof body.access_token !== "string" || !body.access_token) {
      throw new IntegrationError({
        vendor: { name: "Zendesk", credential: "authorization code" },
        kind: "auth",
        status: response.status,
        vendorMessage: typeof body.error === "string" ? body.error : "no access token",
      });
    }
    return body.access_token;
  }

  return {
    /** The consent URL for the dashboard's popup. */
    start(auth: CompanyAuth, subdomain: string): { redirectURL: string } {
      const state: OAuthState = {
        companyId: auth.companyId,
        userId: auth.userId,
        subdomain,
        expiresAt: now() + STATE_TTL_MS,
      };
      const url = new URL(`${zendeskAt(subdomain)}/oauth/authorizations/new`);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("client_id", deps.client.clientId);
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("scope", SCOPE);
      url.searchParams.set("state", deps.secretBox.encrypt(JSON.stringify(state)));
      return { redirectURL: url.toString() };
    },

    /**
     * Zendesk's redirect back: the path of the result page the browser goes to next. Whatever goes
     * wrong lands on the error page; why is logged (without the code or the token).
     */
    async callback(
      auth: CompanyAuth | null,
      query: { code?: string; state?: string; error?: string },
    ): Promise<string> {
      const state = query.state ? readState(query.state) : null;
      const failed = (reason: string, error?: unknown) => {
        deps.log.warn({ reason, ...(error ? { err: error } : {}) }, "Zendesk OAuth connection failed");
        return ZENDESK_OAUTH_ERROR_PATH;
      };
      if (!state) return failed("missing, forged or expired state");
      // The browser that comes back must be the admin's who started it, still in that workspace.
      if (!auth || auth.userId !== state.userId || auth.companyId !== state.companyId || auth.role !== "admin") {
        return failed("the state belongs to another session");
      }
      if (query.error || !query.code) return failed(`Zendesk answered ${query.error ?? "without a code"}`);
      try {
        const accessToken = await exchange(state.subdomain, query.code);
        // One cheap call with the new token, as for a pasted API token (credential-check.ts).
        await createZendeskClient({
          subdomain: state.subdomain,
          baseUrl: deps.baseUrl,
          auth: { type: "bearer", token: accessToken },
          timeoutMs: VENDOR_TIMEOUT_MS,
          fetch: deps.fetch,
        }).getCurrentUser();
        await deps.integrations.save({
          companyId: state.companyId,
          app: "zendesk",
          isActive: true,
          publicCredentials: { domainName: `${state.subdomain}.zendesk.com` },
          secrets: { accessToken },
          baseUrl: deps.baseUrl ?? null,
        });
        return ZENDESK_OAUTH_SUCCESS_PATH;
      } catch (error) {
        // A refused or unreachable Zendesk, or a failed save: the admin reads the error page and may try again.
        return failed("the code exchange, the token's check or the save failed", error);
      }
    },
  };
}

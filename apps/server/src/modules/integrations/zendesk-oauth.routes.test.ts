import type { CompanyIntegrationsView, StartZendeskOAuthResponse } from "@harbor/contract/integrations";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { companyIntegrations } from "../../db/schema/index";
import { type FakeZendesk, startFakeZendesk } from "../../integrations/zendesk/zendesk.fake-server";
import { SESSION_COOKIE } from "../../platform/session";

/**
 * Zendesk through its consent popup (decision 058), against the fake Zendesk's OAuth endpoints:
 * the start call answers the consent URL, the fake "allows" and sends the browser back with a
 * code, and the callback stores the token sealed and lands on the spec's result page.
 */
const TOKEN = "secret-zendesk-oauth-token";
const CLIENT = { clientId: "harbor-test-client", clientSecret: "secret-client-secret" };

let h: Harness;
let zendesk: FakeZendesk;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let rival: Awaited<ReturnType<Harness["signUp"]>>;
let agentCookie: string;

beforeAll(async () => {
  zendesk = await startFakeZendesk({ token: TOKEN, macros: [], articles: [], oauthClient: CLIENT });
  h = await createHarness({ vendorBaseUrls: { zendesk: zendesk.url }, zendeskOAuth: CLIENT });
  owner = await h.signUp("owner@zendesk-oauth.example");
  rival = await h.signUp("owner@rival-zendesk-oauth.example");
  agentCookie = (
    await h.addMember(owner.cookie, { name: "Agent", email: "agent@zendesk-oauth.example", role: "agent" })
  ).cookie;
}, 60_000);

afterAll(async () => {
  await h?.close();
  await zendesk?.close();
});

async function start(cookie: string, domainName = "acme") {
  return h.api<StartZendeskOAuthResponse>("POST", "/api/company/integration/zendesk/oauth", {
    cookie,
    body: { domainName },
  });
}

/** What Zendesk does after "Allow": its redirect back to Harbor's callback, with code and state. */
async function consent(redirectURL: string, overrides: Record<string, string> = {}): Promise<URL> {
  const consentUrl = new URL(redirectURL);
  for (const [key, value] of Object.entries(overrides)) consentUrl.searchParams.set(key, value);
  const answer = await fetch(consentUrl, { redirect: "manual" });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get("location") ?? "");
}

/** The popup arriving at Harbor's callback with the admin's cookie; answers where it is sent next. */
async function callback(back: URL, cookie: string | null) {
  const response = await h.app.inject({
    method: "GET",
    url: `${back.pathname}${back.search}`,
    headers: cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {},
  });
  expect(response.statusCode).toBe(302);
  return response.headers.location;
}

const zendeskRow = async (companyId: string) =>
  (
    await h.db
      .select()
      .from(companyIntegrations)
      .where(and(eq(companyIntegrations.companyId, companyId), eq(companyIntegrations.app, "zendesk")))
  )[0];

describe("connecting Zendesk through its consent popup", () => {
  it("tells the cards that Zendesk connects by OAuth here", async () => {
    const view = await h.api<CompanyIntegrationsView>("GET", "/api/company/integration/all", { cookie: owner.cookie });
    expect(view.body.data.zendeskConnect).toBe("oauth");
  });

  it("starts at Zendesk's consent page for the admin's help desk, and connects when Zendesk sends the code back", async () => {
    const started = await start(owner.cookie, "https://Acme.zendesk.com/agent");
    expect(started.status, started.body.message).toBe(200);
    const consentUrl = new URL(started.body.data.redirectURL);
    expect(consentUrl.pathname).toBe("/oauth/authorizations/new");
    expect(Object.fromEntries(consentUrl.searchParams)).toMatchObject({
      response_type: "code",
      client_id: CLIENT.clientId,
      redirect_uri: "http://localhost:3000/api/integrations/zendesk/oauth/callback",
      scope: "read write",
    });
    // The state is sealed: nothing of the company or user can be read off it.
    expect(consentUrl.searchParams.get("state")).not.toContain(owner.companyId);

    const back = await consent(started.body.data.redirectURL);
    expect(await callback(back, owner.cookie)).toBe("/settings/zendesk/oauth/success");

    const view = await h.api<CompanyIntegrationsView>("GET", "/api/company/integration/all", { cookie: owner.cookie });
    expect(view.body.data.integrations.zendesk).toMatchObject({
      isConnected: true,
      isActive: true,
      hasSecret: true,
      credentials: { domainName: "acme.zendesk.com" },
    });
    expect(JSON.stringify(view.body)).not.toContain(TOKEN);
    // Stored sealed, not in the clear.
    const row = await zendeskRow(owner.companyId);
    expect(row?.sealedSecrets).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(TOKEN);
  });

  it("lands on the error page and connects nothing for a forged, replayed or someone else's state", async () => {
    const started = await start(rival.cookie);
    const back = await consent(started.body.data.redirectURL);
    // Another admin's browser (another company) brings the rival's code back: refused.
    expect(await callback(back, owner.cookie)).toBe("/settings/zendesk/oauth/error");
    // Signed out: refused.
    expect(await callback(back, null)).toBe("/settings/zendesk/oauth/error");
    // A state that was tampered with: refused.
    const forged = new URL(back);
    forged.searchParams.set("state", `${back.searchParams.get("state")}x`);
    expect(await callback(forged, rival.cookie)).toBe("/settings/zendesk/oauth/error");
    expect(await zendeskRow(rival.companyId)).toBeUndefined();
    // The right admin connects with it; the same code a second time is refused by Zendesk.
    expect(await callback(back, rival.cookie)).toBe("/settings/zendesk/oauth/success");
    await h.api("POST", "/api/company/integration/remove", { cookie: rival.cookie, body: { app: "zendesk" } });
    expect(await callback(back, rival.cookie)).toBe("/settings/zendesk/oauth/error");
    expect(await zendeskRow(rival.companyId)).toBeUndefined();
  });

  it("lands on the error page when the admin clicks Deny in Zendesk", async () => {
    const started = await start(rival.cookie);
    const back = await consent(started.body.data.redirectURL, { response_type: "token" });
    expect(back.searchParams.get("error")).toBe("unsupported_response_type");
    expect(await callback(back, rival.cookie)).toBe("/settings/zendesk/oauth/error");
    zendesk.setConsent("deny");
    try {
      const denied = await consent((await start(rival.cookie)).body.data.redirectURL);
      expect(denied.searchParams.get("error")).toBe("access_denied");
      expect(denied.searchParams.has("code")).toBe(false);
      expect(await callback(denied, rival.cookie)).toBe("/settings/zendesk/oauth/error");
    } finally {
      zendesk.setConsent("allow");
    }
    expect(await zendeskRow(rival.companyId)).toBeUndefined();
  });

  it("is for admins only, and checks the help desk's address", async () => {
    const asAgent = await start(agentCookie);
    expect(asAgent.status).toBe(403);
    const bad = await start(owner.cookie, "not a domain!");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/domain/i);
  });
});

describe("without a Zendesk OAuth client", () => {
  it("says Zendesk connects by API token, and refuses to start a popup", async () => {
    const plain = await createHarness({});
    try {
      const admin = await plain.signUp("owner@no-zendesk-oauth.example");
      const view = await plain.api<CompanyIntegrationsView>("GET", "/api/company/integration/all", {
        cookie: admin.cookie,
      });
      expect(view.body.data.zendeskConnect).toBe("api-token");
      const started = await plain.api("POST", "/api/company/integration/zendesk/oauth", {
        cookie: admin.cookie,
        body: { domainName: "acme" },
      });
      expect(started.status).toBe(409);
      expect(started.body).toMatchObject({ hasError: true, message: expect.stringMatching(/API token/) });
    } finally {
      await plain.close();
    }
  });
});

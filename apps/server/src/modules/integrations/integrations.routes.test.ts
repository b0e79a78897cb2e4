import type { CompanyIntegrationsView } from "@harbor/contract/integrations";
import type { CompanyWithSources } from "@harbor/contract/knowledge";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { companyIntegrations } from "../../db/schema/index";
import { type FakeGorgias, startFakeGorgias } from "../../integrations/gorgias/gorgias.fake-server";
import { type FakeLoop, startFakeLoop } from "../../integrations/loop/loop.fake-server";
import { type FakeRecharge, startFakeRecharge } from "../../integrations/recharge/recharge.fake-server";
import { type FakeShopify, startFakeShopify } from "../../integrations/shopify/shopify.fake-server";
import { type FakeZendesk, startFakeZendesk } from "../../integrations/zendesk/zendesk.fake-server";

// Credentials the fakes accept; each is distinctive so a leak anywhere in an answer is findable.
const SHOPIFY_TOKEN = "shpat_secret-shopify-token";
const RECHARGE_KEY = "secret-recharge-key";
const LOOP_KEY = "secret-loop-key";
const ZENDESK_TOKEN = "secret-zendesk-token";
const ZENDESK_EMAIL = "agent@fake-support.example";
const GORGIAS_KEY = "secret-gorgias-key";
const GORGIAS_EMAIL = "owner@acme.example";
const SECRETS = [
  SHOPIFY_TOKEN,
  "shop-api-key-1",
  "shop-api-secret-1",
  RECHARGE_KEY,
  LOOP_KEY,
  ZENDESK_TOKEN,
  GORGIAS_KEY,
];

let h: Harness;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let rival: Awaited<ReturnType<Harness["signUp"]>>;
let agentCookie: string;
let fakes: { shopify: FakeShopify; recharge: FakeRecharge; loop: FakeLoop; zendesk: FakeZendesk; gorgias: FakeGorgias };

beforeAll(async () => {
  fakes = {
    shopify: await startFakeShopify({ accessToken: SHOPIFY_TOKEN, products: [] }),
    recharge: await startFakeRecharge({ apiKey: RECHARGE_KEY, customers: [], subscriptions: [] }),
    loop: await startFakeLoop({ apiKey: LOOP_KEY, returns: [] }),
    zendesk: await startFakeZendesk({
      token: ZENDESK_TOKEN,
      email: ZENDESK_EMAIL,
      macros: [],
      articles: [1, 2, 3].map((id) => ({
        id,
        html_url: `https://fake-support.zendesk.com/hc/en-us/articles/${id}`,
        title: `Returns answer ${id}`,
        body: `<p>Parcels can be returned within ${id * 10} days.</p>`,
        locale: "en-us",
        section_id: 1,
        label_names: [],
        draft: false,
        updated_at: "2026-10-01T00:00:00Z",
      })),
    }),
    gorgias: await startFakeGorgias({ domain: "acme", email: GORGIAS_EMAIL, apiKey: GORGIAS_KEY }),
  };
  h = await createHarness({
    vendorBaseUrls: {
      shopify: fakes.shopify.url,
      recharge: fakes.recharge.url,
      loop: fakes.loop.url,
      zendesk: fakes.zendesk.url,
      gorgias: fakes.gorgias.url,
    },
  });
  owner = await h.signUp("owner@harbor-integrations.example");
  rival = await h.signUp("owner@rival-integrations.example");
  agentCookie = (
    await h.addMember(owner.cookie, { name: "Agent", email: "agent@harbor-integrations.example", role: "agent" })
  ).cookie;
}, 60_000);

afterAll(async () => {
  await h.close();
  await Promise.all(Object.values(fakes).map((fake) => fake.close()));
});

const call = (path: string, cookie: string, body?: unknown) =>
  h.api<CompanyIntegrationsView>(body === undefined ? "GET" : "POST", `/api/company/integration/${path}`, {
    cookie,
    body,
  });

const credentials = {
  shopify: {
    shopName: "acme-outdoor.myshopify.com",
    adminApiAccessToken: SHOPIFY_TOKEN,
    apiKey: "shop-api-key-1",
    apiSecretKey: "shop-api-secret-1",
  },
  recharge: { apiKey: RECHARGE_KEY },
  loop: { apiKey: LOOP_KEY },
  zendesk: { domainName: "https://Fake-Support.zendesk.com/", email: ZENDESK_EMAIL, apiToken: ZENDESK_TOKEN },
  gorgias: { domainName: "acme", email: GORGIAS_EMAIL, apiKey: GORGIAS_KEY },
} as const;

async function rawRow(companyId: string, app: string) {
  const [row] = await h.db
    .select()
    .from(companyIntegrations)
    .where(and(eq(companyIntegrations.companyId, companyId), eq(companyIntegrations.app, app)));
  return row;
}

function expectNoSecret(body: unknown) {
  const text = JSON.stringify(body);
  for (const secret of SECRETS) expect(text).not.toContain(secret);
}

describe("Settings → Integrations API", () => {
  it("lists every app as not connected at first", async () => {
    const answer = await call("all", owner.cookie);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.data.integrations)).toEqual(["shopify", "recharge", "loop", "zendesk", "gorgias"]);
    expect(answer.body.data.integrations.shopify).toEqual({
      isConnected: false,
      isActive: false,
      credentials: {},
      hasSecret: false,
      connectedAt: null,
    });
  });

  it("connects each app after its vendor accepts the credentials; answers carry only public parts", async () => {
    for (const appName of ["shopify", "recharge", "loop", "zendesk", "gorgias"] as const) {
      const before = fakesRequestCount();
      const answer = await call("add", owner.cookie, { appName, credentials: credentials[appName] });
      expect(answer.status, `${appName}: ${answer.body.message}`).toBe(200);
      expect(answer.body.hasError).toBe(false);
      // A real call reached the vendor's fake before anything was saved.
      expect(fakesRequestCount()).toBeGreaterThan(before);
      expect(answer.body.data.integrations[appName]).toMatchObject({
        isConnected: true,
        isActive: true,
        hasSecret: true,
      });
      expectNoSecret(answer.body);
    }
    const { integrations } = (await call("all", owner.cookie)).body.data;
    expect(integrations.shopify.credentials).toEqual({ shopName: "acme-outdoor.myshopify.com" });
    expect(integrations.zendesk.credentials).toEqual({ domainName: "fake-support.zendesk.com", email: ZENDESK_EMAIL });
    expect(integrations.gorgias.credentials).toEqual({ domainName: "acme.gorgias.com", email: GORGIAS_EMAIL });
    expect(integrations.recharge.credentials).toEqual({});
    expect(integrations.loop.credentials).toEqual({});
  });

  it("stores the secrets sealed (AES-256-GCM): the raw row holds none of them, the repository opens them", async () => {
    const row = await rawRow(owner.companyId, "shopify");
    expect(row?.sealedSecrets).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    const rawText = JSON.stringify(row);
    for (const secret of SECRETS) expect(rawText).not.toContain(secret);
    expect(row?.publicCredentials).toEqual({ shopName: "acme-outdoor.myshopify.com" });
    const opened = await h.app.services.integrationsRepository.find(owner.companyId, "shopify");
    expect(opened?.secrets).toEqual({
      adminApiAccessToken: SHOPIFY_TOKEN,
      apiKey: "shop-api-key-1",
      apiSecretKey: "shop-api-secret-1",
    });
  });

  it("refuses credentials the vendor rejects with a clear 400, and saves nothing", async () => {
    const cases = [
      [
        "shopify",
        { ...credentials.shopify, adminApiAccessToken: "wrong" },
        "Shopify rejected the access token. Check the credentials and try again.",
      ],
      ["recharge", { apiKey: "wrong" }, "Recharge rejected the API key. Check the credentials and try again."],
      ["loop", { apiKey: "wrong" }, "Loop rejected the API key. Check the credentials and try again."],
      [
        "zendesk",
        { ...credentials.zendesk, apiToken: "wrong" },
        "Zendesk rejected the API token. Check the credentials and try again.",
      ],
      [
        "gorgias",
        { ...credentials.gorgias, apiKey: "wrong" },
        "Gorgias rejected the API key. Check the credentials and try again.",
      ],
    ] as const;
    for (const [appName, wrong, message] of cases) {
      const answer = await call("add", rival.cookie, { appName, credentials: wrong });
      expect(answer.status, appName).toBe(400);
      expect(answer.body).toEqual({ hasError: true, message, data: null });
      expect(await rawRow(rival.companyId, appName)).toBeUndefined();
    }
  });

  it("validates the form's shape before asking anyone (spec §5: every Shopify field required)", async () => {
    const before = fakesRequestCount();
    const missing = await call("add", owner.cookie, { appName: "shopify", credentials: { shopName: "acme" } });
    expect(missing.status).toBe(400);
    expect(missing.body.hasError).toBe(true);
    const badShop = await call("add", owner.cookie, {
      appName: "shopify",
      credentials: { ...credentials.shopify, shopName: "evil.example.com" },
    });
    expect(badShop.status).toBe(400);
    expect(badShop.body.message).toContain("acme.myshopify.com");
    const unknownApp = await call("add", owner.cookie, { appName: "salesforce", credentials: {} });
    expect(unknownApp.status).toBe(400);
    expect(fakesRequestCount()).toBe(before);
  });

  it("is admin-only: an agent can neither list, add, switch nor remove", async () => {
    for (const [path, body] of [
      ["all", undefined],
      ["add", { appName: "loop", credentials: credentials.loop }],
      ["update", { app: "loop", isActive: false }],
      ["remove", { app: "loop" }],
    ] as const) {
      const answer = await call(path, agentCookie, body);
      expect(answer.status, path).toBe(403);
      expect(answer.body.hasError).toBe(true);
    }
    expect((await rawRow(owner.companyId, "loop"))?.isActive).toBe(true);
    const anonymous = await h.api("GET", "/api/company/integration/all");
    expect(anonymous.status).toBe(401);
  });

  it("keeps each company to its own: the rival sees nothing connected and cannot switch or remove ours", async () => {
    const theirs = (await call("all", rival.cookie)).body.data;
    expect(theirs._id).toBe(rival.companyId);
    expect(Object.values(theirs.integrations).every((state) => !state.isConnected)).toBe(true);
    const update = await call("update", rival.cookie, { app: "shopify", isActive: false });
    expect(update.status).toBe(404);
    expect(update.body.message).toBe("Shopify is not connected.");
    const remove = await call("remove", rival.cookie, { app: "shopify" });
    expect(remove.status).toBe(404);
    expect((await rawRow(owner.companyId, "shopify"))?.isActive).toBe(true);
  });

  it("the Active toggle saves at once and says so", async () => {
    const paused = await call("update", owner.cookie, { app: "recharge", isActive: false });
    expect(paused.status).toBe(200);
    expect(paused.body.message).toBe("Recharge is paused.");
    expect(paused.body.data.integrations.recharge).toMatchObject({ isConnected: true, isActive: false });
    expect((await rawRow(owner.companyId, "recharge"))?.isActive).toBe(false);
    const resumed = await call("update", owner.cookie, { app: "recharge", isActive: true });
    expect(resumed.body.message).toBe("Recharge is active.");
    expect((await rawRow(owner.companyId, "recharge"))?.isActive).toBe(true);
  });

  it("disconnecting Zendesk also deletes its knowledge documents; other sources stay", async () => {
    const sourceCall = (path: string, body?: unknown) =>
      h.api<CompanyWithSources>(body === undefined ? "GET" : "POST", `/api/document/sources${path}`, {
        cookie: owner.cookie,
        body,
      });
    // The Help Center source reads the fake through the connection the API stored (API token, Basic auth).
    const added = await sourceCall("/add", {
      sourceType: "zendesk-hc",
      name: "Help Center",
      url: "https://fake-support.zendesk.com",
      updateFrequency: "auto",
    });
    expect(added.status, added.body.message).toBe(200);
    await h.app.services.jobRunner.waitUntilIdle({ timeoutMs: 60_000 });
    const synced = (await sourceCall("")).body.data.sources.find((source) => source.sourceType === "zendesk-hc");
    expect(synced?.integrationStatus.lastError).toBeNull();
    expect(synced?.documentCount).toBe(3);
    const otherSources = (await sourceCall("")).body.data.sources.filter(
      (source) => !source.sourceType.startsWith("zendesk"),
    );

    const removed = await call("remove", owner.cookie, { app: "zendesk" });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe("Zendesk disconnected. Its documents were deleted from the knowledge base.");
    expect(removed.body.data.integrations.zendesk.isConnected).toBe(false);
    expect(await rawRow(owner.companyId, "zendesk")).toBeUndefined();
    const after = (await sourceCall("")).body.data.sources;
    expect(after.some((source) => source.sourceType.startsWith("zendesk"))).toBe(false);
    expect(after.map((source) => source._id)).toEqual(otherSources.map((source) => source._id));
    const passages = await h.app.services.retriever.retrieve({
      companyId: owner.companyId,
      query: "parcels returned within days",
    });
    expect(passages.some((passage) => passage.title.startsWith("Returns answer"))).toBe(false);
  });

  it("disconnecting another app removes only its connection", async () => {
    const removed = await call("remove", owner.cookie, { app: "loop" });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe("Loop disconnected.");
    expect(await rawRow(owner.companyId, "loop")).toBeUndefined();
    expect((await rawRow(owner.companyId, "recharge"))?.isActive).toBe(true);
    const again = await call("remove", owner.cookie, { app: "loop" });
    expect(again.status).toBe(404);
  });

  it("a vendor that cannot be reached is a 400 naming the address to check, never a 500", async () => {
    const offline = await createHarness({ vendorBaseUrls: { shopify: "http://127.0.0.1:9" } });
    try {
      const admin = await offline.signUp("owner@offline-shop.example");
      const answer = await offline.api("POST", "/api/company/integration/add", {
        cookie: admin.cookie,
        body: { appName: "shopify", credentials: credentials.shopify },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe("Shopify could not be reached at that address. Check the shop name.");
    } finally {
      await offline.close();
    }
  }, 60_000);
});

function fakesRequestCount() {
  return Object.values(fakes).reduce((sum, fake) => sum + fake.requestCount(), 0);
}

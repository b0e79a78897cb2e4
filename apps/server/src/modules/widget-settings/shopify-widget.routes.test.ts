import type { ShopifyWidgetState, WidgetSettings } from "@harbor/contract/widget";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { type FakeShopify, startFakeShopify } from "../../integrations/shopify/shopify.fake-server";

/**
 * "Enable widget on Shopify" (issue #17 item 6): the toggle adds and removes a script tag on the
 * Online Store through the Admin GraphQL API, against the Shopify fake on loopback; the script
 * tag's address serves the loader with the widget's id.
 */
let h: Harness;
let shop: FakeShopify;
let owner: { companyId: string; cookie: string };
let agentCookie: string;
let widgetID: string;

const STATE = "/api/widget-settings/shopify-widget";
const TOGGLE = "/api/widget-settings/shopify-widget/toggle";

beforeAll(async () => {
  h = await createHarness();
  shop = await startFakeShopify({ accessToken: "shpat_tags", products: [] });
  owner = await h.signUp("owner@tags-shop.example");
  agentCookie = (await h.addMember(owner.cookie, { name: "Agent", email: "agent@tags-shop.example", role: "agent" }))
    .cookie;
  await h.app.services.integrationsRepository.save({
    companyId: owner.companyId,
    app: "shopify",
    publicCredentials: { shopName: shop.shopDomain },
    secrets: { adminApiAccessToken: "shpat_tags" },
    baseUrl: shop.url,
  });
  widgetID = (await h.api<WidgetSettings>("GET", "/api/widget-settings/", { cookie: owner.cookie })).body.data.widgetID;
}, 120_000);

afterAll(async () => {
  await h?.close();
  await shop?.close();
});

const loaderSrc = expect.stringMatching(/^https?:\/\/[^/]+\/widget\/shopify-loader\.js\?widgetID=[a-z0-9]+$/);

describe("GET /api/widget-settings/shopify-widget/toggle", () => {
  it("adds the script tag on the Online Store, then removes it, and the state follows Shopify", async () => {
    const before = await h.api<ShopifyWidgetState>("GET", STATE, { cookie: owner.cookie });
    expect(before.body.data).toEqual({ isConnected: true, isEnabled: false });

    const on = await h.api<ShopifyWidgetState>("GET", TOGGLE, { cookie: owner.cookie });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ message: "Widget added to your Shopify store", data: { isEnabled: true } });
    expect(shop.scriptTags()).toEqual([
      expect.objectContaining({ src: loaderSrc, displayScope: "ONLINE_STORE", cache: false }),
    ]);
    expect(shop.scriptTags()[0]?.src.endsWith(`widgetID=${widgetID}`)).toBe(true);
    expect((await h.api<ShopifyWidgetState>("GET", STATE, { cookie: owner.cookie })).body.data.isEnabled).toBe(true);

    const off = await h.api<ShopifyWidgetState>("GET", TOGGLE, { cookie: owner.cookie });
    expect(off.body).toMatchObject({ message: "Widget removed from your Shopify store", data: { isEnabled: false } });
    expect(shop.scriptTags()).toEqual([]);
  });

  it("leaves the shop's other script tags alone", async () => {
    // Another app's tag, made through the fake's own API as that app would.
    const response = await fetch(`${shop.url}/admin/api/2025-07/graphql.json`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-shopify-access-token": "shpat_tags" },
      body: JSON.stringify({
        query: 'mutation { scriptTagCreate(input: {src: "https://reviews.example/widget.js"}) { scriptTag { id } } }',
      }),
    });
    expect(response.status).toBe(200);
    await h.api("GET", TOGGLE, { cookie: owner.cookie });
    await h.api("GET", TOGGLE, { cookie: owner.cookie });
    expect(shop.scriptTags().map((tag) => tag.src)).toEqual(["https://reviews.example/widget.js"]);
  });

  it("refuses an agent, and answers 409 for a workspace without a shop", async () => {
    const asAgent = await h.api("GET", TOGGLE, { cookie: agentCookie });
    expect(asAgent.status).toBe(403);
    expect(shop.scriptTags().filter((tag) => tag.src.includes("shopify-loader"))).toEqual([]);
    const other = await h.signUp("owner@no-shop.example");
    const refused = await h.api("GET", TOGGLE, { cookie: other.cookie });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ hasError: true, message: "Shopify is not connected", data: null });
    expect((await h.api<ShopifyWidgetState>("GET", STATE, { cookie: other.cookie })).body.data).toEqual({
      isConnected: false,
      isEnabled: false,
    });
  });

  it("says the token lacks the scope when Shopify refuses the token", async () => {
    await h.app.services.integrationsRepository.save({
      companyId: owner.companyId,
      app: "shopify",
      publicCredentials: { shopName: shop.shopDomain },
      secrets: { adminApiAccessToken: "shpat_wrong" },
      baseUrl: shop.url,
    });
    try {
      const refused = await h.api("GET", TOGGLE, { cookie: owner.cookie });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain("write_script_tags");
    } finally {
      await h.app.services.integrationsRepository.save({
        companyId: owner.companyId,
        app: "shopify",
        publicCredentials: { shopName: shop.shopDomain },
        secrets: { adminApiAccessToken: "shpat_tags" },
        baseUrl: shop.url,
      });
    }
  });
});

describe("GET /widget/shopify-loader.js", () => {
  it("adds the loader with the widget's id, and nothing for an id that is not one", async () => {
    const script = await h.app.inject({ method: "GET", url: `/widget/shopify-loader.js?widgetID=${widgetID}` });
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-type"]).toContain("text/javascript");
    expect(script.body).toContain(`s.setAttribute("data-widget-id","${widgetID}")`);
    expect(script.body).toContain('"/widget/loader.js"');
    const hostile = await h.app.inject({ method: "GET", url: '/widget/shopify-loader.js?widgetID=");alert(1);("' });
    expect(hostile.body).not.toContain("alert");
  });
});

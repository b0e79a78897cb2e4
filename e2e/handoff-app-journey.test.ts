import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { WidgetSettings } from "@harbor/contract/widget";
import type { Browser, Page, Route } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "./support/api";
import { DESKTOP, launchBrowser } from "./support/browser";
import { type HarborServer, startHarborServer } from "./support/harbor-server";

/**
 * Decision 067: the shop's agent app lives on the shop's page. The visitor asks for a person, and
 * Harbor's loader adds /widget/handoff.js, which opens the shop's own Tawk or Zendesk Classic.
 * Those are third parties: their scripts are routed (Playwright `page.route`) to stand-ins served
 * from a loopback server, which do what the real ones do on load — define their browser API
 * (`Tawk_API.maximize`/`setAttributes` then `Tawk_API.onLoad()`; `zE(…)`) — and record the calls.
 */

const TAWK_ID = "5f1e2d3c4b5a69788796a5b4/1abc2def";
const ZENDESK_KEY = "0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d";

const FAKE_TAWK = `(function () {
  var api = window.Tawk_API = window.Tawk_API || {};
  window.__appCalls = window.__appCalls || [];
  window.__appCalls.push(["tawk-loaded", location.origin, api.visitor || null]);
  api.maximize = function () { window.__appCalls.push(["maximize"]); };
  api.setAttributes = function (attributes, callback) {
    window.__appCalls.push(["setAttributes", attributes]);
    if (callback) callback();
  };
  if (typeof api.onLoad === "function") api.onLoad();
})();`;

const FAKE_ZENDESK = `(function () {
  window.__appCalls = window.__appCalls || [];
  var key = new URL(document.getElementById("ze-snippet").src).searchParams.get("key");
  window.__appCalls.push(["zendesk-loaded", key]);
  window.zE = function () { window.__appCalls.push(Array.prototype.slice.call(arguments)); };
})();`;

let server: HarborServer;
let browser: Browser;
let shop: Server;
let shopUrl: string;
let thirdParty: Server;
let thirdPartyUrl: string;
const thirdPartyHits: string[] = [];

function listen(target: Server): Promise<string> {
  return new Promise((resolve) =>
    target.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(target.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  server = await startHarborServer();
  browser = await launchBrowser();
  shop = createServer((request, response) => {
    const widgetID = new URL(request.url ?? "/", "http://shop").searchParams.get("widget") ?? "";
    response.setHeader("content-type", "text/html; charset=utf-8");
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tea shop</title>
      <script src="${server.url}/widget/loader.js" data-widget-id="${widgetID}" async></script></head>
      <body><main><h1>Tea shop</h1></main></body></html>`);
  });
  shopUrl = await listen(shop);
  // The stand-ins for Tawk's and Zendesk's scripts, on a loopback server of their own.
  thirdParty = createServer((request, response) => {
    thirdPartyHits.push(request.url ?? "");
    response.setHeader("content-type", "text/javascript");
    response.end(request.url?.startsWith("/tawk/") ? FAKE_TAWK : FAKE_ZENDESK);
  });
  thirdPartyUrl = await listen(thirdParty);
});

afterEach(({ task }) => {
  if (task.result?.state === "fail") console.error(`Harbor's log:\n${server?.output() ?? ""}`);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => shop?.close(resolve));
  await new Promise((resolve) => thirdParty?.close(resolve));
  if (server) expect(await server.stop()).toBe(0);
});

/** A new workspace whose agent handoff goes to the given app, saved through the settings API. */
async function workspaceHandingOffTo(email: string, agent: { appType: string; tawk?: string; zendeskKey?: string }) {
  const api = apiClient(server);
  const owner = await api.signUp(email);
  const current = await api.call<WidgetSettings>("GET", "/widget-settings/", { cookie: owner.cookie });
  const { handoff } = current.body.data;
  const form = new FormData();
  const { appType, ...ids } = agent;
  form.append(
    "handoff",
    JSON.stringify({
      ...handoff,
      // Zendesk apps ask for the chat history's ticket status.
      ticketStatus: { chatHistory: "open" },
      channels: {
        ...handoff.channels,
        ticket: { ...handoff.channels.ticket, isActive: false },
        agent: {
          ...handoff.channels.agent,
          isActive: true,
          appType,
          attributes: [{ whatsapp: "", ...ids }],
          humanAgent: { ...handoff.channels.agent.humanAgent, showAvailability: false },
        },
      },
    }),
  );
  const saved = await fetch(`${server.url}/api/widget-settings/save`, {
    method: "POST",
    headers: { cookie: owner.cookie },
    body: form,
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
  return { api, owner, widgetID: current.body.data.widgetID };
}

async function shopPageWithFakeApps(widgetID: string, options: { tawkFails?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: "en-GB" });
  const page = await context.newPage();
  if (options.tawkFails) {
    // As a shop's own CSP, a blocker or no network would: Tawk's script never arrives.
    await page.route("https://embed.tawk.to/**", (route) => {
      thirdPartyHits.push("aborted:tawk");
      return route.abort();
    });
    await page.goto(`${shopUrl}/?widget=${widgetID}`);
    return page;
  }
  // The browser keeps https for a rerouted request, so the answer is fetched from the loopback
  // stand-in here and handed to the page as the third party's.
  const serveFrom = (localPath: (url: URL) => string) => async (route: Route) => {
    const answer = await fetch(`${thirdPartyUrl}${localPath(new URL(route.request().url()))}`);
    await route.fulfill({ status: answer.status, contentType: "text/javascript", body: await answer.text() });
  };
  await page.route(
    "https://embed.tawk.to/**",
    serveFrom((url) => `/tawk${url.pathname}`),
  );
  await page.route(
    "https://static.zdassets.com/**",
    serveFrom((url) => `/zendesk${url.search}`),
  );
  await page.goto(`${shopUrl}/?widget=${widgetID}`);
  return page;
}

/** The shop knows its visitor; the visitor opens the chat, asks, and says they need a person. */
async function askForAPerson(page: Page) {
  await page.waitForFunction(
    () => typeof (window as { Harbor?: { identify?: unknown } }).Harbor?.identify === "function",
  );
  await page.evaluate(() =>
    (window as unknown as { Harbor: { identify(v: object): void } }).Harbor.identify({
      name: "Dana Levi",
      email: "dana@tea-visitor.example",
    }),
  );
  await page.getByRole("button", { name: "Open chat" }).click();
  const frame = page.frameLocator('iframe[title="Chat"]');
  await expect.poll(() => frame.getByRole("textbox").first().isVisible(), { timeout: 30_000 }).toBe(true);
  const box = frame.getByRole("textbox").first();
  await box.fill("How long does standard delivery take?");
  await box.press("Enter");
  await expect
    .poll(() => frame.getByText("Did this resolve your question?").isVisible(), { timeout: 30_000 })
    .toBe(true);
  await frame.getByRole("button", { name: "No, I need help" }).click();
  const card = frame.getByRole("region", { name: "Talk to a person" });
  await expect.poll(() => card.getByRole("button", { name: "Chat with our team" }).isVisible()).toBe(true);
  await card.getByRole("button", { name: "Chat with our team" }).click();
  return frame;
}

const appCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __appCalls?: unknown[] }).__appCalls ?? []);
const panelHidden = (page: Page) =>
  page.evaluate(() => document.querySelector("harbor-widget")?.shadowRoot?.querySelector("iframe")?.hidden);

describe("handoff to the shop's own chat app, on its page", () => {
  it("Tawk: the visitor asks for a person; Tawk loads with who they are and is maximized; Harbor's panel steps aside", async () => {
    const { api, owner, widgetID } = await workspaceHandingOffTo("owner@tawk-shop.example", {
      appType: "tawk",
      tawk: TAWK_ID,
    });
    // The workspace's sample chats (one of them handed off) are in first.
    const handedOff = async () =>
      (
        await api.call<{ totalCount: number }>("POST", "/chat/inbox", {
          cookie: owner.cookie,
          body: { status: "handoff" },
        })
      ).body.data.totalCount;
    await expect
      .poll(
        async () =>
          (await api.call<{ totalCount: number }>("POST", "/chat/inbox", { cookie: owner.cookie, body: {} })).body.data
            .totalCount,
      )
      .toBe(5);
    const handedOffBefore = await handedOff();
    const page = await shopPageWithFakeApps(widgetID);
    await askForAPerson(page);

    await expect
      .poll(() => appCalls(page))
      .toEqual([["tawk-loaded", shopUrl, { name: "Dana Levi", email: "dana@tea-visitor.example" }], ["maximize"]]);
    expect(thirdPartyHits).toContain(`/tawk/${TAWK_ID}`);
    await expect.poll(() => panelHidden(page)).toBe(true);
    // Harbor's own script, by its fixed path, once.
    const handoffScripts = await page.evaluate(() =>
      Array.from(document.querySelector("harbor-widget")?.shadowRoot?.querySelectorAll("script") ?? [], (s) => s.src),
    );
    expect(handoffScripts).toEqual([`${server.url}/widget/handoff.js`]);

    // The visitor's chat is in Harbor's inbox as handed off.
    await expect.poll(handedOff).toBe(handedOffBefore + 1);

    // Asked again (reopening Harbor's chat): Tawk is maximized again, its script not loaded twice.
    await page.getByRole("button", { name: "Open chat" }).click();
    const frame = page.frameLocator('iframe[title="Chat"]');
    await frame.getByRole("button", { name: "Chat with our team" }).click();
    await expect
      .poll(async () => (await appCalls(page)).slice(2))
      .toEqual([["setAttributes", { name: "Dana Levi", email: "dana@tea-visitor.example" }], ["maximize"]]);
    expect(thirdPartyHits.filter((hit) => hit.startsWith("/tawk/")).length).toBe(1);
    await page.context().close();
  });

  it("Tawk's script cannot load: Harbor's panel stays open and tells the visitor their chat stays here", async () => {
    const { widgetID } = await workspaceHandingOffTo("owner@tawk-blocked-shop.example", {
      appType: "tawk",
      tawk: TAWK_ID,
    });
    const page = await shopPageWithFakeApps(widgetID, { tawkFails: true });
    const frame = await askForAPerson(page);
    await expect.poll(() => thirdPartyHits.includes("aborted:tawk")).toBe(true);
    const card = frame.getByRole("region", { name: "Talk to a person" });
    await expect
      .poll(() => card.getByRole("alert").textContent())
      .toBe("Our live chat could not open. Your chat stays here: a team member will reply in this chat.");
    // No loop: the panel is still open, the button that failed is gone, and nothing was opened.
    expect(await panelHidden(page)).toBe(false);
    expect(await card.getByRole("button", { name: "Chat with our team" }).count()).toBe(0);
    expect(await appCalls(page)).toEqual([]);
    await page.context().close();
  });

  it("the sample page's CSP lets Tawk's script load there (it was blocked by script-src 'self')", async () => {
    const { widgetID } = await workspaceHandingOffTo("owner@tawk-demo.example", { appType: "tawk", tawk: TAWK_ID });
    const context = await browser.newContext({ viewport: DESKTOP, locale: "en-GB" });
    const page = await context.newPage();
    const blocked: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    await page.route("https://embed.tawk.to/**", async (route) => {
      const answer = await fetch(`${thirdPartyUrl}/tawk${new URL(route.request().url()).pathname}`);
      await route.fulfill({ status: 200, contentType: "text/javascript", body: await answer.text() });
    });
    await page.goto(`${server.url}/widget/demo?widgetID=${widgetID}`);
    await askForAPerson(page);
    await expect.poll(() => appCalls(page)).toContainEqual(["maximize"]);
    await expect.poll(() => panelHidden(page)).toBe(true);
    expect(blocked.filter((text) => text.includes("tawk"))).toEqual([]);
    await context.close();
  });

  it("Zendesk Classic: the snippet loads with the shop's key; the web widget is prefilled and opened", async () => {
    const { widgetID } = await workspaceHandingOffTo("owner@zendesk-shop.example", {
      appType: "zendesk-classic",
      zendeskKey: ZENDESK_KEY,
    });
    const page = await shopPageWithFakeApps(widgetID);
    await askForAPerson(page);
    await expect
      .poll(() => appCalls(page))
      .toEqual([
        ["zendesk-loaded", ZENDESK_KEY],
        ["webWidget", "prefill", { name: { value: "Dana Levi" }, email: { value: "dana@tea-visitor.example" } }],
        ["webWidget", "show"],
        ["webWidget", "open"],
      ]);
    await expect.poll(() => panelHidden(page)).toBe(true);
    await page.context().close();
  });
});

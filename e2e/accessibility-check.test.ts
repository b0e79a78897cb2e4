import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeAccessibility } from "./support/axe";
import { DESKTOP, launchBrowser, seriousA11yViolations } from "./support/browser";

/**
 * The journeys' accessibility check itself (support/axe.ts): it must still see inside a frame of
 * another origin, as the widget's iframe on a shop's page is, while joining the frames' results in
 * one page kept for the whole browser.
 */

/** A site on its own port, so its origin differs from the other's: one page per path. */
async function site(pages: Record<string, string>): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const body = pages[request.url ?? ""];
    response.writeHead(body ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    response.end(body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const document = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main>${body}</main></body></html>`;

let shop: Awaited<ReturnType<typeof site>>;
let widget: Awaited<ReturnType<typeof site>>;
let browser: Browser;

beforeAll(async () => {
  // The framed site: one page with a planted violation (a button with no name), one without.
  widget = await site({
    "/broken": document("Widget", "<h1>Chat</h1><button></button>"),
    "/fixed": document("Widget", "<h1>Chat</h1><button>Send</button>"),
  });
  // The shop (another port, so another origin) frames them; its own page plants an image without alt.
  const frame = (path: string) => `<iframe title="Chat" src="${widget.origin}${path}"></iframe>`;
  shop = await site({
    "/broken": document("Shop", `<h1>Shop</h1><img src="/logo.png">${frame("/broken")}`),
    "/fixed": document("Shop", `<h1>Shop</h1><img src="/logo.png" alt="Logo">${frame("/fixed")}`),
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  for (const { server } of [shop, widget]) if (server) await new Promise((resolve) => server.close(resolve));
});

async function openShop(path: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await page.goto(`${shop.origin}${path}`);
  await page.frameLocator("iframe").locator("h1").waitFor();
  return page;
}

describe("the journeys' accessibility check", () => {
  it("finds a violation inside a cross-origin frame and one on the page itself", async () => {
    const page = await openShop("/broken");
    const results = await analyzeAccessibility(page);
    const byRule = new Map(results.violations.map((violation) => [violation.id, violation]));

    // The frame's button is reported with the frame's selector first, as axe reports framed nodes.
    expect(byRule.get("button-name")?.nodes.map((node) => node.target)).toEqual([["iframe", "button"]]);
    expect(byRule.get("image-alt")?.nodes.map((node) => node.target)).toEqual([["img"]]);
    expect(await seriousA11yViolations(page)).toEqual([
      expect.stringMatching(/^button-name: .*\(iframe button\)$/),
      expect.stringMatching(/^image-alt: .*\(img\)$/),
    ]);
  });

  it("reports nothing on the same pages once fixed, and checks again after a navigation", async () => {
    const page = await openShop("/fixed");
    expect(await seriousA11yViolations(page)).toEqual([]);

    // axe is already in both frames now; a new document (a navigation) has to get it again.
    await page.goto(`${shop.origin}/broken`);
    await page.frameLocator("iframe").locator("h1").waitFor();
    expect(await seriousA11yViolations(page)).toEqual([
      expect.stringMatching(/^button-name: .*\(iframe button\)$/),
      expect.stringMatching(/^image-alt: .*\(img\)$/),
    ]);
  });

  it("adds no page to the journey's own browser context", async () => {
    const page = await openShop("/fixed");
    await analyzeAccessibility(page);
    await analyzeAccessibility(page);
    expect(page.context().pages()).toEqual([page]);
  });
});

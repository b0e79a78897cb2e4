import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { DEFAULT_BRAND_COLOR, DEFAULT_BUBBLE_TEXT_COLOR, type WidgetSettings } from "@harbor/contract/widget";
import type { Browser, BrowserContext, FrameLocator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "./support/api";
import { DESKTOP, expectAccessibleAtBothWidths, launchBrowser, PHONE } from "./support/browser";
import { type HarborServer, startHarborServer } from "./support/harbor-server";

/*
 * The visitor's side of issue #14 items 5–7 and issue #20 item 1, in Chromium, on a shop page on
 * another origin (127.0.0.1) than Harbor (localhost): the frame loads on intent, the welcome
 * message, a blocked realtime endpoint and a blocked websocket, the brand colour on the bubbles,
 * Hebrew punctuation in a mixed bubble and 24-hour times. How fast the chat opens on "fast 3G" is
 * measured by `npm run bench -- widget-open`, not asserted here.
 */

let server: HarborServer;
let browser: Browser;
let shop: Server;
let shopUrl: string;

function startShop(): Promise<string> {
  shop = createServer((request, response) => {
    const widgetID = new URL(request.url ?? "/", "http://shop").searchParams.get("widget") ?? "";
    response.setHeader("content-type", "text/html; charset=utf-8");
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1"><title>Tea shop</title>
      <script src="${server.url}/widget/loader.js" data-widget-id="${widgetID}" async></script></head>
      <body><main><h1>Tea shop</h1><p>Green, black and white teas.</p></main></body></html>`);
  });
  return new Promise((resolve) =>
    shop.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(shop.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  server = await startHarborServer();
  browser = await launchBrowser();
  shopUrl = await startShop();
});

afterEach(({ task }) => {
  if (task.result?.state === "fail") console.error(`Harbor's log:\n${server?.output() ?? ""}`);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => shop?.close(resolve));
  if (server) expect(await server.stop()).toBe(0);
});

/** A new workspace whose widget has these sections saved (as the Chat Widget settings save them). */
async function widgetWith(email: string, sections: Partial<WidgetSettings> = {}) {
  const api = apiClient(server);
  const owner = await api.signUp(email);
  const settings = await api.call<WidgetSettings>("GET", "/widget-settings/", { cookie: owner.cookie });
  const form = new FormData();
  for (const [section, value] of Object.entries(sections)) form.append(section, JSON.stringify(value));
  if (Object.keys(sections).length > 0) {
    const saved = await fetch(`${server.url}/api/widget-settings/save`, {
      method: "POST",
      headers: { cookie: owner.cookie },
      body: form,
    });
    expect(saved.status).toBe(200);
  }
  return { widgetID: settings.body.data.widgetID, settings: settings.body.data };
}

const noWelcome = { notifications: { enableSound: false, enableWelcomeMessage: false } };

async function openShop(widgetID: string, options: { locale?: string; context?: BrowserContext } = {}) {
  const context =
    options.context ?? (await browser.newContext({ viewport: DESKTOP, locale: options.locale ?? "en-GB" }));
  const page = await context.newPage();
  await page.goto(`${shopUrl}/?widget=${widgetID}`);
  return page;
}

/** Opens the chat from the launcher, named in `language`'s words. */
async function openChat(page: Page, name = "Open chat"): Promise<FrameLocator> {
  await page.getByRole("button", { name }).click();
  const frame = page.frameLocator("iframe");
  await expect.poll(() => frame.getByRole("textbox").first().isVisible(), { timeout: 30_000 }).toBe(true);
  return frame;
}

async function ask(frame: FrameLocator, question: string) {
  const box = frame.getByRole("textbox").first();
  await box.fill(question);
  await box.press("Enter");
}

/** Counts the requests for the widget's frame a browser context makes from now on. */
function framesFetchedIn(context: BrowserContext) {
  let count = 0;
  context.on("request", (request) => {
    if (new URL(request.url()).pathname === "/widget/frame.html") count++;
  });
  return () => count;
}

describe("the frame loads on intent", () => {
  it("loads nothing of the chat while the visitor only reads the page, then loads it when the pointer comes over the launcher", async () => {
    const { widgetID } = await widgetWith("owner@idle-shop.example", noWelcome);
    const context = await browser.newContext({ viewport: DESKTOP });
    const fetched: string[] = [];
    context.on("request", (request) => fetched.push(new URL(request.url()).pathname));
    const page = await openShop(widgetID, { context });
    const launcher = page.getByRole("button", { name: "Open chat" });
    await expect.poll(() => launcher.isVisible()).toBe(true);
    // Long past load and idle: the loader and the widget's settings, nothing of the chat.
    await page.waitForTimeout(4000);
    expect(fetched.filter((path) => path.startsWith("/widget/") || path.startsWith("/api/"))).toEqual([
      "/widget/loader.js",
      "/api/widget/get",
    ]);
    expect(await page.locator("iframe").count()).toBe(0);

    await launcher.hover();
    await expect.poll(() => fetched.includes("/widget/frame.html")).toBe(true);
    expect(await page.locator("iframe").isHidden()).toBe(true);
    const frame = await openChat(page);
    expect(await frame.getByRole("textbox").first().isVisible()).toBe(true);
    await context.close();
  });

  it("pops the welcome message up beside the launcher once, preloading the chat it opens", async () => {
    const { widgetID } = await widgetWith("owner@welcome-shop.example", {
      openingMessages: ["Welcome to the tea shop! Ask me about brewing."],
    });
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await openShop(widgetID, { context });
    const welcome = page.getByRole("button", { name: "Welcome to the tea shop! Ask me about brewing." });
    await expect.poll(() => welcome.isVisible(), { timeout: 15_000 }).toBe(true);
    // The chat's frame loads as the message comes, hidden until the visitor opens it.
    await expect.poll(() => page.locator("iframe").count()).toBe(1);
    expect(await page.locator("iframe").isHidden()).toBe(true);
    // Beside the launcher: above it, inside the page, at its right edge.
    const [message, launcher] = await Promise.all([
      welcome.boundingBox(),
      page.getByRole("button", { name: "Open chat" }).boundingBox(),
    ]);
    expect(message && launcher && message.y + message.height).toBeLessThanOrEqual(launcher?.y ?? 0);
    expect(
      Math.abs((message?.x ?? 0) + (message?.width ?? 0) - ((launcher?.x ?? 0) + (launcher?.width ?? 0))),
    ).toBeLessThan(40);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    await welcome.click();
    const frame = page.frameLocator("iframe");
    await expect.poll(() => frame.getByRole("textbox").first().isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await welcome.count()).toBe(0);

    // The same visitor's next page: no welcome message again.
    const next = await context.newPage();
    await next.goto(`${shopUrl}/?widget=${widgetID}`);
    await next.waitForTimeout(5000);
    expect(await next.getByRole("button", { name: /Welcome to the tea shop/ }).count()).toBe(0);
    await context.close();
  });

  it("loads the frame when the keyboard reaches the launcher, and opens the chat with Enter", async () => {
    const { widgetID } = await widgetWith("owner@keyboard-shop.example", noWelcome);
    const context = await browser.newContext({ viewport: DESKTOP });
    const framesFetched = framesFetchedIn(context);
    const page = await openShop(widgetID, { context });
    const launcher = page.getByRole("button", { name: "Open chat" });
    await expect.poll(() => launcher.isVisible()).toBe(true);
    await page.waitForLoadState("networkidle");
    expect(framesFetched()).toBe(0);

    // The launcher is the page's only control: the first Tab lands on it.
    await page.keyboard.press("Tab");
    expect(await launcher.evaluate((element) => element === document.activeElement?.shadowRoot?.activeElement)).toBe(
      true,
    );
    await expect.poll(framesFetched).toBe(1);
    await page.keyboard.press("Enter");
    const frame = page.frameLocator("iframe");
    await expect.poll(() => frame.getByRole("textbox").first().isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.getByRole("button", { name: "Close chat" }).getAttribute("aria-expanded")).toBe("true");
    // The chat takes the keyboard from there: its message box has the focus, and what is typed goes to it.
    await expect
      .poll(() =>
        frame
          .getByRole("textbox")
          .first()
          .evaluate((box) => box === box.ownerDocument.activeElement),
      )
      .toBe(true);
    await page.keyboard.type("Do you ship abroad?");
    await expect.poll(() => frame.getByRole("textbox").first().inputValue()).toBe("Do you ship abroad?");
    expect(framesFetched()).toBe(1);
    await context.close();
  });

  it("loads and opens the frame on Harbor.open, and on a touch on a phone", async () => {
    const { widgetID } = await widgetWith("owner@api-touch-shop.example", noWelcome);
    const desktop = await browser.newContext({ viewport: DESKTOP });
    const desktopFrames = framesFetchedIn(desktop);
    const page = await openShop(widgetID, { context: desktop });
    await expect.poll(() => page.getByRole("button", { name: "Open chat" }).isVisible()).toBe(true);
    await page.waitForLoadState("networkidle");
    expect(desktopFrames()).toBe(0);
    await page.evaluate("window.Harbor.open()");
    await expect.poll(desktopFrames).toBe(1);
    await expect
      .poll(() => page.frameLocator("iframe").getByRole("textbox").first().isVisible(), { timeout: 30_000 })
      .toBe(true);
    await desktop.close();

    const phone = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const phoneFrames = framesFetchedIn(phone);
    const phonePage = await openShop(widgetID, { context: phone });
    const launcher = phonePage.getByRole("button", { name: "Open chat" });
    await expect.poll(() => launcher.isVisible()).toBe(true);
    await phonePage.waitForLoadState("networkidle");
    expect(phoneFrames()).toBe(0);
    // A finger on the launcher is intent already: the frame loads before the finger lifts.
    const box = await launcher.boundingBox();
    const finger = { x: (box?.x ?? 0) + (box?.width ?? 0) / 2, y: (box?.y ?? 0) + (box?.height ?? 0) / 2 };
    const touch = await phone.newCDPSession(phonePage);
    await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [finger] });
    await expect.poll(phoneFrames).toBe(1);
    expect(await launcher.getAttribute("aria-expanded")).toBe("false");
    // Lifting it is the tap that opens the chat.
    await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect
      .poll(() => phonePage.frameLocator("iframe").getByRole("textbox").first().isVisible(), { timeout: 30_000 })
      .toBe(true);
    expect(phoneFrames()).toBe(1);
    await phone.close();
  });
});

describe("never stuck", () => {
  it("says 'Not sent · Retry' and that it is reconnecting while the realtime endpoint is blocked, then recovers", async () => {
    const { widgetID } = await widgetWith("owner@blocked-shop.example", noWelcome);
    const context = await browser.newContext({ viewport: DESKTOP, locale: "en-GB" });
    let isBlocked = true;
    // Both transports: the websocket is closed before it opens, long-polling requests fail.
    await context.routeWebSocket(/\/socket\.io\//, (ws) => (isBlocked ? ws.close() : ws.connectToServer()));
    await context.route(/\/socket\.io\//, (route) => (isBlocked ? route.abort() : route.continue()));
    const page = await openShop(widgetID, { context });
    const frame = await openChat(page);
    await ask(frame, "How long does standard delivery take?");

    await expect.poll(() => frame.getByText("Not sent").isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await frame.getByRole("button", { name: "Retry" }).isVisible()).toBe(true);
    await expect
      .poll(() => frame.getByText(/Connecting…|Offline – reconnecting…/).isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    isBlocked = false;
    await frame.getByRole("button", { name: "Retry" }).click();
    await expect
      .poll(
        () =>
          frame
            .getByText(/standard delivery takes/i)
            .first()
            .isVisible(),
        { timeout: 30_000 },
      )
      .toBe(true);
    await expect.poll(() => frame.getByText("Online - AI Expert").isVisible()).toBe(true);
    expect(await frame.getByText("Not sent").count()).toBe(0);
    // Stored once, however often it was sent.
    expect(await frame.getByText("How long does standard delivery take?").count()).toBe(1);
    await context.close();
  });

  it("chats over long-polling when the network blocks websockets", async () => {
    const { widgetID } = await widgetWith("owner@polling-shop.example", noWelcome);
    const context = await browser.newContext({ viewport: DESKTOP, locale: "en-GB" });
    const polls: string[] = [];
    context.on("request", (request) => {
      if (request.url().includes("transport=polling")) polls.push(request.method());
    });
    await context.routeWebSocket(/\/socket\.io\//, (ws) => ws.close());
    // A slow network: each long-polling GET takes a while to reach Harbor, so what Harbor sends
    // in between (the question's ack, then the answer) comes back in one response.
    await context.route(/\/socket\.io\/.*transport=polling/, async (route) => {
      if (route.request().method() === "GET") await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    const page = await openShop(widgetID, { context });
    const frame = await openChat(page);
    await ask(frame, "How long does standard delivery take?");
    await expect
      .poll(
        () =>
          frame
            .getByText(/standard delivery takes/i)
            .first()
            .isVisible(),
        { timeout: 30_000 },
      )
      .toBe(true);
    await expect.poll(() => frame.getByText("Answered by AI").first().isVisible()).toBe(true);
    expect(polls).toContain("GET");
    expect(polls).toContain("POST");
    expect(await frame.getByText(/Not sent|Connecting…|reconnecting/).count()).toBe(0);
    await context.close();
  });
});

describe("look and languages", () => {
  it("paints the visitor's bubble in the brand colour and the AI's in a neutral tone with the default bubble settings", async () => {
    // The brand colour changed; both bubbles left at the spec's default.
    const untouched = { backgroundColor: DEFAULT_BRAND_COLOR, textColor: DEFAULT_BUBBLE_TEXT_COLOR };
    const { widgetID } = await widgetWith("owner@teal-shop.example", {
      ...noWelcome,
      theme: { brand: { brandColor: "#0a7d7d" }, chatBubble: { customer: untouched, aiAgent: untouched } },
    });
    const page = await openShop(widgetID);
    const frame = await openChat(page);
    await ask(frame, "How long does standard delivery take?");
    await expect.poll(() => frame.getByText("Answered by AI").first().isVisible(), { timeout: 30_000 }).toBe(true);
    const background = (selector: string) =>
      frame
        .locator(selector)
        .first()
        .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await background(".msg.me .b")).toBe("rgb(10, 125, 125)");
    expect(await background(".msg.ai .b")).toBe("rgb(241, 241, 244)");
    expect(await background(".hd")).toBe("rgb(10, 125, 125)");
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
    await page.context().close();
  });

  it("keeps a Hebrew question's question mark at its end though it opens with English, and writes times on a 24-hour clock", async () => {
    const { widgetID } = await widgetWith("owner@hebrew-rtl-shop.example", noWelcome);
    const page = await openShop(widgetID, { locale: "he-IL" });
    const frame = await openChat(page, "פתיחת צ'אט");
    await ask(frame, "iPhone 15 זה הדגם הכי חדש?");
    // The stored question (its time under it), once answered.
    await expect.poll(() => frame.getByText("נענה על ידי AI").first().isVisible(), { timeout: 30_000 }).toBe(true);
    const bubble = frame.locator(".msg.me .b").first();
    expect(await bubble.getAttribute("dir")).toBe("rtl");
    // Right to left, the sentence ends at the left: no letter stands left of its question mark.
    const [markLeft, lettersLeft] = await bubble.evaluate((element) => {
      const text = element.firstChild as Text;
      const range = document.createRange();
      const left = (start: number) => {
        range.setStart(text, start);
        range.setEnd(text, start + 1);
        return range.getBoundingClientRect().left;
      };
      const last = (text.textContent ?? "").length - 1;
      return [left(last), Math.min(...Array.from({ length: last }, (_, index) => left(index)))];
    });
    expect(lettersLeft).toBeGreaterThan(0);
    expect(markLeft).toBeLessThan(lettersLeft);

    const time = await frame.locator(".msg.me .meta").first().textContent();
    expect(time).toMatch(/^\d{2}:\d{2}$/);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
    await page.context().close();
  });

  it("writes a Dutch visitor's times on a 24-hour clock", async () => {
    const { widgetID } = await widgetWith("owner@dutch-clock-shop.example", noWelcome);
    const page = await openShop(widgetID, { locale: "nl-NL" });
    const frame = await openChat(page, "Chat openen");
    await ask(frame, "Hoe lang duurt de standaardlevering?");
    // Once stored ("Versturen…" until then), the question carries its time.
    const meta = frame.locator(".msg.me .meta").first();
    await expect.poll(() => meta.textContent(), { timeout: 20_000 }).toMatch(/^\d{2}:\d{2}$/);
    await page.context().close();
  });
});

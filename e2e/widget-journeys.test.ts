import { mkdir } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { WidgetSettings } from "@harbor/contract/widget";
import type { Browser, FrameLocator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "./support/api";
import { DESKTOP, launchBrowser, PHONE, pageSignedInAs, seriousA11yViolations } from "./support/browser";
import { type HarborServer, startHarborServer } from "./support/harbor-server";

let server: HarborServer;
let browser: Browser;
let shop: Server;
let shopUrl: string;

/** Screenshots a person may want to look at after a run (kept, never compared). */
const artifacts = path.resolve(import.meta.dirname, "../.test-artifacts");

/**
 * A shop on another origin (another port on 127.0.0.1, while Harbor is on localhost): a plain page
 * with the Activation snippet, and another chat widget's button beside ours.
 */
function startShop(): Promise<string> {
  shop = createServer((request, response) => {
    const widgetID = new URL(request.url ?? "/", "http://shop").searchParams.get("widget") ?? "";
    response.setHeader("content-type", "text/html; charset=utf-8");
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1"><title>Tea shop</title>
      <script src="${server.url}/widget/loader.js" data-widget-id="${widgetID}" async></script></head>
      <body><main><h1>Tea shop</h1><p>Green, black and white teas.</p></main>
      <button style="position:fixed;left:16px;bottom:16px">Other chat</button></body></html>`);
  });
  return new Promise((resolve) =>
    shop.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(shop.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  server = await startHarborServer();
  browser = await launchBrowser();
  shopUrl = await startShop();
  await mkdir(artifacts, { recursive: true });
});

// A journey that fails shows what the server logged (warnings and errors) meanwhile.
afterEach(({ task }) => {
  if (task.result?.state === "fail") console.error(`Harbor's log:\n${server?.output() ?? ""}`);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => shop?.close(resolve));
  if (server) expect(await server.stop()).toBe(0);
});

async function workspaceWithWidget(email: string) {
  const api = apiClient(server);
  const owner = await api.signUp(email);
  // The demo articles are in place once the sample chats are answered from them.
  await expect
    .poll(
      async () =>
        (await api.call<{ totalCount: number }>("POST", "/chat/inbox", { cookie: owner.cookie, body: {} })).body.data
          .totalCount,
    )
    .toBe(5);
  const settings = await api.call<WidgetSettings>("GET", "/widget-settings/", { cookie: owner.cookie });
  return { api, owner, widgetID: settings.body.data.widgetID };
}

async function openShop(widgetID: string, options: { locale?: string; viewport?: typeof DESKTOP } = {}) {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    locale: options.locale ?? "en-GB",
  });
  const page = await context.newPage();
  await page.goto(`${shopUrl}/?widget=${widgetID}`);
  return page;
}

/** Opens the chat from the launcher and answers the widget's frame. */
async function openChat(page: Page): Promise<FrameLocator> {
  await page.getByRole("button", { name: "Open chat" }).click();
  const frame = page.frameLocator('iframe[title="Chat"]');
  // The frame's first load (its page, scripts and the widget's settings) can be slow on a busy
  // machine: the test suites share two cores with the browser and the server.
  await expect.poll(() => frame.getByRole("textbox").first().isVisible(), { timeout: 30_000 }).toBe(true);
  return frame;
}

async function ask(frame: FrameLocator, question: string) {
  const box = frame.getByRole("textbox").first();
  await box.fill(question);
  await box.press("Enter");
}

describe("the widget on a shop page", () => {
  it("answers from the knowledge base with a source, then raises a ticket that arrives by mail", async () => {
    const { widgetID } = await workspaceWithWidget("owner@tea-shop.example");
    const page = await openShop(widgetID);
    // Another chat widget's button on the same page keeps working.
    expect(await page.getByRole("button", { name: "Other chat" }).isVisible()).toBe(true);
    const frame = await openChat(page);

    await ask(frame, "How long does standard delivery take?");
    await expect
      .poll(
        () =>
          frame
            .getByText(/standard delivery takes/i)
            .first()
            .isVisible(),
        { timeout: 20_000 },
      )
      .toBe(true);
    // The text shows while it streams; the stored answer, labelled and with its sources, follows.
    await expect.poll(() => frame.getByText("Answered by AI").first().isVisible()).toBe(true);
    // The demo articles have no address, so their titles are listed as sources without a link.
    await expect
      .poll(() => frame.getByRole("list", { name: "Sources" }).first().getByText("Shipping and delivery").isVisible())
      .toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await expect.poll(() => frame.getByText("Did this resolve your question?").isVisible()).toBe(true);
    await frame.getByRole("button", { name: "No, I need help" }).click();
    // A new widget hands off by ticket: the form is in the "Talk to a person" card, and nothing else is promised.
    const card = frame.getByRole("region", { name: "Talk to a person" });
    await expect
      .poll(() => card.getByText("Leave your details and our team will get back to you by e-mail.").isVisible())
      .toBe(true);
    expect(await card.getByRole("link").count()).toBe(0);
    await card.getByLabel("Name").fill("Dana Levi");
    await card.getByLabel(/E-mail/).fill("dana@tea-visitor.example");
    await card.getByLabel(/Your comments/).fill("My parcel has not arrived.");
    await card.getByRole("button", { name: "Send" }).click();

    await expect.poll(() => frame.getByText("Ticket raised").isVisible()).toBe(true);
    const ticketID =
      (
        await frame.locator("dt", { hasText: "Ticket ID" }).locator("xpath=following-sibling::dd").textContent()
      )?.trim() ?? "";
    expect(ticketID).toMatch(/^[A-Z0-9]{6}$/);
    const copy = await server.smtp.latestTo("dana@tea-visitor.example");
    expect(copy.text).toContain(ticketID);
    expect(copy.text).toContain("My parcel has not arrived.");
    await page.context().close();
  });

  it("lays Hebrew out right to left, on a phone", async () => {
    const { widgetID } = await workspaceWithWidget("owner@hebrew-shop.example");
    const page = await openShop(widgetID, { locale: "he-IL", viewport: PHONE });
    await page.getByRole("button", { name: "פתיחת צ'אט" }).click();
    const frame = page.frameLocator('iframe[title="צ\'אט"]');
    await expect.poll(() => frame.locator("[dir=rtl]").first().isVisible()).toBe(true);
    await ask(frame, "כמה זמן לוקח משלוח?");
    await expect.poll(() => frame.getByText("נענה על ידי AI").first().isVisible(), { timeout: 20_000 }).toBe(true);
    await page.screenshot({ path: path.join(artifacts, "widget-hebrew-phone.png") });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("shows the admin's new colour and opening message on the live widget", async () => {
    const { owner, widgetID } = await workspaceWithWidget("owner@colour-shop.example");
    const form = new FormData();
    form.append(
      "theme",
      JSON.stringify({
        brand: { brandColor: "#0a7d3b" },
        chatBubble: {
          customer: { backgroundColor: "#0a7d3b", textColor: "#ffffff" },
          aiAgent: { backgroundColor: "#f1f1f1", textColor: "#111111" },
        },
      }),
    );
    form.append("openingMessages", JSON.stringify(["Welcome to the tea shop! Ask me about brewing."]));
    const saved = await fetch(`${server.url}/api/widget-settings/save`, {
      method: "POST",
      headers: { cookie: owner.cookie },
      body: form,
    });
    expect(saved.status).toBe(200);
    const page = await openShop(widgetID);
    const launcher = page.getByRole("button", { name: "Open chat" });
    await expect
      .poll(() => launcher.evaluate((button) => getComputedStyle(button).backgroundColor))
      .toBe("rgb(10, 125, 59)");
    const frame = await openChat(page);
    await expect.poll(() => frame.getByText("Welcome to the tea shop! Ask me about brewing.").isVisible()).toBe(true);
    await page.context().close();
  });
});

describe("the widget and the inbox together", () => {
  it("a visitor's question appears live in the inbox; staff reply, the visitor sees it; resolved shows under Resolved", async () => {
    const { owner, widgetID } = await workspaceWithWidget("owner@live-tea.example");
    const staff = await pageSignedInAs({ browser, url: server.url, cookie: owner.cookie });
    await staff.goto(`${server.url}/inbox`);
    const list = staff.getByRole("region", { name: "Chats" });
    await expect.poll(() => list.getByText("Emma de Vries").first().isVisible()).toBe(true);
    await expect.poll(() => staff.getByText("2 unread").first().isVisible()).toBe(true);

    const visitor = await openShop(widgetID);
    const frame = await openChat(visitor);
    await ask(frame, "Do you ship white tea to Belgium?");
    // The new chat arrives at the top of the open inbox without a reload, unread.
    await expect.poll(() => staff.getByText("3 unread").first().isVisible(), { timeout: 20_000 }).toBe(true);
    await list.getByTestId("chat-row").first().click();
    await expect.poll(() => staff.getByText("2 unread").first().isVisible()).toBe(true);
    const chat = staff.getByRole("region", { name: "Chat" });
    await expect.poll(() => chat.getByText("Do you ship white tea to Belgium?").first().isVisible()).toBe(true);
    const reply = chat.getByRole("textbox", { name: "Reply to the customer" });
    await reply.fill("Yes, we ship to Belgium in 2–4 working days.");
    await reply.press("Enter");

    await expect
      .poll(() => frame.getByText("Yes, we ship to Belgium in 2–4 working days.").isVisible(), { timeout: 20_000 })
      .toBe(true);
    await chat.getByRole("button", { name: "Resolve chat" }).click();
    await expect.poll(() => chat.getByRole("button", { name: "Reopen chat" }).isVisible()).toBe(true);
    await staff.getByRole("navigation", { name: "Inbox filters" }).getByRole("link", { name: "Resolved" }).click();
    await staff.waitForURL("**/inbox?status=resolved*");
    await expect
      .poll(() =>
        list
          .getByText(/Yes, we ship to Belgium/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await visitor.context().close();
    await staff.context().close();
  });
});

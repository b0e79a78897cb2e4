import type { WidgetSettings } from "@harbor/contract/widget";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "./support/api";
import { DESKTOP, expectAccessibleAtBothWidths, launchBrowser, pageSignedInAs } from "./support/browser";
import { type HarborServer, startHarborServer } from "./support/harbor-server";

/*
 * The customer's subscriptions in the demo shop (issue #17 items 4 and 9, HARBOR_DEMO), in
 * Chromium: a visitor proves order #1003 with its e-mail, opens the Recharge subscriptions of that
 * customer (the demo runs a Recharge fake with two), moves a next charge after a confirmation, and
 * staff find the change, with Recharge's answer, in the inbox.
 */

let server: HarborServer;
let browser: Browser;

beforeAll(async () => {
  // Embedded mode, HARBOR_DEMO unset: the demo shop and its Recharge run; new workspaces use them.
  server = await startHarborServer();
  browser = await launchBrowser();
});

afterEach(({ task }) => {
  if (task.result?.state === "fail") console.error(`Harbor's log:\n${server?.output() ?? ""}`);
});

afterAll(async () => {
  await browser?.close();
  if (server) expect(await server.stop()).toBe(0);
});

/** `YYYY-MM-DD`, days from today (UTC: the demo workspace's reporting time zone). */
const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe("subscriptions in the demo shop", () => {
  it("verifies order #1003, opens the customer's subscriptions, moves a next charge, and staff see it", async () => {
    const api = apiClient(server);
    const owner = await api.signUp("owner@subscription-shop.example");
    await api.waitForDemoContent(owner.cookie);
    const widgetID = (await api.call<WidgetSettings>("GET", "/widget-settings/", { cookie: owner.cookie })).body.data
      .widgetID;

    const context = await browser.newContext({ viewport: DESKTOP, locale: "en-GB" });
    const page = await context.newPage();
    await page.goto(`${server.url}/widget/demo?widgetID=${widgetID}`);
    await page.getByRole("button", { name: "Open chat" }).click();
    const frame = page.frameLocator("iframe");
    await expect.poll(() => frame.getByRole("textbox").first().isVisible(), { timeout: 30_000 }).toBe(true);

    await frame.getByRole("button", { name: /Track your order/ }).click();
    const number = frame.getByRole("textbox", { name: /Order number/ });
    await expect.poll(() => number.isVisible(), { timeout: 15_000 }).toBe(true);
    await number.fill("1003");
    await frame.getByRole("textbox", { name: /E-mail/ }).fill("emma@example.com");
    await frame.getByRole("button", { name: "Find my order" }).click();
    const subscriptionsButton = frame.getByRole("button", { name: "Your subscriptions" });
    await expect.poll(() => subscriptionsButton.isVisible(), { timeout: 15_000 }).toBe(true);
    await subscriptionsButton.click();

    const beans = frame.getByRole("listitem", { name: "House blend coffee beans" });
    await expect.poll(() => beans.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await beans.textContent()).toContain("2 x €18.50");
    expect(await beans.textContent()).toContain("Every 2 weeks");
    expect(await frame.getByRole("listitem", { name: "Paper filters" }).textContent()).toContain("Every 1 month");
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    await beans.getByRole("button", { name: "Change next charge date" }).click();
    const date = frame.getByLabel(/Next charge date/);
    await expect.poll(() => date.isVisible()).toBe(true);
    // The earliest date offered is today: yesterday is refused before anything is sent.
    expect(await date.getAttribute("min")).toBe(dayAfter(0));
    await date.fill(dayAfter(-1));
    await frame.getByRole("button", { name: "Continue" }).click();
    expect(await frame.getByText("Choose today or a later date").isVisible()).toBe(true);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    const target = dayAfter(10);
    await date.fill(target);
    await frame.getByRole("button", { name: "Continue" }).click();
    const question = frame.getByText(/^Move the next charge of House blend coffee beans to /);
    await expect.poll(() => question.isVisible()).toBe(true);
    await frame.getByRole("button", { name: "Confirm" }).click();
    const done = frame.getByRole("status");
    await expect
      .poll(() => done.textContent(), { timeout: 15_000 })
      .toMatch(/^Done: the next charge of House blend coffee beans is now /);
    const shown = new Date(`${target}T00:00:00Z`).toLocaleDateString("en", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(await beans.textContent()).toContain(`Next charge: ${shown}`);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
    await context.close();

    // Staff find the change in the inbox: what, from when to when, how the visitor was verified, Recharge's answer.
    const inbox = await pageSignedInAs({ browser, url: server.url, cookie: owner.cookie });
    await inbox.goto(`${server.url}/inbox`);
    const row = inbox
      .getByRole("region", { name: "Chats" })
      .getByText(/Moved the next charge of House blend coffee beans/)
      .first();
    await expect.poll(() => row.isVisible(), { timeout: 30_000 }).toBe(true);
    await row.click();
    const log = inbox.getByRole("region", { name: "Chat" }).getByRole("log", { name: "Messages" });
    await expect
      .poll(() =>
        log
          .getByText(
            new RegExp(
              `Moved the next charge of House blend coffee beans from ${dayAfter(2)} to ${target}; verified by e-mail for order #1003; done in Recharge\\.`,
            ),
          )
          .isVisible(),
      )
      .toBe(true);
    await inbox.context().close();
  });
});

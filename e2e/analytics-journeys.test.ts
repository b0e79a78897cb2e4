import type { Insights, UnansweredQuestions } from "@harbor/contract/analytics";
import type { WidgetSettings } from "@harbor/contract/widget";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "./support/api";
import { DESKTOP, expectAccessibleAtBothWidths, launchBrowser, pageSignedInAs } from "./support/browser";
import { type HarborServer, startHarborServer } from "./support/harbor-server";
import { startShopPage } from "./support/shop-page";

let server: HarborServer;
let browser: Browser;

beforeAll(async () => {
  server = await startHarborServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (server) expect(await server.stop()).toBe(0);
});

/** The figure's number as the Insights page shows it. */
async function figure(page: Page, label: string): Promise<string> {
  const card = page.locator(".mantine-Paper-root", { has: page.getByText(label, { exact: true }) }).first();
  return (await card.locator("p").last().textContent()) ?? "";
}

describe("Analytics journeys", () => {
  it("an admin opens Insights, changes the range and the zone, and reads Sources and Token Usage; every page passes axe", async () => {
    const api = apiClient(server);
    const { cookie } = await api.signUp("owner@analytics-shop.example");
    const page = await pageSignedInAs({ browser, url: server.url, cookie });

    await page.goto(`${server.url}/analytics`);
    await page.waitForURL("**/analytics/insights");
    await expect.poll(() => page.getByText(/per chat on average/).isVisible()).toBe(true);
    const thisMonth = (
      await api.call<Insights>("POST", "/chat/get-analytics", {
        cookie,
        body: {
          startDate: new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10),
          endDate: new Date().toISOString().slice(0, 10),
        },
      })
    ).body.data;
    expect(await figure(page, "Total conversations with AI")).toBe(String(thisMonth.totalConversations));
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    // The definitions are a focus away.
    await page.getByRole("button", { name: "About Assumed" }).focus();
    await expect.poll(() => page.getByRole("tooltip").textContent()).toContain("24 hours");

    // March 2024, before this workspace existed: nothing.
    await page.getByRole("combobox", { name: "Month" }).selectOption({ label: "March 2024" });
    await expect
      .poll(() => page.getByRole("button", { name: /^Date range:/ }).textContent())
      .toBe("Mar 1, 2024 – Mar 31, 2024");
    await expect.poll(() => figure(page, "Total conversations with AI")).toBe("0");
    expect(await page.getByText("No chats in this category").count()).toBe(5);

    // A custom range may not end in the future.
    await page.getByRole("button", { name: /^Date range:/ }).click();
    await page.getByRole("button", { name: "Custom Range" }).click();
    expect(await page.getByLabel("End date").getAttribute("max")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
    await page.keyboard.press("Escape");

    // The zone is the company's: it stays after a reload.
    await page.getByLabel("Reporting time zone").selectOption("Europe/Amsterdam");
    await expect
      .poll(
        async () =>
          (await api.call<{ timeZone: string }>("GET", "/analytics/time-zone", { cookie })).body.data.timeZone,
      )
      .toBe("Europe/Amsterdam");
    await page.reload();
    await expect.poll(() => page.getByLabel("Reporting time zone").inputValue()).toBe("Europe/Amsterdam");

    await page.getByRole("link", { name: "Sources" }).click();
    await page.waitForURL("**/analytics/sources");
    await expect.poll(() => page.getByText(/Counted since each document was added/).isVisible()).toBe(true);
    await expect.poll(() => page.locator("[aria-busy=true]").count()).toBe(0);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    await page.getByRole("link", { name: "Token Usage" }).click();
    await page.waitForURL("**/analytics/token-usage");
    await expect.poll(() => page.getByRole("region", { name: "Daily usage per model" }).isVisible()).toBe(true);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
    await page.context().close();
  });

  it("a visitor's question the AI cannot answer shows up in Unanswered Questions, and Write an article starts the article with it", async () => {
    const api = apiClient(server);
    const { cookie } = await api.signUp("owner@unanswered-shop.example");
    const range = () => ({
      startDate: new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10),
      endDate: new Date().toISOString().slice(0, 10),
    });
    const settings = await api.call<WidgetSettings>("GET", "/widget-settings/", { cookie });
    const shop = await startShopPage(server.url);
    const question = "Do you rent out kayaks for the weekend?";
    try {
      // A visitor asks on the shop's page, through the real widget.
      const visitor = await (await browser.newContext({ viewport: DESKTOP, locale: "en-GB" })).newPage();
      await visitor.goto(`${shop.url}/?widget=${settings.body.data.widgetID}`);
      await visitor.getByRole("button", { name: "Open chat" }).click();
      const frame = visitor.frameLocator("iframe");
      const box = frame.getByRole("textbox").first();
      await expect.poll(() => box.isVisible(), { timeout: 30_000 }).toBe(true);
      await box.fill(question);
      await box.press("Enter");
      await expect
        .poll(
          async () =>
            (
              await api.call<UnansweredQuestions>("POST", "/analytics/unanswered-questions", { cookie, body: range() })
            ).body.data.groups.map((group) => group.question),
          { timeout: 30_000 },
        )
        .toEqual([question]);
      await visitor.context().close();
    } finally {
      await shop.close();
    }

    const page = await pageSignedInAs({ browser, url: server.url, cookie });
    await page.goto(`${server.url}/analytics/insights`);
    await page.getByRole("link", { name: "Unanswered Questions" }).click();
    await page.waitForURL("**/analytics/unanswered");
    const group = page.getByRole("article", { name: question });
    await expect.poll(() => group.getByText("Asked 1 time").isVisible()).toBe(true);
    await expect.poll(() => page.locator("[aria-busy=true]").count()).toBe(0);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    await page.getByRole("link", { name: `Write an article answering "${question}"` }).click();
    await page.waitForURL("**/knowledge-base/articles/add?title=*");
    await expect.poll(() => page.getByLabel(/^Title/).inputValue()).toBe(question);
    await page.goBack();
    await page.waitForURL("**/analytics/unanswered");

    // March 2024, before this workspace existed: the empty state.
    await page.getByRole("combobox", { name: "Month" }).selectOption({ label: "March 2024" });
    await expect.poll(() => page.getByText("No unanswered questions in this period").isVisible()).toBe(true);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
    await page.context().close();
  });
});

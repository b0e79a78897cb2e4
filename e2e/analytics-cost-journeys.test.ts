import { readFile } from "node:fs/promises";
import type { CostAndSpeed } from "@harbor/contract/analytics";
import type { InboxResponse } from "@harbor/contract/chat";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "./support/api";
import { expectAccessibleAtBothWidths, launchBrowser, pageSignedInAs } from "./support/browser";
import { type HarborServer, startHarborServer } from "./support/harbor-server";

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

const last30Days = () => ({
  startDate: new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10),
  endDate: new Date().toISOString().slice(0, 10),
});

describe("Cost and Speed journey", () => {
  it("the demo chats show up in Cost and Speed; the admin exports a table as CSV, prices a model and opens the chats in the inbox", async () => {
    const api = apiClient(server);
    const { cookie } = await api.signUp("owner@cost-shop.example");
    const costAndSpeed = async () =>
      (await api.call<CostAndSpeed>("POST", "/analytics/cost-and-speed", { cookie, body: last30Days() })).body.data;
    // The workspace's demo chats (answered by the local engine as a visitor's would be) are the data.
    let previous = -1;
    await expect
      .poll(
        async () => {
          const now = (await costAndSpeed()).conversations;
          const isSettled = now > 0 && now === previous;
          previous = now;
          return isSettled;
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true);
    const figures = await costAndSpeed();
    const english = figures.qualityByLanguage.find((row) => row.language === "en");
    expect(english?.conversations).toBeGreaterThan(0);
    expect(figures.latencyByDay.reduce((sum, day) => sum + day.answers, 0)).toBeGreaterThan(0);
    // The local engine's tokens cost nothing.
    expect(figures.costByModel.find((row) => row.model === "local")?.cost ?? 0).toBe(0);

    const page = await pageSignedInAs({ browser, url: server.url, cookie });
    await page.goto(`${server.url}/analytics/insights`);
    await page.getByRole("link", { name: "Cost and Speed" }).click();
    await page.waitForURL("**/analytics/cost-and-speed");
    const quality = page.getByRole("region", { name: "Quality by language" });
    await expect.poll(() => quality.isVisible()).toBe(true);
    await expect.poll(() => page.locator("[aria-busy=true]").count()).toBe(0);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    // Export CSV: a file the browser saves, UTF-8 with a byte order mark, the table's rows in it.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export Quality by language as CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^quality-by-language-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").split("\r\n");
    expect(lines[0]).toBe("Language,Conversations,Resolution rate,Handoff rate,Average rating");
    expect(lines[1]).toMatch(new RegExp(`^English,${english?.conversations},\\d+%,\\d+%,`));
    expect(lines.slice(1, 5).map((line) => line.split(",")[0])).toEqual(["English", "Dutch", "Hebrew", "Other"]);

    // A model of the admin's own, priced through the dialog.
    await page.getByRole("button", { name: "Add a model" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a model's price" });
    await dialog.getByLabel(/^Model name/).fill("llama3.1");
    await dialog.getByLabel(/^Input, USD per 1M tokens/).fill("0.2");
    await dialog.getByLabel(/^Output, USD per 1M tokens/).fill("0.4");
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Save price" }).click();
    const prices = page.getByRole("region", { name: "Model prices" });
    const row = prices.getByRole("row", { name: /llama3\.1/ });
    await expect.poll(() => row.textContent()).toContain("Custom");
    expect(await row.textContent()).toContain("0.4");

    // The English conversations open the inbox on those chats.
    await quality.getByRole("link", { name: "Open English conversations in the inbox" }).click();
    await page.waitForURL(/\/inbox\?language=en&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
    await expect.poll(() => page.getByText(/^Showing chats in English started/).isVisible()).toBe(true);
    const listed = await api.call<InboxResponse>("POST", "/chat/inbox", {
      cookie,
      body: { pageNumber: 1, language: "en", createdFrom: last30Days().startDate, createdTo: last30Days().endDate },
    });
    // Every English conversation with the AI is among the English chats of the range.
    expect(listed.body.data.totalCount).toBeGreaterThanOrEqual(english?.conversations ?? 0);
    const rows = page.getByRole("region", { name: "Chats" }).locator("a[href*='ticketID=']");
    await expect.poll(() => rows.count()).toBe(Math.min(listed.body.data.inbox.length, 20));
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
    await page.getByRole("link", { name: "Show all chats" }).click();
    await page.waitForURL((url) => !url.search.includes("language"));
    await page.context().close();
  });
});

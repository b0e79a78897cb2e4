import type { WidgetSettings } from "@harbor/contract/widget";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "./support/api";
import { DESKTOP, expectAccessibleAtBothWidths, launchBrowser } from "./support/browser";
import { type HarborServer, startHarborServer } from "./support/harbor-server";

/*
 * Order tracking in the demo shop (issue #17, HARBOR_DEMO), in Chromium: the embedded server
 * connects a new workspace to its demo shop, the sample page says what to try, and the widget
 * answers an order question with the shop's status and the order card.
 */

let server: HarborServer;
let browser: Browser;

beforeAll(async () => {
  // Embedded mode, HARBOR_DEMO unset: the demo shop runs.
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

describe("order tracking in the demo shop", () => {
  it("asks about order #1001 on the sample page and gets its status and card with a Track button", async () => {
    const api = apiClient(server);
    const owner = await api.signUp("owner@demo-orders.example");
    await api.waitForDemoContent(owner.cookie);
    const settings = await api.call<WidgetSettings>("GET", "/widget-settings/", { cookie: owner.cookie });
    const widgetID = settings.body.data.widgetID;

    const context = await browser.newContext({ viewport: DESKTOP, locale: "en-GB" });
    const page = await context.newPage();
    await page.goto(`${server.url}/widget/demo?widgetID=${widgetID}`);
    expect(await page.locator("#demo-orders").textContent()).toContain("emma@example.com");

    await page.getByRole("button", { name: "Open chat" }).click();
    const frame = page.frameLocator("iframe");
    await expect.poll(() => frame.getByRole("textbox").first().isVisible(), { timeout: 30_000 }).toBe(true);
    const box = frame.getByRole("textbox").first();
    await box.fill("Where is my order #1001? emma@example.com");
    await box.press("Enter");

    const card = frame.getByRole("region", { name: "Order #1001" });
    await expect.poll(() => card.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await frame.getByText(/^Order #1001 has been shipped and is on its way\./).isVisible()).toBe(true);
    expect(await card.getByText("In transit").isVisible()).toBe(true);
    expect(await card.getByText("Classic tee · M / Black").isVisible()).toBe(true);
    const track = card.getByRole("link", { name: /Track JD014600006281230981/ });
    expect(await track.getAttribute("href")).toBe(
      "https://www.dhl.com/nl-en/home/tracking.html?tracking-id=JD014600006281230981",
    );
    expect(await track.getAttribute("target")).toBe("_blank");
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
    await context.close();
  });
});

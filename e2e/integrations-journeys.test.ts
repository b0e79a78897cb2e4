import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "./support/api";
import { expectAccessibleAtBothWidths, launchBrowser, pageSignedInAs } from "./support/browser";
import { type HarborServer, startHarborServer } from "./support/harbor-server";

let server: HarborServer;
let browser: Browser;

beforeAll(async () => {
  // Without the demo: it connects new workspaces to the demo shop, Recharge and Loop, and this
  // journey connects an app from scratch.
  server = await startHarborServer({ env: { HARBOR_DEMO: "0" } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (server) expect(await server.stop()).toBe(0);
});

describe("Settings → Integrations", () => {
  it("an admin finds the cards from the settings menu, opens Add Source by keyboard and sees a vendor's refusal", async () => {
    const api = apiClient(server);
    const { cookie } = await api.signUp("owner@integrations-journey.example");
    const page = await pageSignedInAs({ browser, url: server.url, cookie });
    await page.goto(`${server.url}/settings`);
    await page.getByRole("link", { name: "Integrations" }).click();
    await page.waitForURL("**/settings/integrations");
    for (const app of ["Shopify", "Recharge", "Loop", "Zendesk", "Gorgias"]) {
      await expect.poll(() => page.getByRole("region", { name: app }).isVisible()).toBe(true);
    }
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    // Keyboard only: focus the Loop card's Connect button, Enter opens the modal on its first field.
    const connectLoop = page.getByRole("button", { name: "Connect Loop" });
    await connectLoop.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Add Source" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect
      .poll(() => dialog.getByLabel("API key").evaluate((input) => input === document.activeElement))
      .toBe(true);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    // Continue with nothing typed: the field says why, nothing is sent.
    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.getByText("API key is required").isVisible()).toBe(true);

    // A key Loop cannot accept (this machine cannot even reach Loop): the server's message shows in the banner.
    await dialog.getByLabel("API key").fill("not-a-real-loop-key");
    await page.keyboard.press("Enter");
    const banner = dialog.getByRole("alert");
    await expect.poll(() => banner.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await banner.textContent()).toMatch(/^Loop (rejected the API key|could not be reached)/);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    // Escape closes it; focus goes back to where it was, and Loop is still not connected.
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => connectLoop.evaluate((button) => button === document.activeElement)).toBe(true);
    const listed = await api.call<{ integrations: { loop: { isConnected: boolean } } }>(
      "GET",
      "/company/integration/all",
      {
        cookie,
      },
    );
    expect(listed.body.data.integrations.loop.isConnected).toBe(false);
    await page.context().close();
  }, 120_000);
});

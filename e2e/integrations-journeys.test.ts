import type { CompanyIntegrationsView } from "@harbor/contract/integrations";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type FakeZendesk, startFakeZendesk } from "../apps/server/src/integrations/zendesk/zendesk.fake-server";
import { apiClient } from "./support/api";
import { expectAccessibleAtBothWidths, launchBrowser, pageSignedInAs, seriousA11yViolations } from "./support/browser";
import { type HarborServer, startHarborServer } from "./support/harbor-server";

let server: HarborServer;
let browser: Browser;
let zendesk: FakeZendesk;

const ZENDESK_CLIENT = { clientId: "harbor-journey", clientSecret: "journey-client-secret" };

beforeAll(async () => {
  // The fake Zendesk stands in for https://{subdomain}.zendesk.com (ZENDESK_BASE_URL, decision
  // 065): its consent page answers at once, as an admin clicking Allow or Deny would.
  zendesk = await startFakeZendesk({
    token: "zendesk-oauth-journey-token",
    articles: [],
    macros: [],
    oauthClient: ZENDESK_CLIENT,
  });
  // Without the demo: it connects new workspaces to the demo shop, Recharge and Loop, and this
  // journey connects an app from scratch.
  server = await startHarborServer({
    env: {
      HARBOR_DEMO: "0",
      ZENDESK_CLIENT_ID: ZENDESK_CLIENT.clientId,
      ZENDESK_CLIENT_SECRET: ZENDESK_CLIENT.clientSecret,
      ZENDESK_BASE_URL: zendesk.url,
    },
  });
  browser = await launchBrowser();
});

afterEach(({ task }) => {
  if (task.result?.state === "fail") console.error(`Harbor's log:\n${server?.output() ?? ""}`);
});

afterAll(async () => {
  await browser?.close();
  if (server) expect(await server.stop()).toBe(0);
  await zendesk?.close();
});

/** Sign in with Zendesk from the open Add Source dialog: the popup it opens, once it has landed on a result page. */
async function signInWithZendesk(page: Page): Promise<Page> {
  const dialog = page.getByRole("dialog", { name: "Add Source" });
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    dialog.getByRole("button", { name: "Sign in with Zendesk" }).click(),
  ]);
  await popup.waitForURL(/\/settings\/zendesk\/oauth\/(success|error)$/, { timeout: 20_000 });
  return popup;
}

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

  it("an admin connects Zendesk through Zendesk's own sign-in window; after a Deny, the window says it failed", async () => {
    const api = apiClient(server);
    const { cookie } = await api.signUp("owner@zendesk-oauth-journey.example");
    // No fixed viewport: the popup gets the size the page asks window.open for, as in a real browser.
    const context = await browser.newContext({ viewport: null });
    const [name, value] = cookie.split("=") as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
    const page = await context.newPage();
    await page.goto(`${server.url}/settings/integrations`);
    const card = page.getByRole("region", { name: "Zendesk" });
    await expect.poll(() => card.getByText("Not connected").isVisible(), { timeout: 15_000 }).toBe(true);

    // With Harbor's OAuth client configured, Add Source asks only for the help desk's address.
    await card.getByRole("button", { name: "Connect Zendesk" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Source" });
    const address = dialog.getByRole("textbox", { name: /^Domain name/ });
    await expect.poll(() => address.isVisible()).toBe(true);
    expect(await dialog.getByRole("textbox", { name: /API token/ }).count()).toBe(0);
    await address.fill("acme.zendesk.com");

    // The admin clicks Deny in Zendesk: the window ends on the spec's failure page and the form says so.
    zendesk.setConsent("deny");
    const denied = await signInWithZendesk(page);
    expect(await denied.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([600, 600]);
    await expect.poll(() => denied.getByRole("heading", { name: "Zendesk Integration Failed" }).isVisible()).toBe(true);
    expect(
      await denied
        .getByText("Zendesk could not be connected. Please try again, or contact support if it keeps failing.")
        .isVisible(),
    ).toBe(true);
    expect(await seriousA11yViolations(denied)).toEqual([]);
    await expect
      .poll(() => dialog.getByRole("alert").textContent())
      .toBe("Zendesk did not connect. Try again, or contact support if it keeps failing.");
    // Its button closes the window it is in.
    await Promise.all([
      denied.waitForEvent("close"),
      denied.getByRole("button", { name: "Go to Integrations" }).click(),
    ]);
    expect(await card.getByText("Not connected").isVisible()).toBe(true);

    // Again, and the admin clicks Allow: the window says so and the card in the page behind turns connected.
    zendesk.setConsent("allow");
    await address.fill("acme.zendesk.com");
    const allowed = await signInWithZendesk(page);
    await expect.poll(() => allowed.getByRole("heading", { name: "Zendesk Acount Connected" }).isVisible()).toBe(true);
    expect(
      await allowed
        .getByText("Harbor can now read your Help Center and create tickets. You can close this window.")
        .isVisible(),
    ).toBe(true);
    expect(await seriousA11yViolations(allowed)).toEqual([]);
    await expect.poll(() => dialog.getByText("Zendesk is connected").isVisible(), { timeout: 15_000 }).toBe(true);
    await Promise.all([
      allowed.waitForEvent("close"),
      allowed.getByRole("button", { name: "Go to Integrations" }).click(),
    ]);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => card.getByText("Connected", { exact: true }).isVisible()).toBe(true);
    expect(await card.getByRole("link", { name: "acme.zendesk.com" }).isVisible()).toBe(true);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    const listed = await api.call<CompanyIntegrationsView>("GET", "/company/integration/all", { cookie });
    expect(listed.body.data.zendeskConnect).toBe("oauth");
    expect(listed.body.data.integrations.zendesk.isConnected).toBe(true);
    await context.close();
  }, 120_000);
});

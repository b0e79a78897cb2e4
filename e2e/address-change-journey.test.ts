import type { WidgetSettings } from "@harbor/contract/widget";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "./support/api";
import { DESKTOP, expectAccessibleAtBothWidths, launchBrowser, pageSignedInAs } from "./support/browser";
import { type HarborServer, startHarborServer } from "./support/harbor-server";

/*
 * A shipping-address change in the demo shop (issue #17 items 3 and 9, decision 047), in Chromium:
 * the admin allows it, the visitor proves order #1003 (not shipped), changes the address from the
 * one it has, confirms, and staff see the change in the inbox.
 */

let server: HarborServer;
let browser: Browser;

beforeAll(async () => {
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

async function expectAccessible(page: Page) {
  expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
}

describe("a shipping-address change in the demo shop", () => {
  it("changes #1003's address from the one it has, after a confirmation, and staff see it in the inbox", async () => {
    const api = apiClient(server);
    const owner = await api.signUp("owner@address-journey.example");
    await api.waitForDemoContent(owner.cookie);
    const settings = await api.call<WidgetSettings>("GET", "/widget-settings/", { cookie: owner.cookie });
    const form = new FormData();
    form.append(
      "customerAccountPortal",
      JSON.stringify({ ...settings.body.data.customerAccountPortal, allowAddressChange: true }),
    );
    const saved = await fetch(`${server.url}/api/widget-settings/save`, {
      method: "POST",
      headers: { cookie: owner.cookie },
      body: form,
    });
    expect(saved.status).toBe(200);

    const context = await browser.newContext({ viewport: DESKTOP, locale: "en-GB" });
    const page = await context.newPage();
    await page.goto(`${server.url}/widget/demo?widgetID=${settings.body.data.widgetID}`);
    await page.getByRole("button", { name: "Open chat" }).click();
    const frame = page.frameLocator("iframe");
    await expect.poll(() => frame.getByRole("textbox").first().isVisible(), { timeout: 30_000 }).toBe(true);
    await frame.getByRole("button", { name: /Track your order/ }).click();
    const number = frame.getByRole("textbox", { name: /Order number/ });
    await expect.poll(() => number.isVisible(), { timeout: 15_000 }).toBe(true);
    await number.fill("1003");
    await frame.getByRole("textbox", { name: /E-mail/ }).fill("emma@example.com");
    await frame.getByRole("button", { name: "Find my order" }).click();

    const change = frame.getByRole("button", { name: "Change shipping address" });
    await expect.poll(() => change.isVisible(), { timeout: 15_000 }).toBe(true);
    await change.click();
    const street = frame.getByRole("textbox", { name: /Street and house number/ });
    await expect.poll(() => street.inputValue()).toBe("Prinsengracht 263");
    await expectAccessible(page);

    // An empty street is named under it and takes the keyboard.
    await street.fill("");
    await frame.getByRole("button", { name: "Continue" }).click();
    expect(await frame.getByText("This field is required").isVisible()).toBe(true);
    await expect.poll(() => street.evaluate((input) => input === document.activeElement)).toBe(true);
    await street.fill("Damrak 1");
    await frame.getByRole("textbox", { name: /Postal code/ }).fill("1012 LG");
    await frame.getByRole("button", { name: "Continue" }).click();

    await expect.poll(() => frame.getByText("Send order #1003 to this address?").isVisible()).toBe(true);
    expect(await frame.getByText("1012 LG Amsterdam").isVisible()).toBe(true);
    await expectAccessible(page);
    await frame.getByRole("button", { name: "Confirm" }).click();
    await expect
      .poll(() => frame.getByRole("status").textContent(), { timeout: 15_000 })
      .toBe("Done: order #1003 will be sent to the new address.");
    await frame.getByRole("button", { name: "Go to the chat" }).click();
    await expect
      .poll(() => frame.getByText("I changed the shipping address of order #1003.").isVisible(), { timeout: 30_000 })
      .toBe(true);
    await context.close();

    const inbox = await pageSignedInAs({ browser, url: server.url, cookie: owner.cookie });
    await inbox.goto(`${server.url}/inbox`);
    const row = inbox
      .getByRole("region", { name: "Chats" })
      .getByText(/Changed the shipping address of order #1003/)
      .first();
    await expect.poll(() => row.isVisible(), { timeout: 30_000 }).toBe(true);
    await row.click();
    const log = inbox.getByRole("region", { name: "Chat" }).getByRole("log", { name: "Messages" });
    await expect
      .poll(() =>
        log
          .getByText(
            "Changed the shipping address of order #1003 to Emma de Vries, Damrak 1, 1012 LG Amsterdam, NH, NL; verified by e-mail; done in Shopify.",
          )
          .isVisible(),
      )
      .toBe(true);
    await inbox.context().close();
  });
});

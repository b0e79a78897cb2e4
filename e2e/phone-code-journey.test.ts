import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { WidgetSettings } from "@harbor/contract/widget";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "./support/api";
import {
  expectAccessibleAtBothWidths,
  launchBrowser,
  PHONE,
  pageSignedInAs,
  seriousA11yViolations,
} from "./support/browser";
import { type HarborServer, startHarborServer } from "./support/harbor-server";

/*
 * The portal's phone one-time codes (decision 061), in Chromium: the admin sets the Shopify
 * Customer Portal to Phone OTP on its page; a visitor on a phone tracks demo order #1003 by its
 * phone number. The server runs without TWILIO_*, so each text is dev SMS: a file under
 * DATA_DIR/sms, which the journey reads as the visitor would read their phone. A wrong code is
 * refused in words; the right one shows the order.
 */

let server: HarborServer;
let browser: Browser;

beforeAll(async () => {
  // Embedded mode: the demo shop runs and new workspaces are connected to it.
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

/** The dev texts written so far, oldest first: `To: …`, a blank line, then the text. */
async function devTexts(): Promise<{ to: string; text: string }[]> {
  const folder = path.join(server.dataDir, "sms");
  const files = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith(".txt")).sort();
  return Promise.all(
    files.map(async (name) => {
      const [head = "", ...body] = (await readFile(path.join(folder, name), "utf8")).split("\n\n");
      return { to: head.replace(/^To: /, ""), text: body.join("\n\n").trim() };
    }),
  );
}

describe("phone one-time codes in the widget", () => {
  it("an admin turns on Phone OTP; a visitor gets the code by text, a wrong one is refused, the right one shows #1003", async () => {
    const api = apiClient(server);
    const owner = await api.signUp("owner@phone-code-journey.example");
    await api.waitForDemoContent(owner.cookie);

    // The admin picks Phone OTP on the portal's page; the page says where the code goes.
    const admin = await pageSignedInAs({ browser, url: server.url, cookie: owner.cookie });
    await admin.goto(`${server.url}/chat-widget/shopify-portal`);
    const method = admin.getByRole("combobox", { name: /^Method to authenticate customer/ });
    await expect.poll(() => method.isVisible(), { timeout: 15_000 }).toBe(true);
    await method.selectOption("phone");
    expect(await admin.getByText(/^The code is texted to the phone number on the order/).isVisible()).toBe(true);
    expect(await expectAccessibleAtBothWidths(admin)).toEqual([]);
    await admin.getByRole("button", { name: "Save Changes" }).click();
    await expect
      .poll(() => admin.locator(".mantine-Notification-root", { hasText: "Widget saved" }).isVisible())
      .toBe(true);
    const settings = (await api.call<WidgetSettings>("GET", "/widget-settings/", { cookie: owner.cookie })).body.data;
    expect(settings.customerAccountPortal.authentication).toBe("phone");
    await admin.context().close();

    const context = await browser.newContext({ viewport: PHONE, locale: "en-GB" });
    const page = await context.newPage();
    await page.goto(`${server.url}/widget/demo?widgetID=${settings.widgetID}`);
    await page.getByRole("button", { name: "Open chat" }).click();
    const frame = page.frameLocator("iframe");
    await expect.poll(() => frame.getByRole("textbox").first().isVisible(), { timeout: 30_000 }).toBe(true);
    await frame.getByRole("button", { name: /Track your order/ }).click();
    const number = frame.getByRole("textbox", { name: /Order number/ });
    await expect.poll(() => number.isVisible(), { timeout: 15_000 }).toBe(true);
    // Phone OTP: no choice of e-mail or phone, and no e-mail field.
    expect(await frame.getByRole("radio").count()).toBe(0);
    expect(await frame.getByRole("textbox", { name: /E-mail/ }).count()).toBe(0);

    // A number that is not the order's reads as an unknown order, and nothing is texted.
    await number.fill("1003");
    await frame.getByRole("combobox", { name: "Country code" }).selectOption("NL");
    const phone = frame.getByRole("textbox", { name: /Phone number/ });
    await phone.fill("06 99999999");
    await frame.getByRole("button", { name: "Send me a code" }).click();
    await expect
      .poll(() => frame.getByRole("alert").textContent(), { timeout: 15_000 })
      .toBe("We couldn't find an order with these details. Check the order number and the e-mail or phone number.");
    expect(await devTexts()).toEqual([]);

    // The order's own number, typed nationally as a Dutch visitor would: the code is texted to it.
    await phone.fill("06 12345678");
    await frame.getByRole("button", { name: "Send me a code" }).click();
    await expect
      .poll(() => frame.getByRole("status").filter({ hasText: "We sent a 6-digit code" }).textContent(), {
        timeout: 15_000,
      })
      .toBe("We sent a 6-digit code to +31 612345678. It expires in 10 minutes.");
    const codeField = frame.getByRole("textbox", { name: /Code from the text message/ });
    // The keyboard is taken to the code (a frame callback did it before, and sometimes focused nothing).
    await expect.poll(() => codeField.evaluate((input) => input === document.activeElement)).toBe(true);
    await expect.poll(async () => (await devTexts()).length).toBe(1);
    const [sms] = await devTexts();
    expect(sms?.to).toBe("+31612345678");
    const code = /^(\d{6}) is your code to see order #1003 in the chat\./.exec(sms?.text ?? "")?.[1];
    expect(code, `the text was: ${sms?.text}`).toMatch(/^\d{6}$/);

    // The code step on a 375 px phone: no serious accessibility problems.
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A wrong code (each digit moved by one, so never the right one) is refused in words.
    const wrong = (code ?? "").replace(/\d/g, (digit) => String((Number(digit) + 1) % 10));
    await codeField.fill(wrong);
    await frame.getByRole("button", { name: "Find my order" }).click();
    await expect
      .poll(() => frame.getByRole("alert").textContent(), { timeout: 15_000 })
      .toBe("That code is not right or has expired. Check it, or ask for a new code.");
    expect(await frame.getByRole("region", { name: "Order #1003" }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The right code shows the order's card.
    await codeField.fill(code ?? "");
    await frame.getByRole("button", { name: "Find my order" }).click();
    const order = frame.getByRole("region", { name: "Order #1003" });
    await expect.poll(() => order.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await order.getByText("Canvas tote", { exact: true }).isVisible()).toBe(true);
    // Nothing sticks out of the 375 px panel.
    expect(await frame.locator("body").evaluate((body) => body.scrollWidth <= body.clientWidth)).toBe(true);
    // One text in all: the wrong code and the lookup sent nothing more.
    expect(await devTexts()).toHaveLength(1);
    await context.close();
  });
});

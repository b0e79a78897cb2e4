import type { WidgetSettings } from "@harbor/contract/widget";
import type { Browser, FrameLocator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "./support/api";
import { DESKTOP, expectAccessibleAtBothWidths, launchBrowser, PHONE, pageSignedInAs } from "./support/browser";
import { type HarborServer, startHarborServer } from "./support/harbor-server";

/*
 * The Shopify Customer Portal page (issue #17 item 5, decision 048), in Chromium: the admin
 * rewrites the cancellation reasons in the Action Rules modal and the visitor is offered exactly
 * those for demo order #1003; then the admin turns cancellations off and the widget offers none.
 * The admin's nested Order Issues are offered to a visitor on #1003, who reports one; staff see the
 * report in the inbox (decision 054).
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

const notice = (page: Page, text: string) => page.locator(".mantine-Notification-root", { hasText: text });

/** A visitor in the demo widget who proves #1003 and lands on its details. */
async function visitorOnOrder1003(widgetID: string): Promise<{ page: Page; frame: FrameLocator }> {
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
  await expect
    .poll(() => frame.getByRole("region", { name: "Order #1003" }).isVisible(), { timeout: 15_000 })
    .toBe(true);
  return { page, frame };
}

describe("the Shopify Customer Portal settings", () => {
  it("an admin rewrites the cancellation reasons and turns cancellations off; the widget follows each", async () => {
    const api = apiClient(server);
    const owner = await api.signUp("owner@portal-journey.example");
    await api.waitForDemoContent(owner.cookie);
    const { widgetID } = (await api.call<WidgetSettings>("GET", "/widget-settings/", { cookie: owner.cookie })).body
      .data;

    const admin = await pageSignedInAs({ browser, url: server.url, cookie: owner.cookie });
    await admin.goto(`${server.url}/chat-widget/appearance`);
    await admin
      .getByRole("navigation", { name: "Chat widget menu" })
      .getByRole("link", { name: "Shopify Customer Portal" })
      .click();
    await admin.waitForURL("**/chat-widget/shopify-portal");
    const cancellations = admin.getByRole("switch", { name: /^Allow order cancellations/ });
    await expect.poll(() => cancellations.isChecked(), { timeout: 15_000 }).toBe(true);
    const save = admin.getByRole("button", { name: "Save Changes" });
    expect(await save.isDisabled()).toBe(true);
    await expectAccessible(admin);

    // The Action Rules: keep two default reasons, add one of the shop's own, no Other.
    await admin.getByRole("button", { name: "Edit the cancellation Action Rules" }).click();
    const dialog = admin.getByRole("dialog", { name: "Action Rules: cancel order" });
    await expect
      .poll(() => dialog.getByRole("textbox", { name: "Reason 1" }).inputValue())
      .toBe("I ordered by mistake");
    for (const position of [5, 4, 3]) {
      await dialog.getByRole("button", { name: `Remove Reason ${position}` }).click();
    }
    await dialog.getByRole("button", { name: "Add reason" }).click();
    await dialog.getByRole("textbox", { name: "Reason 3" }).fill("The parcel will come after my holiday");
    // Reordered by keyboard: the new reason goes first.
    for (const label of ["Move Reason 3 up", "Move Reason 2 up"]) {
      await dialog.getByRole("button", { name: label }).focus();
      await admin.keyboard.press("Enter");
    }
    await dialog.getByRole("switch", { name: /^Show the "Other" option/ }).click();
    await expectAccessible(admin);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => notice(admin, "Action saved").isVisible()).toBe(true);
    await expect.poll(() => dialog.isVisible()).toBe(false);

    const first = await visitorOnOrder1003(widgetID);
    await first.frame.getByRole("button", { name: "Request cancellation" }).click();
    const reasons = first.frame.getByRole("radio");
    await expect.poll(() => reasons.count(), { timeout: 15_000 }).toBe(3);
    expect(await reasons.evaluateAll((inputs) => inputs.map((input) => input.closest("label")?.textContent))).toEqual([
      "The parcel will come after my holiday",
      "I ordered by mistake",
      "I ordered the wrong size or item",
    ]);
    await expectAccessible(first.page);
    await first.page.context().close();

    // Cancellations off, saved with Save Changes.
    await cancellations.click();
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await expect.poll(() => notice(admin, "Widget saved").isVisible()).toBe(true);
    await expect.poll(() => save.isDisabled()).toBe(true);

    const second = await visitorOnOrder1003(widgetID);
    expect(await second.frame.getByRole("button", { name: "Request cancellation" }).count()).toBe(0);
    expect(await second.frame.getByRole("heading", { name: "Not eligible" }).count()).toBe(0);
    await expectAccessible(second.page);
    await second.page.context().close();
    await admin.context().close();
  });

  it("an admin adds Order Issues and nests one under another by keyboard; a visitor reports one, staff see it", async () => {
    const api = apiClient(server);
    const owner = await api.signUp("owner@issues-journey.example");
    await api.waitForDemoContent(owner.cookie);
    const admin = await pageSignedInAs({ browser, url: server.url, cookie: owner.cookie });
    await admin.goto(`${server.url}/chat-widget/shopify-portal`);
    await expect.poll(() => admin.getByText("No order issues yet.").isVisible(), { timeout: 15_000 }).toBe(true);

    for (const issue of ["Where is my parcel?", "It says delivered"]) {
      await admin.getByRole("button", { name: "Add Issue" }).click();
      const dialog = admin.getByRole("dialog", { name: "Add Issue" });
      await dialog.getByRole("textbox", { name: /^Issue or question/ }).fill(issue);
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect.poll(() => dialog.count()).toBe(0);
    }
    const rows = admin.getByTestId("order-issue");
    await expect.poll(() => rows.count()).toBe(2);
    // The notice's close button has no name (lib/notify), so axe waits for it to go.
    await expect.poll(() => notice(admin, "Issue saved").count(), { timeout: 15_000 }).toBe(0);
    await expectAccessible(admin);
    // At phone width the cancellation switch's text gives way to its Edit button, which a walk once
    // found pushed past the screen's edge.
    await admin.setViewportSize(PHONE);
    const edit = await admin.getByRole("button", { name: "Edit the cancellation Action Rules" }).boundingBox();
    expect(edit).not.toBeNull();
    expect(edit!.x + edit!.width).toBeLessThanOrEqual(PHONE.width);
    await admin.setViewportSize(DESKTOP);

    const announced = () =>
      admin.evaluate(() =>
        Array.from(document.querySelectorAll("[aria-live]"))
          .map((region) => region.textContent)
          .join(" "),
      );
    await admin.getByRole("button", { name: "Drag It says delivered" }).focus();
    await admin.keyboard.press("Space");
    await expect.poll(announced).toContain("Picked up It says delivered");
    await expect.poll(() => admin.getByText("Drop here to put it under Where is my parcel?").isVisible()).toBe(true);
    // dnd-kit measures the new drop zones a frame or two after they render; a person is never that fast.
    await admin.waitForTimeout(250);
    await admin.keyboard.press("ArrowUp");
    await expect.poll(announced).toContain("It says delivered is over Drop here to put it under Where is my parcel?.");
    await admin.keyboard.press("Space");
    await expect
      .poll(async () => {
        const portal = (await api.call<WidgetSettings>("GET", "/widget-settings/", { cookie: owner.cookie })).body.data
          .customerAccountPortal;
        const issues = portal.orderIssues ?? [];
        return issues.map(
          (issue) => `${issues.find((parent) => parent._id === issue.category)?.question ?? null}/${issue.question}`,
        );
      })
      .toEqual(["null/Where is my parcel?", "Where is my parcel?/It says delivered"]);
    await expect
      .poll(() => admin.getByRole("list", { name: "Where is my parcel?" }).innerText())
      .toContain("It says delivered");

    // The visitor on #1003 reports the sub-issue (no answer written: it goes to the team), by keyboard.
    const { widgetID } = (await api.call<WidgetSettings>("GET", "/widget-settings/", { cookie: owner.cookie })).body
      .data;
    const visitor = await visitorOnOrder1003(widgetID);
    await visitor.frame.getByRole("button", { name: "Report an issue" }).click();
    const parcel = visitor.frame.getByRole("radio", { name: "Where is my parcel?" });
    await expect.poll(() => parcel.isVisible()).toBe(true);
    expect(await visitor.frame.getByRole("radio").count()).toBe(1);
    await parcel.focus();
    await visitor.page.keyboard.press("Space");
    const delivered = visitor.frame.getByRole("radio", { name: "It says delivered" });
    await expect.poll(() => delivered.isVisible()).toBe(true);
    await expectAccessible(visitor.page);
    await visitor.frame.getByRole("button", { name: "Send report" }).click();
    expect(await visitor.frame.getByText("Choose an issue").isVisible()).toBe(true);
    await delivered.focus();
    await visitor.page.keyboard.press("Space");
    await visitor.frame.getByRole("button", { name: "Send report" }).focus();
    await visitor.page.keyboard.press("Enter");
    await expect
      .poll(() => visitor.frame.getByRole("status").textContent(), { timeout: 15_000 })
      .toBe("We passed your issue with order #1003 to our team. They will reply in the chat.");
    await expectAccessible(visitor.page);
    await visitor.frame.getByRole("button", { name: "Go to the chat" }).click();
    await expect
      .poll(() => visitor.frame.getByText("I reported an issue with order #1003: It says delivered.").isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);
    await visitor.page.context().close();

    await admin.goto(`${server.url}/inbox`);
    const row = admin
      .getByRole("region", { name: "Chats" })
      .getByText(/Reported an issue with order #1003/)
      .first();
    await expect.poll(() => row.isVisible(), { timeout: 30_000 }).toBe(true);
    await row.click();
    const log = admin.getByRole("region", { name: "Chat" }).getByRole("log", { name: "Messages" });
    await expect
      .poll(() =>
        log
          .getByText(
            "Reported an issue with order #1003: Where is my parcel? › It says delivered; verified by e-mail; handed to the team.",
          )
          .isVisible(),
      )
      .toBe(true);
    await admin.context().close();
  });
});

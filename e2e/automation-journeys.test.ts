import type { QuestionCategory } from "@harbor/contract/automation";
import type { Browser, Page } from "playwright-core";
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

const notice = (page: Page, text: string) => page.locator(".mantine-Notification-root", { hasText: text });

describe("Automation journeys", () => {
  it("an admin adds a custom reply, a category that runs it, and an intent, all by keyboard-usable forms", async () => {
    const { cookie } = await apiClient(server).signUp("owner@automation-journey.example");
    const page = await pageSignedInAs({ browser, url: server.url, cookie });
    await page.goto(`${server.url}/inbox`);
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Automated Replies" })
      .click();
    await page.waitForURL("**/automation/question-categories");
    await page.getByRole("heading", { name: "Add Question Categories" }).waitFor();
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    // A custom reply first, so the category can run it.
    await page
      .getByRole("navigation", { name: "Automation menu" })
      .getByRole("link", { name: "Custom Replies" })
      .click();
    await page.waitForURL("**/automation/custom-replies");
    await page.getByRole("heading", { name: "Add Custom Replies" }).waitFor();
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
    await page.getByRole("button", { name: "Add Custom Reply" }).first().click();
    const replyDialog = page.getByRole("dialog", { name: "Add Custom Reply" });
    await replyDialog.getByRole("textbox", { name: "Name" }).fill("Track order");
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
    await replyDialog.getByRole("textbox", { name: "Name" }).press("Enter");
    await expect.poll(() => notice(page, "Custom reply saved").isVisible()).toBe(true);
    // A new reply opens in the flow editor; its breadcrumb leads back to the list.
    await page.waitForURL("**/automation/custom-replies/*");
    await page.locator("[aria-label=Breadcrumb]").getByRole("link", { name: "Custom Replies" }).click();
    await page.waitForURL("**/automation/custom-replies");
    await page.getByRole("cell", { name: "Track order", exact: true }).waitFor();
    expect(await page.getByText("Showing 1 custom reply").isVisible()).toBe(true);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    await page
      .getByRole("navigation", { name: "Automation menu" })
      .getByRole("link", { name: "Question Categories" })
      .click();
    await page.getByRole("button", { name: "Add Category" }).first().click();
    const categoryDialog = page.getByRole("dialog", { name: "Add Category" });
    await categoryDialog.getByRole("textbox", { name: "Name" }).fill("Shipping");
    await categoryDialog.getByRole("textbox", { name: "Description" }).fill("Delivery times, costs and tracking");
    await categoryDialog.getByRole("combobox", { name: "Custom reply" }).selectOption({ label: "Track order" });
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
    await categoryDialog.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => notice(page, "Category saved").isVisible()).toBe(true);
    const row = page.getByRole("row", { name: /Shipping/ });
    await row.waitFor();
    expect(await row.getByRole("cell").allInnerTexts()).toEqual(
      expect.arrayContaining(["Shipping", "0", "Track order"]),
    );
    expect(await page.getByText("Showing 1 category").isVisible()).toBe(true);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    // The intents page, reached by keyboard from the row's action.
    await page.getByRole("link", { name: "Intents of Shipping" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL("**/automation/question-categories/*");
    await page.getByRole("heading", { name: "No intents found" }).waitFor();
    expect(await page.getByRole("heading", { name: "Shipping" }).isVisible()).toBe(true);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
    await page.getByRole("button", { name: "Add Intent" }).first().click();
    const intentDialog = page.getByRole("dialog", { name: "Add Intent" });
    await intentDialog.getByRole("textbox", { name: "Description" }).fill("Where is my order?");
    await intentDialog.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => notice(page, "Intent saved").isVisible()).toBe(true);
    await page.getByText("Showing 1 intent").waitFor();
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    // What the server holds is what the pages showed.
    const stored = await apiClient(server).call<QuestionCategory[]>("GET", "/question-category/all", { cookie });
    expect(stored.body.data).toHaveLength(1);
    expect(stored.body.data[0]).toMatchObject({ title: "Shipping", isActive: true });
    expect(stored.body.data[0]!.intents.map((intent) => intent.title)).toEqual(["Where is my order?"]);

    // Back through the breadcrumb, the row counts the intent; delete asks first, naming it.
    await page.getByRole("link", { name: "Question Categories" }).first().click();
    await page.waitForURL("**/automation/question-categories");
    await page.getByRole("button", { name: "Delete Shipping" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Shipping?" });
    await confirm.waitFor();
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("heading", { name: "Add Question Categories" }).waitFor();
    await page.context().close();
  });
});

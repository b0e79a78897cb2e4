import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "./support/api";
import { expectAccessibleAtBothWidths, launchBrowser, PHONE, pageSignedInAs } from "./support/browser";
import { type HarborServer, startHarborServer } from "./support/harbor-server";
import { type HelpSite, startHelpSite } from "./support/help-site";

let server: HarborServer;
let site: HelpSite;
let browser: Browser;

beforeAll(async () => {
  server = await startHarborServer();
  // Gift cards answers late, so the source stays Syncing long enough to be seen.
  site = await startHelpSite([
    { path: "/shipping", title: "Shipping", text: "Standard delivery costs €4.95 and takes 2–3 working days." },
    { path: "/returns", title: "Returns", text: "You can return anything within 30 days for a full refund." },
    { path: "/gift-cards", title: "Gift cards", text: "Gift cards never expire.", delayMs: 1500 },
  ]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (server) expect(await server.stop()).toBe(0);
});

const SOURCE = "Help pages";

describe("knowledge base journeys", () => {
  it("a failing source shows its error; an admin edits a source's schedule in a modal that blocks the header", async () => {
    const api = apiClient(server);
    const { cookie } = await api.signUp("owner@edit-source-shop.example");
    const add = (name: string, url: string) =>
      api.call("POST", "/document/sources/add", {
        cookie,
        body: { sourceType: "website", name, url, updateFrequency: "weekly" },
      });
    await add("Help pages", site.url);
    // Nothing listens on port 9: the sync fails as a whole.
    await add("Old shop", "http://127.0.0.1:9/");

    const page = await pageSignedInAs({ browser, url: server.url, cookie });
    await page.goto(`${server.url}/knowledge-base/sources`);
    const failing = page.getByRole("row", { name: /Old shop/ });
    await expect.poll(() => failing.getByText(/^Last sync failed/).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await failing.getByText("Sync failed", { exact: true }).isVisible()).toBe(true);
    expect(await failing.getByText("Active", { exact: true }).count()).toBe(0);
    const healthy = page.getByRole("row", { name: /Help pages/ });
    await expect.poll(() => healthy.getByText("Active", { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    // Badges show their whole label beside the Resync column.
    const badges = page.locator("[data-status]");
    expect(await badges.evaluateAll((all) => all.every((badge) => badge.scrollWidth <= badge.clientWidth))).toBe(true);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    await healthy.getByRole("link", { name: "Help pages" }).click();
    await page.waitForURL("**/knowledge-base/sources/*");
    await page.getByRole("button", { name: "Edit Source" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Help pages" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // The header is behind the modal's overlay: its links cannot be reached with the pointer.
    const inboxLink = page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Inbox" });
    const box = await inboxLink.boundingBox();
    const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest("a")?.textContent ?? null, {
      x: (box?.x ?? 0) + (box?.width ?? 0) / 2,
      y: (box?.y ?? 0) + (box?.height ?? 0) / 2,
    });
    expect(hit).toBeNull();
    // A tall modal on a phone keeps its title in view, above the header's place.
    await page.setViewportSize(PHONE);
    const title = dialog.getByRole("heading", { name: "Edit Help pages" });
    const titleBox = await title.boundingBox();
    expect(titleBox && titleBox.y >= 0).toBe(true);
    const titleHit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest("h2")?.textContent ?? null,
      { x: (titleBox?.x ?? 0) + 5, y: (titleBox?.y ?? 0) + (titleBox?.height ?? 0) / 2 },
    );
    expect(titleHit).toBe("Edit Help pages");
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    await dialog.getByRole("combobox", { name: /^Update frequency/ }).selectOption({ label: "Monthly" });
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.goto(`${server.url}/knowledge-base/sources`);
    await expect.poll(() => healthy.getByRole("cell").nth(3).innerText()).toBe("Monthly");
    await page.context().close();
  });

  it("an admin crawls the help site, switches a page off, writes an article and deletes the source", async () => {
    const { cookie } = await apiClient(server).signUp("owner@kestrel-pine.example");
    const page = await pageSignedInAs({ browser, url: server.url, cookie });
    const menu = page.getByRole("navigation", { name: "Knowledge base menu" });

    await page.goto(`${server.url}/knowledge-base`);
    await page.waitForURL("**/knowledge-base/sources");
    // Every company has the Articles source; nothing else yet.
    const rows = page.getByRole("table").getByRole("row");
    await expect
      .poll(() => rows.allInnerTexts())
      .toEqual([expect.stringContaining("Name"), expect.stringContaining("Articles")]);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    // Add Source: the form, then its success state.
    await page.getByRole("button", { name: "Add Source" }).click();
    const addDialog = page.getByRole("dialog", { name: "Add Source" });
    await addDialog.getByRole("combobox", { name: /^Source type/ }).selectOption({ label: "Website" });
    await addDialog.getByRole("textbox", { name: /^Name/ }).fill(SOURCE);
    await addDialog.getByRole("textbox", { name: /^URL/ }).fill(site.url);
    await addDialog.getByRole("combobox", { name: /^Update frequency/ }).selectOption({ label: "Monthly" });
    await addDialog.getByRole("button", { name: "Add Source" }).click();
    const addedDialog = page.getByRole("dialog", { name: "Source added" });
    await expect.poll(() => addedDialog.getByText(`Syncing ${SOURCE} has started.`).isVisible()).toBe(true);
    await addedDialog.getByRole("button", { name: "Close", exact: true }).click();

    // The row is Syncing until the slow page is read; the list refetches by itself until Active.
    const row = page.getByRole("row", { name: new RegExp(SOURCE) });
    await expect.poll(() => row.getByText("Syncing", { exact: true }).isVisible()).toBe(true);
    expect(await row.getByRole("cell").nth(1).innerText()).toBe("Website");
    expect(await row.getByRole("cell").nth(3).innerText()).toBe("Monthly");
    await expect.poll(() => row.getByText("Active", { exact: true }).isVisible()).toBe(true);
    expect(await row.getByRole("cell").nth(2).innerText()).toBe("4");
    expect(site.requests).toEqual(expect.arrayContaining(["/robots.txt", "/", "/shipping", "/returns", "/gift-cards"]));

    // The source's documents: search runs on Enter.
    await row.getByRole("link", { name: SOURCE }).click();
    await page.waitForURL("**/knowledge-base/sources/*");
    const count = page.getByTestId("document-count");
    await expect.poll(() => count.innerText()).toBe("4 documents");
    const documents = page.getByRole("region", { name: "Documents" });
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
    const search = page.getByRole("searchbox", { name: "Search documents" });
    await search.fill("Shipping");
    await search.press("Enter");
    await expect.poll(() => count.innerText()).toBe("1 document");
    expect(await documents.getByRole("row").count()).toBe(2);

    // Switched off in the document modal, it shows as Inactive in the list and under the filter.
    await documents.getByRole("button", { name: "Shipping" }).click();
    const modal = page.getByRole("dialog", { name: "Shipping" });
    await expect.poll(() => modal.getByText("Standard delivery costs €4.95", { exact: false }).isVisible()).toBe(true);
    const active = modal.getByRole("switch", { name: "Active" });
    expect(await active.isChecked()).toBe(true);
    await active.click();
    await expect.poll(() => active.isChecked()).toBe(false);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect.poll(() => modal.isVisible()).toBe(false);
    const shippingRow = documents.getByRole("row", { name: /Shipping/ });
    await expect.poll(() => shippingRow.getByText("Inactive", { exact: true }).isVisible()).toBe(true);
    await search.fill("");
    await search.press("Enter");
    await expect.poll(() => count.innerText()).toBe("4 documents");
    await page.getByRole("radiogroup", { name: "Show documents" }).getByText("Inactive").click();
    await expect.poll(() => count.innerText()).toBe("1 document");
    expect(await documents.getByRole("row").nth(1).innerText()).toContain("Shipping");

    // An article of two blocks, saved, is at its own address and survives a reload.
    await menu.getByRole("link", { name: "Articles" }).click();
    await page.waitForURL("**/knowledge-base/articles");
    await page.getByRole("link", { name: "Add Article" }).click();
    await page.waitForURL("**/knowledge-base/articles/add");
    await page.getByRole("textbox", { name: /^Title/ }).fill("Opening hours");
    await page.getByRole("textbox", { name: "Block 1" }).fill("Our support team answers Monday to Friday.");
    await page.getByRole("button", { name: "Add block" }).click();
    await page.getByRole("textbox", { name: "Block 2" }).fill("On public holidays we answer the next working day.");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByText("Article saved").isVisible()).toBe(true);
    await page.waitForURL(/\/knowledge-base\/articles\/add\/[^/]+$/);
    await page.reload();
    await expect.poll(() => page.getByRole("heading", { name: "Edit Article" }).isVisible()).toBe(true);
    expect(await page.getByRole("textbox", { name: /^Title/ }).inputValue()).toBe("Opening hours");
    expect(await page.getByRole("textbox", { name: "Block 1" }).inputValue()).toBe(
      "Our support team answers Monday to Friday.",
    );
    expect(await page.getByRole("textbox", { name: "Block 2" }).inputValue()).toBe(
      "On public holidays we answer the next working day.",
    );
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    // Deleting the source needs its exact name.
    await menu.getByRole("link", { name: "Sources" }).click();
    await page.waitForURL("**/knowledge-base/sources");
    await row.getByRole("link", { name: SOURCE }).click();
    await page.getByRole("button", { name: "Delete Source" }).click();
    const confirm = page.getByRole("dialog", { name: `Delete ${SOURCE}?` });
    const confirmButton = confirm.getByRole("button", { name: "Delete Source" });
    expect(await confirmButton.isDisabled()).toBe(true);
    const typed = confirm.getByRole("textbox", { name: `Type ${SOURCE} to confirm` });
    await typed.fill(SOURCE.toLowerCase());
    expect(await confirmButton.isDisabled()).toBe(true);
    await typed.fill(SOURCE);
    await expect.poll(() => confirmButton.isEnabled()).toBe(true);
    await confirmButton.click();
    await page.waitForURL("**/knowledge-base/sources");
    await expect.poll(() => page.getByText("Source deleted").isVisible()).toBe(true);
    await expect.poll(() => row.count()).toBe(0);
    expect(await rows.allInnerTexts()).toEqual([expect.stringContaining("Name"), expect.stringContaining("Articles")]);
    await page.context().close();
  });
});

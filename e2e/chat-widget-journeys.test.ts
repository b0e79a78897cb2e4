import type { WidgetSettings } from "@harbor/contract/widget";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "./support/api";
import { DESKTOP, expectAccessibleAtBothWidths, launchBrowser } from "./support/browser";
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

/** Bogotá is UTC−5 all year, so the hours shown and the hours stored differ by a fixed 5 hours. */
const TIME_ZONE = "America/Bogota";

/** A signed-in desktop page in a fixed time zone, allowed to use the clipboard. */
async function signedInPage(cookie: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, timezoneId: TIME_ZONE });
  const [name, value] = cookie.split("=") as [string, string];
  await context.addCookies([{ name, value, url: server.url }]);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  return context.newPage();
}

async function widgetSettings(cookie: string) {
  return (await apiClient(server).call<WidgetSettings>("GET", "/widget-settings/", { cookie })).body.data;
}

const notice = (page: Page, text: string) => page.locator(".mantine-Notification-root", { hasText: text });

describe("Chat widget journeys", () => {
  it("an admin changes a colour and an opening message on Appearance, sees them in the preview, and they stay", async () => {
    const { cookie } = await apiClient(server).signUp("owner@widget-colours.example");
    const page = await signedInPage(cookie);
    await page.goto(`${server.url}/inbox`);
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Chat Widget" }).click();
    await page.waitForURL("**/chat-widget/appearance");

    const brand = page.getByRole("textbox", { name: "Brand colour", exact: true });
    await expect.poll(() => brand.inputValue()).toBe("#4e45dd");
    const save = page.getByRole("button", { name: "Save Changes" });
    expect(await save.isDisabled()).toBe(true);
    // One opening message: it can't be removed.
    expect(await page.getByRole("button", { name: /^Remove / }).count()).toBe(0);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    await brand.fill("#0b5d57");
    await page.getByRole("button", { name: "Add Subsequent message" }).click();
    await page.getByRole("textbox", { name: "Subsequent message 1" }).fill("Ask me about sizes and returns.");
    expect(await page.getByRole("button", { name: /^Remove / }).count()).toBe(2);

    // The preview follows the unsaved values.
    const preview = page.getByTestId("widget-preview");
    await expect.poll(() => preview.innerText()).toContain("Ask me about sizes and returns.");
    const headerColour = () =>
      page.getByTestId("preview-header").evaluate((element) => getComputedStyle(element).backgroundColor);
    await expect.poll(headerColour).toBe("rgb(11, 93, 87)");
    await page.getByRole("combobox", { name: "Button size" }).selectOption({ label: "Small" });
    expect(await page.getByTestId("preview-launcher").getAttribute("data-size")).toBe("small");
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    await save.click();
    await expect.poll(() => notice(page, "Widget saved").isVisible()).toBe(true);
    await expect.poll(() => save.isDisabled()).toBe(true);

    await page.reload();
    await expect
      .poll(() => page.getByRole("textbox", { name: "Brand colour", exact: true }).inputValue())
      .toBe("#0b5d57");
    expect(await page.getByRole("textbox", { name: "Subsequent message 1" }).inputValue()).toBe(
      "Ask me about sizes and returns.",
    );
    const stored = await widgetSettings(cookie);
    expect(stored.theme.brand.brandColor).toBe("#0b5d57");
    expect(stored.openingMessages).toEqual([expect.any(String), "Ask me about sizes and returns."]);
    expect(stored.button.size).toBe("small");
  });

  it("Handoff shows each part only when it applies, checks what is shown, and saves", async () => {
    const { cookie } = await apiClient(server).signUp("owner@widget-handoff.example");
    const page = await signedInPage(cookie);
    await page.goto(`${server.url}/chat-widget/handoff`);

    const email = page.getByRole("textbox", { name: /^Notification e-mail/ });
    await expect.poll(() => email.isVisible()).toBe(true);
    // Tickets are on from the start, mailed to the admin who made the workspace.
    expect(await email.inputValue()).toBe("owner@widget-handoff.example");
    const ticketApp = page.getByRole("combobox", { name: /^Ticket app/ });
    const agentApp = page.getByRole("combobox", { name: /^Agent app/ });
    const chatHistory = page.getByRole("combobox", { name: /^Chat history ticket status/ });
    expect(await agentApp.count()).toBe(0);
    expect(await chatHistory.count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Human agent availability" }).count()).toBe(0);
    // The ticket handoff's words for Hebrew visitors, typed right to left (decision 057).
    const hebrew = page.getByRole("textbox", { name: "Handoff message for Hebrew visitors" });
    expect(await hebrew.getAttribute("dir")).toBe("rtl");
    await hebrew.fill("השאירו פרטים ונחזור אליכם במייל.");
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    // Zendesk tickets: no e-mail, but a ticket status.
    await ticketApp.selectOption({ label: "Zendesk" });
    await expect.poll(() => email.count()).toBe(0);
    await expect.poll(() => chatHistory.isVisible()).toBe(true);
    expect(await chatHistory.locator("option").allTextContents()).toEqual([
      "Choose a status",
      "New",
      "Open",
      "Pending",
      "Solved",
    ]);

    // Agent handoff by WhatsApp with availability shown.
    await page.getByRole("switch", { name: /^Enable agent handoff/ }).check();
    await agentApp.selectOption({ label: "WhatsApp" });
    const whatsapp = page.getByRole("textbox", { name: /^WhatsApp number/ });
    await expect.poll(() => whatsapp.isVisible()).toBe(true);
    await page.getByRole("switch", { name: /^Show availability/ }).check();
    const replyTime = page.getByRole("textbox", { name: /^Reply time/ });
    await expect.poll(() => replyTime.isVisible()).toBe(true);
    expect(await page.getByRole("switch", { name: "Monday" }).isChecked()).toBe(true);
    expect(await page.getByRole("switch", { name: "Saturday" }).isChecked()).toBe(false);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    // Without the ticket status and the WhatsApp number nothing is saved.
    const save = page.getByRole("button", { name: "Save Changes" });
    await save.click();
    await expect.poll(() => page.getByText("Ticket status is required").isVisible()).toBe(true);
    expect(await page.getByText("Enter the WhatsApp number with its country code").isVisible()).toBe(true);
    expect(await page.getByText("Reply time is required").isVisible()).toBe(true);

    // Ticket handoff off: its app and the ticket status go away (the agent app is not Zendesk).
    await page.getByRole("switch", { name: /^Enable ticket handoff/ }).uncheck();
    await expect.poll(() => ticketApp.count()).toBe(0);
    await expect.poll(() => chatHistory.count()).toBe(0);
    await whatsapp.fill("+57 300 123 4567");
    await replyTime.fill("A few minutes");
    await page.getByRole("textbox", { name: /^Availability message/ }).fill("We are around on weekdays.");
    await save.click();
    await expect.poll(() => notice(page, "Handoff settings saved").isVisible()).toBe(true);
    await expect.poll(() => save.isDisabled()).toBe(true);

    const { handoff } = await widgetSettings(cookie);
    expect(handoff.channels.ticket).toMatchObject({
      isActive: false,
      appType: null,
      handoffMessageTranslations: { en: "", nl: "", he: "השאירו פרטים ונחזור אליכם במייל." },
    });
    expect(handoff.channels.agent).toMatchObject({
      isActive: true,
      appType: "whatsapp",
      attributes: [{ whatsapp: "+573001234567" }],
    });
    expect(handoff.channels.agent.humanAgent).toMatchObject({ showAvailability: true, responseTime: "A few minutes" });
  });

  it("an admin turns on active hours and adds an evening slot, shown in local time and stored in UTC", async () => {
    const { cookie } = await apiClient(server).signUp("owner@widget-hours.example");
    const page = await signedInPage(cookie);
    await page.goto(`${server.url}/chat-widget/active-hours`);

    const enable = page.getByRole("switch", { name: "Enable hours for the widget to be active" });
    await expect.poll(() => enable.isVisible()).toBe(true);
    expect(await page.getByRole("switch", { name: "Monday" }).count()).toBe(0);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    await enable.check();
    await expect.poll(() => page.getByText("the widget is shown only during the hours below").isVisible()).toBe(true);
    // The default 09:00–17:00 UTC is 4:00 AM – 12:00 PM in Bogotá.
    const mondayStart = (slot: number) => page.getByRole("combobox", { name: `Monday slot ${slot} start` });
    const mondayEnd = (slot: number) => page.getByRole("combobox", { name: `Monday slot ${slot} end` });
    expect(await mondayStart(1).locator("option:checked").textContent()).toBe("4:00 AM");
    expect(await mondayEnd(1).locator("option:checked").textContent()).toBe("12:00 PM");
    expect(await page.getByText("Times are in your time zone (America/Bogota").isVisible()).toBe(true);
    // Saturday is off by default and reads Unavailable; the only slot of a day can't be removed.
    expect(await page.getByRole("switch", { name: "Saturday" }).isChecked()).toBe(false);
    expect(await page.getByRole("button", { name: "Remove Monday slot 1" }).count()).toBe(0);

    await page.getByRole("button", { name: "Add slot to Monday" }).click();
    await mondayStart(2).selectOption({ label: "6:00 PM" });
    await mondayEnd(2).selectOption({ label: "8:00 PM" });
    expect(await page.getByRole("button", { name: "Remove Monday slot 2" }).isVisible()).toBe(true);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect.poll(() => notice(page, "Active hours saved").isVisible()).toBe(true);

    // 6–8 PM in Bogotá is 23:00–01:00 UTC: stored on Monday, running past midnight.
    const { availableHours } = await widgetSettings(cookie);
    expect(availableHours.isActive).toBe(true);
    expect(availableHours.availableDays[0]).toEqual({
      day: "Mon",
      isActive: true,
      timeSlots: [
        { startTime: "09:00", endTime: "17:00" },
        { startTime: "23:00", endTime: "01:00" },
      ],
    });

    await page.reload();
    await expect.poll(() => mondayStart(2).locator("option:checked").textContent()).toBe("6:00 PM");
    expect(await mondayEnd(2).locator("option:checked").textContent()).toBe("8:00 PM");
  });

  it("an admin copies the script tag with the widget ID from Activation", async () => {
    const { cookie } = await apiClient(server).signUp("owner@widget-activation.example");
    const { widgetID } = await widgetSettings(cookie);
    const page = await signedInPage(cookie);
    await page.goto(`${server.url}/chat-widget/activation`);

    const snippet = page.getByTestId("widget-snippet");
    const expected = `<script src="${server.url}/widget/loader.js" data-widget-id="${widgetID}" async></script>`;
    await expect.poll(() => snippet.textContent()).toBe(expected);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    const copy = page.getByRole("button", { name: "Copy" });
    await copy.click();
    await expect.poll(() => page.getByRole("button", { name: "Copied" }).isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    expect(await page.getByRole("link", { name: /Try it on a sample page/ }).getAttribute("href")).toBe(
      `/widget/demo?widgetID=${widgetID}`,
    );
  });

  it("an admin enables the widget on the connected Shopify store (the demo shop) and reads about Online Store 2.0", async () => {
    const api = apiClient(server);
    const { cookie } = await api.signUp("owner@widget-shopify.example");
    await api.waitForDemoContent(cookie);
    const { widgetID } = await widgetSettings(cookie);
    const page = await signedInPage(cookie);
    await page.goto(`${server.url}/chat-widget/activation`);
    const onShopify = page.getByRole("switch", { name: /^Enable widget on Shopify/ });
    await expect.poll(() => onShopify.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await onShopify.isChecked()).toBe(false);
    expect(await page.getByRole("heading", { name: "Online Store 2.0 themes" }).isVisible()).toBe(true);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    await onShopify.focus();
    await page.keyboard.press("Space");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Save Changes" }).isDisabled()).toBe(true);
    const state = async () =>
      (await api.call<{ isEnabled: boolean }>("GET", "/widget-settings/shopify-widget", { cookie })).body.data;
    await expect.poll(state).toEqual({ isConnected: true, isEnabled: true });

    // The tag's address adds the loader with this widget's id.
    const script = await fetch(`${server.url}/widget/shopify-loader.js?widgetID=${widgetID}`);
    expect(await script.text()).toContain(`"data-widget-id","${widgetID}"`);

    await page.reload();
    await expect.poll(() => onShopify.isChecked(), { timeout: 15_000 }).toBe(true);
    await onShopify.click();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect.poll(state).toEqual({ isConnected: true, isEnabled: false });
  });

  it("an admin turns on AI search, builds the suggested questions and moves one by keyboard", async () => {
    const api = apiClient(server);
    const { cookie } = await api.signUp("owner@widget-portal.example");
    for (const question of ["Shipping", "Returns"]) {
      await api.call("POST", "/widget-settings/suggested-question/save", {
        cookie,
        body: { question, category: null, answer: [`All about ${question.toLowerCase()}.`] },
      });
    }
    const page = await signedInPage(cookie);
    await page.goto(`${server.url}/chat-widget/self-serve-portal`);
    const rows = page.getByTestId("suggested-question");
    await expect.poll(() => rows.count()).toBe(2);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    // AI search answers from chosen sources; leaving with the change unsaved asks first.
    await page.getByRole("switch", { name: /^Enable AI search/ }).check();
    const menu = page.getByRole("navigation", { name: "Chat widget menu" });
    await menu.getByRole("link", { name: "Handoff" }).click();
    const guard = page.getByRole("dialog", { name: "You Have Unsaved Changes" });
    await expect.poll(() => guard.isVisible()).toBe(true);
    await guard.getByRole("button", { name: "Cancel" }).click();
    expect(page.url()).toContain("/chat-widget/self-serve-portal");
    const save = page.getByRole("button", { name: "Save Changes" });
    await save.click();
    await expect.poll(() => page.getByText("Choose at least one source").isVisible()).toBe(true);
    // The save moved to the first invalid field; only its border and message are red, not its placeholder.
    const sourcesField = page.getByRole("textbox", { name: /^Sources/ });
    await expect.poll(() => sourcesField.evaluate((field) => field === document.activeElement)).toBe(true);
    const placeholderColour = await sourcesField.evaluate((field) => getComputedStyle(field, "::placeholder").color);
    const errorColour = await page
      .getByText("Choose at least one source")
      .evaluate((text) => getComputedStyle(text).color);
    expect(placeholderColour).not.toBe(errorColour);
    await page.getByRole("textbox", { name: /^Sources/ }).click();
    await page.getByRole("option", { name: "Articles" }).click();
    await page.keyboard.press("Escape");
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
    await save.click();
    await expect.poll(() => notice(page, "Self serve portal saved").isVisible()).toBe(true);
    // The notice keeps clear of the header (workspace switcher, avatar).
    const noticeBox = await notice(page, "Self serve portal saved").boundingBox();
    const headerBox = await page.getByRole("banner").boundingBox();
    expect(noticeBox && headerBox && noticeBox.y >= headerBox.y + headerBox.height).toBe(true);
    const portal = (await widgetSettings(cookie)).selfServicePortal;
    expect(portal.aiSearch).toMatchObject({ isActive: true, placeholder: "Search for answers" });
    expect(portal.aiSearch.activeSources).toHaveLength(1);
    await expect.poll(() => notice(page, "Self serve portal saved").count()).toBe(0);

    // A question under Shipping, made in the modal.
    await page.getByRole("button", { name: "Add Question" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Question" });
    await dialog.getByRole("textbox", { name: /^Title/ }).fill("How long does delivery take?");
    await dialog.getByRole("combobox", { name: /^Category/ }).selectOption({ label: "Shipping" });
    await dialog.getByRole("textbox", { name: /^Message 1/ }).fill("One to three working days.");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => notice(page, "Question saved").isVisible()).toBe(true);
    await expect.poll(() => rows.count()).toBe(3);
    expect(await page.getByRole("list", { name: "Shipping" }).innerText()).toContain("How long does delivery take?");
    // The sub-question is indented under its parent.
    const parentBox = await rows.first().boundingBox();
    const childBox = await page.getByRole("list", { name: "Shipping" }).getByTestId("suggested-question").boundingBox();
    expect(childBox && parentBox && childBox.x - parentBox.x).toBeGreaterThanOrEqual(24);
    // The notice's close button has no name (lib/notify), so axe waits for it to go.
    await expect.poll(() => notice(page, "Question saved").count()).toBe(0);

    // Shipping has a sub-question now, so its category is locked.
    await page.getByRole("button", { name: "Edit Shipping" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Question" });
    expect(await edit.getByRole("combobox", { name: /^Category/ }).isDisabled()).toBe(true);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
    await edit.getByRole("button", { name: "Cancel" }).click();
    // The closing modal hands focus back to the Edit button; start dragging once it has.
    await expect.poll(() => edit.count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Edit Shipping");

    // By keyboard: Returns is picked up with space, moved up onto Shipping's drop zone (announced), and
    // dropped with space, so it becomes a sub-question of Shipping.
    const announced = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll("[aria-live]"))
          .map((region) => region.textContent)
          .join(" "),
      );
    await page.getByRole("button", { name: "Drag Returns" }).focus();
    await page.keyboard.press("Space");
    await expect.poll(announced).toContain("Picked up Returns");
    // The drop zones appear once something is picked up.
    await expect.poll(() => page.getByText("Drop here to put it under Shipping").isVisible()).toBe(true);
    // dnd-kit measures the new drop zones a frame or two after they render; a person is never that fast.
    await page.waitForTimeout(250);
    await page.keyboard.press("ArrowUp");
    await expect.poll(announced).toContain("Returns is over Drop here to put it under Shipping.");
    await page.keyboard.press("Space");
    await expect
      .poll(async () =>
        (await widgetSettings(cookie)).selfServicePortal.suggestedQuestions.map((q) => `${q.category}/${q.question}`),
      )
      .toEqual(["null/Shipping", "Shipping/How long does delivery take?", "Shipping/Returns"]);
    await expect.poll(() => page.getByRole("list", { name: "Shipping" }).innerText()).toContain("Returns");
  });
});

import type { Chat } from "@harbor/contract/chat";
import type { WidgetSettings } from "@harbor/contract/widget";
import type { Browser, FrameLocator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "./support/api";
import { DESKTOP, expectAccessibleAtBothWidths, launchBrowser, PHONE, pageSignedInAs } from "./support/browser";
import { type HarborServer, startHarborServer } from "./support/harbor-server";

/*
 * The widget's order self-service in the demo shop (issue #17 item 3, HARBOR_DEMO), in Chromium:
 * from Home's order tracking card, the form proves an order the visitor's, its details show, and a
 * cancellation request with a reason reaches the chat and the staff inbox. Order #1001 is on its
 * way (Not eligible); #1003 has not shipped, so it may be cancelled.
 */

let server: HarborServer;
let browser: Browser;
let owner: { cookie: string };
let widgetID: string;

beforeAll(async () => {
  // Embedded mode, HARBOR_DEMO unset: the demo shop runs and new workspaces are connected to it.
  server = await startHarborServer();
  browser = await launchBrowser();
});

/** The workspace both journeys use, made once (expect.poll must run inside a test). */
let workspace: Promise<void> | null = null;
function demoWorkspace() {
  workspace ??= (async () => {
    const api = apiClient(server);
    owner = await api.signUp("owner@self-service-shop.example");
    await api.waitForDemoContent(owner.cookie);
    widgetID = (await api.call<WidgetSettings>("GET", "/widget-settings/", { cookie: owner.cookie })).body.data
      .widgetID;
  })();
  return workspace;
}

afterEach(({ task }) => {
  if (task.result?.state === "fail") console.error(`Harbor's log:\n${server?.output() ?? ""}`);
});

afterAll(async () => {
  await browser?.close();
  if (server) expect(await server.stop()).toBe(0);
});

/** The sample page with its widget open on Home. */
async function openWidget(options: { locale: string; viewport: typeof DESKTOP; openLabel: string }) {
  await demoWorkspace();
  const context = await browser.newContext({ viewport: options.viewport, locale: options.locale });
  const page = await context.newPage();
  await page.goto(`${server.url}/widget/demo?widgetID=${widgetID}`);
  await page.getByRole("button", { name: options.openLabel }).click();
  const frame = page.frameLocator("iframe");
  // The frame's first load can be slow on a busy machine (two cores shared with the server).
  await expect.poll(() => frame.getByRole("textbox").first().isVisible(), { timeout: 30_000 }).toBe(true);
  return { page, frame };
}

async function findOrder(frame: FrameLocator, labels: { number: RegExp; email: RegExp; find: string }, number: string) {
  await frame.getByRole("textbox", { name: labels.number }).fill(number);
  await frame.getByRole("textbox", { name: labels.email }).fill("emma@example.com");
  await frame.getByRole("button", { name: labels.find }).click();
}

async function expectAccessible(page: Page) {
  expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
}

describe("order self-service in the demo shop", () => {
  it("tracks order #1001, sees its details, requests cancellation of #1003 with a reason, and staff see it in the inbox", async () => {
    const { page, frame } = await openWidget({ locale: "en-GB", viewport: DESKTOP, openLabel: "Open chat" });
    await frame.getByRole("button", { name: /Track your order/ }).click();
    const number = frame.getByRole("textbox", { name: /Order number/ });
    await expect.poll(() => number.isVisible(), { timeout: 15_000 }).toBe(true);

    // Nothing typed: each field says what it needs, and nothing is asked of the shop.
    await frame.getByRole("button", { name: "Find my order" }).click();
    expect(await frame.getByText("Order number is required").isVisible()).toBe(true);
    expect(await frame.getByText("E-mail is required").isVisible()).toBe(true);
    expect(await number.evaluate((input) => input === document.activeElement)).toBe(true);
    await expectAccessible(page);

    // A wrong e-mail for a real order reads as an unknown order.
    await number.fill("1001");
    await frame.getByRole("textbox", { name: /E-mail/ }).fill("someone@example.com");
    await frame.getByRole("button", { name: "Find my order" }).click();
    await expect
      .poll(() => frame.getByRole("alert").textContent())
      .toBe("We couldn't find an order with these details. Check the order number and the e-mail or phone number.");

    const labels = { number: /Order number/, email: /E-mail/, find: "Find my order" };
    await findOrder(frame, labels, "1001");
    const shipped = frame.getByRole("region", { name: "Order #1001" });
    await expect.poll(() => shipped.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await shipped.getByText("Payment: paid").isVisible()).toBe(true);
    expect(await shipped.getByText("In transit").isVisible()).toBe(true);
    expect(await shipped.getByText("Shipped with DHL Express").isVisible()).toBe(true);
    expect(await shipped.getByText("Classic tee · M / Black").isVisible()).toBe(true);
    expect(await shipped.getByRole("link", { name: /Track JD014600006281230981/ }).getAttribute("href")).toBe(
      "https://www.dhl.com/nl-en/home/tracking.html?tracking-id=JD014600006281230981",
    );
    expect(await frame.getByRole("heading", { name: "Not eligible" }).isVisible()).toBe(true);
    expect(await frame.getByRole("button", { name: "Request cancellation" }).count()).toBe(0);
    await expectAccessible(page);

    // Back to the form (what was typed is kept), for the order that has not shipped.
    await frame.getByRole("button", { name: "Back" }).click();
    await findOrder(frame, labels, "1003");
    await expect.poll(() => frame.getByRole("region", { name: "Order #1003" }).isVisible()).toBe(true);
    expect(await frame.getByText("Your order is being processed. We'll let you know when it ships.").isVisible()).toBe(
      true,
    );
    await frame.getByRole("button", { name: "Request cancellation" }).click();
    const reason = frame.getByRole("radio", { name: "Delivery takes too long" });
    await expect.poll(() => reason.isVisible(), { timeout: 15_000 }).toBe(true);
    await frame.getByRole("button", { name: "Send cancellation request" }).click();
    expect(await frame.getByText("Choose a reason").isVisible()).toBe(true);
    // The reasons are a radio group the keyboard reaches and picks from.
    await reason.focus();
    await reason.press("Space");
    expect(await reason.isChecked()).toBe(true);
    await expectAccessible(page);
    await frame.getByRole("button", { name: "Send cancellation request" }).click();

    await expect
      .poll(() => frame.getByRole("heading", { name: "Cancellation requested" }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await frame.getByRole("status").textContent()).toBe(
      "We received your request to cancel order #1003. Our team will review it and get back to you in the chat.",
    );
    await expectAccessible(page);

    // The chat opened for the request shows it as the visitor's own words.
    await frame.getByRole("button", { name: "Go to the chat" }).click();
    await expect
      .poll(() => frame.getByText("I asked to cancel order #1003.").isVisible(), { timeout: 30_000 })
      .toBe(true);
    await page.context().close();

    // Staff find it in the inbox: who asked, how verified, what, and the shop's answer.
    const inbox = await pageSignedInAs({ browser, url: server.url, cookie: owner.cookie });
    await inbox.goto(`${server.url}/inbox`);
    const list = inbox.getByRole("region", { name: "Chats" });
    const row = list.getByText(/Asked to cancel order #1003/).first();
    await expect.poll(() => row.isVisible(), { timeout: 30_000 }).toBe(true);
    await row.click();
    const log = inbox.getByRole("region", { name: "Chat" }).getByRole("log", { name: "Messages" });
    await expect
      .poll(() =>
        log
          .getByText(
            "Asked to cancel order #1003 (Delivery takes too long); verified by e-mail; recorded on the order in Shopify.",
          )
          .isVisible(),
      )
      .toBe(true);
    await inbox.context().close();
  });

  it("runs in Hebrew, right to left on a phone: Other with the visitor's words, recorded in Hebrew", async () => {
    const { page, frame } = await openWidget({ locale: "he-IL", viewport: PHONE, openLabel: "פתיחת צ'אט" });
    await frame.getByRole("button", { name: /מעקב אחר ההזמנה/ }).click();
    const labels = { number: /מספר הזמנה/, email: /אימייל/, find: "חיפוש ההזמנה" };
    await expect.poll(() => frame.getByRole("textbox", { name: labels.number }).isVisible()).toBe(true);
    expect(await frame.locator("html").getAttribute("dir")).toBe("rtl");
    await findOrder(frame, labels, "1003");
    await expect
      .poll(() => frame.getByRole("region", { name: /הזמנה .*#1003/ }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await frame.getByRole("button", { name: "בקשת ביטול" }).click();
    const other = frame.getByRole("radio", { name: "אחר", exact: true });
    await expect.poll(() => other.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await frame.getByRole("radio", { name: "שיניתי את דעתי" }).isVisible()).toBe(true);
    await other.check();
    await frame.getByRole("textbox", { name: /ספרו לנו את הסיבה/ }).fill("עוברים דירה");
    await expectAccessible(page);
    await frame.getByRole("button", { name: "שליחת בקשת ביטול" }).click();
    await expect
      .poll(() => frame.getByRole("heading", { name: "בקשת הביטול נשלחה" }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    // Nothing sticks out of a 375 px panel, right to left.
    expect(await frame.locator("body").evaluate((body) => body.scrollWidth <= body.clientWidth)).toBe(true);
    await expectAccessible(page);
    await frame.getByRole("button", { name: "מעבר לצ׳אט" }).click();
    await expect.poll(() => frame.getByText("ביקשתי לבטל את הזמנה #1003.").isVisible(), { timeout: 30_000 }).toBe(true);
    await page.context().close();

    // The chat's record for staff is in the visitor's language, with their own words.
    const api = apiClient(server);
    const inbox = await api.call<{ inbox: { chatID: string; lastMessage?: { message?: string } }[] }>(
      "POST",
      "/chat/inbox",
      { cookie: owner.cookie, body: {} },
    );
    const events = [];
    for (const { chatID } of inbox.body.data.inbox) {
      const chat = await api.call<Chat>("POST", "/chat/", { cookie: owner.cookie, body: { chatID } });
      events.push(
        ...chat.body.data.messages
          .filter((message) => message.eventType === "ORDER_CANCELLATION_REQUESTED")
          .map((message) => message.message),
      );
    }
    expect(events).toContain("ביקש/ה לבטל את הזמנה #1003 (עוברים דירה); אומת באמצעות אימייל; נרשם בהזמנה ב-Shopify.");
  });
});

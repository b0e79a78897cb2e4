import { chatSchema, inboxChatSchema } from "@harbor/contract/chat";
// The server's answer for the showcase sample chat, kept equal to the real one by
// apps/server/src/modules/chats/demo-showcase-chat.test.ts (dates fixed to November 2025).
import answer from "@harbor/contract/fixtures/showcase-chat.response.json";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { stubFetch } from "../../test/fetch-stub";
import { renderRoutes } from "../../test/render";
import { InboxPage } from "./pages/inbox-page";
import { fakeStaffSocket } from "./test-socket";

vi.mock("../../lib/socket", async () => (await import("./test-socket")).fakeSocketModule);

const showcase = chatSchema.parse(answer);
/** Spec part 1 §2: these types are not displayed as chat. */
const HIDDEN = ["widget_event", "integration_event", "email_trigger", "auth_event", "condition"];

beforeEach(() => {
  fakeStaffSocket.reset();
});

async function openShowcase() {
  const listRow = inboxChatSchema.parse(showcase);
  stubFetch({
    "GET /api/chat/inbox/categories": () => ({ data: { aiCategories: [], customReplies: [], suggestedQuestions: [] } }),
    "POST /api/chat/inbox": () => ({ data: { inbox: [listRow], totalCount: 1, unreadCount: 0 } }),
    "POST /api/chat/": () => ({ data: showcase }),
  });
  renderRoutes({
    initialPath: `/inbox?ticketID=${showcase.ticketID}`,
    routes: [{ path: "/inbox", element: <InboxPage /> }],
  });
  const log = await screen.findByRole("log", { name: "Messages" });
  await waitFor(() => expect(within(log).getByTestId("order-card")).toBeTruthy());
  return log;
}

describe("the showcase sample chat in the chat panel", () => {
  it("shows every shown message and nothing of the event types", async () => {
    const log = await openShowcase();
    const shown = showcase.messages.filter((message) => !HIDDEN.includes(message.messageType));
    expect(shown.length).toBeLessThan(showcase.messages.length);
    expect(log.querySelectorAll("[data-tone]")).toHaveLength(shown.length);
    for (const hidden of showcase.messages.filter((message) => HIDDEN.includes(message.messageType))) {
      expect(within(log).queryByText(hidden.message)).toBeNull();
    }
    expect(within(log).getByText(/Only part of my order #1058 has arrived/)).toBeTruthy();
    expect(
      within(within(log).getByRole("list", { name: "Choices offered" }))
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Change next order date", "Change frequency", "Skip next order"]);
  });

  it("shows the order card: order, payment, customer, shipments by shipment status, tracking, processing, refund", async () => {
    const card = within(await openShowcase()).getByTestId("order-card");
    expect(within(card).getByText("Order #1058")).toBeTruthy();
    expect(within(card).getByText("Ordered 7 Nov 2025")).toBeTruthy();
    expect(within(card).getByText("Payment: partially refunded")).toBeTruthy();
    expect(within(card).getByText("Sophie Laurent · sophie.laurent@example.com")).toBeTruthy();
    const statuses = [...card.querySelectorAll("[data-status]")];
    expect(statuses.map((badge) => [badge.getAttribute("data-status"), badge.textContent])).toEqual([
      ["delivered", "Delivered"],
      ["in_transit", "In transit"],
      ["processing", "Processing"],
      ["refund", "Refunded"],
    ]);
    // The icons are decoration; the status is said in words.
    for (const badge of statuses) expect(badge.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
    expect(
      within(card)
        .getByRole("link", { name: /Track 3SHRB1058001/ })
        .getAttribute("href"),
    ).toBe("https://shop.example/apps/track/3SHRB1058001");
    expect(within(card).getByRole("link", { name: /Track JVGL06248510/ })).toBeTruthy();
    for (const item of [
      "Ceramic pour-over dripper · White",
      "Gooseneck kettle · Matte black, 1 l",
      "Electric burr grinder",
      "Paper filters · Size 02, 100 pack",
    ]) {
      const row = within(card).getByText(item).closest("li") as HTMLElement;
      expect(row.querySelector("img")?.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
    }
  });

  it("shows the subscriptions with quantity x price and the frequency", async () => {
    const list = within(await openShowcase()).getByRole("list", { name: "Subscriptions" });
    const [beans, filters] = within(list).getAllByTestId("subscription") as [HTMLElement, HTMLElement];
    expect(within(beans).getByText("House blend coffee beans")).toBeTruthy();
    expect(within(beans).getByText("2 x €18.50")).toBeTruthy();
    expect(within(beans).getByText("Every 2 weeks")).toBeTruthy();
    expect(within(filters).getByText("1 x €4.95")).toBeTruthy();
    expect(within(filters).getByText("Every 1 month")).toBeTruthy();
  });

  it("shows the forms with the values sent: pre-chat details, a new order date from today, a new frequency", async () => {
    const forms = within(await openShowcase()).getAllByTestId("form-message");
    const [preChat, changeDate, changeFrequency] = forms as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(preChat).getByRole("heading", { name: "Before we start" })).toBeTruthy();
    expect(within(preChat).getByText("Tell us who you are so we can follow up if needed.")).toBeTruthy();
    expect(within(preChat).getByRole("rowheader", { name: "Email" }).nextElementSibling?.textContent).toBe(
      "sophie.laurent@example.com",
    );
    expect(within(preChat).getByText("+33 6 12 34 56 78")).toBeTruthy();
    expect(within(changeDate).getByRole("heading", { name: "Change next order date" })).toBeTruthy();
    expect(within(changeDate).getByRole("rowheader", { name: "Next order date" }).nextElementSibling?.textContent).toBe(
      "21 Nov 2025Earliest: today",
    );
    expect(within(changeFrequency).getByRole("heading", { name: "Change delivery frequency" })).toBeTruthy();
    expect(
      within(changeFrequency).getByRole("rowheader", { name: "Deliver every" }).nextElementSibling?.textContent,
    ).toBe("Every 2 months");
    expect(within(changeFrequency).queryByRole("rowheader", { name: "Unit" })).toBeNull();
  });

  it("shows the cited product as an image card, the other source as a link, and the customer portal", async () => {
    const log = within(await openShowcase());
    const products = log.getByRole("list", { name: "Products" });
    expect(within(products).getByRole("img", { name: "Picture of Hand burr grinder" }).getAttribute("src")).toMatch(
      /^data:image\/svg\+xml;base64,/,
    );
    expect(
      within(products)
        .getByRole("link", { name: /Hand burr grinder/ })
        .getAttribute("href"),
    ).toBe("https://shop.example/products/hand-burr-grinder");
    expect(
      within(log.getByRole("list", { name: "Sources" }))
        .getByRole("link", { name: /Shipping and delivery/ })
        .getAttribute("href"),
    ).toBe("https://shop.example/pages/shipping-and-delivery");
    const portal = within(log.getByTestId("customer-portal"));
    expect(portal.getByText("Manage your subscriptions")).toBeTruthy();
    expect(portal.getByRole("link", { name: /Open the customer portal/ }).getAttribute("href")).toBe(
      "https://shop.example/tools/recurring/portal",
    );
  });
});

import type { ChatMessage as Message } from "@harbor/contract/chat";
import { readMessageData } from "@harbor/contract/message-data";
import { MantineProvider } from "@mantine/core";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { cssVariablesResolver, theme } from "../../../../app/theme";
import { chatMessage } from "../../test-fixtures";
import { ChatMessage } from "./chat-message";

function renderMessage(overrides: Partial<Message>, linkHosts: string[] = []) {
  return render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <ChatMessage message={chatMessage(overrides)} linkHosts={linkHosts} />
    </MantineProvider>,
  );
}
const bubbles = () => screen.queryAllByTestId("message-bubble").map((bubble) => bubble.textContent);

describe("ChatMessage", () => {
  it("shows a question as a customer bubble, as text, with dir=auto", () => {
    renderMessage({ message: "<b>שלום</b> where is it?" });
    expect(bubbles()).toEqual(["<b>שלום</b> where is it?"]);
    expect(screen.getByText("<b>שלום</b> where is it?").getAttribute("dir")).toBe("auto");
    expect(screen.getByText(/^Customer/)).toBeTruthy();
    expect(document.querySelector("b")).toBeNull();
  });

  it("splits an AI answer into bubbles after 200 characters, never inside 4.95", () => {
    const first = `${"a".repeat(190)} costs €4.95 today.`;
    renderMessage({ messageType: "answer", senderRole: "ai", message: `${first} Shipping is free.` });
    expect(bubbles()).toEqual([first, "Shipping is free."]);
    expect(screen.getByText(/^AI agent/)).toBeTruthy();
  });

  it("links an answer's addresses on the shop's own hosts only; another site's address stays text", () => {
    renderMessage(
      {
        messageType: "answer",
        senderRole: "ai",
        message:
          "Returns: https://shop.example/returns. Pay at http://evil.example/pay or [here](https://evil.example/x).",
      },
      ["shop.example"],
    );
    expect(screen.getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual([
      "https://shop.example/returns",
    ]);
    expect(document.querySelector('a[href*="evil.example"]')).toBeNull();
    expect(bubbles().join(" ")).toContain("Pay at http://evil.example/pay or here (https://evil.example/x).");
  });

  it("lists references as links and shopify products as image cards, http(s) only", () => {
    renderMessage({
      messageType: "answer",
      senderRole: "ai",
      message: "See these.",
      references: [
        { url: "https://shop.example/returns", title: "Returns policy", image: null, sourceType: "website" },
        { url: "javascript:alert(1)", title: "Bad link", image: null, sourceType: "website" },
        {
          url: "https://shop.example/p/boot",
          title: "Trail boot",
          image: "https://cdn.example/boot.jpg",
          sourceType: "shopify-products",
        },
      ],
    });
    const sources = screen.getByRole("list", { name: "Sources" });
    expect(
      within(sources)
        .getByRole("link", { name: /Returns policy/ })
        .getAttribute("href"),
    ).toBe("https://shop.example/returns");
    expect(within(sources).queryByRole("link", { name: /Bad link/ })).toBeNull();
    expect(within(sources).getByText("Bad link")).toBeTruthy();
    const products = screen.getByRole("list", { name: "Products" });
    expect(within(products).getByRole("img", { name: "Picture of Trail boot" }).getAttribute("src")).toBe(
      "https://cdn.example/boot.jpg",
    );
    expect(within(products).getByRole("link", { name: /Trail boot/ })).toBeTruthy();
  });

  it("shows answer bubbles as non-interactive choices", () => {
    renderMessage({
      messageType: "answer_bubbles",
      senderRole: "ai",
      message: "Was this helpful?",
      messageData: {
        answerBubbles: {
          bubbles: [
            { message: "Yes", value: "yes" },
            { message: "No", value: "no" },
          ],
        },
      },
    });
    const choices = screen.getByRole("list", { name: "Choices offered" });
    expect(
      within(choices)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Yes", "No"]);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("shows a form's title, description and the values sent", () => {
    renderMessage({
      messageType: "form",
      senderRole: "ai",
      message: "",
      messageData: {
        form: { title: "Your details", description: "So we can help", fields: [{ key: "email", title: "E-mail" }] },
        dataModel: { fields: [{ key: "email", value: "noa@example.com" }] },
      },
    });
    const form = screen.getByTestId("form-message");
    expect(within(form).getByText("Your details")).toBeTruthy();
    expect(within(form).getByText("So we can help")).toBeTruthy();
    expect(within(form).getByText("E-mail")).toBeTruthy();
    expect(within(form).getByText("noa@example.com")).toBeTruthy();
  });

  it("shows a staff reply with its sender and an internal note as such", () => {
    renderMessage({ messageType: "agent_reply", senderRole: "agent", senderName: "Dana", message: "I refunded it." });
    expect(screen.getByText(/^Dana/)).toBeTruthy();
    expect(document.querySelector("[data-tone='agent']")).toBeTruthy();
  });

  it("marks an internal note", () => {
    renderMessage({ messageType: "internal_note", senderRole: "agent", senderName: "Dana", message: "VIP customer" });
    expect(screen.getByText(/^Internal note · Dana/)).toBeTruthy();
    expect(document.querySelector("[data-tone='note']")).toBeTruthy();
  });

  it("shows an order card with shipments (shipment status first), tracking, processing and refunds", () => {
    renderMessage({
      messageType: "answer",
      senderRole: "ai",
      message: "Here is your order.",
      messageData: {
        responseFields: {
          order: {
            order: { name: "#1043", createdAt: "2025-11-10T10:00:00.000Z", financialStatus: "paid" },
            fulfillments: [
              {
                status: "success",
                shipmentStatus: "in_transit",
                trackingNumber: "3S123",
                trackingURL: "https://track.example/3S123",
                items: [{ title: "Trail boot", variantTitle: "42" }],
              },
              { status: "success", shipmentStatus: null, trackingURL: "javascript:alert(1)", items: [] },
            ],
            processingItems: [{ title: "Socks" }],
            refunds: [{ products: [{ title: "Laces" }] }],
          },
        },
      },
    });
    const card = screen.getByTestId("order-card");
    expect(within(card).getByText("Order #1043")).toBeTruthy();
    expect(within(card).getByText("Ordered 10 Nov 2025")).toBeTruthy();
    expect(within(card).getByText("Payment: paid")).toBeTruthy();
    expect([...card.querySelectorAll("[data-status]")].map((badge) => badge.getAttribute("data-status"))).toEqual([
      "in_transit",
      "shipped",
      "processing",
      "refund",
    ]);
    expect(within(card).getAllByRole("link")).toHaveLength(1);
    expect(
      within(card)
        .getByRole("link", { name: /Track 3S123/ })
        .getAttribute("href"),
    ).toBe("https://track.example/3S123");
    expect(within(card).getByText("Trail boot · 42")).toBeTruthy();
    expect(within(card).getByText("Socks")).toBeTruthy();
    expect(within(card).getByText("Laces")).toBeTruthy();
  });

  it("shows the order an AI answer looked up (messageData.order)", () => {
    renderMessage({
      messageType: "answer",
      senderRole: "ai",
      message: "Order #1001 has been shipped and is on its way.",
      messageData: {
        order: {
          order: { name: "#1001", createdAt: "2025-11-10T10:00:00.000Z", financialStatus: "paid", cancelledAt: null },
          customer: { name: "Ada Byron", email: "a@b.com" },
          fulfillments: [
            {
              status: "success",
              shipmentStatus: "in_transit",
              updatedAt: null,
              company: "DHL Express",
              trackingNumber: "JD0146",
              trackingURL: "https://www.dhl.com/track?id=JD0146",
              items: [{ title: "Classic tee", variantTitle: "M / Black", imageSrc: null, quantity: 1 }],
            },
          ],
          processingItems: [],
          refunds: [],
        },
      },
    });
    const card = screen.getByTestId("order-card");
    expect(within(card).getByText("Order #1001")).toBeTruthy();
    expect(within(card).getByText("Ada Byron · a@b.com")).toBeTruthy();
    expect(within(card).getByText("DHL Express")).toBeTruthy();
    expect(
      within(card)
        .getByRole("link", { name: /Track JD0146/ })
        .getAttribute("href"),
    ).toBe("https://www.dhl.com/track?id=JD0146");
    expect([...card.querySelectorAll("[data-status]")].map((badge) => badge.getAttribute("data-status"))).toEqual([
      "in_transit",
    ]);
  });

  it("labels the sources where staff see them, and shows an article without an address as a labelled chip", () => {
    renderMessage({
      messageType: "answer",
      senderRole: "ai",
      message: "Returns take 30 days.",
      references: [
        { url: null, title: "Returns and refunds", image: null, sourceType: "macha-article" },
        { url: "https://shop.example/returns", title: "Returns policy", image: null, sourceType: "website" },
      ],
    });
    const sources = screen.getByRole("list", { name: "Sources" });
    // A visible label, not only one for screen readers.
    expect(screen.getByText("Sources").getAttribute("id")).toBe(sources.getAttribute("aria-labelledby"));
    const [article, link] = within(sources).getAllByRole("listitem");
    expect(article?.getAttribute("data-source-kind")).toBe("article");
    expect(article?.textContent).toBe("ArticleReturns and refunds");
    expect(within(article as HTMLElement).queryByRole("link")).toBeNull();
    expect(link?.getAttribute("data-source-kind")).toBe("link");
    expect(
      within(link as HTMLElement)
        .getByRole("link", { name: /Returns policy/ })
        .getAttribute("href"),
    ).toBe("https://shop.example/returns");
  });

  it("shows subscriptions with quantity x price and the frequency; of a partly broken row, what the server reads", () => {
    renderMessage({
      messageType: "answer",
      senderRole: "ai",
      message: "Your subscriptions:",
      messageData: readMessageData({
        rechargeData: {
          subscriptions: [
            {
              product_title: "Coffee beans",
              quantity: 2,
              price: "4.95",
              presentment_currency: "EUR",
              order_interval_frequency: "2",
              order_interval_unit: "week",
            },
            {
              product_title: "Filters",
              quantity: 1,
              price: 3,
              presentment_currency: "XYZ",
              order_interval_frequency: 1,
              order_interval_unit: "month",
            },
            { product_title: "Broken" },
          ],
        },
        responseFields: { order: { unexpected: true } },
      }),
    });
    const items = screen.getAllByTestId("subscription");
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText("2 x €4.95")).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText("Every 2 weeks")).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText("1 x XYZ3")).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText("Every 1 month")).toBeTruthy();
    expect(screen.queryByTestId("order-card")).toBeNull();
  });

  it("shows the values of a form stored the widget's way (values by key, no field definitions)", () => {
    renderMessage({
      messageType: "form",
      message: "",
      messageData: { form: { title: "Ticket request", values: { email: "noa@example.com", order_number: "#1043" } } },
    });
    const form = screen.getByTestId("form-message");
    expect(within(form).getByRole("rowheader", { name: "Email" }).nextElementSibling?.textContent).toBe(
      "noa@example.com",
    );
    expect(within(form).getByRole("rowheader", { name: "Order number" }).nextElementSibling?.textContent).toBe("#1043");
  });

  it("shows a subscription date from today at the earliest, another date's minDates, and a frequency in words", () => {
    renderMessage({
      messageType: "form",
      message: "",
      messageData: {
        form: {
          title: "Change your subscription",
          fields: [
            { key: "next_charge_scheduled_at", title: "Next order date", fieldType: "subscriptionDate" },
            { key: "pause_until", title: "Pause until", fieldType: "date", minDates: "2025-12-01" },
            { key: "order_interval_frequency", title: "Deliver every", fieldType: "number" },
            { key: "order_interval_unit", title: "Unit", fieldType: "select" },
          ],
        },
        dataModel: {
          fields: [
            { key: "next_charge_scheduled_at", value: "2025-11-21" },
            { key: "pause_until", value: "2026-01-05" },
            { key: "order_interval_frequency", value: "3" },
            { key: "order_interval_unit", value: "week" },
          ],
        },
      },
    });
    const shownFor = (title: string) => screen.getByRole("rowheader", { name: title }).nextElementSibling?.textContent;
    expect(shownFor("Next order date")).toBe("21 Nov 2025Earliest: today");
    expect(shownFor("Pause until")).toBe("5 Jan 2026Earliest: 1 Dec 2025");
    expect(shownFor("Deliver every")).toBe("Every 3 weeks");
    expect(screen.queryByRole("rowheader", { name: "Unit" })).toBeNull();
  });

  it("shows the customer portal with its link (http(s) only)", () => {
    renderMessage({
      messageType: "answer",
      senderRole: "ai",
      message: "Manage it yourself.",
      messageData: { customerPortal: { url: "https://shop.example/portal", title: "Your account" } },
    });
    const portal = screen.getByTestId("customer-portal");
    expect(within(portal).getByText("Customer portal")).toBeTruthy();
    expect(within(portal).getByText("Your account")).toBeTruthy();
    expect(
      within(portal)
        .getByRole("link", { name: /Open the customer portal/ })
        .getAttribute("href"),
    ).toBe("https://shop.example/portal");
  });

  it("offers no link to a customer portal at an unsafe address", () => {
    renderMessage({
      messageType: "answer",
      senderRole: "ai",
      message: "Manage it yourself.",
      messageData: { customerPortal: { url: "javascript:alert(1)" } },
    });
    expect(within(screen.getByTestId("customer-portal")).queryByRole("link")).toBeNull();
  });

  it("takes inline base64 pictures but no other data: or script address, and shows a placeholder when one fails", () => {
    const inline = `data:image/svg+xml;base64,${btoa("<svg xmlns='http://www.w3.org/2000/svg'/>")}`;
    renderMessage({
      messageType: "answer",
      senderRole: "ai",
      message: "These.",
      references: [
        { url: "https://shop.example/p/mug", title: "Mug", image: inline, sourceType: "shopify-products" },
        {
          url: "https://shop.example/p/cup",
          title: "Cup",
          image: "data:text/html,<b>x</b>",
          sourceType: "shopify-products",
        },
        {
          url: "https://shop.example/p/jar",
          title: "Jar",
          image: "https://cdn.example/jar.jpg",
          sourceType: "shopify-products",
        },
      ],
    });
    const products = screen.getByRole("list", { name: "Products" });
    expect(within(products).getByRole("img", { name: "Picture of Mug" }).getAttribute("src")).toBe(inline);
    expect(within(products).queryByRole("img", { name: "Picture of Cup" })).toBeNull();
    const jar = within(products).getByRole("img", { name: "Picture of Jar" });
    fireEvent.error(jar);
    const fallback = within(products).getByRole("img", { name: "Picture of Jar" });
    expect(fallback.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(fallback.hasAttribute("data-fallback")).toBe(true);
  });

  it("words the order's financial status and shows a refund fulfillment as refund", () => {
    renderMessage({
      messageType: "answer",
      senderRole: "ai",
      message: "Your order.",
      messageData: {
        responseFields: {
          order: {
            order: { name: "#1058", financialStatus: "PARTIALLY_REFUNDED" },
            fulfillments: [{ status: "refund", items: [{ title: "Kettle" }] }],
          },
        },
      },
    });
    const card = screen.getByTestId("order-card");
    expect(within(card).getByText("Payment: partially refunded")).toBeTruthy();
    expect(card.querySelector("[data-status]")?.getAttribute("data-status")).toBe("refund");
  });

  it.each(["widget_event", "integration_event", "email_trigger", "auth_event", "condition"] as const)(
    "does not show %s messages",
    (messageType) => {
      const { container } = renderMessage({ messageType, senderRole: "system", message: "visitor opened the widget" });
      expect(container.querySelector("[data-tone]")).toBeNull();
      expect(screen.queryByText(/visitor opened/)).toBeNull();
    },
  );

  it("shows a visitor's order action, an event staff must see", () => {
    renderMessage({
      messageType: "widget_event",
      senderRole: "customer",
      eventType: "ORDER_CANCELLATION_REQUESTED",
      message: "Asked to cancel order #1003 (I changed my mind); verified by e-mail; recorded on the order in Shopify.",
      messageData: {
        orderAction: {
          action: "cancellation_request",
          orderName: "#1003",
          verifiedBy: "email",
          reason: "I changed my mind",
          status: "recorded",
          requestedAt: "2025-11-10T10:00:00.000Z",
        },
      },
    });
    expect(screen.getByText(/Asked to cancel order #1003/)).toBeTruthy();
  });
  it("shows a help desk's ticket as a link to it there, opening in a new tab", () => {
    renderMessage({
      messageType: "widget_event",
      senderRole: "system",
      eventType: "HANDOFF_TICKET",
      message: "Ticket #123 in Zendesk",
      messageData: {
        handoffTicket: {
          app: "zendesk",
          status: "created",
          ticketID: "123",
          url: "https://acme.zendesk.com/agent/tickets/123",
          ticketStatus: "pending",
          reason: null,
        },
      },
    });
    const link = screen.getByRole("link", { name: "Ticket #123 in Zendesk (opens in a new tab)" });
    expect(link.getAttribute("href")).toBe("https://acme.zendesk.com/agent/tickets/123");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(screen.getByText("Made with status pending.")).toBeTruthy();
    // Harbor's notice, not a message by the AI or the customer.
    expect(document.querySelector("[data-tone]")).toBeNull();
  });

  it("shows staff that a help desk ticket failed, with why, and no link", () => {
    renderMessage({
      messageType: "widget_event",
      senderRole: "system",
      eventType: "HANDOFF_TICKET",
      message: "No ticket in Gorgias: Gorgias rejected the API key.",
      messageData: {
        handoffTicket: {
          app: "gorgias",
          status: "failed",
          ticketID: null,
          url: "javascript:alert(1)",
          ticketStatus: null,
          reason: "Gorgias rejected the API key.",
        },
      },
    });
    expect(screen.getByText("No ticket in Gorgias")).toBeTruthy();
    expect(screen.getByText("Gorgias rejected the API key.")).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getByTestId("handoff-ticket").getAttribute("data-status")).toBe("failed");
  });

  it("shows a custom reply's steps as readable lines, while the same events outside a reply stay hidden", () => {
    const replyID = "00000000-0000-4000-8000-0000000000aa";
    const step = { nodeID: "n1", actionID: "a1" };
    renderMessage({
      messageType: "condition",
      senderRole: "ai",
      message: "umbrellaSize equals big",
      messageData: readMessageData({
        customReplyID: replyID,
        customReplyStep: step,
        condition: { field: "umbrellaSize", operator: "equals", value: "big", result: true },
      }),
    });
    renderMessage({
      messageType: "email_trigger",
      senderRole: "ai",
      message: 'Email "Return for #1001" sent to desk@shop.example',
      messageData: readMessageData({
        customReplyID: replyID,
        emailTrigger: { event: "sent", to: "desk@shop.example" },
      }),
    });
    renderMessage({
      messageType: "widget_event",
      senderRole: "customer",
      message: "Yes, thank you",
      messageData: readMessageData({ widgetEvent: { event: "end_chat" } }),
    });
    expect(bubbles()).toEqual(["umbrellaSize equals big", 'Email "Return for #1001" sent to desk@shop.example']);
    expect(screen.getByText(/^Custom reply · branch taken/)).toBeTruthy();
    expect(screen.getByText(/^Custom reply · email/)).toBeTruthy();
  });

  it("links a file a custom reply sent", () => {
    renderMessage({
      messageType: "answer",
      senderRole: "ai",
      message: "Our size guide",
      messageData: readMessageData({
        customReplyID: "00000000-0000-4000-8000-0000000000aa",
        file: { url: "https://cdn.example.com/guide.pdf", contentType: "application/pdf" },
      }),
    });
    expect(screen.getByRole("link", { name: "File sent" }).getAttribute("href")).toBe(
      "https://cdn.example.com/guide.pdf",
    );
  });
});

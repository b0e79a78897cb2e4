import type { ChatMessage as Message } from "@harbor/contract/chat";
import { MantineProvider } from "@mantine/core";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { cssVariablesResolver, theme } from "../../../../app/theme";
import { chatMessage } from "../../test-fixtures";
import { ChatMessage } from "./chat-message";

function renderMessage(overrides: Partial<Message>) {
  return render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <ChatMessage message={chatMessage(overrides)} />
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

  it("shows subscriptions with quantity x price and the frequency, skipping unknown shapes", () => {
    renderMessage({
      messageType: "answer",
      senderRole: "ai",
      message: "Your subscriptions:",
      messageData: {
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
      },
    });
    const items = screen.getAllByTestId("subscription");
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText("2 x €4.95")).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText("Every 2 weeks")).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText("1 x XYZ3")).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText("Every 1 month")).toBeTruthy();
    expect(screen.queryByTestId("order-card")).toBeNull();
  });

  it.each(["widget_event", "integration_event", "email_trigger", "auth_event", "condition"] as const)(
    "does not show %s messages",
    (messageType) => {
      const { container } = renderMessage({ messageType, senderRole: "system", message: "visitor opened the widget" });
      expect(container.querySelector("[data-tone]")).toBeNull();
      expect(screen.queryByText(/visitor opened/)).toBeNull();
    },
  );
});

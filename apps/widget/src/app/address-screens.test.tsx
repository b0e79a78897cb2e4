import type { ChangeAddressResponse, ManageOrderGetResponse, ShippingAddress } from "@harbor/contract/orders";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { he } from "../i18n/he";
import { publicWidget, renderInWidget } from "../test/widget-fixtures";
import { type OrderCalls, OrderSelfService } from "./order-screens";
import { WidgetApiError } from "./widget-api";

const CHAT = "10000000-0000-4000-8000-000000000009";
const current: ShippingAddress = {
  firstName: "Emma",
  lastName: "de Vries",
  address1: "Prinsengracht 263",
  address2: null,
  city: "Amsterdam",
  zip: "1016 GV",
  countryCode: "NL",
  provinceCode: "NH",
  phone: "+31612345678",
};

const found = (isAllowed: boolean): ManageOrderGetResponse => ({
  order: {
    order: { name: "#1003", createdAt: "2026-11-20T10:00:00.000Z", financialStatus: "paid", cancelledAt: null },
    customer: { name: "Emma", email: "emma@example.com" },
    fulfillments: [],
    processingItems: [{ title: "Canvas tote", variantTitle: null, imageSrc: null, quantity: 1 }],
    refunds: [],
  },
  cancellation: { isEligible: true, reason: null },
  addressChange: { isAllowed, address: current },
});

const changed = (address: ShippingAddress): ChangeAddressResponse => ({
  orderName: "#1003",
  address,
  requestedAt: "2026-11-22T10:00:00.000Z",
  isReplay: false,
  chatID: CHAT,
});

function calls(overrides: Partial<OrderCalls> = {}): OrderCalls {
  return {
    sendCode: vi.fn(),
    getOrder: vi.fn().mockResolvedValue(found(true)),
    reasons: vi.fn(),
    requestCancellation: vi.fn(),
    subscriptions: vi.fn(),
    changeSubscription: vi.fn(),
    changeAddress: vi
      .fn()
      .mockImplementation(async (request: { address: ShippingAddress }) => changed(request.address)),
    reportIssue: vi.fn(),
    ...overrides,
  };
}

function show(given: OrderCalls, language: "en" | "he" = "en") {
  const onToChat = vi.fn();
  renderInWidget(<OrderSelfService calls={given} language={language} onBack={vi.fn()} onToChat={onToChat} />, {
    widget: publicWidget({ customerAccountPortal: { isActive: true, authentication: "orderID" } }),
    language,
    texts: language === "he" ? he : undefined,
  });
  return { onToChat };
}

async function openOrder(texts = { number: /Order number/, email: /E-mail/, find: "Find my order" }) {
  await userEvent.type(screen.getByLabelText(texts.number), "1003");
  await userEvent.type(screen.getByRole("textbox", { name: texts.email }), "emma@example.com");
  await userEvent.click(screen.getByRole("button", { name: texts.find }));
}

describe("changing an order's shipping address", () => {
  it("is offered only when the server allows it", async () => {
    show(calls({ getOrder: vi.fn().mockResolvedValue(found(false)) }));
    await openOrder();
    expect(await screen.findByRole("heading", { name: "Order #1003" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Change shipping address" })).toBeNull();
  });

  it("starts from the order's address, checks the fields, confirms, and sends the address once with one key", async () => {
    const given = calls();
    const { onToChat } = show(given);
    await openOrder();
    await userEvent.click(await screen.findByRole("button", { name: "Change shipping address" }));

    const street = screen.getByLabelText(/Street and house number/) as HTMLInputElement;
    expect(street.value).toBe("Prinsengracht 263");
    expect((screen.getByLabelText(/Postal code/) as HTMLInputElement).value).toBe("1016 GV");
    expect((screen.getByRole("combobox", { name: /Country/ }) as HTMLSelectElement).value).toBe("NL");

    // A required field left empty is named under it and nothing is sent.
    await userEvent.clear(street);
    await userEvent.clear(screen.getByLabelText(/Postal code/));
    await userEvent.type(screen.getByLabelText(/Postal code/), "<1012>");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(street.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("This field is required")).toBeTruthy();
    expect(screen.getByText("Enter a valid postal code")).toBeTruthy();
    expect(given.changeAddress).not.toHaveBeenCalled();

    await userEvent.type(street, "Damrak 1");
    await userEvent.clear(screen.getByLabelText(/Postal code/));
    await userEvent.type(screen.getByLabelText(/Postal code/), "1012 LG");
    await userEvent.type(screen.getByLabelText(/Apartment/), "3rd floor");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));

    // The confirmation shows the address as it will be sent.
    expect(screen.getByText("Send order #1003 to this address?")).toBeTruthy();
    expect(screen.getByText("Damrak 1")).toBeTruthy();
    expect(screen.getByText("3rd floor")).toBeTruthy();
    expect(screen.getByText("1012 LG Amsterdam")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));

    expect(given.changeAddress).toHaveBeenCalledTimes(1);
    expect(given.changeAddress).toHaveBeenCalledWith({
      orderNumber: "1003",
      email: "emma@example.com",
      address: { ...current, address1: "Damrak 1", address2: "3rd floor", zip: "1012 LG" },
      clientKey: expect.any(String),
    });
    expect((await screen.findByRole("status")).textContent).toBe("Done: order #1003 will be sent to the new address.");
    await userEvent.click(screen.getByRole("button", { name: "Go to the chat" }));
    expect(onToChat).toHaveBeenCalledWith(CHAT);
  });

  it("keeps the key for a retry without an answer, and makes a new one after a refusal, in Hebrew", async () => {
    const changeAddress = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockRejectedValueOnce(new WidgetApiError("The shop refused this address", 422))
      .mockImplementation(async (request: { address: ShippingAddress }) => changed(request.address));
    show(calls({ changeAddress }), "he");
    await openOrder({ number: new RegExp(he.orderNumber), email: new RegExp(he.email), find: he.findOrder });
    await userEvent.click(await screen.findByRole("button", { name: he.changeAddress }));
    await userEvent.click(screen.getByRole("button", { name: he.review }));
    await userEvent.click(screen.getByRole("button", { name: he.confirm }));
    await userEvent.click(screen.getByRole("button", { name: he.confirm }));
    expect(await screen.findByText(he.addressRefused)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: he.confirm }));
    expect((await screen.findByRole("status")).textContent).toBe(he.addressChanged("#1003"));

    const keys = changeAddress.mock.calls.map(([request]) => (request as { clientKey: string }).clientKey);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});

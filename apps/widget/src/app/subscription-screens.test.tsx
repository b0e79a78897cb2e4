import type {
  ChangeSubscriptionResponse,
  ListSubscriptionsResponse,
  ManageOrderGetResponse,
  WidgetSubscription,
} from "@harbor/contract/orders";
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { he } from "../i18n/he";
import { nl } from "../i18n/nl";
import { publicWidget, renderInWidget } from "../test/widget-fixtures";
import { type OrderCalls, OrderSelfService } from "./order-screens";
import { WidgetApiError } from "./widget-api";

/*
 * The customer's subscriptions in the widget's order self-service (decision 045): reached from a
 * proven order's details, each change confirmed, sent with one key, and Recharge's refusals in the
 * visitor's language. The server's calls are the boundary here (the routes have their own tests).
 */

const found: ManageOrderGetResponse = {
  order: {
    order: { name: "#1003", createdAt: "2026-11-20T10:00:00.000Z", financialStatus: "paid", cancelledAt: null },
    customer: { name: "Emma", email: "emma@example.com" },
    fulfillments: [],
    processingItems: [{ title: "Canvas tote", variantTitle: null, imageSrc: null, quantity: 1 }],
    refunds: [],
  },
  cancellation: { isEligible: true, reason: null },
  hasSubscriptions: true,
  returns: null,
};

const beans: WidgetSubscription = {
  id: 9001,
  product_title: "House blend coffee beans",
  variant_title: "1 kg",
  quantity: 2,
  price: "18.50",
  presentment_currency: "EUR",
  next_charge_scheduled_at: "2026-11-24",
  order_interval_frequency: 2,
  order_interval_unit: "week",
};
const list: ListSubscriptionsResponse = { subscriptions: [beans], today: "2026-11-22" };
const CHAT = "10000000-0000-4000-8000-000000000009";
const changed = (subscription: Partial<WidgetSubscription>): ChangeSubscriptionResponse => ({
  subscription: { ...beans, ...subscription },
  requestedAt: "2026-11-22T10:00:00.000Z",
  isReplay: false,
  chatID: CHAT,
});

function calls(overrides: Partial<OrderCalls> = {}): OrderCalls {
  return {
    sendCode: vi.fn(),
    getOrder: vi.fn().mockResolvedValue(found),
    reasons: vi.fn(),
    requestCancellation: vi.fn(),
    subscriptions: vi.fn().mockResolvedValue(list),
    changeSubscription: vi.fn().mockResolvedValue(changed({ next_charge_scheduled_at: "2026-11-30" })),
    changeAddress: vi.fn(),
    reportIssue: vi.fn(),
    ...overrides,
  };
}

function show(given: OrderCalls, language: "en" | "nl" | "he" = "en") {
  const onRecorded = vi.fn();
  renderInWidget(
    <OrderSelfService calls={given} language={language} onBack={vi.fn()} onToChat={vi.fn()} onRecorded={onRecorded} />,
    {
      widget: publicWidget({ customerAccountPortal: { isActive: true, authentication: "orderID" } }),
      language,
      texts: language === "nl" ? nl : language === "he" ? he : undefined,
    },
  );
  return { onRecorded };
}

/** Proves order #1003 with its e-mail and opens its subscriptions. */
async function openSubscriptions(texts: { find: string; subscriptions: string; number: RegExp; email: RegExp }) {
  await userEvent.type(screen.getByLabelText(texts.number), "1003");
  await userEvent.type(screen.getByRole("textbox", { name: texts.email }), "emma@example.com");
  await userEvent.click(screen.getByRole("button", { name: texts.find }));
  await userEvent.click(await screen.findByRole("button", { name: texts.subscriptions }));
}
const english = { find: "Find my order", subscriptions: "Your subscriptions", number: /Order number/, email: /E-mail/ };

describe("the subscriptions screen", () => {
  it("lists the subscriptions as quantity x price and 'Every {n} {unit}', and moves a next charge once confirmed", async () => {
    const given = calls();
    const { onRecorded } = show(given);
    await openSubscriptions(english);
    expect(given.subscriptions).toHaveBeenCalledWith({ orderNumber: "1003", email: "emma@example.com" });
    const item = await screen.findByRole("listitem", { name: "House blend coffee beans" });
    expect(item.textContent).toContain("2 x €18.50");
    expect(item.textContent).toContain("Every 2 weeks");
    expect(item.textContent).toContain("Next charge: Nov 24, 2026");

    await userEvent.click(screen.getByRole("button", { name: "Change next charge date" }));
    const date = screen.getByLabelText(/Next charge date/) as HTMLInputElement;
    expect(date.min).toBe("2026-11-22");
    // Before today (in the shop's sense) is refused here, and the server is not asked.
    fireEvent.change(date, { target: { value: "2026-11-21" } });
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText("Choose today or a later date")).toBeTruthy();
    expect(date.getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(date, { target: { value: "2026-11-30" } });
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText("Move the next charge of House blend coffee beans to Nov 30, 2026?")).toBeTruthy();
    expect(given.changeSubscription).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));

    expect(given.changeSubscription).toHaveBeenCalledWith({
      orderNumber: "1003",
      email: "emma@example.com",
      subscriptionID: 9001,
      change: { kind: "next_charge_date", date: "2026-11-30" },
      clientKey: expect.any(String),
    });
    expect((await screen.findByRole("status")).textContent).toBe(
      "Done: the next charge of House blend coffee beans is now Nov 30, 2026.",
    );
    expect(screen.getByRole("listitem", { name: "House blend coffee beans" }).textContent).toContain(
      "Next charge: Nov 30, 2026",
    );
    expect(onRecorded).toHaveBeenCalledWith(CHAT);
  });

  it("shows Recharge's refusal in the visitor's language, and a new try after it is a new request", async () => {
    const refusal = new WidgetApiError("The subscription app refused this change: Date must be in the future", 422);
    const given = calls({
      changeSubscription: vi
        .fn()
        .mockRejectedValueOnce(refusal)
        .mockRejectedValueOnce(new WidgetApiError("busy", 429))
        .mockResolvedValueOnce(changed({ next_charge_scheduled_at: "2026-12-01" })),
    });
    show(given, "nl");
    await openSubscriptions({
      find: "Zoek mijn bestelling",
      subscriptions: "Je abonnementen",
      number: /Bestelnummer/,
      email: /E-mail/,
    });
    await userEvent.click(await screen.findByRole("button", { name: "Volgende afschrijving verzetten" }));
    fireEvent.change(screen.getByLabelText(/Datum volgende afschrijving/), { target: { value: "2026-12-01" } });
    await userEvent.click(screen.getByRole("button", { name: "Verder" }));
    await userEvent.click(screen.getByRole("button", { name: "Bevestigen" }));
    expect((await screen.findByRole("alert")).textContent).toBe(nl.subscriptionRefused);
    await userEvent.click(screen.getByRole("button", { name: "Bevestigen" }));
    expect((await screen.findByRole("alert")).textContent).toBe(nl.subscriptionBusy);
    await userEvent.click(screen.getByRole("button", { name: "Bevestigen" }));
    expect(await screen.findByRole("status")).toBeTruthy();

    const keys = vi.mocked(given.changeSubscription).mock.calls.map(([request]) => request.clientKey);
    expect(new Set(keys).size).toBe(3);
  });

  it("changes the frequency with a number and a unit, in Hebrew", async () => {
    const given = calls({
      changeSubscription: vi
        .fn()
        .mockResolvedValue(changed({ order_interval_frequency: 3, order_interval_unit: "month" })),
    });
    show(given, "he");
    await openSubscriptions({
      find: he.findOrder,
      subscriptions: he.yourSubscriptions,
      number: /מספר הזמנה/,
      email: /אימייל/,
    });
    await userEvent.click(await screen.findByRole("button", { name: he.changeFrequency }));
    const count = screen.getByRole("spinbutton", { name: /כל/ });
    await userEvent.clear(count);
    await userEvent.type(count, "0");
    await userEvent.click(screen.getByRole("button", { name: he.review }));
    expect(screen.getByText(he.frequencyInvalid)).toBeTruthy();
    await userEvent.clear(count);
    await userEvent.type(count, "3");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: he.frequencyUnit }), "month");
    await userEvent.click(screen.getByRole("button", { name: he.review }));
    expect(screen.getByText(/כל 3 חודשים/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: he.confirm }));
    expect(given.changeSubscription).toHaveBeenCalledWith(
      expect.objectContaining({ subscriptionID: 9001, change: { kind: "frequency", frequency: 3, unit: "month" } }),
    );
    expect((await screen.findByRole("status")).textContent).toContain("כל 3 חודשים");
  });
});

describe("a portal with e-mail codes", () => {
  it("sends the code with every subscription call, and says so when it has expired", async () => {
    const given = calls({
      changeSubscription: vi
        .fn()
        .mockRejectedValue(
          new WidgetApiError("This code is not valid or has expired. Please ask for a new code.", 400),
        ),
    });
    renderInWidget(<OrderSelfService calls={given} language="en" onBack={vi.fn()} onToChat={vi.fn()} />, {
      widget: publicWidget({ customerAccountPortal: { isActive: true, authentication: "email" } }),
      language: "en",
    });
    await userEvent.type(screen.getByLabelText(/Order number/), "1003");
    await userEvent.type(screen.getByRole("textbox", { name: /E-mail/ }), "emma@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send me a code" }));
    await userEvent.type(await screen.findByRole("textbox", { name: /Code from the e-mail/ }), "123456");
    await userEvent.click(screen.getByRole("button", { name: "Find my order" }));
    await userEvent.click(await screen.findByRole("button", { name: "Your subscriptions" }));
    expect(given.subscriptions).toHaveBeenCalledWith({
      orderNumber: "1003",
      email: "emma@example.com",
      code: "123456",
    });
    await userEvent.click(await screen.findByRole("button", { name: "Change frequency" }));
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "That code is not right or has expired. Check it, or ask for a new code.",
    );
  });
});

describe("the order's details", () => {
  it("offers subscriptions only when the server does, and shows the order's returns from Loop", async () => {
    const given = calls({
      getOrder: vi.fn().mockResolvedValue({
        ...found,
        hasSubscriptions: false,
        returns: {
          isAvailable: true,
          items: [{ state: "review", createdAt: "2026-11-21T09:00:00Z", updatedAt: null }],
        },
      }),
    });
    show(given);
    await userEvent.type(screen.getByLabelText(/Order number/), "1003");
    await userEvent.type(screen.getByRole("textbox", { name: /E-mail/ }), "emma@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Find my order" }));
    const returns = await screen.findByRole("region", { name: "Returns" });
    expect(returns.textContent).toContain("Return being reviewed");
    expect(returns.textContent).toContain("Started Nov 21, 2026");
    expect(screen.queryByRole("button", { name: "Your subscriptions" })).toBeNull();
  });

  it("says when Loop did not answer, rather than that there is no return", async () => {
    show(calls({ getOrder: vi.fn().mockResolvedValue({ ...found, returns: { isAvailable: false, items: [] } }) }));
    await userEvent.type(screen.getByLabelText(/Order number/), "1003");
    await userEvent.type(screen.getByRole("textbox", { name: /E-mail/ }), "emma@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Find my order" }));
    expect((await screen.findByRole("region", { name: "Returns" })).textContent).toContain(
      "The returns system is not answering right now.",
    );
  });
});

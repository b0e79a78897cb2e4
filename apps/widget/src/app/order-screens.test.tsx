import type { ManageOrderGetResponse, ReportIssueResponse, RequestCancellationResponse } from "@harbor/contract/orders";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { he } from "../i18n/he";
import { nl } from "../i18n/nl";
import { publicWidget, renderInWidget } from "../test/widget-fixtures";
import { type OrderCalls, OrderSelfService } from "./order-screens";
import { WidgetApiError } from "./widget-api";

const card = (overrides: Partial<ManageOrderGetResponse["order"]["order"]> = {}): ManageOrderGetResponse["order"] => ({
  order: {
    name: "#1003",
    createdAt: "2026-11-20T10:00:00.000Z",
    financialStatus: "paid",
    cancelledAt: null,
    ...overrides,
  },
  customer: { name: "Emma", email: "emma@example.com" },
  fulfillments: [],
  processingItems: [{ title: "Canvas tote", variantTitle: null, imageSrc: null, quantity: 1 }],
  refunds: [],
});

const eligible: ManageOrderGetResponse = { order: card(), cancellation: { isEligible: true, reason: null } };
const shipped: ManageOrderGetResponse = {
  order: {
    ...card({ name: "#1001" }),
    processingItems: [],
    fulfillments: [
      {
        status: "success",
        shipmentStatus: "in_transit",
        updatedAt: "2026-11-21T10:00:00.000Z",
        company: "DHL Express",
        trackingNumber: "JD0146",
        trackingURL: "https://www.dhl.com/track?id=JD0146",
        items: [{ title: "Classic tee", variantTitle: "M / Black", imageSrc: null, quantity: 1 }],
      },
    ],
  },
  cancellation: { isEligible: false, reason: "Not eligible: this order has already shipped." },
};
const sent: RequestCancellationResponse = {
  orderName: "#1003",
  status: "recorded",
  requestedAt: "2026-11-22T10:00:00.000Z",
  isReplay: false,
  chatID: "10000000-0000-4000-8000-000000000009",
};
const reasons = {
  askReason: true,
  allowOther: true,
  reasons: [
    { id: "changed_mind", text: "I changed my mind" },
    { id: "too_slow", text: "Delivery takes too long" },
  ],
};

function calls(overrides: Partial<OrderCalls> = {}): OrderCalls {
  return {
    sendCode: vi.fn().mockResolvedValue({ orderName: "#1003", expiresInMinutes: 10 }),
    getOrder: vi.fn().mockResolvedValue(eligible),
    reasons: vi.fn().mockResolvedValue(reasons),
    requestCancellation: vi.fn().mockResolvedValue(sent),
    subscriptions: vi.fn().mockResolvedValue({ subscriptions: [], today: "2026-11-22" }),
    changeSubscription: vi.fn().mockRejectedValue(new Error("not in these tests")),
    changeAddress: vi.fn().mockRejectedValue(new Error("not in these tests")),
    reportIssue: vi.fn().mockRejectedValue(new Error("not in these tests")),
    ...overrides,
  };
}

function show(
  given: OrderCalls,
  options: { orderNumber?: string; language?: "en" | "nl" | "he"; authentication?: "orderID" | "email" | "phone" } = {},
) {
  const handlers = { onBack: vi.fn(), onToChat: vi.fn() };
  const language = options.language ?? "en";
  renderInWidget(
    <OrderSelfService calls={given} language={language} orderNumber={options.orderNumber} {...handlers} />,
    {
      widget: publicWidget({
        customerAccountPortal: { isActive: true, authentication: options.authentication ?? "orderID" },
      }),
      language,
      texts: language === "nl" ? nl : language === "he" ? he : undefined,
    },
  );
  return handlers;
}

async function track(orderNumber: string, email: string) {
  await userEvent.type(screen.getByLabelText(/Order number/), orderNumber);
  await userEvent.type(screen.getByRole("textbox", { name: /E-mail/ }), email);
  await userEvent.click(screen.getByRole("button", { name: "Find my order" }));
}

describe("the order tracking form", () => {
  it("asks for the order number and a valid e-mail before it calls the shop", async () => {
    const given = calls();
    show(given);
    await userEvent.click(screen.getByRole("button", { name: "Find my order" }));
    expect(screen.getByText("Order number is required")).toBeTruthy();
    expect(screen.getByText("E-mail is required")).toBeTruthy();
    expect(screen.getByLabelText(/Order number/).getAttribute("aria-invalid")).toBe("true");
    await userEvent.type(screen.getByRole("textbox", { name: /E-mail/ }), "emma@");
    await userEvent.click(screen.getByRole("button", { name: "Find my order" }));
    expect(screen.getByText("Enter a valid e-mail address")).toBeTruthy();
    expect(given.getOrder).not.toHaveBeenCalled();
  });

  it("finds an order by phone, sent with its calling code, when the visitor chooses phone", async () => {
    const given = calls();
    show(given, { orderNumber: "#1003" });
    expect((screen.getByLabelText(/Order number/) as HTMLInputElement).value).toBe("#1003");
    await userEvent.click(screen.getByRole("radio", { name: "Phone number" }));
    expect(screen.queryByRole("textbox", { name: /E-mail/ })).toBeNull();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Country code" }), "NL");
    await userEvent.type(screen.getByLabelText(/Phone number/, { selector: "input[type=tel]" }), "06 1234 5678");
    await userEvent.click(screen.getByRole("button", { name: "Find my order" }));
    expect(given.getOrder).toHaveBeenCalledWith({ orderNumber: "#1003", phone: "+31 612345678" });
    expect(await screen.findByRole("heading", { name: "Order #1003" })).toBeTruthy();
  });

  it.each([
    [404, "We couldn't find an order with these details. Check the order number and the e-mail or phone number."],
    [429, "Too many attempts. Please try again later, or ask us in the chat."],
    [503, "The shop's order system is not answering. Please try again later."],
  ])("shows the server's refusal (%i) in the visitor's words, and may be sent again", async (status, words) => {
    const given = calls({
      getOrder: vi
        .fn()
        .mockRejectedValueOnce(new WidgetApiError("We couldn't find an order with these details.", status))
        .mockResolvedValue(eligible),
    });
    show(given);
    await track("1003", "someone@example.com");
    expect((await screen.findByRole("alert")).textContent).toBe(words);
    await userEvent.click(screen.getByRole("button", { name: "Find my order" }));
    expect(await screen.findByRole("heading", { name: "Order details" })).toBeTruthy();
  });

  it("speaks Dutch and Hebrew", async () => {
    show(calls(), { language: "nl" });
    await userEvent.click(screen.getByRole("button", { name: "Zoek mijn bestelling" }));
    expect(screen.getByText("Bestelnummer is verplicht")).toBeTruthy();
    document.body.innerHTML = "";
    show(calls({ getOrder: vi.fn().mockRejectedValue(new WidgetApiError("", 404)) }), { language: "he" });
    await userEvent.type(screen.getByRole("textbox", { name: new RegExp(he.orderNumber) }), "1003");
    await userEvent.type(screen.getByRole("textbox", { name: new RegExp(he.email) }), "emma@example.com");
    await userEvent.click(screen.getByRole("button", { name: "חיפוש ההזמנה" }));
    expect((await screen.findByRole("alert")).textContent).toBe(he.orderNotFound);
  });
});

describe("the e-mail code (portal method email)", () => {
  it("mails a code for the order and e-mail, then finds the order with it; a wrong code says so", async () => {
    const given = calls({
      getOrder: vi
        .fn()
        .mockRejectedValueOnce(new WidgetApiError("That code is not right. 4 tries left.", 400))
        .mockResolvedValue(eligible),
    });
    show(given, { authentication: "email" });
    expect(screen.queryByRole("radio", { name: "Phone number" })).toBeNull();
    await userEvent.type(screen.getByLabelText(/Order number/), "1003");
    await userEvent.type(screen.getByRole("textbox", { name: /E-mail/ }), "emma@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send me a code" }));
    expect(given.sendCode).toHaveBeenCalledWith({ orderNumber: "1003", email: "emma@example.com" });
    expect((await screen.findByRole("status")).textContent).toBe(
      "We sent a 6-digit code to emma@example.com. It expires in 10 minutes.",
    );
    const codeField = screen.getByRole("textbox", { name: /Code from the e-mail/ });
    await userEvent.type(codeField, "12ab");
    await userEvent.click(screen.getByRole("button", { name: "Find my order" }));
    expect(screen.getByText("Enter the 6-digit code")).toBeTruthy();
    expect(given.getOrder).not.toHaveBeenCalled();

    await userEvent.clear(codeField);
    await userEvent.type(codeField, "123456");
    await userEvent.click(screen.getByRole("button", { name: "Find my order" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "That code is not right or has expired. Check it, or ask for a new code.",
    );
    await userEvent.click(screen.getByRole("button", { name: "Find my order" }));
    expect(given.getOrder).toHaveBeenLastCalledWith({ orderNumber: "1003", email: "emma@example.com", code: "123456" });
    expect(await screen.findByRole("heading", { name: "Order details" })).toBeTruthy();
  });

  it("asks for a new code when the order number changes, and may send one again", async () => {
    const given = calls();
    show(given, { authentication: "email" });
    await userEvent.type(screen.getByLabelText(/Order number/), "1003");
    await userEvent.type(screen.getByRole("textbox", { name: /E-mail/ }), "emma@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send me a code" }));
    await userEvent.click(await screen.findByRole("button", { name: "Send a new code" }));
    expect(given.sendCode).toHaveBeenCalledTimes(2);
    await userEvent.type(screen.getByLabelText(/Order number/), "4");
    expect(screen.queryByRole("textbox", { name: /Code from the e-mail/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Send me a code" })).toBeTruthy();
  });
});

describe("the phone code (portal method phone)", () => {
  it("texts a code for the order and phone, then finds the order with it", async () => {
    const given = calls();
    show(given, { authentication: "phone" });
    // The method decides the contact: no e-mail field and no choice.
    expect(screen.queryByRole("radio", { name: "Phone number" })).toBeNull();
    expect(screen.queryByRole("textbox", { name: /E-mail/ })).toBeNull();
    await userEvent.type(screen.getByLabelText(/Order number/), "1003");
    await userEvent.click(screen.getByRole("button", { name: "Send me a code" }));
    expect(screen.getByText("This field is required")).toBeTruthy();
    expect(given.sendCode).not.toHaveBeenCalled();

    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Country code" }), "NL");
    await userEvent.type(screen.getByLabelText(/Phone number/, { selector: "input[type=tel]" }), "06 1234 5678");
    await userEvent.click(screen.getByRole("button", { name: "Send me a code" }));
    expect(given.sendCode).toHaveBeenCalledWith({ orderNumber: "1003", phone: "+31 612345678" });
    expect((await screen.findByRole("status")).textContent).toBe(
      "We sent a 6-digit code to +31 612345678. It expires in 10 minutes.",
    );
    const codeField = screen.getByRole("textbox", { name: /Code from the text message/ });
    // The keyboard goes to the code, and back to it after a new one is sent.
    await waitFor(() => expect(document.activeElement).toBe(codeField));
    await userEvent.click(screen.getByRole("button", { name: "Send a new code" }));
    await waitFor(() => expect(given.sendCode).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(document.activeElement).toBe(codeField));
    await userEvent.type(codeField, "123456");
    await userEvent.click(screen.getByRole("button", { name: "Find my order" }));
    expect(given.getOrder).toHaveBeenCalledWith({ orderNumber: "1003", phone: "+31 612345678", code: "123456" });
    expect(await screen.findByRole("heading", { name: "Order details" })).toBeTruthy();
  });

  it("asks for a new code when the phone changes, and says so when the text could not be sent", async () => {
    const given = calls({
      sendCode: vi
        .fn()
        .mockResolvedValueOnce({ orderName: "#1003", expiresInMinutes: 10 })
        .mockRejectedValueOnce(new WidgetApiError("We couldn't send the text message.", 503)),
    });
    show(given, { authentication: "phone", language: "nl" });
    await userEvent.type(screen.getByLabelText(/Bestelnummer/), "1003");
    const phoneField = screen.getByLabelText(/Telefoonnummer/, { selector: "input[type=tel]" });
    await userEvent.type(phoneField, "612345678");
    await userEvent.click(screen.getByRole("button", { name: nl.sendCode }));
    expect(await screen.findByRole("textbox", { name: new RegExp(nl.smsCode) })).toBeTruthy();
    await userEvent.type(phoneField, "9");
    expect(screen.queryByRole("textbox", { name: new RegExp(nl.smsCode) })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: nl.sendCode }));
    expect((await screen.findByRole("alert")).textContent).toBe(nl.textNotSent);
  });
});

describe("the order details", () => {
  it("shows payment, each shipment with its carrier and Track button, and Not eligible for a shipped order", async () => {
    show(calls({ getOrder: vi.fn().mockResolvedValue(shipped) }));
    await track("1001", "emma@example.com");
    const order = await screen.findByRole("region", { name: "Order #1001" });
    expect(order.textContent).toContain("Payment: paid");
    expect(order.textContent).toContain("In transit");
    expect(order.textContent).toContain("Shipped with DHL Express");
    const link = screen.getByRole("link", { name: /Track JD0146/ });
    expect(link.getAttribute("href")).toBe("https://www.dhl.com/track?id=JD0146");
    expect(screen.getByRole("heading", { name: "Not eligible" })).toBeTruthy();
    expect(screen.getByText("This order has already shipped, so it can no longer be cancelled here.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Request cancellation" })).toBeNull();
  });

  it("says a cancelled order is already cancelled", async () => {
    const cancelled = { order: card({ cancelledAt: "2026-11-21T10:00:00.000Z" }), cancellation: shipped.cancellation };
    show(calls({ getOrder: vi.fn().mockResolvedValue(cancelled) }));
    await track("1005", "emma@example.com");
    expect(await screen.findByText("This order is already cancelled.")).toBeTruthy();
  });
});

describe("the portal's Order Actions and Action Rules (decision 048)", () => {
  it("shows no cancellation at all when the shop has them off, and shipments without tracking", async () => {
    const untracked: ManageOrderGetResponse = {
      order: {
        ...shipped.order,
        fulfillments: shipped.order.fulfillments.map((shipment) => ({
          ...shipment,
          company: null,
          trackingNumber: null,
          trackingURL: null,
        })),
      },
      cancellation: {
        isEligible: false,
        reason: "This shop does not take cancellation requests here. Please ask in the chat.",
        isOffered: false,
        rule: null,
      },
    };
    show(calls({ getOrder: vi.fn().mockResolvedValue(untracked) }));
    await track("1001", "emma@example.com");
    const order = await screen.findByRole("region", { name: "Order #1001" });
    expect(order.textContent).toContain("In transit");
    expect(order.textContent).toContain("Classic tee");
    expect(order.textContent).not.toContain("Shipped with");
    expect(screen.queryByRole("link", { name: /Track/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Request cancellation" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Not eligible" })).toBeNull();
  });

  it("words the failed condition in the visitor's language", async () => {
    const tooOld: ManageOrderGetResponse = {
      order: card({ name: "#2001" }),
      cancellation: {
        isEligible: false,
        reason: "Not eligible: orders can be cancelled here only within 7 days of ordering.",
        isOffered: true,
        rule: "too_old",
      },
    };
    show(calls({ getOrder: vi.fn().mockResolvedValue(tooOld) }), { language: "nl" });
    await userEvent.type(screen.getByLabelText(/Bestelnummer/), "2001");
    await userEvent.type(screen.getByRole("textbox", { name: /E-mail/ }), "emma@example.com");
    await userEvent.click(screen.getByRole("button", { name: nl.findOrder }));
    expect(await screen.findByRole("heading", { name: nl.notEligible })).toBeTruthy();
    expect(screen.getByText(nl.notEligibleTooOld)).toBeTruthy();
    expect(screen.queryByRole("button", { name: nl.requestCancellation })).toBeNull();
  });

  it("asks no reason when the shop asks none, and sends the request with none", async () => {
    const given = calls({ reasons: vi.fn().mockResolvedValue({ askReason: false, allowOther: false, reasons: [] }) });
    show(given);
    await track("1003", "emma@example.com");
    await userEvent.click(await screen.findByRole("button", { name: "Request cancellation" }));
    const send = await screen.findByRole("button", { name: "Send cancellation request" });
    expect(screen.queryByRole("radio")).toBeNull();
    await userEvent.click(send);
    expect(given.requestCancellation).toHaveBeenCalledWith(expect.objectContaining({ reason: "none" }));
  });
});

describe("the cancellation request", () => {
  it("waits for the shop's reasons, asks for one, and for words with Other", async () => {
    let giveReasons: (value: typeof reasons) => void = () => {};
    const given = calls({ reasons: vi.fn(() => new Promise<typeof reasons>((resolve) => (giveReasons = resolve))) });
    show(given);
    await track("1003", "emma@example.com");
    await userEvent.click(await screen.findByRole("button", { name: "Request cancellation" }));
    expect(screen.getByRole("heading", { name: "Cancel order #1003" })).toBeTruthy();
    expect(document.querySelector("[aria-busy=true]")).not.toBeNull();
    giveReasons(reasons);
    expect(await screen.findByRole("radio", { name: "I changed my mind" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Other" })).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Send cancellation request" }));
    expect(screen.getByText("Choose a reason")).toBeTruthy();
    await userEvent.click(screen.getByRole("radio", { name: "Other" }));
    await userEvent.click(screen.getByRole("button", { name: "Send cancellation request" }));
    expect(screen.getAllByText("Tell us the reason").length).toBeGreaterThan(0);
    expect(given.requestCancellation).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole("textbox", { name: /Tell us the reason/ }), "Moving house");
    await userEvent.click(screen.getByRole("button", { name: "Send cancellation request" }));
    expect(given.requestCancellation).toHaveBeenCalledWith({
      orderNumber: "1003",
      email: "emma@example.com",
      reason: "other",
      otherReason: "Moving house",
      clientKey: expect.any(String),
    });
  });

  it("shows a refusal, sends again with the same key, then confirms and leads to the chat", async () => {
    const given = calls({
      requestCancellation: vi
        .fn()
        .mockRejectedValueOnce(new WidgetApiError("Not eligible: this order has already shipped.", 409))
        .mockResolvedValue(sent),
    });
    const { onToChat } = show(given);
    await track("1003", "emma@example.com");
    await userEvent.click(await screen.findByRole("button", { name: "Request cancellation" }));
    await userEvent.click(await screen.findByRole("radio", { name: "I changed my mind" }));
    await userEvent.click(screen.getByRole("button", { name: "Send cancellation request" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Not eligible. This order has already shipped, so it can no longer be cancelled here.",
    );
    await userEvent.click(screen.getByRole("button", { name: "Send cancellation request" }));
    const [first, second] = vi.mocked(given.requestCancellation).mock.calls;
    expect(second?.[0].clientKey).toBe(first?.[0].clientKey);

    expect(await screen.findByRole("heading", { name: "Cancellation requested" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe(
      "We received your request to cancel order #1003. Our team will review it and get back to you in the chat.",
    );
    await userEvent.click(screen.getByRole("button", { name: "Go to the chat" }));
    expect(onToChat).toHaveBeenCalledWith(sent.chatID);
  });

  it("says why the reasons could not be loaded, and tries again", async () => {
    const given = calls({
      reasons: vi.fn().mockRejectedValueOnce(new WidgetApiError("", 503)).mockResolvedValue(reasons),
    });
    show(given);
    await track("1003", "emma@example.com");
    await userEvent.click(await screen.findByRole("button", { name: "Request cancellation" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The shop's order system is not answering. Please try again later.",
    );
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("radio", { name: "Delivery takes too long" })).toBeTruthy();
  });
});

describe("reporting an Order Issue (decision 054)", () => {
  const PARCEL = "10000000-0000-4000-8000-0000000000a1";
  const DELIVERED = "10000000-0000-4000-8000-0000000000a2";
  const LATE = "10000000-0000-4000-8000-0000000000a3";
  const DAMAGED = "10000000-0000-4000-8000-0000000000a4";
  const withIssues: ManageOrderGetResponse = {
    ...eligible,
    issues: [
      { id: PARCEL, question: "Where is my parcel?", parentID: null },
      { id: DELIVERED, question: "It says delivered", parentID: PARCEL },
      { id: LATE, question: "It is late", parentID: PARCEL },
      { id: DAMAGED, question: "The box was damaged", parentID: null },
    ],
  };
  const reported = (answer: string | null): ReportIssueResponse => ({
    orderName: "#1003",
    issue: { id: DELIVERED, question: "It says delivered" },
    answer,
    isHandedOff: answer === null,
    reportedAt: "2026-11-22T10:00:00.000Z",
    isReplay: false,
    chatID: "10000000-0000-4000-8000-000000000009",
  });

  it("offers no report when the shop has no issues", async () => {
    show(calls());
    await track("1003", "emma@example.com");
    await screen.findByRole("heading", { name: "Order details" });
    expect(screen.queryByRole("button", { name: "Report an issue" })).toBeNull();
  });

  it("asks for an issue, then for one of its sub-issues, and shows the shop's answer", async () => {
    const given = calls({
      getOrder: vi.fn().mockResolvedValue(withIssues),
      reportIssue: vi.fn().mockResolvedValue(reported("Please check with your neighbours.")),
    });
    const { onToChat } = show(given);
    await track("1003", "emma@example.com");
    await userEvent.click(await screen.findByRole("button", { name: "Report an issue" }));
    expect(screen.getByRole("heading", { name: "Report an issue" })).toBeTruthy();
    const top = screen.getByRole("group", { name: "What went wrong?" });
    expect(Array.from(top.querySelectorAll("label")).map((label) => label.textContent)).toEqual([
      "Where is my parcel?",
      "The box was damaged",
    ]);

    await userEvent.click(screen.getByRole("button", { name: "Send report" }));
    expect(screen.getByText("Choose an issue")).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Where is my parcel?" }).getAttribute("aria-invalid")).toBe("true");
    await userEvent.click(screen.getByRole("radio", { name: "Where is my parcel?" }));
    const more = screen.getByRole("group", { name: "Where is my parcel?: which fits best?" });
    expect(Array.from(more.querySelectorAll("label")).map((label) => label.textContent)).toEqual([
      "It says delivered",
      "It is late",
    ]);
    await userEvent.click(screen.getByRole("button", { name: "Send report" }));
    expect(given.reportIssue).not.toHaveBeenCalled();
    // By keyboard: into the sub-issues, the first one picked with Space.
    screen.getByRole("radio", { name: "It says delivered" }).focus();
    await userEvent.keyboard(" ");
    await userEvent.click(screen.getByRole("button", { name: "Send report" }));
    expect(given.reportIssue).toHaveBeenCalledWith({
      orderNumber: "1003",
      email: "emma@example.com",
      issueID: DELIVERED,
      clientKey: expect.any(String),
    });

    expect(await screen.findByRole("heading", { name: "Issue reported" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("We noted your issue with order #1003. The shop says:");
    expect(screen.getByText("Please check with your neighbours.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Go to the chat" }));
    expect(onToChat).toHaveBeenCalledWith("10000000-0000-4000-8000-000000000009");
  });

  it("says the team will reply when the issue has no answer, after a retry with the same key", async () => {
    const given = calls({
      getOrder: vi.fn().mockResolvedValue(withIssues),
      reportIssue: vi.fn().mockRejectedValueOnce(new TypeError("Failed to fetch")).mockResolvedValue(reported(null)),
    });
    show(given);
    await track("1003", "emma@example.com");
    await userEvent.click(await screen.findByRole("button", { name: "Report an issue" }));
    await userEvent.click(screen.getByRole("radio", { name: "The box was damaged" }));
    await userEvent.click(screen.getByRole("button", { name: "Send report" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to fetch");
    await userEvent.click(screen.getByRole("button", { name: "Send report" }));
    const [first, second] = vi.mocked(given.reportIssue).mock.calls;
    expect(second?.[0].clientKey).toBe(first?.[0].clientKey);
    expect(second?.[0].issueID).toBe(DAMAGED);
    expect((await screen.findByRole("status")).textContent).toBe(
      "We passed your issue with order #1003 to our team. They will reply in the chat.",
    );
  });

  it("words a removed issue, then sends the next choice with a new key", async () => {
    const given = calls({
      getOrder: vi.fn().mockResolvedValue(withIssues),
      reportIssue: vi
        .fn()
        .mockRejectedValueOnce(new WidgetApiError("Choose one of the issues offered.", 400))
        .mockResolvedValue(reported(null)),
    });
    show(given, { language: "nl" });
    await userEvent.type(screen.getByLabelText(/Bestelnummer/), "1003");
    await userEvent.type(screen.getByRole("textbox", { name: /E-mail/ }), "emma@example.com");
    await userEvent.click(screen.getByRole("button", { name: nl.findOrder }));
    await userEvent.click(await screen.findByRole("button", { name: nl.reportIssue }));
    await userEvent.click(screen.getByRole("radio", { name: "The box was damaged" }));
    await userEvent.click(screen.getByRole("button", { name: nl.sendIssue }));
    expect((await screen.findByRole("alert")).textContent).toBe(nl.issueGone);
    await userEvent.click(screen.getByRole("button", { name: nl.sendIssue }));
    const [first, second] = vi.mocked(given.reportIssue).mock.calls;
    expect(second?.[0].clientKey).not.toBe(first?.[0].clientKey);
    expect(await screen.findByRole("heading", { name: nl.issueSent })).toBeTruthy();
  });
});

import { describe, expect, it } from "vitest";
import type { ShopifyOrder } from "../../integrations/shopify/shopify.client";
import { cancellationBlock } from "./cancellation-conditions";

const NOW = new Date("2026-11-28T12:00:00.000Z");
const NONE = { maxOrderAgeDays: null, paymentStatuses: [], excludedSkus: [] };

const order = (overrides: Partial<ShopifyOrder> = {}): ShopifyOrder => ({
  id: "gid://shopify/Order/1",
  name: "#1",
  email: "emma@example.com",
  phone: null,
  customer: null,
  shippingAddress: null,
  createdAt: "2026-11-25T12:00:00.000Z",
  cancelledAt: null,
  cancelReason: null,
  financialStatus: "PAID",
  fulfillmentStatus: "UNFULFILLED",
  total: { amount: "10.00", currencyCode: "EUR" },
  lineItems: [
    { title: "Tote", variantTitle: null, quantity: 1, imageUrl: null, sku: "TOTE", unfulfilledQuantity: 1 },
    { title: "Gift card", variantTitle: null, quantity: 1, imageUrl: null, sku: null, unfulfilledQuantity: 1 },
  ],
  fulfillments: [],
  refunds: [],
  ...overrides,
});

describe("cancellationBlock (decision 048)", () => {
  it("lets an unshipped order through with no conditions, and always stops a cancelled or shipped one", () => {
    expect(cancellationBlock(NONE, order(), NOW)).toBeNull();
    expect(cancellationBlock(NONE, order({ cancelledAt: "2026-11-26T00:00:00Z" }), NOW)?.rule).toBe("cancelled");
    expect(cancellationBlock(NONE, order({ fulfillmentStatus: "PARTIALLY_FULFILLED" }), NOW)?.rule).toBe("shipped");
  });

  it("counts the age in whole days from the order's time, and an unreadable date is not recent", () => {
    const threeDays = { ...NONE, maxOrderAgeDays: 3 };
    expect(cancellationBlock(threeDays, order(), NOW)).toBeNull();
    expect(cancellationBlock(threeDays, order({ createdAt: "2026-11-25T11:59:00.000Z" }), NOW)?.rule).toBe("too_old");
    expect(cancellationBlock(threeDays, order({ createdAt: "not a date" }), NOW)?.rule).toBe("too_old");
    expect(cancellationBlock({ ...NONE, maxOrderAgeDays: 1 }, order(), NOW)?.message).toBe(
      "Not eligible: orders can be cancelled here only within 1 day of ordering.",
    );
  });

  it("takes only the payment statuses listed, and an order without one fails a list", () => {
    const pendingOnly = { ...NONE, paymentStatuses: ["PENDING" as const, "AUTHORIZED" as const] };
    expect(cancellationBlock(pendingOnly, order({ financialStatus: "AUTHORIZED" }), NOW)).toBeNull();
    expect(cancellationBlock(pendingOnly, order(), NOW)?.rule).toBe("payment_status");
    expect(cancellationBlock(pendingOnly, order({ financialStatus: null }), NOW)?.rule).toBe("payment_status");
  });

  it("stops an order with an excluded SKU in any case, and ignores items without one", () => {
    expect(cancellationBlock({ ...NONE, excludedSkus: ["tote"] }, order(), NOW)?.rule).toBe("product");
    expect(cancellationBlock({ ...NONE, excludedSkus: ["GIFT"] }, order(), NOW)).toBeNull();
  });
});

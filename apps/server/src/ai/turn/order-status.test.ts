import type { OrderCard } from "@harbor/contract/orders";
import { describe, expect, it } from "vitest";
import { describeOrderStatus, orderStatusOf } from "./order-status";

const item = { title: "Classic tee", variantTitle: null, imageSrc: null, quantity: 1 };
const shipment = (shipmentStatus: string | null, status = "success") => ({
  status,
  shipmentStatus,
  updatedAt: null,
  company: "PostNL",
  trackingNumber: "3S123",
  trackingURL: null,
  items: [item],
});
const card = (overrides: Partial<OrderCard> & { cancelledAt?: string }): OrderCard => ({
  order: { name: "#1042", createdAt: null, financialStatus: "paid", cancelledAt: overrides.cancelledAt ?? null },
  customer: null,
  fulfillments: [],
  processingItems: [],
  refunds: [],
  ...overrides,
});

describe("an order's state in words, from its card alone", () => {
  it.each([
    ["not shipped", card({ processingItems: [item] }), "orderStatusProcessing"],
    ["in transit", card({ fulfillments: [shipment("in_transit")] }), "orderStatusShipped"],
    ["label printed only", card({ fulfillments: [shipment("label_printed")] }), "orderStatusShipped"],
    ["out for delivery", card({ fulfillments: [shipment("out_for_delivery")] }), "orderStatusOutForDelivery"],
    ["delivered", card({ fulfillments: [shipment("delivered")] }), "orderStatusDelivered"],
    [
      "one delivered, one item to come",
      card({ fulfillments: [shipment("delivered")], processingItems: [item] }),
      "orderStatusPartlyShipped",
    ],
    ["failed delivery", card({ fulfillments: [shipment("failure", "failure")] }), "orderStatusFailed"],
    ["refunded, nothing shipped", card({ refunds: [{ createdAt: null, products: [item] }] }), "orderStatusRefunded"],
    [
      "cancelled",
      card({ cancelledAt: "2026-11-01T00:00:00Z", refunds: [{ createdAt: null, products: [item] }] }),
      "orderStatusCancelled",
    ],
  ] as const)("%s → %s", (_name, order, expected) => {
    expect(orderStatusOf(order)).toBe(expected);
  });

  it("names the carrier and tracking number of the shipment under way, in the visitor's language", () => {
    const shipped = card({ fulfillments: [shipment("in_transit")] });
    expect(describeOrderStatus(shipped, "en")).toBe(
      "Order #1042 has been shipped and is on its way. Carrier: PostNL, tracking number 3S123. You'll find the details below.",
    );
    expect(describeOrderStatus(shipped, "nl")).toBe(
      "Bestelling #1042 is verzonden en onderweg. Vervoerder: PostNL, trackingnummer 3S123. Hieronder zie je de details.",
    );
    expect(describeOrderStatus(shipped, "he")).toContain("מספר מעקב 3S123");
    // Delivered: no tracking to follow any more.
    expect(describeOrderStatus(card({ fulfillments: [shipment("delivered")] }), "en")).toBe(
      "Order #1042 has been delivered. You'll find the details below.",
    );
  });
});

import type { CancellationRule } from "@harbor/contract/orders";
import type { CancellationConditions } from "@harbor/contract/widget";
import type { ShopifyOrder } from "../../integrations/shopify/shopify.client";

export type CancellationBlock = { rule: CancellationRule; message: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Why a cancellation may not be requested for this order, or null (decision 048). Always: not
 * cancelled and nothing shipped, since a request cannot stop what has left. Then the portal's
 * Action Rules conditions, each read from the order as Shopify answers it.
 */
export function cancellationBlock(
  conditions: CancellationConditions,
  order: ShopifyOrder,
  now: Date,
): CancellationBlock | null {
  if (order.cancelledAt) return { rule: "cancelled", message: "Not eligible: this order is already cancelled." };
  const isShipped = order.fulfillments.some((fulfillment) => fulfillment.status !== "CANCELLED");
  if (isShipped || order.fulfillmentStatus !== "UNFULFILLED") {
    return { rule: "shipped", message: "Not eligible: this order has already shipped." };
  }
  const { maxOrderAgeDays, paymentStatuses, excludedSkus } = conditions;
  if (maxOrderAgeDays !== null) {
    const placedAt = Date.parse(order.createdAt);
    // An order whose date cannot be read is not known to be recent enough.
    if (!Number.isFinite(placedAt) || now.getTime() - placedAt > maxOrderAgeDays * DAY_MS) {
      return {
        rule: "too_old",
        message: `Not eligible: orders can be cancelled here only within ${maxOrderAgeDays} ${maxOrderAgeDays === 1 ? "day" : "days"} of ordering.`,
      };
    }
  }
  if (paymentStatuses.length > 0 && !paymentStatuses.some((status) => status === order.financialStatus)) {
    return { rule: "payment_status", message: "Not eligible: this order's payment status does not allow it." };
  }
  if (excludedSkus.length > 0) {
    const excluded = new Set(excludedSkus.map((sku) => sku.toLowerCase()));
    if (order.lineItems.some((line) => line.sku !== null && excluded.has(line.sku.toLowerCase()))) {
      return { rule: "product", message: "Not eligible: this order has an item that cannot be cancelled here." };
    }
  }
  return null;
}

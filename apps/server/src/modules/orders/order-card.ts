import type { OrderCard, OrderItem } from "@harbor/contract/orders";
import type { ShopifyOrder, ShopifyOrderItem } from "../../integrations/shopify/shopify.client";

const item = (line: ShopifyOrderItem, quantity = line.quantity): OrderItem => ({
  title: line.title,
  variantTitle: line.variantTitle,
  imageSrc: line.imageUrl,
  quantity: Math.max(1, quantity),
});

const lower = (value: string | null) => (value === null ? null : value.toLowerCase());

/**
 * A Shopify order as the order card shows it (spec part 1 §3): every value comes from the shop,
 * nothing is filled in. A shipment's status is the fulfillment's, its shipment status the
 * carrier's latest word; items not shipped and not refunded are still being prepared.
 */
export function toOrderCard(order: ShopifyOrder): OrderCard {
  return {
    order: {
      name: order.name,
      createdAt: order.createdAt,
      financialStatus: lower(order.financialStatus),
      cancelledAt: order.cancelledAt,
    },
    customer: order.customer
      ? { name: order.customer.displayName || null, email: order.customer.email ?? order.email }
      : order.email
        ? { name: null, email: order.email }
        : null,
    fulfillments: order.fulfillments.map((fulfillment) => {
      const tracking = fulfillment.tracking[0];
      return {
        status: lower(fulfillment.status),
        shipmentStatus: lower(fulfillment.displayStatus),
        updatedAt: fulfillment.updatedAt,
        company: tracking?.company ?? null,
        trackingNumber: tracking?.number ?? null,
        trackingURL: tracking?.url ?? null,
        items: fulfillment.items.map((line) => item(line)),
      };
    }),
    processingItems: order.cancelledAt
      ? []
      : order.lineItems
          .filter((line) => line.unfulfilledQuantity > 0)
          .map((line) => item(line, line.unfulfilledQuantity)),
    refunds: order.refunds.map((refund) => ({
      createdAt: refund.createdAt,
      products: refund.items.map((line) => item(line)),
    })),
  };
}

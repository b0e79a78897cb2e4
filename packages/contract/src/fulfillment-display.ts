/**
 * How an order card shows a fulfillment, one rule for the inbox and the widget (spec part 1 §4:
 * fulfillment status icons). The shipment statuses in_transit, out_for_delivery and delivered
 * come first; a refunded fulfillment shows refund; anything not yet on its way shows processing.
 */
export type FulfillmentDisplay =
  | "processing"
  | "shipped"
  | "in_transit"
  | "out_for_delivery"
  | "delivered"
  | "failed"
  | "refund";

const SHIPMENT_FIRST = new Set(["in_transit", "out_for_delivery", "delivered"]);
const FAILED = new Set(["cancelled", "failure", "error"]);
const SHIPPED = new Set(["open", "success", "attempted_delivery", "in_transit", "out_for_delivery"]);

export function fulfillmentDisplay(fulfillment: {
  status?: string | null;
  shipmentStatus?: string | null;
}): FulfillmentDisplay {
  const shipment = fulfillment.shipmentStatus ?? "";
  if (SHIPMENT_FIRST.has(shipment)) return shipment as FulfillmentDisplay;
  const status = fulfillment.status ?? shipment;
  if (FAILED.has(status)) return "failed";
  if (status === "delivered") return "delivered";
  if (status === "refund") return "refund";
  if (SHIPPED.has(status)) return "shipped";
  return "processing";
}

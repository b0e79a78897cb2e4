import type { VisitorLanguage } from "@harbor/contract/ai-agent";
import { fulfillmentDisplay } from "@harbor/contract/fulfillment-display";
import type { OrderCard } from "@harbor/contract/orders";
import { fillTurnPhrase, type TurnPhrases, turnPhrases } from "./turn-phrases";

type StatusPhrase = keyof Pick<
  TurnPhrases,
  | "orderStatusCancelled"
  | "orderStatusRefunded"
  | "orderStatusDelivered"
  | "orderStatusOutForDelivery"
  | "orderStatusShipped"
  | "orderStatusPartlyShipped"
  | "orderStatusProcessing"
  | "orderStatusFailed"
>;

/** Which of the status sentences the shop's data says, most telling first. */
export function orderStatusOf(card: OrderCard): StatusPhrase {
  if (card.order.cancelledAt) return "orderStatusCancelled";
  const shipments = card.fulfillments.map((fulfillment) => fulfillmentDisplay(fulfillment));
  const live = shipments.filter((status) => status !== "failed" && status !== "refund");
  const isStillPreparing = card.processingItems.length > 0;
  if (shipments.includes("failed") && live.length === 0) return "orderStatusFailed";
  if (live.length === 0) {
    if (isStillPreparing) return "orderStatusProcessing";
    return card.refunds.length > 0 ? "orderStatusRefunded" : "orderStatusProcessing";
  }
  if (live.includes("out_for_delivery")) return "orderStatusOutForDelivery";
  if (live.every((status) => status === "delivered") && !isStillPreparing) return "orderStatusDelivered";
  if (isStillPreparing) return "orderStatusPartlyShipped";
  return "orderStatusShipped";
}

/**
 * The reply that goes with an order card: the order's state, the carrier and tracking number of
 * the shipment still under way, and a pointer to the card. Every fact is read from the card
 * (the shop's data); nothing is estimated.
 */
export function describeOrderStatus(card: OrderCard, language: VisitorLanguage): string {
  const phrases = turnPhrases[language];
  const number = card.order.name.replace(/^#/, "");
  const sentences = [fillTurnPhrase(phrases[orderStatusOf(card)], { number })];
  const underWay = card.order.cancelledAt
    ? undefined
    : card.fulfillments.find((fulfillment) => {
        const status = fulfillmentDisplay(fulfillment);
        return status !== "delivered" && status !== "failed" && status !== "refund" && status !== "processing";
      });
  if (underWay?.company && underWay.trackingNumber) {
    sentences.push(
      fillTurnPhrase(phrases.orderTracking, { carrier: underWay.company, tracking: underWay.trackingNumber }),
    );
  }
  sentences.push(phrases.orderCardBelow);
  return sentences.join(" ");
}

import type { VisitorLanguage } from "@harbor/contract/ai-agent";
import type { OrderCard } from "@harbor/contract/orders";
import type { DialogueState, OrderReference, TurnIntent, TurnOutcome } from "@harbor/contract/turn";
import type { OrderLookupResult } from "../pipeline/engine-ports";
import { describeOrderStatus } from "./order-status";
import { fillTurnPhrase, turnPhrases } from "./turn-phrases";

/** The reply to a turn whose order was looked up (or could not be). */
export type OrderLookupReply = {
  outcome: TurnOutcome;
  text: string;
  state: DialogueState;
  handsOff: boolean;
  /** Found: the card shown under the reply. */
  orderCard: OrderCard | null;
  /** Found: the order's state was told, so "did this resolve your question?" may follow. */
  isAnswered: boolean;
};

/** The order details as the visitor gave them, for the reply that passes them on. */
export function describeOrderReference(order: OrderReference, language: VisitorLanguage): string {
  const word = { en: "order", nl: "bestelling", he: "הזמנה" }[language];
  const contact = [order.email, order.phone].filter(Boolean).join(", ");
  return `${word} ${order.number?.startsWith("#") ? "" : "#"}${order.number} (${contact})`;
}

/**
 * What to say once the lookup answered: the order's real state with its card; "not found" and
 * a request to send the details again; a person offered after too many misses; and, with no shop
 * connected or the shop not answering, a person takes the details (never a guessed status).
 */
export function orderLookupReply(
  result: OrderLookupResult,
  context: { intent: TurnIntent; order: OrderReference; language: VisitorLanguage },
): OrderLookupReply {
  const { order, language } = context;
  const phrases = turnPhrases[language];
  const passOn = (template: string): OrderLookupReply => ({
    outcome: "order_lookup",
    text: fillTurnPhrase(template, { order: describeOrderReference(order, language) }),
    state: { offer: null, awaiting: null, order },
    handsOff: true,
    orderCard: null,
    isAnswered: false,
  });
  switch (result.kind) {
    case "found":
      return {
        outcome: "order_lookup",
        text: describeOrderStatus(result.card, language),
        state: { offer: null, awaiting: null, order },
        handsOff: false,
        orderCard: result.card,
        isAnswered: true,
      };
    case "not_found":
      if (result.attemptsLeft > 0) {
        return {
          outcome: "order_flow",
          text: fillTurnPhrase(phrases.orderNotFound, { number: (order.number ?? "").replace(/^#/, "") }),
          // The number stays; new contact details complete it again (or a new number replaces it).
          state: { offer: null, awaiting: "order_details", order: { number: order.number, email: null, phone: null } },
          handsOff: false,
          orderCard: null,
          isAnswered: false,
        };
      }
      return locked();
    case "locked":
      return locked();
    case "not_connected":
      return passOn(phrases.orderHandoff);
    case "unavailable":
      return passOn(phrases.orderUnavailable);
  }

  function locked(): OrderLookupReply {
    return {
      outcome: "handoff_offered",
      text: phrases.orderLocked,
      state: { offer: "handoff", awaiting: null, order: null },
      handsOff: false,
      orderCard: null,
      isAnswered: false,
    };
  }
}

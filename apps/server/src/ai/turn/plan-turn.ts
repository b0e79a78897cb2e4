import type { VisitorLanguage } from "@harbor/contract/ai-agent";
import type { OrderCard } from "@harbor/contract/orders";
import type { DialogueState, OrderReference, TurnIntent, TurnOutcome, TurnRecord } from "@harbor/contract/turn";
import { isCompleteOrderReference, mergeOrderReference } from "./order-reference";
import { fillTurnPhrase, turnPhrases } from "./turn-phrases";
import type { TurnUnderstanding } from "./understand-turn";

/**
 * What to do with a turn: say something of the conversation's own (a hello back, a handoff, a
 * request for order details) or search the knowledge base and answer. The dialogue state is what
 * the chat remembers between turns: an offer on the table ("yes please" accepts it), order
 * details asked for (a bare "48099" is then the order number), what was given so far.
 */
export type TurnPlan =
  | {
      kind: "reply";
      intent: TurnIntent;
      outcome: TurnOutcome;
      text: string;
      state: DialogueState;
      /** The chat goes to the team (a person takes over; the AI stays silent). */
      handsOff: boolean;
      /** A looked-up order, shown as a card under the reply. */
      orderCard?: OrderCard;
      /** The reply told what was asked (an order's state): the resolve question may follow. */
      isAnswered?: boolean;
    }
  | {
      kind: "lookup";
      intent: TurnIntent;
      /** Number and e-mail or phone, complete: the engine looks it up and replies with what it found. */
      order: OrderReference;
    }
  | {
      kind: "answer";
      intent: TurnIntent;
      /** The question to answer from the knowledge base. */
      question: string;
      /** The state to carry past the answer (order details asked for stay asked for). */
      state: DialogueState;
    };

export function planTurn(
  understanding: TurnUnderstanding,
  context: { state: DialogueState; language: VisitorLanguage; personaName: string; isFirstReply: boolean },
): TurnPlan {
  const { intent } = understanding;
  const { state, language } = context;
  const phrases = turnPhrases[language];
  // An offer stands for one turn: whatever the visitor says next answers or replaces it.
  const kept: DialogueState = { offer: null, awaiting: state.awaiting, order: state.order };
  const reply = (outcome: TurnOutcome, text: string, options: { state?: DialogueState; handsOff?: boolean } = {}) =>
    ({
      kind: "reply",
      intent,
      outcome,
      text,
      state: options.state ?? kept,
      handsOff: options.handsOff ?? false,
    }) as const;
  const handoff = (text = phrases.handoff) =>
    reply("handoff", text, { handsOff: true, state: { offer: null, awaiting: null, order: state.order } });

  const orderFlow = () => {
    const order = mergeOrderReference(state.order, understanding.order);
    // Everything a lookup needs: the engine looks it up in the shop (order-lookup-reply.ts).
    if (isCompleteOrderReference(order)) return { kind: "lookup", intent, order } as const;
    const text =
      order.number === null && order.email === null && order.phone === null
        ? phrases.orderAskAll
        : order.number === null
          ? phrases.orderAskNumber
          : fillTurnPhrase(phrases.orderAskContact, { number: order.number });
    return reply("order_flow", text, { state: { offer: null, awaiting: "order_details", order } });
  };

  switch (intent) {
    case "greeting":
      return reply(
        "acknowledged",
        context.isFirstReply
          ? fillTurnPhrase(phrases.greetingFirst, { name: context.personaName })
          : phrases.greetingAgain,
      );
    case "thanks":
      return reply("acknowledged", phrases.thanks);
    case "goodbye":
      return reply("acknowledged", phrases.goodbye, { state: { offer: null, awaiting: null, order: state.order } });
    case "affirm":
      return state.offer === "handoff" ? handoff() : reply("acknowledged", phrases.affirmedNothing);
    case "deny":
      return reply("acknowledged", phrases.offerDeclined);
    case "human_request":
      return handoff();
    case "order_reference":
    case "order_question":
      return orderFlow();
    case "complaint":
      if (understanding.hasAttachment) return handoff(phrases.damageHandoff);
      if (understanding.isAboutOwnOrder) return orderFlow();
      // "It arrived broken": what the shop's policy says about it, from the knowledge base.
      if (understanding.isDamageReport)
        return { kind: "answer", intent, question: understanding.question, state: kept };
      return reply("handoff_offered", phrases.offerHandoffUnhappy, { state: { ...kept, offer: "handoff" } });
    case "question":
      return { kind: "answer", intent, question: understanding.question, state: kept };
  }
}

/** The record of a turn answered from the knowledge base: answered, or declined with a person offered. */
export function answeredTurn(
  plan: Extract<TurnPlan, { kind: "answer" }>,
  result: { isAnswered: boolean; parts?: TurnRecord["parts"] },
): TurnRecord {
  return {
    intent: plan.intent,
    outcome: result.isAnswered ? "answered" : "declined",
    state: { ...plan.state, offer: result.isAnswered ? null : "handoff" },
    resolvePrompt: result.isAnswered,
    ...(result.parts ? { parts: result.parts } : {}),
  };
}

/** The record of a turn the conversation answered itself. */
export function repliedTurn(plan: Extract<TurnPlan, { kind: "reply" }>): TurnRecord {
  return { intent: plan.intent, outcome: plan.outcome, state: plan.state, resolvePrompt: plan.isAnswered ?? false };
}

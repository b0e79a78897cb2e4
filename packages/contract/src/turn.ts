/**
 * A visitor's turn as the AI understood it, and the small dialogue state a chat keeps between
 * turns (what was offered, what is awaited). The server records it on each AI reply
 * (`messageData.turn`); the widget reads it to choose what to show under the reply (the resolve
 * question only after a real answer, yes/no buttons under an offer, the handoff card). Plain
 * types and constants, no zod, so the widget can import it without a schema library.
 */

/** What the visitor's turn is. */
export const TURN_INTENTS = [
  "greeting",
  "thanks",
  "goodbye",
  /** Asks for a person in words. */
  "human_request",
  /** Yes to what was just offered. */
  "affirm",
  /** No to what was just offered. */
  "deny",
  /** A damaged, wrong or missing item, or plain dissatisfaction. */
  "complaint",
  /** Gives an order number, e-mail or phone (usually because it was asked). */
  "order_reference",
  /** About their own order: status, tracking, cancel, change, its refund. */
  "order_question",
  /** A question the knowledge base may answer. */
  "question",
] as const;
export type TurnIntent = (typeof TURN_INTENTS)[number];

/** What the reply did. */
export const TURN_OUTCOMES = [
  /** Answered from the knowledge base. */
  "answered",
  /** Said it does not know, and offered a person. */
  "declined",
  /** Offered a person and waits for yes or no. */
  "handoff_offered",
  /** Handed the chat to a person. */
  "handoff",
  /** Asked for what an order lookup needs. */
  "order_flow",
  /** Had what an order lookup needs and used it (looked up, or handed to a person with it). */
  "order_lookup",
  /** A short polite reply (hello, thanks, bye, "no thanks"). */
  "acknowledged",
] as const;
export type TurnOutcome = (typeof TURN_OUTCOMES)[number];

/** The visitor's buttons under an offer; sent with the question instead of being read from text. */
export const QUICK_REPLIES = ["accept_offer", "decline_offer"] as const;
export type QuickReply = (typeof QUICK_REPLIES)[number];

/** What the visitor has told us about their order so far. */
export type OrderReference = { number: string | null; email: string | null; phone: string | null };

/** What the chat remembers between turns. */
export type DialogueState = {
  /** What the last reply offered, for a "yes please" to accept. */
  offer: "handoff" | null;
  /** What the last reply asked for and the next turn may give. */
  awaiting: "order_details" | null;
  order: OrderReference | null;
};

export const EMPTY_DIALOGUE_STATE: DialogueState = { offer: null, awaiting: null, order: null };

/**
 * Why the extractive engine answered or declined one question (or one part of a compound
 * question): how much of the question its chosen sentences cover, against the bar it must clear,
 * and each of the question's concepts with its weight (rarer in the passages weighs more) and how
 * well the answer covers it (0–1). A remote model's answers carry none.
 */
export const GROUNDS_VERDICTS = [
  /** The chosen sentences cover enough of the question. */
  "covered",
  /** Nothing retrieved shares a word with the question. */
  "nothing-found",
  /** They cover too little of it. */
  "too-little-covered",
  /** A yes/no question's subject ("do you sell *ropes*?") is nowhere in them. */
  "subject-missing",
  /** They speak of the product the question names, but not of what it asks about it. */
  "asked-missing",
] as const;
export type GroundsVerdict = (typeof GROUNDS_VERDICTS)[number];

export type AnswerGrounds = {
  question: string;
  verdict: GroundsVerdict;
  coverage: number;
  threshold: number;
  concepts: { words: string; weight: number; covered: number; isRequired: boolean; isSeen?: boolean }[];
};

/** `messageData.turn` on an AI reply. */
export type TurnRecord = {
  intent: TurnIntent;
  outcome: TurnOutcome;
  /** The state after this reply. */
  state: DialogueState;
  /** Whether "Did this resolve your question?" belongs under this reply. */
  resolvePrompt: boolean;
  /** Compound questions: how many parts were asked, and how many were answered. */
  parts?: { asked: number; answered: number };
  /** Why it answered or declined, per question part (extractive engine only). */
  grounds?: AnswerGrounds[];
};

/** Reads `messageData.turn` defensively (stored data from older versions may lack it). */
export function turnOf(messageData: Record<string, unknown> | null | undefined): TurnRecord | null {
  const turn = messageData?.turn as Partial<TurnRecord> | undefined;
  if (!turn || typeof turn !== "object") return null;
  if (!TURN_INTENTS.includes(turn.intent as TurnIntent) || !TURN_OUTCOMES.includes(turn.outcome as TurnOutcome)) {
    return null;
  }
  const state = turn.state ?? EMPTY_DIALOGUE_STATE;
  return {
    intent: turn.intent as TurnIntent,
    outcome: turn.outcome as TurnOutcome,
    state: {
      offer: state.offer === "handoff" ? "handoff" : null,
      awaiting: state.awaiting === "order_details" ? "order_details" : null,
      order: state.order ?? null,
    },
    resolvePrompt: turn.resolvePrompt === true,
    ...(turn.parts ? { parts: turn.parts } : {}),
    ...(Array.isArray(turn.grounds) ? { grounds: turn.grounds } : {}),
  };
}

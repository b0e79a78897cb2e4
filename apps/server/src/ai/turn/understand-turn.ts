import type { VisitorLanguage } from "@harbor/contract/ai-agent";
import type { DialogueState, OrderReference, QuickReply, TurnIntent } from "@harbor/contract/turn";
import { normaliseForMatching } from "../embeddings/local-hashing-embedder";
import { isOrderSpecificQuestion } from "./order-question";
import { hasOrderReference, orderReferenceIn, withoutOrderReference } from "./order-reference";
import {
  AFFIRMATIONS,
  DAMAGE_PATTERNS,
  DENIALS,
  DISSATISFACTION_PATTERNS,
  FILLER,
  GOODBYES,
  GREETINGS,
  HUMAN_REQUEST_PATTERNS,
  SHORT_HUMAN_REQUESTS,
  THANKS,
} from "./turn-lexicon";

/** What the visitor's turn is, before any knowledge is searched. */
export type TurnUnderstanding = {
  intent: TurnIntent;
  /** Order details this message gives (all null when none). */
  order: OrderReference;
  /** About their own order (status, cancel, refund of it), so the knowledge base cannot answer it. */
  isAboutOwnOrder: boolean;
  /** Something of theirs arrived damaged, wrong or incomplete. */
  isDamageReport: boolean;
  /** The visitor is unhappy with the shop or the service. */
  isDissatisfied: boolean;
  /** The message carries a file (a photo of the problem, usually). */
  hasAttachment: boolean;
  /** The message as a question for the knowledge base: a leading greeting taken off ("" when none is left). */
  question: string;
};

/** A request for a person made in a few words ("agent please", "een medewerker"). */
const SHORT_MESSAGE_WORDS = 4;
/** What may be left beside order details for the message to count as just giving them ("here you go"). */
const REFERENCE_ONLY_WORDS = 2;

/** Lower case, no diacritics, apostrophes and punctuation as spaces: "That's it!" → "that s it". */
export function normaliseTurn(text: string): string {
  return normaliseForMatching(text)
    .replace(/[’'`´]/g, " ")
    .replace(/[^\p{L}\p{N}@.#+-]+/gu, " ")
    .replace(/(?<=\p{L})[.]+|[.]+(?=\s|$)/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const byLength = (phrases: string[]) => [...phrases].sort((a, b) => b.length - a.length);
const PHRASE_SETS = {
  greeting: byLength(GREETINGS),
  thanks: byLength(THANKS),
  goodbye: byLength(GOODBYES),
  affirm: byLength(AFFIRMATIONS),
  deny: byLength(DENIALS),
};
type PhraseKind = keyof typeof PHRASE_SETS;

/**
 * The kinds of phrase that make up the whole message, with filler words allowed around them:
 * "ok thanks a lot!" is thanks; "yes, and how much is delivery?" is not a plain yes.
 */
function wholeMessageKinds(normalised: string, kinds: PhraseKind[]): Set<PhraseKind> {
  let rest = ` ${normalised} `;
  const found = new Set<PhraseKind>();
  for (const kind of kinds) {
    for (const phrase of PHRASE_SETS[kind]) {
      const pattern = ` ${phrase} `;
      while (rest.includes(pattern)) {
        rest = rest.replace(pattern, " ");
        found.add(kind);
      }
    }
  }
  const leftover = rest.split(" ").filter((word) => word && !FILLER.has(word));
  return leftover.length === 0 ? found : new Set();
}

/** A greeting in front of a question ("Hi, how long does delivery take?"): the question without it. */
function withoutLeadingGreeting(text: string): string {
  const normalised = normaliseTurn(text);
  for (const greeting of PHRASE_SETS.greeting) {
    if (normalised.startsWith(`${greeting} `)) {
      // Drop as many words of the original as the greeting has (punctuation travels with them).
      const words = greeting.split(" ").length;
      return text
        .trim()
        .split(/\s+/)
        .slice(words)
        .join(" ")
        .replace(/^[\s,.!:;-]+/, "");
    }
  }
  return text.trim();
}

function isHumanRequest(normalised: string): boolean {
  if (HUMAN_REQUEST_PATTERNS.some((pattern) => pattern.test(normalised))) return true;
  const words = normalised.split(" ").filter((word) => !FILLER.has(word));
  return words.length <= SHORT_MESSAGE_WORDS && SHORT_HUMAN_REQUESTS.has(words.join(" "));
}

function contentWordsOf(text: string): string[] {
  return normaliseTurn(text)
    .split(" ")
    .filter((word) => word.length > 0 && !FILLER.has(word) && !/^[#@.+-]+$/.test(word));
}

/** Words that only announce order details ("order", "email", "my phone is"), not a question of their own. */
const REFERENCE_WORDS = new Set(
  [
    "order number no nr id email e-mail mail address phone telephone mobile is it s my its here this the and",
    "ordernummer bestelnummer bestelling order nummer e-mail mailadres emailadres telefoon telefoonnummer mobiel mijn is het en",
    "הזמנה מספר ההזמנה המייל מייל אימייל הטלפון טלפון נייד שלי זה הוא ו",
  ]
    .join(" ")
    .split(" "),
);

/**
 * The turn's intent from the lexicon and patterns (turn-lexicon.ts, order-reference.ts), in
 * priority order: a button's answer; thanks, bye, hello, yes, no as the whole message; a request
 * for a person; order details given; a question about their own order; a complaint; else a
 * question for the knowledge base. The same for every engine and visitor language.
 */
export function understandTurn(input: {
  text: string;
  language: VisitorLanguage;
  state: DialogueState;
  hasAttachment: boolean;
  quickReply?: QuickReply;
}): TurnUnderstanding {
  const { text, state } = input;
  const normalised = normaliseTurn(text);
  const order = orderReferenceIn(text, { isAwaited: state.awaiting === "order_details" });
  const isAboutOwnOrder = isOrderSpecificQuestion(text, input.language);
  const isDamageReport = DAMAGE_PATTERNS.some((pattern) => pattern.test(normalised));
  const isDissatisfied = DISSATISFACTION_PATTERNS.some((pattern) => pattern.test(normalised));
  const question = withoutLeadingGreeting(text);
  const understood = (intent: TurnIntent): TurnUnderstanding => ({
    intent,
    order,
    isAboutOwnOrder,
    isDamageReport,
    isDissatisfied,
    hasAttachment: input.hasAttachment,
    question,
  });

  if (input.quickReply) return understood(input.quickReply === "accept_offer" ? "affirm" : "deny");
  // A photo with a few words ("here is a photo") shows something wrong with an order.
  if (input.hasAttachment && (isDamageReport || contentWordsOf(text).length <= SHORT_MESSAGE_WORDS)) {
    return understood("complaint");
  }
  if (normalised.length === 0) return understood("question");

  const whole = wholeMessageKinds(normalised, ["thanks", "goodbye", "greeting"]);
  if (whole.has("thanks")) return understood("thanks");
  if (whole.has("goodbye")) return understood("goodbye");
  if (whole.has("greeting")) return understood("greeting");
  const answer = wholeMessageKinds(normalised, ["deny", "affirm"]);
  if (answer.has("deny")) return understood("deny");
  if (answer.has("affirm")) return understood("affirm");

  if (isHumanRequest(normalised)) return understood("human_request");

  if (hasOrderReference(order)) {
    // Just the details ("#1042 and emma@…", "order 1042, my phone is …"), or details with a question.
    const rest = contentWordsOf(withoutOrderReference(text, order)).filter((word) => !REFERENCE_WORDS.has(word));
    if (rest.length === 0 || (rest.length <= REFERENCE_ONLY_WORDS && !isAboutOwnOrder)) {
      return understood("order_reference");
    }
    if (order.number !== null || isAboutOwnOrder || state.awaiting === "order_details") {
      return understood(isDissatisfied ? "complaint" : "order_question");
    }
  }
  // "My parcel arrived damaged" is about their order, but it is a complaint: the plan still starts
  // the order flow for it, and the inbox and analytics count it as what it is.
  if (isAboutOwnOrder) return understood(isDissatisfied || isDamageReport ? "complaint" : "order_question");
  if (isDamageReport || isDissatisfied) return understood("complaint");
  return understood("question");
}

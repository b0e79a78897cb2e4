import { NEEDS_ORDER, NO_ANSWER } from "./answer-prompt";

export type AnswerSentinel = typeof NO_ANSWER | typeof NEEDS_ORDER;

/** The order matters when both appear: the order flow can still help, "no answer" can't. */
const SENTINELS: AnswerSentinel[] = [NEEDS_ORDER, NO_ANSWER];
/** Enough non-space characters to tell "NEEDS_ORDER" (11) from an answer that starts alike. */
const DECIDING_CHARACTERS = 12;
/** An unclosed "[" is waited on this long (as in "[12, 13"); longer, it is plain text. */
const MAX_MARKER_LENGTH = 24;
/** A citation marker and the space before it: "[1]", "[2, 3]"; "[1][2]" is two. */
const MARKER = /\s*\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;

export type StreamVerdict = {
  /** Everything handed to the reader, joined and trimmed. */
  text: string;
  /** Set when the model said it has no answer or needs the order; nothing after it was handed on. */
  sentinel: AnswerSentinel | null;
  /** Passage numbers the model cited (1-based, first citation first, each once). */
  citedNumbers: number[];
};

/**
 * Stands between the model's stream and the visitor. It holds text back just long enough to
 * (1) drop citation markers, which may arrive split over chunks ("[" then "1]"), and (2) keep the
 * sentinels NO_ANSWER / NEEDS_ORDER from ever showing: nothing is released until the first
 * characters show the reply is not one of them. Markers only count when they name one of the
 * `passageCount` passages, so "[2024]" in an answer stays text.
 */
export function createAnswerStreamFilter(passageCount: number) {
  let raw = "";
  let pending = "";
  let released = "";
  let isDecided = false;
  let sentinel: AnswerSentinel | null = null;

  const isCitation = (numbers: string) =>
    numbers.split(",").every((number) => {
      const value = Number(number.trim());
      return value >= 1 && value <= passageCount;
    });
  const stripMarkers = (text: string) =>
    text.replace(MARKER, (marker, numbers: string) => (isCitation(numbers) ? "" : marker));

  function release(isFinal: boolean): string {
    const found = SENTINELS.find((candidate) => pending.includes(candidate));
    if (found) {
      sentinel = found;
      pending = "";
      return "";
    }
    const text = stripMarkers(pending);
    const cut = isFinal ? text.length : holdBackFrom(text);
    let out = text.slice(0, cut);
    pending = text.slice(cut);
    if (isFinal) out = out.trimEnd();
    if (!released) out = out.trimStart();
    released += out;
    return out;
  }

  return {
    /** Takes the next piece from the model; returns what may be shown now (often ""). */
    push(piece: string): string {
      raw += piece;
      if (sentinel) return "";
      pending += piece;
      if (!isDecided) {
        const head = pending.replace(/\s+/g, "");
        // Markdown around a sentinel ("**NO_ANSWER**") must not leak its asterisks either.
        const bare = head.replace(/^[^\p{L}\p{N}]+/u, "");
        const couldBeSentinel = SENTINELS.some((candidate) => candidate.startsWith(bare));
        if (head.length < DECIDING_CHARACTERS && couldBeSentinel) return "";
        isDecided = true;
      }
      return release(false);
    },
    /** The stream ended: whatever was still held back, if it may be shown. */
    end(): string {
      if (sentinel) return "";
      isDecided = true;
      return release(true);
    },
    verdict(): StreamVerdict {
      const citedNumbers: number[] = [];
      for (const [, numbers = ""] of raw.matchAll(MARKER)) {
        if (!isCitation(numbers)) continue;
        for (const number of numbers.split(",").map((n) => Number(n.trim()))) {
          if (!citedNumbers.includes(number)) citedNumbers.push(number);
        }
      }
      return { text: released.trim(), sentinel, citedNumbers };
    },
  };
}

/**
 * Where the text that may still change begins: trailing space (a marker may follow and take it
 * along), an unclosed "[" with digits, or an ending that could grow into a sentinel.
 */
function holdBackFrom(text: string): number {
  let cut = text.length;
  const open = text.lastIndexOf("[");
  if (open >= 0 && text.length - open <= MAX_MARKER_LENGTH && /^\[[\d\s,]*$/.test(text.slice(open))) cut = open;
  for (let length = Math.min(text.length, NEEDS_ORDER.length); length > 0; length--) {
    const ending = text.slice(-length);
    if (SENTINELS.some((candidate) => candidate.startsWith(ending))) {
      cut = Math.min(cut, text.length - length);
      break;
    }
  }
  // The space before whatever is held stays with it: a dropped marker takes its space along.
  while (cut > 0 && /\s/.test(text.charAt(cut - 1))) cut--;
  return cut;
}

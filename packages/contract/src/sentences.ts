import { BUBBLE_SPLIT_AFTER } from "./ai-agent";

/**
 * Where sentences end in shop text, in English, Dutch and Hebrew alike (they share . ! ?).
 * Used to cut knowledge passages into sentences (server) and answers into chat bubbles (server,
 * widget and inbox), so they never disagree about what a sentence is.
 */

/** Words that end in a full stop without ending the sentence ("e.g. iDEAL", "approx. 3 days", "bijv. PayPal"). */
const ABBREVIATIONS = new Set(["approx", "incl", "excl", "vs", "mr", "mrs", "ms", "dr", "ca", "bijv", "resp"]);
/** These only abbreviate before a number ("order no. 1043"); elsewhere "no." ends a sentence. */
const NUMBER_ABBREVIATIONS = new Set(["no", "nr", "tel", "art"]);

/** A sentence end may carry closing quotes or brackets: `…today.")` still ends there. */
const CLOSERS = new Set(['"', "'", ")", "]", "”", "’", "»", "״"]);

function isAbbreviation(text: string, dotIndex: number, following: string | undefined): boolean {
  const word = /([\p{L}.]+)$/u.exec(text.slice(Math.max(0, dotIndex - 12), dotIndex))?.[1]?.toLowerCase() ?? "";
  if (!word) return false;
  if (NUMBER_ABBREVIATIONS.has(word)) return following !== undefined && /\d/.test(following);
  // Dotted initialisms such as "e.g", "i.e", "o.a" or "d.w.z", whatever their letters.
  return ABBREVIATIONS.has(word) || /^(?:\p{L}\.)+\p{L}$/u.test(word);
}

/**
 * Offsets just past each sentence end: a `.`, `!`, `?` or `…` (runs such as `?!` count once),
 * plus any closing quotes, followed by whitespace or the end of the text. A dot between digits
 * ("4.95") is never followed by whitespace, so numbers stay whole; known abbreviations and a
 * lower-case continuation ("approx. three") do not end a sentence either.
 */
export function sentenceEnds(text: string): number[] {
  const ends: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? "";
    if (!".!?…".includes(ch)) continue;
    let end = i + 1;
    while (end < text.length && ".!?…".includes(text[end] ?? "")) end++;
    while (end < text.length && CLOSERS.has(text[end] ?? "")) end++;
    const next = text[end];
    if (next !== undefined && !/\s/.test(next)) {
      i = end - 1;
      continue;
    }
    const following = /\S/.exec(text.slice(end))?.[0];
    const isContinuation = following !== undefined && /\p{Ll}/u.test(following);
    if (ch === "." && end === i + 1 && (isAbbreviation(text, i, following) || isContinuation)) continue;
    ends.push(end);
    i = end - 1;
  }
  return ends;
}

/** The text cut at its sentence ends, trimmed, without empty pieces. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const end of sentenceEnds(text)) {
    const sentence = text.slice(start, end).trim();
    if (sentence) sentences.push(sentence);
    start = end;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/**
 * Answer text as chat bubbles (spec part 1: "split into separate bubbles at the first sentence
 * end after 200 characters"), applied again to what remains. A long sentence stays whole: a
 * bubble never ends mid-sentence, and a number such as "4.95" is never a sentence end.
 */
export function splitIntoBubbles(text: string): string[] {
  const bubbles: string[] = [];
  let rest = text.trim();
  while (rest) {
    const current = rest;
    const end = sentenceEnds(current).find((offset) => offset >= BUBBLE_SPLIT_AFTER && offset < current.length);
    if (end === undefined) {
      bubbles.push(current);
      break;
    }
    bubbles.push(current.slice(0, end).trim());
    rest = current.slice(end).trim();
  }
  return bubbles;
}

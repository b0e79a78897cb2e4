import { BUBBLE_SPLIT_AFTER } from "@harbor/contract/ai-agent";

/*
 * The server's rule (apps/server/src/ai/answer/split-bubbles.ts and sentence-boundaries.ts), kept
 * in step by hand: the dashboard cannot import server code, and stored answers are one text.
 */

/** Words that end in a full stop without ending the sentence ("e.g. iDEAL", "approx. 3 days"). */
const ABBREVIATIONS = new Set(["approx", "incl", "excl", "vs", "mr", "mrs", "ms", "dr", "ca", "bijv", "resp"]);
/** These only abbreviate before a number ("order no. 1043"). */
const NUMBER_ABBREVIATIONS = new Set(["no", "nr", "tel", "art"]);
const CLOSERS = new Set(['"', "'", ")", "]", "”", "’", "»", "״"]);
const ENDERS = ".!?…";

function isAbbreviation(text: string, dotIndex: number, following: string | undefined): boolean {
  const word = /([\p{L}.]+)$/u.exec(text.slice(Math.max(0, dotIndex - 12), dotIndex))?.[1]?.toLowerCase() ?? "";
  if (!word) return false;
  if (NUMBER_ABBREVIATIONS.has(word)) return following !== undefined && /\d/.test(following);
  return ABBREVIATIONS.has(word) || /^(?:\p{L}\.)+\p{L}$/u.test(word);
}

/**
 * Offsets just past each sentence end: `.`, `!`, `?` or `…` (plus closing quotes) followed by
 * whitespace or the end. A dot inside a number ("4.95") is not followed by whitespace, so it never
 * counts; abbreviations and a lower-case continuation do not end a sentence either.
 */
function sentenceEnds(text: string): number[] {
  const ends: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? "";
    if (!ENDERS.includes(ch)) continue;
    let end = i + 1;
    while (end < text.length && ENDERS.includes(text[end] ?? "")) end++;
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

/**
 * An AI answer as chat bubbles: cut at the first sentence end after 200 characters (spec part 1
 * §9), then again in what remains. A long sentence stays whole.
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

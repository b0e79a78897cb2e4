import { BUBBLE_SPLIT_AFTER } from "@harbor/contract/ai-agent";
import { sentenceEnds } from "./sentence-boundaries";

/**
 * Answer text as chat bubbles (spec part 1: "split into separate bubbles at the first sentence
 * end after 200 characters"), applied again to what remains. A long sentence stays whole: a
 * bubble never ends mid-sentence, and a number such as "4.95" is never a sentence end.
 */
export function splitIntoBubbles(text: string): string[] {
  const bubbles: string[] = [];
  let rest = text.trim();
  while (rest) {
    const end = sentenceEnds(rest).find((offset) => offset >= BUBBLE_SPLIT_AFTER && offset < rest.length);
    if (end === undefined) {
      bubbles.push(rest);
      break;
    }
    bubbles.push(rest.slice(0, end).trim());
    rest = rest.slice(end).trim();
  }
  return bubbles;
}

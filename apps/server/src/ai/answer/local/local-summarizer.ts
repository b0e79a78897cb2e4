import { splitSentences } from "@harbor/contract/sentences";
import type { Summarizer } from "../answer-types";
import { localUsage } from "./local-usage";
import { shortenMessage } from "./shorten-message";

/** The running summary a chat keeps for the inbox and for handoffs. */
export const SUMMARY_MAX = 500;

/** Summary labels per visitor language; the summary is read by staff, who read the chat's language. */
const LABELS = {
  en: { asked: "Customer asked", answered: "AI answered" },
  nl: { asked: "Klant vroeg", answered: "AI antwoordde" },
  he: { asked: "הלקוח שאל", answered: "ה-AI ענה" },
} as const;

const ENTRY_SEPARATOR = "\n";

/**
 * Extractive running summary: one line per exchange ("Customer asked: … AI answered: <first
 * sentence of the answer>"), appended to the previous summary; the oldest lines are dropped to
 * stay within 500 characters, since the latest exchanges matter most to whoever picks the chat up.
 */
export function createLocalSummarizer(): Summarizer {
  return {
    async summarize(input) {
      input.signal?.throwIfAborted();
      const labels = LABELS[input.language];
      const firstSentence = splitSentences(input.answer.replace(/\s+/g, " ").trim())[0] ?? "";
      const entry = `${labels.asked}: ${shortenMessage(input.question, 150)} ${labels.answered}: ${shortenMessage(firstSentence, 200)}`;
      const lines = [...input.previousSummary.split(ENTRY_SEPARATOR).filter((line) => line.trim()), entry];
      while (lines.length > 1 && lines.join(ENTRY_SEPARATOR).length > SUMMARY_MAX) lines.shift();
      const joined = lines.join(ENTRY_SEPARATOR);
      return {
        // One entry is shorter than the limit by construction; the cut only guards a huge previous line.
        summary: joined.length <= SUMMARY_MAX ? joined : shortenMessage(joined, SUMMARY_MAX),
        usage: localUsage({ read: [input.previousSummary, input.question, input.answer], written: [entry] }),
      };
    },
  };
}

import type { AnswerOutcome, VisitorLanguage } from "@harbor/contract/ai-agent";
import { splitSentences } from "@harbor/contract/sentences";
import type { Summarizer } from "../answer-types";
import { localUsage } from "./local-usage";
import { shortenMessage } from "./shorten-message";

/** The running summary a chat keeps for the inbox and for handoffs. */
export const SUMMARY_MAX = 500;
/** At most this many source titles name where an answer came from; the first is the best. */
const TITLES_SHOWN = 2;

type Labels = {
  asked: string;
  answered: string;
  answeredFrom: (titles: string) => string;
  replied: string;
  /** What became of a question that got no answer from the knowledge, as a sentence. */
  notFound: string;
  orderFlow: string;
  handoff: string;
  failed: string;
};

/** Summary words per visitor language; the summary is read by staff, who read the chat's language. */
const LABELS: Record<VisitorLanguage, Labels> = {
  en: {
    asked: "Customer asked",
    answered: "AI answered",
    answeredFrom: (titles) => `AI answered from ${titles}`,
    replied: "AI replied",
    notFound: "Not in the help articles; a person was offered.",
    orderFlow: "The AI asked for the order details.",
    handoff: "Handed to a person.",
    failed: "The AI could not answer (the model was unavailable).",
  },
  nl: {
    asked: "Klant vroeg",
    answered: "AI antwoordde",
    answeredFrom: (titles) => `AI antwoordde uit ${titles}`,
    replied: "AI reageerde",
    notFound: "Staat niet in de hulpartikelen; een medewerker is aangeboden.",
    orderFlow: "De AI vroeg om de bestelgegevens.",
    handoff: "Doorgezet naar een medewerker.",
    failed: "De AI kon niet antwoorden (het model was niet bereikbaar).",
  },
  he: {
    asked: "הלקוח שאל",
    answered: "ה-AI ענה",
    answeredFrom: (titles) => `ה-AI ענה לפי ${titles}`,
    replied: "ה-AI הגיב",
    notFound: "לא נמצא במאמרי העזרה; הוצע נציג.",
    orderFlow: "ה-AI ביקש את פרטי ההזמנה.",
    handoff: "הועבר לנציג.",
    failed: "ה-AI לא הצליח לענות (המודל לא היה זמין).",
  },
};

const ENTRY_SEPARATOR = "\n";

/** What became of the question, in the staff's words: the answer's gist and its pages, or why there was none. */
function resultOf(labels: Labels, input: { answer: string; outcome: AnswerOutcome; sourceTitles: string[] }): string {
  const firstSentence = shortenMessage(splitSentences(input.answer.replace(/\s+/g, " ").trim())[0] ?? "", 200);
  switch (input.outcome) {
    case "answered": {
      // Bidi-isolated, so a Hebrew summary naming English pages keeps its punctuation in place.
      const titles = [...new Set(input.sourceTitles)]
        .slice(0, TITLES_SHOWN)
        .map((title) => `“\u2068${shortenMessage(title, 60)}\u2069”`)
        .join(", ");
      return `${titles ? labels.answeredFrom(titles) : labels.answered}: ${firstSentence}`;
    }
    case "no-match":
      return labels.notFound;
    case "needs-order":
      return labels.orderFlow;
    case "handoff":
      return labels.handoff;
    case "provider-failed":
      return labels.failed;
    default:
      return `${labels.replied}: ${firstSentence}`;
  }
}

/**
 * Extractive running summary for whoever picks the chat up: one line per exchange, what the
 * customer asked and what became of it ("Customer asked: … AI answered from “Returns”: <first
 * sentence>", "… Not in the help articles; a person was offered."), appended to the previous
 * summary; the oldest lines are dropped to stay within 500 characters, since the latest
 * exchanges matter most.
 */
export function createLocalSummarizer(): Summarizer {
  return {
    isInstant: true,
    async summarize(input) {
      input.signal?.throwIfAborted();
      const labels = LABELS[input.language];
      // A question typed without its own full stop or question mark gets one, or it runs into what
      // became of it ("… talk to a human Handed to a person.").
      const question = shortenMessage(input.question, 150).replace(/([^.?!…？。])\s*$/u, "$1.");
      const entry = `${labels.asked}: ${question} ${resultOf(labels, input)}`;
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

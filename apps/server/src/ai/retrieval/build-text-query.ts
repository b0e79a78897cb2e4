import { withoutHebrewPrefixes } from "../lexicon/hebrew-prefixes";
import { detectLanguage } from "./detect-language";

/**
 * What to hand PostgreSQL for one question: the configurations whose lexemes are OR-ed together
 * (a question's words in any of the shop's languages), and extra raw words for Hebrew.
 */
export function textQueryPlan(question: string): { configs: ("english" | "dutch" | "simple")[]; extraWords: string[] } {
  const language = detectLanguage(question);
  if (language === "he" || language === "other") {
    const words = question.match(/[\p{L}\p{N}]+/gu) ?? [];
    // Hebrew's prefix letters off: "ובמשלוח" also searches "במשלוח" and "משלוח".
    const stripped = words.flatMap((word) => withoutHebrewPrefixes(word));
    // English and Dutch too: the expansion brings in those languages' words for the same things.
    return { configs: ["simple", "english", "dutch"], extraWords: stripped };
  }
  // Visitors write in a language other than the knowledge base's often enough (an English question
  // about a Dutch page): both stemmers' lexemes go into one OR query.
  return { configs: ["english", "dutch"], extraWords: [] };
}

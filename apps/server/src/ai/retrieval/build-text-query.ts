import { detectLanguage } from "./detect-language";

/** Hebrew's one-letter prefixes (and, the, in, to, from, that, as): "ובמשלוח" also searches "משלוח". */
const HEBREW_PREFIXES = /^[והבלמשכ]{1,2}(?=[\u0590-\u05ff]{2,})/;

/**
 * What to hand PostgreSQL for one question: the configurations whose lexemes are OR-ed together
 * (a question's words in any of the shop's languages), and extra raw words for Hebrew.
 */
export function textQueryPlan(question: string): { configs: ("english" | "dutch" | "simple")[]; extraWords: string[] } {
  const language = detectLanguage(question);
  if (language === "he" || language === "other") {
    const words = question.match(/[\p{L}\p{N}]+/gu) ?? [];
    const stripped = words.map((word) => word.replace(HEBREW_PREFIXES, "")).filter((word, i) => word !== words[i]);
    // English and Dutch too: the expansion brings in those languages' words for the same things.
    return { configs: ["simple", "english", "dutch"], extraWords: stripped };
  }
  // Visitors write in a language other than the knowledge base's often enough (an English question
  // about a Dutch page): both stemmers' lexemes go into one OR query.
  return { configs: ["english", "dutch"], extraWords: [] };
}

import { normaliseForMatching } from "../../embeddings/local-hashing-embedder";

/**
 * What kind of fact a question asks for, read from its question words ("how much", "hoe lang",
 * "כמה זמן"), and whether a sentence states such a fact. A sentence that holds a price when the
 * visitor asked "how much" is likelier to be the answer than one that only shares the topic;
 * this is the one piece of "reading comprehension" an engine without a model can do cheaply.
 */
export type AnswerKind = "price" | "duration" | "clock" | "weight" | "temperature" | "percentage" | "measure" | "limit";

/**
 * Question phrases per kind, in English, Dutch and Hebrew (normalised: lower case, no accents).
 * Single words among them are "answered by a value": "jaar" in "hoeveel jaar garantie" is
 * matched by "2 years" even though the passage never says "jaar".
 */
const QUESTION_CUES: Record<AnswerKind, string[]> = {
  price: [
    ...["how much", "cost", "costs", "price", "prices", "pricing", "fee", "fees", "charge", "charged", "worth"],
    ...["amount", "expensive", "cheap", "kost", "kosten", "prijs", "prijzen", "tarief", "waard"],
    ...["עולה", "עולים", "מחיר", "עלות", "שווה"],
  ],
  duration: [
    ...["how long", "when", "how many days", "how many weeks", "how many months", "how many years", "how soon"],
    ...["how quickly", "how fast", "valid", "validity", "expire", "expires", "period", "window", "days", "weeks"],
    ...["months", "years", "hoe lang", "lang", "wanneer", "dagen", "weken", "maanden", "jaar", "tijd", "hoe snel"],
    ...["geldig", "termijn", "מתי", "זמן", "ימים", "שבועות", "חודשים", "שנים", "תוקף", "בתוקף"],
  ],
  clock: [
    ...["what time", "until when", "how late", "cut-off", "cutoff", "opening hours", "open", "hours", "deadline"],
    ...["hoe laat", "laat", "tot wanneer", "openingstijden", "geopend", "שעה", "באיזו שעה", "עד מתי", "פתוח"],
  ],
  weight: [
    ...["weigh", "weighs", "weight", "heavy", "wegen", "weegt", "gewicht", "zwaar"],
    ...["שוקל", "שוקלת", "שוקלים", "משקל", "כבד"],
  ],
  temperature: ["temperature", "degrees", "how hot", "temperatuur", "graden", "טמפרטורה", "בטמפרטורה", "מעלות"],
  percentage: ["discount", "percent", "percentage", "korting", "procent", "הנחה", "אחוז", "אחוזים"],
  measure: [
    ...["what size", "which size", "how big", "how large", "dimensions", "length", "volume", "capacity", "litres"],
    ...["liters", "fit", "fits", "welke maat", "hoe groot", "afmeting", "inhoud", "מידה", "גודל", "נפח"],
  ],
  limit: [
    ...["max", "maximum", "minimum", "limit", "at most", "at least", "threshold", "maximaal", "minimaal", "limiet"],
    ...["מקסימום", "מינימום", "לכל היותר", "לפחות"],
  ],
};

/** A stated value of each kind: "€4.95", "14 days", "21:00", "1.9 kg", "30°C", "10%", "102–108 cm". */
const UNIT_END = "(?![\\p{L}\\p{N}])";
const VALUE_PATTERNS: Record<AnswerKind, RegExp> = {
  price: new RegExp(
    `€\\s?\\d|eur\\s?\\d|\\d\\s?(?:eur|euro|euros|₪)${UNIT_END}|(?:^|\\s)(?:free|gratis|חינם)${UNIT_END}`,
    "u",
  ),
  duration: new RegExp(
    `\\d+\\s?(?:(?:–|-|to|tot)\\s?\\d+\\s?)?(?:working |business |werk)?(?:days?|weeks?|months?|years?|hours?|minutes?|dagen|dag|weken|maanden|jaar|uur|minuten|ימים|שבועות|חודשים|שנים|שעות|דקות)${UNIT_END}|\\d-(?:day|year|month|week|hour)`,
    "u",
  ),
  clock: new RegExp(`\\d{1,2}[:.]\\d{2}${UNIT_END}|\\d{1,2}\\s?(?:am|pm|uur)${UNIT_END}|closed|gesloten|סגור`, "u"),
  weight: new RegExp(`\\d\\s?(?:kg|g|gram|grams|kilo|ק"ג|גרם)${UNIT_END}`, "u"),
  temperature: /\d\s?°|degrees|graden|מעלות/u,
  percentage: /\d\s?%/u,
  measure: new RegExp(`\\d\\s?(?:cm|mm|m|l|litres?|liters?|liter|ס"מ|ליטר)${UNIT_END}|eu \\d{2}`, "u"),
  limit: new RegExp(
    `(?:^|\\s)(?:between|up to|at least|at most|maximum|minimum|or more|or less|no more than|from|vanaf|maximaal|minimaal|tussen|לפחות|בין|מקסימום|מינימום)${UNIT_END}`,
    "u",
  ),
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Whole words or phrases only, in any script (`\b` knows only ASCII letters). */
const CUE_PATTERNS = Object.fromEntries(
  Object.entries(QUESTION_CUES).map(([kind, cues]) => [
    kind,
    new RegExp(`(?<![\\p{L}\\p{N}])(?:${cues.map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}])`, "u"),
  ]),
) as Record<AnswerKind, RegExp>;

const KINDS = Object.keys(QUESTION_CUES) as AnswerKind[];

/** "When" asks for a time of some kind, but too loosely to match one FAQ heading to another. */
const LOOSE_CUES = new Set(["when", "wanneer", "מתי"]);
const SPECIFIC_CUE_PATTERNS = Object.fromEntries(
  Object.entries(QUESTION_CUES).map(([kind, cues]) => [
    kind,
    new RegExp(
      `(?<![\\p{L}\\p{N}])(?:${cues
        .filter((cue) => !LOOSE_CUES.has(cue))
        .map(escapeRegExp)
        .join("|")})(?![\\p{L}\\p{N}])`,
      "u",
    ),
  ]),
) as Record<AnswerKind, RegExp>;

export function expectedAnswerKinds(question: string, options: { isSpecificOnly?: boolean } = {}): AnswerKind[] {
  const text = normaliseForMatching(question);
  const patterns = options.isSpecificOnly ? SPECIFIC_CUE_PATTERNS : CUE_PATTERNS;
  return KINDS.filter((kind) => patterns[kind].test(text));
}

export function statesValueOf(kind: AnswerKind, sentence: string): boolean {
  return VALUE_PATTERNS[kind].test(normaliseForMatching(sentence));
}

/** The kinds a single question word asks for by itself ("jaar" → duration, "שוקל" → weight). */
export function kindsOfCueWord(word: string): AnswerKind[] {
  return KINDS.filter((kind) => QUESTION_CUES[kind].includes(word));
}

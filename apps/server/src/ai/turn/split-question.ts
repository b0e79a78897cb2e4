import { normaliseForMatching } from "../embeddings/local-hashing-embedder";

/**
 * Two questions in one message ("How do I return my tee and when do I get my money back?") are
 * answered part by part: each part finds its own passages and is answered, or declined, on its
 * own. A part starts at a question mark, or at "and"/"en"/"ו" followed by a question word; a part
 * that refers back ("can I use two of *them*?") carries the words of the part before it.
 */

/** Words that open a question, after "and" / "en" / "ו". */
const QUESTION_OPENERS = new Set(
  [
    "how what when where which who why whats how's is are can could do does did will would should may might until",
    "hoe wat wanneer waar welke wie waarom hoeveel hoelang is zijn kan kun kunnen mag moet doe doen wordt worden zit tot vanaf",
    "כמה מה מתי איפה איך למה האם אפשר יש צריך מי",
  ]
    .join(" ")
    .split(" "),
);
/** "and" in the three languages; Hebrew writes it as a prefix (ו) on the next word. */
const AND = new Set(["and", "en", "&"]);
const HEBREW_AND_QUESTION = /^ו(כמה|מה|מתי|איפה|איך|למה|האם|אפשר|יש|תוך)/;
/** Words that point back to the previous part's subject. */
const BACK_REFERENCES = new Set(
  "it its them they those that this one ones het die dat deze ze hem haar זה זו אותו אותה אותם אותן".split(" "),
);
/** Words that carry no subject, left out when a part borrows the subject of the part before. */
const FORM_WORDS = new Set(
  [
    "a an the to of in on for with at by from my your our i you we it is are be do does did can could will would",
    "much many long cost costs have has get take takes how what when where which who why there any also",
    // What is asked about a subject, not a subject: "Is there a charge?" asks about the one before.
    "charge charges fee fees price prices extra",
    "de het een van in op voor met bij naar mijn je jij u ik we wij is zijn kan kun kost kosten hoe wat wanneer waar er ook prijs",
    "של את על עם ל ב ה זה כמה מה מתי איפה איך עולה מחיר",
  ]
    .join(" ")
    .split(" "),
);

/** "what's", "how's", "where's": a contraction of a question word opens a question too. */
function isOpener(word: string): boolean {
  return (
    QUESTION_OPENERS.has(word) ||
    QUESTION_OPENERS.has(word.replace(/'s$/, "")) ||
    QUESTION_OPENERS.has(word.replace(/'/g, ""))
  );
}

/** The previous part's subject words ("gift card valid" of "How long is a gift card valid"). */
function subjectOf(part: string): string {
  return (part.match(/[\p{L}\p{N}'-]+/gu) ?? [])
    .filter((word) => !FORM_WORDS.has(normaliseForMatching(word)) && !isOpener(normaliseForMatching(word)))
    .join(" ");
}

/** A part needs this many words to be a question of its own ("and how?" is not). */
const MIN_PART_WORDS = 3;

function wordsIn(text: string): string[] {
  return normaliseForMatching(text).match(/[\p{L}\p{N}']+/gu) ?? [];
}

/** The message's questions, in order; a single question comes back as it is. */
export function splitQuestion(message: string): string[] {
  return questionParts(message).map((part) => part.text);
}

/**
 * A part of a message: its text (with the words it borrowed, in brackets at its end) and whether
 * it is a follow-up on the part before ("Is there a charge?" after "Will you take away my old
 * washing machine?"), which asks about that part's subject rather than one of its own.
 */
export type QuestionPart = { text: string; isFollowUp: boolean };

export function questionParts(message: string): QuestionPart[] {
  const sentences = message
    .split(/(?<=[?!.])\s+(?=\S)/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
  const parts: string[] = [];
  for (const sentence of sentences) {
    const tokens = sentence.split(/\s+/);
    let current: string[] = [];
    for (const [index, token] of tokens.entries()) {
      const word = normaliseForMatching(token).replace(/[^\p{L}\p{N}&]/gu, "");
      const next = normaliseForMatching(tokens[index + 1] ?? "").replace(/[^\p{L}\p{N}]/gu, "");
      const isAndQuestion = AND.has(word) && QUESTION_OPENERS.has(next);
      const isHebrewAndQuestion = HEBREW_AND_QUESTION.test(word);
      if ((isAndQuestion || isHebrewAndQuestion) && current.length >= MIN_PART_WORDS) {
        parts.push(current.join(" ").replace(/[,;]+$/, ""));
        current = isHebrewAndQuestion ? [token.replace(/^ו/, "")] : [];
        continue;
      }
      current.push(token);
    }
    if (current.length > 0) parts.push(current.join(" "));
  }
  // Too short to stand alone, or not a question at all ("I found it cheaper elsewhere"): a
  // statement is context for the question next to it, not a question of its own.
  const isQuestion = (part: string) =>
    /[?？]\s*$/.test(part) || isOpener(wordsIn(part)[0] ?? "") || HEBREW_AND_QUESTION.test(wordsIn(part)[0] ?? "");
  const merged: string[] = [];
  let context = "";
  for (const part of parts) {
    if (!isQuestion(part)) {
      context = `${context} ${part}`.trim();
      continue;
    }
    const withContext = `${context} ${part}`.trim();
    context = "";
    if (merged.length > 0 && wordsIn(part).length < MIN_PART_WORDS) merged[merged.length - 1] += ` ${withContext}`;
    else merged.push(withContext);
  }
  if (context) {
    if (merged.length > 0) merged[merged.length - 1] += ` ${context}`;
    else merged.push(context);
  }
  if (merged.length <= 1) return [{ text: message.trim(), isFollowUp: false }];
  return merged.map((part, index) => {
    const previous = merged[index - 1];
    const refersBack = wordsIn(part).some((word) => BACK_REFERENCES.has(word));
    // "Is there a charge?" after a question about a washing machine asks about that: a part
    // left with no word once its form and attribute words are set aside names no subject of its own.
    const isElliptical = subjectOf(part) === "";
    return previous && (refersBack || isElliptical)
      ? { text: `${part} (${subjectOf(previous)})`, isFollowUp: true }
      : { text: part, isFollowUp: false };
  });
}

import type { RetrievedChunk } from "@harbor/contract/knowledge";
import { normaliseForMatching } from "../../embeddings/local-hashing-embedder";
import { type AnswerKind, expectedAnswerKinds, statesValueOf } from "./answer-cues";
import { keysOf, termsOf } from "./match-terms";
import { type PassageUnit, passageUnits } from "./passage-units";

/** A passage unit ready to be scored: its words as match keys, and the facts it states. */
export type CandidateUnit = PassageUnit & {
  passage: RetrievedChunk;
  /** Retrieval rank of its passage (0 = best). */
  rank: number;
  textKeys: Set<string>;
  headingKeys: Set<string>;
  titleKeys: Set<string>;
  /** Content terms in the unit's own text, for length normalisation. */
  termCount: number;
  /** The asked-for kinds of value it states ("€4.95" for a price question). */
  values: AnswerKind[];
  /** A number from the question falls inside a range it states ("104" in "102–108 cm"). */
  hasNumberInRange: boolean;
  /**
   * Its heading is a question asking for the same kind of fact ("How quickly is it ready?" over
   * "within 2 hours", for "how soon can I pick it up?"): help centres answer FAQ-style.
   */
  isUnderSameQuestion: boolean;
};

/** Product data lines retrieval needs but a visitor doesn't ("Tags: tent, 3-person, own-brand"). */
const NOT_AN_ANSWER = /^tags:/i;
const RANGE = /(\d+(?:[.,]\d+)?)\s?(?:–|-|to|tot)\s?(\d+(?:[.,]\d+)?)/g;

function containsInRange(text: string, numbers: number[]): boolean {
  for (const match of text.matchAll(RANGE)) {
    const low = Number((match[1] ?? "").replace(",", "."));
    const high = Number((match[2] ?? "").replace(",", "."));
    if (numbers.some((n) => low < high && n >= low && n <= high)) return true;
  }
  return false;
}

export function candidateUnits(options: {
  question: string;
  passages: RetrievedChunk[];
  kinds: AnswerKind[];
  /** Units containing any of these phrases are left out (answer rules). */
  excludedPhrases: string[];
}): CandidateUnit[] {
  const excluded = options.excludedPhrases.map(normaliseForMatching).filter(Boolean);
  const questionNumbers = termsOf(options.question)
    .filter((term) => term.isNumber && !term.word.includes(":"))
    .map((term) => Number(term.word));
  const seen = new Set<string>();
  const candidates: CandidateUnit[] = [];
  for (const [rank, passage] of options.passages.entries()) {
    const titleKeys = keysOf(passage.title);
    for (const unit of passageUnits(passage.content, passage.title)) {
      // Neighbouring passages of one document overlap; a repeated sentence is one candidate.
      const normalised = normaliseForMatching(unit.text).replace(/\s+/g, " ");
      if (seen.has(normalised) || NOT_AN_ANSWER.test(unit.text)) continue;
      seen.add(normalised);
      if (excluded.some((phrase) => normalised.includes(phrase))) continue;
      candidates.push({
        ...unit,
        passage,
        rank,
        textKeys: keysOf(unit.text),
        headingKeys: keysOf(unit.heading ?? ""),
        titleKeys,
        termCount: termsOf(unit.text).length,
        values: options.kinds.filter((kind) => statesValueOf(kind, unit.text)),
        hasNumberInRange: containsInRange(unit.text, questionNumbers),
        isUnderSameQuestion:
          unit.heading?.trim().endsWith("?") === true &&
          expectedAnswerKinds(unit.heading, { isSpecificOnly: true }).some((kind) => options.kinds.includes(kind)),
      });
    }
  }
  return candidates;
}

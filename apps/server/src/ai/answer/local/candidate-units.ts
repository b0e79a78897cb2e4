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

/** What a passage's units are, whatever the question: worked out once per passage text. */
type UnitText = PassageUnit & {
  normalised: string;
  isNotAnAnswer: boolean;
  textKeys: Set<string>;
  headingKeys: Set<string>;
  termCount: number;
  /** What a question heading asks for (none when the heading is not a question). */
  headingKinds: AnswerKind[];
};
type PassageText = { titleKeys: Set<string>; units: UnitText[] };

/**
 * Passages read lately, by title and content (not id: a re-synced article has new text). A shop's
 * visitors ask about the same few articles, and splitting and stemming a passage was the larger
 * part of the local answer's CPU (decision 081). Bounded: about 15 kB a passage. The entries are
 * shared by every answer, so nothing downstream may change them (the key sets are only read).
 */
const PASSAGE_CACHE_MAX = 256;
const passageTexts = new Map<string, PassageText>();

function passageText(passage: RetrievedChunk): PassageText {
  const key = `${passage.title}\u0000${passage.content}`;
  const cached = passageTexts.get(key);
  if (cached) {
    // Map order is insertion order: the first key is the least recently used.
    passageTexts.delete(key);
    passageTexts.set(key, cached);
    return cached;
  }
  const text: PassageText = {
    titleKeys: keysOf(passage.title),
    units: passageUnits(passage.content, passage.title).map((unit) => ({
      ...unit,
      // Neighbouring passages of one document overlap; the normalised text finds a repeat.
      normalised: normaliseForMatching(unit.text).replace(/\s+/g, " "),
      isNotAnAnswer: NOT_AN_ANSWER.test(unit.text),
      textKeys: keysOf(unit.text),
      headingKeys: keysOf(unit.heading ?? ""),
      termCount: termsOf(unit.text).length,
      headingKinds:
        unit.heading?.trim().endsWith("?") === true ? expectedAnswerKinds(unit.heading, { isSpecificOnly: true }) : [],
    })),
  };
  passageTexts.set(key, text);
  if (passageTexts.size > PASSAGE_CACHE_MAX) {
    const oldest = passageTexts.keys().next().value;
    if (oldest !== undefined) passageTexts.delete(oldest);
  }
  return text;
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
    const { titleKeys, units } = passageText(passage);
    for (const { normalised, isNotAnAnswer, headingKinds, ...unit } of units) {
      // A repeated sentence (overlapping passages of one document) is one candidate.
      if (seen.has(normalised) || isNotAnAnswer) continue;
      seen.add(normalised);
      if (excluded.some((phrase) => normalised.includes(phrase))) continue;
      candidates.push({
        ...unit,
        passage,
        rank,
        titleKeys,
        values: options.kinds.filter((kind) => statesValueOf(kind, unit.text)),
        hasNumberInRange: containsInRange(unit.text, questionNumbers),
        isUnderSameQuestion: headingKinds.some((kind) => options.kinds.includes(kind)),
      });
    }
  }
  return candidates;
}

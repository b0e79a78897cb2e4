import type { ResponseLength } from "@harbor/contract/ai-agent";
import type { RetrievedChunk, SourceType } from "@harbor/contract/knowledge";
import { wordsOf } from "../../embeddings/local-hashing-embedder";
import { expectedAnswerKinds } from "./answer-cues";
import { type CandidateUnit, candidateUnits } from "./candidate-units";
import type { PassageUnit } from "./passage-units";
import { scopeToNamedProducts } from "./product-scope";
import { evidenceFor, matchIn, type QuestionConcept, questionConceptsFor } from "./question-concepts";

/**
 * Extractive answering: every sentence and list item of the retrieved passages is scored
 * against the question, and the best few are kept in their own words. Nothing is generated,
 * so nothing can be invented; what can go wrong is choosing the wrong sentences, or answering
 * when no sentence answers — hence `coverage`, on which the answerer abstains.
 *
 * A unit's gain sums, over the question's concepts, concept weight × how well the unit has it
 * (own words, BM25-length-normalised; or its heading), discounted for concepts earlier picks
 * already answered; plus bonuses for stating the asked kind of value, a range holding the
 * question's number, continuing a picked sentence, the best-retrieved passage; all scaled up
 * by how much the page title is about the question. Picks are greedy (maximal marginal gain).
 */

/** How many units each response length allows, and how weak (relative to the first) a unit may be to join. */
const LENGTHS: Record<ResponseLength, { max: number; keepRatio: number }> = {
  brief: { max: 2, keepRatio: 0.5 },
  normal: { max: 4, keepRatio: 0.3 },
  detailed: { max: 7, keepRatio: 0.2 },
};
/** Words under a matching heading are about it ("Costs" over "- Standard delivery: €4.95"). */
const HEADING_MATCH = 0.6;
/** A page whose title covers the question lends its units up to this much more gain. */
const TITLE_TOPIC = 1;
/** A page title counts this much towards a unit's relevance (its own words and heading count fully). */
const CONTEXT_TITLE = 0.8;
/** BM25's length normalisation, so a long sentence naming everything does not beat the short one stating the fact. */
const BM25_K1 = 1.2;
const BM25_B = 0.5;
/** A question concept already answered counts this much less in the next pick, so picks spread over the question. */
const COVERED_DISCOUNT = 0.7;
/** Heading matches are discounted less: other items of a list already picked from stay relevant. */
const COVERED_HEADING_DISCOUNT = 0.3;
/** Bonuses, in mean concept weights. */
const VALUE_BONUS = 0.9;
const RANGE_BONUS = 1;
const NEIGHBOUR_BONUS = 0.5;
const TOP_PASSAGE_BONUS = 0.15;
/** Later picks must address at least this share of what the first pick addressed. */
const RELEVANCE_FLOOR = 0.4;
/**
 * Coverage is judged on the first picks, the core of the answer: later picks widen it with
 * neighbours and second facts, and would let scattered one-word matches look like an answer.
 */
const CORE_PICKS = 2;
/** The asked kind of value counts as half an average concept towards coverage. */
const VALUE_SHARE = 0.5;
/**
 * When the question names a product, the rest of it is what is asked about the product ("SPF" in
 * "what SPF does the Daily Cream have?"); the product's own sentences always cover its name, so
 * the rest must be covered on its own, at least this much.
 */
export const MIN_ASKED_COVERAGE = 0.35;

const meanOf = (concepts: QuestionConcept[]) => concepts.reduce((sum, c) => sum + c.weight, 0) / concepts.length;

export type SelectedUnit = {
  chunkId: string;
  documentId: string;
  title: string;
  sourceType: SourceType;
  text: string;
  heading: string | null;
  kind: PassageUnit["kind"];
  position: number;
  score: number;
};

export type Selection = {
  /** In answer order: passages by their first pick, units in source order within a passage. */
  units: SelectedUnit[];
  /** Weighted share (0–1) of the question's concepts the core picks address, with their headings and titles. */
  coverage: number;
  concepts: QuestionConcept[];
  /** Per concept, how well the core picks cover it (0–1), in `concepts` order. */
  covered: number[];
  /** Per concept: it names a product the question is about (in a product's title, in no article). */
  isSubject: boolean[];
  /** Coverage of what is asked beside the named product; null when no product is named. */
  askedCoverage: number | null;
  /**
   * The best share of the question one core pick covers by itself (with its heading and title).
   * Coverage pieced together from several sentences ("palm" from one, "oil-free" from another) says
   * nothing one sentence says, so a yes or a no cannot rest on it.
   */
  singleCoverage: number;
};

export type SelectionInput = {
  question: string;
  /** Best first. */
  passages: RetrievedChunk[];
  responseLength: ResponseLength;
  /** Units containing any of these phrases are never picked (answer rules). */
  excludedPhrases?: string[];
  /** The shop's name, which in a question means "you" rather than a topic. */
  companyName?: string;
};

type Picks = {
  units: CandidateUnit[];
  /** Per concept, how well the picks so far answer it (0–1). */
  covered: Map<QuestionConcept, number>;
  /** `documentId:kind` of values already stated. */
  values: Set<string>;
};

function createScorer(candidates: CandidateUnit[], concepts: QuestionConcept[], hasKinds: boolean) {
  const totalWeight = concepts.reduce((sum, c) => sum + c.weight, 0) || 1;
  const meanWeight = totalWeight / Math.max(concepts.length, 1);
  const valueWeight = hasKinds ? meanWeight : 0;
  const averageLength = candidates.reduce((sum, c) => sum + c.termCount, 0) / Math.max(candidates.length, 1) || 1;
  const lengthFactor = (unit: CandidateUnit) =>
    (BM25_K1 + 1) / (1 + BM25_K1 * (1 - BM25_B + (BM25_B * unit.termCount) / averageLength));
  const titleTopic = new Map<string, number>();
  const topicOf = (unit: CandidateUnit) => {
    const cached = titleTopic.get(unit.passage.chunkId);
    if (cached !== undefined) return cached;
    const topic = concepts.reduce((sum, c) => sum + c.weight * matchIn(c, unit.titleKeys), 0) / totalWeight;
    titleTopic.set(unit.passage.chunkId, topic);
    return topic;
  };
  // Sentences of a paragraph carry one thought; items of a list are separate facts, so only
  // sentences count as neighbours.
  const isNeighbour = (unit: CandidateUnit, picks: Picks, onlyNext: boolean) =>
    unit.kind === "sentence" &&
    picks.units.some(
      (p) =>
        p.passage === unit.passage &&
        p.block === unit.block &&
        p.kind === "sentence" &&
        (onlyNext ? unit.position - p.position === 1 : Math.abs(unit.position - p.position) === 1),
    );

  /** How well the unit, in its context, speaks to a concept (own words or value, heading, title). */
  const found = (c: QuestionConcept, unit: CandidateUnit, titleShare = 1) => {
    const own = evidenceFor(c, { keys: unit.textKeys, values: unit.values });
    return Math.max(own, matchIn(c, unit.headingKeys), titleShare * matchIn(c, unit.titleKeys));
  };

  return {
    found,
    /** Share of the question (0–1) the unit addresses; stating an asked value counts as one average concept. */
    relevance(unit: CandidateUnit): number {
      let sum = unit.values.length > 0 ? valueWeight : 0;
      for (const c of concepts) sum += c.weight * found(c, unit, CONTEXT_TITLE);
      return sum / (totalWeight + valueWeight);
    },
    /** A unit must share a word with the question, or state the asked kind of value on a page about it. */
    isEligible(unit: CandidateUnit): boolean {
      const sharesWord = concepts.some((c) => matchIn(c, unit.textKeys) + matchIn(c, unit.headingKeys) > 0);
      return sharesWord || (unit.values.length > 0 && topicOf(unit) > 0);
    },
    gain(unit: CandidateUnit, picks: Picks): number {
      let gain = 0;
      for (const c of concepts) {
        const done = picks.covered.get(c) ?? 0;
        // Own words and heading are two sightings of one concept: the better one counts.
        gain +=
          c.weight *
          Math.max(
            matchIn(c, unit.textKeys) * lengthFactor(unit) * (1 - COVERED_DISCOUNT * done),
            HEADING_MATCH * matchIn(c, unit.headingKeys) * (1 - COVERED_HEADING_DISCOUNT * done),
          );
      }
      // A second value from the same page counts half; from another page it is a new fact
      // ("€14.50 in Sock Club" and "€18.95 in the shop").
      if (unit.values.length > 0) {
        const isNew = unit.values.some((kind) => !picks.values.has(`${unit.passage.documentId}:${kind}`));
        gain += VALUE_BONUS * meanWeight * (isNew ? 1 : 0.5);
      }
      gain *= 1 + TITLE_TOPIC * topicOf(unit);
      if (unit.isUnderSameQuestion) gain += HEADING_MATCH * meanWeight;
      if (unit.hasNumberInRange) gain += RANGE_BONUS * meanWeight;
      if (unit.rank === 0) gain += TOP_PASSAGE_BONUS * meanWeight;
      if (isNeighbour(unit, picks, false)) gain += NEIGHBOUR_BONUS * meanWeight;
      return gain;
    },
    /** The sentence right after a picked one in its paragraph, or the next item of its list. */
    continues(unit: CandidateUnit, picks: Picks): boolean {
      return isNeighbour(unit, picks, true);
    },
  };
}

export function selectSentences(input: SelectionInput): Selection {
  const kinds = expectedAnswerKinds(input.question);
  const passages = scopeToNamedProducts(input.question, input.passages);
  const candidates = candidateUnits({
    question: input.question,
    passages,
    kinds,
    excludedPhrases: input.excludedPhrases ?? [],
  });
  const vocabulary = new Set(candidates.flatMap((c) => wordsOf(`${c.text} ${c.heading ?? ""}`)));
  for (const passage of passages) for (const word of wordsOf(passage.title)) vocabulary.add(word);
  const concepts = questionConceptsFor({
    question: input.question,
    kinds,
    units: candidates.map((c) => ({ keys: new Set([...c.textKeys, ...c.headingKeys]), values: c.values })),
    titleKeys: passages.map((passage) => candidates.find((c) => c.passage === passage)?.titleKeys ?? new Set()),
    vocabulary,
    companyName: input.companyName,
  });
  const scorer = createScorer(candidates, concepts, kinds.length > 0);
  const eligible = candidates.filter((unit) => scorer.isEligible(unit));

  const picks: Picks = { units: [], covered: new Map(), values: new Set() };
  const gains = new Map<CandidateUnit, number>();
  let core = picks.covered;
  const coreUnits: CandidateUnit[] = [];
  let coreStatesValue = false;
  let firstGain = 0;
  let firstRelevance = 0;
  const { max, keepRatio } = LENGTHS[input.responseLength];
  while (picks.units.length < max) {
    // Later picks must be nearly as strong as the first and about as much about the question —
    // or continue a picked sentence, which keeps a thought whole.
    const isAdmissible = (unit: CandidateUnit, gain: number) =>
      picks.units.length === 0 ||
      (gain >= keepRatio * firstGain && scorer.relevance(unit) >= RELEVANCE_FLOOR * firstRelevance) ||
      scorer.continues(unit, picks);
    let best: CandidateUnit | undefined;
    let bestGain = 0;
    for (const unit of eligible) {
      if (picks.units.includes(unit)) continue;
      const gain = scorer.gain(unit, picks);
      if (gain > bestGain && isAdmissible(unit, gain)) {
        best = unit;
        bestGain = gain;
      }
    }
    if (!best) break;
    if (picks.units.length === 0) {
      firstGain = bestGain;
      firstRelevance = scorer.relevance(best);
    }
    picks.units.push(best);
    gains.set(best, bestGain);
    if (picks.units.length <= CORE_PICKS) coreUnits.push(best);
    for (const c of concepts) picks.covered.set(c, Math.max(picks.covered.get(c) ?? 0, scorer.found(c, best)));
    for (const kind of best.values) picks.values.add(`${best.passage.documentId}:${kind}`);
    if (picks.units.length <= CORE_PICKS) {
      core = new Map(picks.covered);
      coreStatesValue ||= best.values.length > 0;
    }
  }

  // The asked kind of value ("how long" → "within 30 days") is part of what the question asks,
  // weighing half an average concept: "how long to return a jacket?" is answered by
  // "return clothing within 30 days" though "jacket" appears nowhere.
  const required = concepts.filter((c) => !c.isImplied);
  const valueWeight = kinds.length > 0 && required.length > 0 ? VALUE_SHARE * meanOf(required) : 0;
  const requiredWeight = required.reduce((sum, c) => sum + c.weight, 0) + valueWeight;
  const coveredWeight =
    required.reduce((sum, c) => sum + c.weight * (core.get(c) ?? 0), 0) + (coreStatesValue ? valueWeight : 0);
  const isSubject = subjectConceptsOf(concepts, candidates);
  const asked = required.filter((c) => !isSubject.get(c));
  const askedWeight = asked.reduce((sum, c) => sum + c.weight, 0) + valueWeight;
  const askedCovered =
    asked.reduce((sum, c) => sum + c.weight * (core.get(c) ?? 0), 0) + (coreStatesValue ? valueWeight : 0);
  const namesProduct = required.some((c) => isSubject.get(c));
  const singleCoverage = Math.max(
    0,
    ...coreUnits.map(
      (unit) =>
        (required.reduce((sum, c) => sum + c.weight * scorer.found(c, unit), 0) +
          (unit.values.length > 0 ? valueWeight : 0)) /
        (requiredWeight || 1),
    ),
  );
  const passageOrder = [...new Set(picks.units.map((unit) => unit.passage))];
  const ordered = [...picks.units].sort(
    (a, b) => passageOrder.indexOf(a.passage) - passageOrder.indexOf(b.passage) || a.position - b.position,
  );
  return {
    units: ordered.map((unit) => ({
      chunkId: unit.passage.chunkId,
      documentId: unit.passage.documentId,
      title: unit.passage.title,
      sourceType: unit.passage.sourceType,
      text: unit.text,
      heading: unit.heading,
      kind: unit.kind,
      position: unit.position,
      score: gains.get(unit) ?? 0,
    })),
    coverage: requiredWeight > 0 ? coveredWeight / requiredWeight : 0,
    concepts,
    covered: concepts.map((c) => core.get(c) ?? 0),
    isSubject: concepts.map((c) => isSubject.get(c) ?? false),
    // A question all about the product ("how long does the shampoo bar last?") is judged as a whole.
    askedCoverage: namesProduct && asked.length > 0 ? askedCovered / askedWeight : null,
    singleCoverage: requiredWeight > 0 ? singleCoverage : 0,
  };
}

/** Concepts that name a product: found in a product passage's title and in no article's words. */
function subjectConceptsOf(concepts: QuestionConcept[], candidates: CandidateUnit[]): Map<QuestionConcept, boolean> {
  const productTitles = candidates.filter((c) => c.passage.sourceType === "shopify-products").map((c) => c.titleKeys);
  const articleUnits = candidates.filter((c) => c.passage.sourceType !== "shopify-products");
  return new Map(
    concepts.map((c) => [
      c,
      !c.isNumber &&
        productTitles.some((keys) => matchIn(c, keys) === 1) &&
        !articleUnits.some(
          (unit) => matchIn(c, unit.textKeys) + matchIn(c, unit.headingKeys) + matchIn(c, unit.titleKeys) > 0,
        ),
    ]),
  );
}

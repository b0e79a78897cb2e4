import { isOrderSpecificQuestion } from "../../turn/order-question";
import type { Classification, Classifier, QuestionCategoryOption } from "../answer-types";
import { localUsage } from "./local-usage";
import { keysOf, type MatchTerm, termsOf } from "./match-terms";
import { nameTermsOf, phraseTermsOf } from "./phrase-terms";
import { GROUP_MATCH } from "./question-concepts";
import { shortenMessage } from "./shorten-message";

/**
 * Picks the admin's question category and intent by word overlap, concept-aware (thesaurus
 * groups, stems, Hebrew prefixes), so "waar blijft mijn pakket" finds a "Shipping" category.
 * Each question term scores once per option, weighted by how rare it is among the options'
 * texts (a word every category uses decides nothing). A category or intent is chosen only when
 * its overlap reaches a floor; otherwise null, and the engine answers from the knowledge base.
 */

/** At least this share of the question's weight must be found in the option's text. */
const MIN_SHARE = 0.25;
/** An intent is chosen only when this share of its own words (or their synonyms) is in the question. */
const MIN_INTENT_SHARE = 0.3;

function termsOfQuestion(question: string): MatchTerm[] {
  return [...termsOf(question), ...phraseTermsOf(question), ...nameTermsOf(question)];
}

function strength(term: MatchTerm, keys: Set<string>): number {
  if (term.stemKeys.some((key) => keys.has(key))) return 1;
  if ([...term.groupKeys, ...term.synonymKeys].some((key) => keys.has(key))) return GROUP_MATCH;
  return 0;
}

type Scored = { share: number; score: number };

function createOverlap(question: string, optionTexts: string[]) {
  const terms = termsOfQuestion(question);
  const optionKeys = optionTexts.map(keysOf);
  // Rarity among the options: a term in one option is decisive, in all of them it is noise.
  const weights = terms.map((term) => {
    const frequency = optionKeys.filter((keys) => strength(term, keys) > 0).length;
    return Math.log(1 + optionKeys.length / Math.max(frequency, 0.5));
  });
  const total = weights.reduce((sum, w) => sum + w, 0) || 1;
  return (text: string): Scored => {
    const keys = keysOf(text);
    const score = terms.reduce((sum, term, i) => sum + (weights[i] ?? 0) * strength(term, keys), 0);
    return { share: score / total, score };
  };
}

/** How much of an intent's own wording the question contains ("cancel subscription" in "how do I cancel my subscription"). */
function intentShare(intent: string, questionKeys: Set<string>): number {
  const terms = termsOf(intent);
  if (terms.length === 0) return 0;
  return terms.reduce((sum, term) => sum + strength(term, questionKeys), 0) / terms.length;
}

export function classifyLocally(
  question: string,
  categories: QuestionCategoryOption[],
): { questionCategory: string | null; selectedIntent: string | null } {
  const overlap = createOverlap(
    question,
    categories.map((c) => [c.title, c.description, ...c.intents].join("\n")),
  );
  let best: { category: QuestionCategoryOption; score: number } | null = null;
  for (const category of categories) {
    const scored = overlap([category.title, category.description, ...category.intents].join("\n"));
    if (scored.share >= MIN_SHARE && (!best || scored.score > best.score)) best = { category, score: scored.score };
  }
  if (!best) return { questionCategory: null, selectedIntent: null };
  const questionKeys = keysOf(question);
  let intent: { text: string; score: number } | null = null;
  for (const candidate of best.category.intents) {
    const scored = overlap(candidate);
    if (
      scored.score > 0 &&
      intentShare(candidate, questionKeys) >= MIN_INTENT_SHARE &&
      scored.score > (intent?.score ?? 0)
    ) {
      intent = { text: candidate, score: scored.score };
    }
  }
  return { questionCategory: best.category.title, selectedIntent: intent?.text ?? null };
}

export function createLocalClassifier(): Classifier {
  return {
    async classify(input): Promise<Classification> {
      input.signal?.throwIfAborted();
      const { questionCategory, selectedIntent } = classifyLocally(input.question, input.categories);
      const shortened = shortenMessage(input.question);
      return {
        questionCategory,
        selectedIntent,
        shortenedCustomerMessage: shortened,
        isOrderSpecific: isOrderSpecificQuestion(input.question, input.language),
        usage: localUsage({
          read: [input.question, ...input.categories.flatMap((c) => [c.title, c.description, ...c.intents])],
          written: [shortened],
        }),
      };
    },
  };
}

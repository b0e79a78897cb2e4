import { normaliseForMatching } from "../../embeddings/local-hashing-embedder";

/**
 * Yes or no in front of an answer, only when the quoted fact settles it plainly. A wrong "Yes" is
 * worse than none, so the rule is narrow: the question opens like a yes/no question and asks no
 * "how/what/when"; the answer covers (nearly) all of the question; and the deciding sentence is
 * one plain statement: a negation makes it "No", a condition or an exception ("unless", "only",
 * "but") makes it neither, and then the facts speak for themselves.
 */

/** "how much", "wanneer", "כמה": the question wants a value or a way, not a yes or no. */
const WH_WORDS =
  /(?:^|[^\p{L}])(?:how|what|when|where|which|why|who|whose|hoe|wat|wanneer|waar|welke|waarom|wie|hoeveel|כמה|מה|מתי|איפה|איך|למה|מי|איזה|איזו)(?![\p{L}])/u;

/** A verb said no to ("can't", "niet", "לא"), or no without "not": "Monday: closed", "sold out". */
const NEGATION =
  /(?:^|[^\p{L}])(?:not|never|cannot|closed|unavailable|excluded|niet|nooit|gesloten|uitverkocht|uitgesloten|לא|אינו|אינה|אינם|סגור|סגורה)(?![\p{L}])|n't(?![\p{L}])|sold out/u;

/**
 * "No" before a noun says nothing of the answer's direction: "free, with no minimum" answers "is
 * delivery free?" with a yes, "geen kosten" and "אין עלות" likewise. Such a sentence gets neither.
 */
const NOUN_NEGATION = /(?:^|[^\p{L}])(?:no|none|nothing|geen|niets|אין)(?![\p{L}])/u;

const HEDGES =
  /(?:^|[^\p{L}])(?:unless|except|only|but|however|if|provided|depends|tenzij|behalve|alleen|maar|als|mits|hangt|אלא|רק|אם|חוץ|בתנאי|תלוי)(?![\p{L}])/u;

/** A question that opens with its verb ("Are your…", "Kan ik…", "האם…") asks for a yes or a no. */
const VERB_FIRST =
  /^(?:can|could|may|do|does|did|is|are|was|were|will|would|should|has|have|kan|kun|kunnen|mag|mogen|zijn|heb|hebben|hebt|doen|doe|wordt|worden|אפשר|ניתן|יש|האם)(?![\p{L}])/u;

export function isYesNoQuestion(question: string): boolean {
  const text = normaliseForMatching(question).trim();
  return VERB_FIRST.test(text) && !WH_WORDS.test(text);
}

/** "yes", "no", or null when the sentence does not settle it plainly. */
export function polarityOf(sentence: string): "yes" | "no" | null {
  const text = normaliseForMatching(sentence).replace(/[’']/g, "'");
  if (HEDGES.test(text) || NOUN_NEGATION.test(text)) return null;
  return NEGATION.test(text) ? "no" : "yes";
}

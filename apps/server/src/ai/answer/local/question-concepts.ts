import { normaliseForMatching, wordsOf } from "../../embeddings/local-hashing-embedder";
import { countriesOfPlaces } from "../../retrieval/support-thesaurus";
import { type AnswerKind, kindsOfCueWord } from "./answer-cues";
import { type MatchTerm, PHRASE_FRAGMENTS, stemKeysOf, termsOf } from "./match-terms";
import { nameTermsOf, phraseTermsOf } from "./phrase-terms";

/**
 * The question as weighted concepts. Like retrieval (support-thesaurus.ts), synonyms of one
 * thesaurus group and repeats of a word count once. Weights are inverse frequencies over the
 * candidate sentences: a word in every sentence ("delivery" when all passages are about
 * delivery) tells little; a word in one tells a lot. A word in none gets the highest weight —
 * that is what lets the answerer notice "PFAS" or "strava" is asked about and nowhere answered.
 */
export type QuestionConcept = {
  words: string[];
  stemKeys: Set<string>;
  /** Thesaurus group and synonym keys. */
  groupKeys: Set<string>;
  /** Category words ("clothing" for "jacket"). */
  broaderKeys: Set<string>;
  isNumber: boolean;
  /** Read from the question's form ("how much" → cost), not its words: it ranks, but is not required. */
  isImplied: boolean;
  weight: number;
  /** Found somewhere in the candidates (a sentence, a heading or a title). */
  isSeen: boolean;
  /** Question words such as "jaar" or "שוקל" are answered by a stated value of this kind, not by the word. */
  answeredBy: AnswerKind[];
  /** Part of what a yes/no question asks about ("conditioner bar" in "do you have a conditioner bar?"). */
  isFocus: boolean;
};

/** A thesaurus match ("delivery" for "shipping", "verzending" for "delivery") is a little less sure than the word itself. */
export const GROUP_MATCH = 0.75;
/** A category match ("return clothing" for "return a jacket") is weaker still: the policy may not cover every item. */
const BROADER_MATCH = 0.5;
/** An implied concept only tips the balance between sentences that match the question's own words. */
const IMPLIED_WEIGHT = 0.5;
/** "send … back", "next day": half a phrase is an ambiguous word ("back-in-stock"), so it weighs less. */
const FRAGMENT_WEIGHT = 0.5;
/**
 * In "can I rent a tent…", "do you sell ropes…", "hebben jullie vacatures" the word after the
 * opening is what is asked about; it weighs double, so a passage that lacks it cannot pass for
 * an answer on the strength of "tent" alone. The opening's own verb ("sell", "have", "offer")
 * is part of the question's form, not its topic, and is dropped.
 */
const FOCUS_WEIGHT = 2;
const YES_NO_OPENING = new RegExp(
  [
    "^(?:(?:can|could|may) (?:i|we|you)|(?:do|does|did) (?:you|u|your|the|it)|(?:is|are) there(?: an?| any)?",
    "|(?:kan|mag) ik|(?:kunnen|kun|doen) (?:jullie|je|u)|(?:hebben|verkopen) jullie|(?:is|zijn) er(?: een)?",
    "|אפשר|ניתן|יש(?: לכם| לך)?)",
    "(?: (?:sell|have|offer|stock|carry|make|verkopen|hebben|aanbieden|מוכרים))?(?= )",
  ].join(""),
);

/** The opening of a yes/no question ("do you sell", "is there a"), or "". */
function openingOf(question: string): string {
  return YES_NO_OPENING.exec(normaliseForMatching(question).trim())?.[0] ?? "";
}

const EXISTENCE_OPENING =
  /(?:sell|have|offer|stock|carry|make|verkopen|hebben|aanbieden|מוכרים)$|^(?:is there|are there|is er|zijn er|(?:hebben|verkopen) jullie|יש)/;

/** Words that may open the asked-about phrase without being part of it ("do you sell *any* …"). */
const LEADING_FILLERS = new Set(["a", "an", "the", "any", "some", "also", "ook", "een", "de", "het", "nog"]);

/**
 * The words of what a question asks about, each of which the answer must speak to:
 * - a yes/no question: the run of content words right after the opening ("gaming monitors" in
 *   "do you sell gaming monitors?", "conditioner bar" in "do you have a conditioner bar to go with
 *   …"), up to the first word that is not one, at most three, names left out; "gaming" alone is
 *   not "gaming monitors". In "is there a discount for pensioners?" the group after "for" is
 *   asked about too: a discount for students does not answer it.
 * - "does the <product> have / come with <feature>": the feature ("ABS brakes"), not the product,
 *   whose own page always names it.
 * - "what / which <attribute> does …": the attribute ("SPF" in "what SPF does the cream have?");
 *   its page names the product, not necessarily the attribute.
 */
type Focus = {
  words: string[];
  /**
   * Whether the first word weighs double: the thing a yes/no question asks about tells most.
   * A feature or attribute found only by the new readings is required, not weighed: requiring
   * can only turn an answer into a decline, never a decline into an answer.
   */
  weighsFirst: boolean;
};

function focusOf(question: string): Focus {
  const text = normaliseForMatching(question).trim();
  const nameWords = new Set(nameTermsOf(question).flatMap((term) => term.word.split(" ")));
  const opening = openingOf(question);
  if (!opening) return { words: attributeWordsOf(text, nameWords), weighsFirst: false };
  const feature = FEATURE_VERB.exec(text.slice(opening.length));
  if (feature && /^(?:do|does|is|are)\b/.test(opening)) {
    const rest = text.slice(opening.length + feature.index + feature[0].length);
    return { words: contentRunOf(rest, nameWords, 3).words, weighsFirst: false };
  }
  // Only "do you sell / is there / hebben jullie …" ask whether a thing exists; after "does the"
  // or "can I" the run goes on into a verb ("does the stove *work* with …"), so its first word is it.
  const isExistence = EXISTENCE_OPENING.test(opening);
  const run = contentRunOf(text.slice(opening.length), nameWords, isExistence ? 3 : 1);
  // "is there a discount *for pensioners*", "can I extend Care+ *for a third year*": what the
  // question is for is asked about too. After "can I" the verb's object may come first.
  const qualifier = (
    isExistence
      ? /^\s*(?:for|voor)\s+(?:the |a |an |de |het |een )?/
      : /\s(?:for|voor)\s+(?:the |a |an |de |het |een )?/
  ).exec(run.rest);
  const takesForObject = !isExistence && FOR_OBJECT_VERBS.has(run.words[0] ?? "");
  if (run.words.length === 0 || !qualifier || takesForObject) return { words: run.words, weighsFirst: true };
  const group = contentRunOf(run.rest.slice(qualifier.index + qualifier[0].length), nameWords, 1).words;
  return { words: [...run.words, ...group], weighsFirst: true };
}

/**
 * Verbs whose object comes after "for" ("pay for the bike", "wait for the parcel"): their "for"
 * names what the verb acts on, not what the question is for, so it adds no qualifier.
 */
const FOR_OBJECT_VERBS = new Set(
  "pay ask look wait apply search sign register shop betalen betaal vragen vraag zoeken zoek wachten wacht".split(" "),
);

/** "does the X *have* …", "does it *come with* …": what follows is the feature asked about. */
const FEATURE_VERB = /\b(?:have|has|come with|comes with|include|includes|support|supports)\s+(?:(?:a|an|the|any)\s+)?/;

/** "what SPF does", "what's the maximum weight for", "welke maat moet", "איזה גודל": the attribute asked for. */
const ATTRIBUTE_QUESTION =
  /^(?:what|which|welke|wat voor(?: een)?|איזה|איזו|אילו)(?:'s|s| is| are)?\s+(?:(?:the|a|an|de|het|een)\s+)?((?:[\p{L}\p{N}'-]+\s+){1,3}?)(?:does|do|did|is|are|has|have|can|will|would|should|fits?|for|of|on|in|moet|moeten|heb|hebben|heeft|zijn|past|voor|van|של|יש|מתאים|צריך)(?![\p{L}\p{N}])/u;

/**
 * "what's the shipping?", "wat is de levertijd?": a question that is nothing but the attribute
 * asks for it as much as "what SPF does …" does.
 */
const BARE_ATTRIBUTE_QUESTION =
  /^(?:what|which|welke|wat)(?:['\u2019]?s| is| are| was| were)\s+(?:the|your|de|het|jullie)\s+((?:[\p{L}\p{N}'-]+\s*){1,3})[?.!,]*$/u;

/**
 * The attribute's first word that a stated value does not answer: in "what size bladder fits",
 * a size answers "size" (answer-cues.ts: "what size"), so "bladder" is what must be there; in
 * "what's the maximum rider weight" it is "rider"; "what's the cut off time" asks for a time.
 */
function attributeWordsOf(text: string, nameWords: Set<string>): string[] {
  // The question may follow a sentence of context ("I'm in Warsaw. What's the shipping?").
  const sentences = text.split(/(?<=[.!?])\s+/).map((sentence) => sentence.trim());
  const match = sentences.map((s) => ATTRIBUTE_QUESTION.exec(s) ?? BARE_ATTRIBUTE_QUESTION.exec(s)).find(Boolean);
  const run = match?.[1] ? contentRunOf(`${match[1].trim()} `, nameWords, 3).words : [];
  const isCue = (phrase: string) => kindsOfCueWord(phrase).length > 0;
  for (let index = 0; index < run.length; index++) {
    const word = run[index] ?? "";
    const next = run[index + 1];
    if (next && (isCue(`${word}-${next}`) || isCue(`${word}${next}`))) {
      index++;
      continue;
    }
    if (!isCue(word) && !isCue(`what ${word}`) && !isCue(`which ${word}`) && !isCue(`welke ${word}`)) return [word];
  }
  return [];
}

/** The run of content words at the start of `text` (fillers before it skipped, numbers stepped over), and what follows. */
function contentRunOf(text: string, nameWords: Set<string>, maxWords: number): { words: string[]; rest: string } {
  const words: string[] = [];
  const tokenPattern = /[\p{L}\p{N}'-]+/gu;
  let end = 0;
  for (let match = tokenPattern.exec(text); match; match = tokenPattern.exec(text)) {
    const token = match[0];
    if (words.length === 0 && LEADING_FILLERS.has(token)) continue;
    const [term] = termsOf(token);
    // A size or model number ("8K", "2-person") qualifies the thing asked about; it is not the thing.
    if (term?.isNumber) continue;
    if (!term || nameWords.has(term.word) || words.length === maxWords) break;
    words.push(term.word);
    end = match.index + token.length;
  }
  return { words, rest: text.slice(end) };
}

/**
 * A number the passages never mention is usually the visitor's own ("my chest is 104 cm", "order
 * at 8pm", "about £90"): the answer states the rule, not their number, so it weighs less.
 */
const UNSEEN_NUMBER_WEIGHT = 0.5;

/** "Hoeveel jaar garantie" is answered by "2 years" about as well as by the word itself. */
const VALUE_ANSWER = 0.75;

/** 1 when a unit has the word itself, GROUP_MATCH when it has a synonym, else 0. */
export function matchIn(concept: Pick<QuestionConcept, "stemKeys" | "groupKeys">, keys: Set<string>): number {
  for (const key of concept.stemKeys) if (keys.has(key)) return 1;
  for (const key of concept.groupKeys) if (keys.has(key)) return GROUP_MATCH;
  return 0;
}

/** One edit (insert, delete, substitute, swap of neighbours) apart: "retrun" → "return". */
export function isOneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  const [longer, shorter] = a.length > b.length ? [a, b] : [b, a];
  return longer.slice(i + 1) === shorter.slice(i);
}

type Draft = Omit<QuestionConcept, "weight" | "isSeen" | "answeredBy" | "isFocus">;

/** A candidate sentence as the weighting sees it: its keys (own words and heading) and the values it states. */
export type ConceptEvidence = { keys: Set<string>; values: AnswerKind[] };

/**
 * How well a sentence answers a concept: by its words, by its category ("clothing" for
 * "jacket"), or by stating the value a cue word asks for. Used to judge what is covered; the
 * ranking itself (`matchIn`) counts only words and synonyms, so a category word alone never
 * pulls a sentence up.
 */
export function evidenceFor(concept: QuestionConcept, evidence: ConceptEvidence): number {
  const byWords = matchIn(concept, evidence.keys);
  const byCategory = [...concept.broaderKeys].some((key) => evidence.keys.has(key)) ? BROADER_MATCH : 0;
  const byValue = concept.answeredBy.some((kind) => evidence.values.includes(kind)) ? VALUE_ANSWER : 0;
  return Math.max(byWords, byCategory, byValue);
}

function mergeTerms(terms: MatchTerm[]): Draft[] {
  const drafts: Draft[] = [];
  for (const term of terms) {
    const same = drafts.find(
      (d) => term.stemKeys.some((k) => d.stemKeys.has(k)) || term.groupKeys.some((k) => d.groupKeys.has(k)),
    );
    if (same) {
      same.words.push(term.word);
      for (const key of term.stemKeys) same.stemKeys.add(key);
      for (const key of [...term.groupKeys, ...term.synonymKeys]) same.groupKeys.add(key);
      for (const key of term.broaderKeys) same.broaderKeys.add(key);
      continue;
    }
    drafts.push({
      words: [term.word],
      stemKeys: new Set(term.stemKeys),
      groupKeys: new Set([...term.groupKeys, ...term.synonymKeys]),
      broaderKeys: new Set(term.broaderKeys),
      isNumber: term.isNumber,
      isImplied: false,
    });
  }
  return drafts;
}

export function questionConceptsFor(options: {
  question: string;
  kinds: AnswerKind[];
  /** Per candidate sentence: the keys of its words and heading, and the values it states. */
  units: ConceptEvidence[];
  titleKeys: Set<string>[];
  /** Every word of the candidates, for typo repair. */
  vocabulary: Set<string>;
  /** The shop's own name: in "is there a Kestrel & Pine app?" it says no more than "your". */
  companyName?: string;
}): QuestionConcept[] {
  const formWords = new Set([
    ...termsOf(openingOf(options.question)).map((term) => term.word),
    ...termsOf(options.companyName ?? "").map((term) => term.word),
  ]);
  const companyName = termsOf(options.companyName ?? "")
    .map((term) => term.word)
    .join(" ");
  const drafts = mergeTerms(
    [...termsOf(options.question), ...phraseTermsOf(options.question), ...nameTermsOf(options.question)].filter(
      (term) => !formWords.has(term.word) && term.word !== companyName,
    ),
  );
  // The halves of a thesaurus phrase the question holds ("send" and "back" of "send it back") are
  // said by the phrase: they still rank, but are not required on their own as well, or one phrase
  // would be asked for three times.
  const phraseHalves = new Set(
    drafts
      .filter((d) => d.groupKeys.size > 0)
      .flatMap((d) => d.words.filter((word) => word.includes(" ")).flatMap((word) => word.split(" "))),
  );
  for (const draft of drafts) {
    if (draft.words.every((word) => PHRASE_FRAGMENTS.has(word) && phraseHalves.has(word))) draft.isImplied = true;
  }
  const { words: focusWords, weighsFirst } = focusOf(options.question);
  const focus = new Set(focusWords);
  // "How much is delivery?" asks for a cost without saying "cost"; a "Costs" heading should count.
  const cost = termsOf("cost")[0];
  if (cost && options.kinds.includes("price") && !drafts.some((d) => cost.groupKeys.some((k) => d.groupKeys.has(k)))) {
    drafts.push({
      words: ["(cost)"],
      stemKeys: new Set(cost.stemKeys),
      groupKeys: new Set([...cost.groupKeys, ...cost.synonymKeys]),
      broaderKeys: new Set(),
      isNumber: false,
      isImplied: true,
    });
  }
  addCountriesOfPlaces(options.question, drafts);
  const known = new Set([...options.units.map((u) => u.keys), ...options.titleKeys].flatMap((keys) => [...keys]));
  // Typos: a Latin-script word found nowhere may be one edit away from a word that is there.
  for (const draft of drafts) {
    const word = draft.words[0] ?? "";
    if (draft.isNumber || word.length < 5 || !/^[a-z]+$/.test(word) || matchIn(draft, known) > 0) continue;
    const fix = [...options.vocabulary].find((candidate) => candidate.length >= 5 && isOneEditApart(word, candidate));
    for (const term of fix ? termsOf(fix) : []) {
      for (const key of term.stemKeys) draft.stemKeys.add(key);
      for (const key of [...term.groupKeys, ...term.synonymKeys]) draft.groupKeys.add(key);
    }
  }
  const total = Math.max(options.units.length, 1);
  return drafts.map((draft) => {
    const answeredBy = draft.words.flatMap(kindsOfCueWord).filter((kind) => options.kinds.includes(kind));
    const concept = { ...draft, answeredBy, weight: 0, isSeen: false, isFocus: false };
    const frequency = options.units.filter((unit) => evidenceFor(concept, unit) > 0).length;
    const isSeen = frequency > 0 || options.titleKeys.some((keys) => matchIn(draft, keys) > 0);
    const isFragment = draft.words.every((word) => PHRASE_FRAGMENTS.has(word));
    const isFocus = draft.words.some((word) => focus.has(word));
    // The phrase's first word carries the weight (as "tent" in "rent a tent"); all of it must be covered.
    const isFirstFocus = weighsFirst && focusWords[0] !== undefined && draft.words.includes(focusWords[0]);
    const weight =
      Math.log(1 + total / Math.max(frequency, 0.5)) *
      (draft.isImplied ? IMPLIED_WEIGHT : 1) *
      (isFragment ? FRAGMENT_WEIGHT : 1) *
      (isFirstFocus ? FOCUS_WEIGHT : 1) *
      (draft.isNumber && !isSeen ? UNSEEN_NUMBER_WEIGHT : 1);
    return { ...concept, weight, isSeen, isFocus };
  });
}

/**
 * A town the question names is answered by its country's sentences too ("shipping to Munich" by
 * "Germany: €8.90"), as a synonym, a little less sure than the town itself: through the country's
 * own thesaurus group, or by its name when only a region's group names it (support-thesaurus.ts).
 * Only the question's places: a help page's "our Utrecht store" is not about the Netherlands.
 */
function addCountriesOfPlaces(question: string, drafts: Draft[]) {
  const words = wordsOf(question);
  for (const [index, country] of countriesOfPlaces(words)) {
    const word = words[index];
    const draft = drafts.find((d) => word !== undefined && d.words.includes(word) && d.groupKeys.size === 0);
    if (!draft) continue;
    const keys =
      "group" in country
        ? [`g:${country.group}`]
        : country.names.flatMap((name) => wordsOf(name)).flatMap((name) => stemKeysOf(name));
    for (const key of keys) draft.groupKeys.add(key);
  }
}

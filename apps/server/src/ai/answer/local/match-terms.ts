import { wordsOf } from "../../embeddings/local-hashing-embedder";
import { withoutHebrewPrefixes } from "../../lexicon/hebrew-prefixes";
import { questionConcepts } from "../../retrieval/support-thesaurus";

/**
 * Words as the local engine compares them: each word carries alternative keys — a light stem
 * (`s:`), its support-thesaurus group (`g:`, so "verzending", "משלוח" and "shipping" meet) and,
 * for Hebrew, the form without its one-letter prefixes — and numbers are keys of their own
 * (`n:4.95`), written the same whether the text said "4,95" or "€4.95".
 */
export type MatchTerm = {
  /** The word as normalised for matching (lower case, no diacritics). */
  word: string;
  stemKeys: string[];
  groupKeys: string[];
  /**
   * Stems of the other words of its thesaurus group (and its phrases as `b:` word pairs). The
   * thesaurus gives each word only its first group — "watch" is electronics, "horloge" is
   * watch — so a question word reaches its synonyms by their stems as well.
   */
  synonymKeys: string[];
  /** Stems of its category's words ("clothing" for "jacket"): a weaker match than a synonym. */
  broaderKeys: string[];
  isNumber: boolean;
};

/**
 * Function words, chat filler and generic verbs/adverbs of the shop languages: they say nothing
 * about the topic, yet inside a handful of candidate passages they look rare and would get high
 * weights ("live", "usually", "take" pulled a warranty sentence into a shipping answer). The
 * embedder keeps a shorter private list for its vectors; this one also drops the question words
 * ("much", "long", "hoeveel", "כמה") that `answer-cues.ts` reads as answer kinds instead.
 */
const STOPWORDS = new Set(
  [
    // English
    "a an and are as at be been being but by can could did do does doing for from had has have how i if in into is it",
    "its me my of on or our so than that the their them then there these they this those to too us was we were what",
    "when where which who whom why will with would you your yours im ive id dont doesnt didnt cant isnt arent wont",
    "whats hi hello hey please thanks thank any some just still also get got getting need want wanted like know tell",
    "much many long really yes ok okay am u ur pls plz one ones anything something someone way possible able else",
    "live living take takes took taking usually going go goes went here looking look actually today tonight now ago",
    "put best good great whole make makes made say said see come comes give gives thing things stuff lot bit maybe",
    "sure think find found anymore again yet already since last around about every each other another well very",
    "instead start starts pm",
    "should shall might may must guys help question quick quickly soon mean means happen happens without",
    "not enough after use few old never she he her his him during",
    // What tokenising "doesn't", "I've", "we'll" leaves behind.
    "doesn don didn isn aren wasn won couldn wouldn shouldn haven hasn ve ll re",
    // Dutch
    "de het een en is zijn je jij u uw van voor met op dit dat kan wij we ons mijn wat hoe wanneer waar niet ik bij",
    "naar ook of te er die deze om aan als maar dan nog wel al heb hebt heeft jullie hun hij zij ze mij me mag moet",
    "moeten kunnen kun wil willen graag hallo hoi bedankt dank even laten laat zodat tot wordt worden word was waren",
    "hoeveel welke welk zo dus toch echt iets hebben doen gaan ga zit zitten staat eigenlijk vandaag nu samen",
    // "how long does it take": Dutch asks with "duren" where English has the stopword "take".
    "duurt duren duurde",
    // Hebrew
    "של את על עם זה זו אני אתם אתה הוא היא יש אין לא מה איך מתי איפה כמה גם או אם כי לכם לך לי שלי שלכם אפשר",
    "צריך רוצה אותו אותה אותם הם הן כן היי שלום תודה באיזו איזו איזה אילו באיזה עד תוך",
    // "כמה זמן זה לוקח", how long does it take: the same generic "take" as English's stopword.
    "לוקח לוקחת לוקחים לקח ייקח יקח",
  ]
    .join(" ")
    .split(" "),
);

/**
 * Words the thesaurus lists only as part of a phrase ("send back", "money back", "gift card",
 * "click and collect", "next day"): alone they mean something else ("back-in-stock", "credit
 * card"), so they match as themselves, not as their group.
 */
export const PHRASE_FRAGMENTS = new Set(
  "back send money different card later code click point within time next day united states head email data delete change".split(
    " ",
  ),
);

/**
 * Broader terms the support thesaurus lacks: help articles state policies per category ("return
 * clothing within 30 days"), visitors ask about the thing ("return a jacket"). A question word
 * reaches its category's words, as a weaker match than a synonym. Generic shop vocabulary, like
 * the thesaurus.
 */
const BROADER_TERMS: [string, string][] = [
  [
    "jacket jackets coat coats parka trousers pants shorts shirt shirts t-shirt tshirt fleece fleeces sweater jumper hoodie socks sock beanie hat hats gloves leggings dress skirt jas jassen broek broeken trui sokken muts handschoenen מעיל מעילים מכנסיים חולצה חולצות גרביים כובע כפפות",
    "clothing clothes garment garments apparel kleding kleren kledingstuk בגדים ביגוד",
  ],
  [
    "boots boot shoes shoe sneakers sandals trainers laarzen schoenen sandalen נעליים נעל מגפיים סנדלים",
    "footwear schoeisel הנעלה",
  ],
];
const broaderOf = new Map<string, string[]>();
for (const [narrow, broad] of BROADER_TERMS) {
  for (const word of narrow.split(" ")) broaderOf.set(word, broad.split(" "));
}

const HEBREW_WORD = /^[\u0590-\u05ff]+$/;
const HEBREW_PLURAL = /(?<=[\u0590-\u05ff]{2,})(ים|ות)$/;
/** A number with its decimals, thousands or clock separators: "4.95", "1,500", "21:00", "27.3". */
const NUMBER = /\d+(?:[.,:]\d+)*/g;

/**
 * English and Dutch inflections off, consistently on both sides of a comparison: "arrive",
 * "arrives", "arrived" → "arriv"; "shipping", "shipped" → "ship"; "bestellen" → "bestel";
 * "returnable" → "return"; "monthly" → "month".
 * It needs to be consistent, not linguistically right.
 */
export function stemWord(word: string): string {
  let stem = word;
  if (stem.length >= 8 && /[ai]ble$/.test(stem)) stem = stem.slice(0, -4);
  else if (stem.length > 4 && stem.endsWith("ies")) stem = `${stem.slice(0, -3)}y`;
  else if (stem.endsWith("sses")) stem = stem.slice(0, -2);
  else if (stem.length >= 6 && stem.endsWith("ing")) stem = stem.slice(0, -3);
  else if (stem.length >= 5 && stem.endsWith("ed")) stem = stem.slice(0, -2);
  else if (stem.length >= 6 && stem.endsWith("en")) stem = stem.slice(0, -2);
  else if (stem.length >= 5 && stem.endsWith("es")) stem = stem.slice(0, -2);
  else if (stem.length >= 4 && stem.endsWith("s") && !/(ss|us|is)$/.test(stem)) stem = stem.slice(0, -1);
  // "monthly" is said of a month, "costly" of a cost: "€79 per month" answers "the monthly price".
  // Only after the letters Snowball's English stemmer allows before "-li"; elsewhere "-ly" is
  // part of the word ("family", "fully", "supply", "assembly").
  if (stem.length >= 6 && /[cdeghkmnrt]ly$/.test(stem)) stem = stem.slice(0, -2);
  if (stem.length > 3 && stem.endsWith("e")) stem = stem.slice(0, -1);
  if (/([b-df-hj-np-tv-z])\1$/.test(stem)) stem = stem.slice(0, -1);
  return stem;
}

/** "6,95" and "6.95" are one number; so are "1,500", "1.500" and "1500". Clock times keep their colon. */
export function normaliseNumber(raw: string): string {
  if (/^\d{1,3}(?:[.,]\d{3})+$/.test(raw)) return raw.replace(/[.,]/g, "");
  return raw.replace(",", ".");
}

const wordCache = new Map<string, MatchTerm>();

/** The thesaurus group of a word, tried as written and then by its stem ("buying" → "buy"). */
function groupOf(word: string): { key: string; words: string[] } | null {
  if (PHRASE_FRAGMENTS.has(word)) return null;
  const forms = HEBREW_WORD.test(word)
    ? [word, ...withoutHebrewPrefixes(word)]
    : [word, stemWord(word), word.replace(/s$/, "")];
  for (const form of forms) {
    const concept = questionConcepts(form).find((c) => c.key.startsWith("g:"));
    // The concept's text is the whole group followed by the word itself.
    if (concept) return { key: concept.key, words: wordsOf(concept.text) };
  }
  return null;
}

export function stemKeysOf(word: string): string[] {
  if (!HEBREW_WORD.test(word)) return [`s:${stemWord(word)}`];
  const forms = [word, ...withoutHebrewPrefixes(word)].flatMap((form) => [form, form.replace(HEBREW_PLURAL, "")]);
  return [...new Set(forms.map((form) => `s:${form}`))];
}

function termOfWord(word: string): MatchTerm {
  const cached = wordCache.get(word);
  if (cached) return cached;
  const group = groupOf(word);
  const synonymKeys = new Set<string>();
  const groupWords = group?.words ?? [];
  for (const [index, synonym] of groupWords.entries()) {
    if (!PHRASE_FRAGMENTS.has(synonym)) {
      for (const key of stemKeysOf(synonym)) synonymKeys.add(key);
      continue;
    }
    // Fragments only count as the phrase they are part of: "next day", "money back".
    const next = groupWords[index + 1];
    if (next && PHRASE_FRAGMENTS.has(next)) synonymKeys.add(`b:${synonym} ${next}`);
  }
  const term: MatchTerm = {
    word,
    stemKeys: stemKeysOf(word),
    groupKeys: group ? [group.key] : [],
    synonymKeys: [...synonymKeys],
    broaderKeys: (broaderOf.get(word) ?? []).flatMap(stemKeysOf),
    isNumber: false,
  };
  if (wordCache.size > 50_000) wordCache.clear();
  wordCache.set(word, term);
  return term;
}

/**
 * The content terms of a text, in order: words that are not function words, and numbers.
 * "8pm" and "24h" give the number and the unit.
 */
export function termsOf(text: string): MatchTerm[] {
  const terms: MatchTerm[] = [];
  // Like normaliseForMatching, but the case is kept a moment longer, to tell "US" from "us".
  const normalised = text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  for (const raw of normalised.match(NUMBER) ?? []) {
    const value = normaliseNumber(raw);
    terms.push({
      word: value,
      stemKeys: [`n:${value}`],
      groupKeys: [],
      synonymKeys: [],
      broaderKeys: [],
      isNumber: true,
    });
  }
  for (const token of normalised.match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (/^\d+$/.test(token)) continue;
    const word = token.replace(/^\d+(?=\p{L})/u, "").toLowerCase();
    // One letter is no word: in Hebrew it is a prefix the writer set off with a hyphen ("ה-Bakkie",
    // "ב-12", the Bakkie, in 12).
    if (word.length < 2) continue;
    // "US" and "UK" are places, not the pronoun and a typo: capitals keep an acronym.
    const isAcronym = token.length >= 2 && /^\p{Lu}+$/u.test(token);
    if (STOPWORDS.has(word) && !isAcronym) continue;
    terms.push(termOfWord(word));
  }
  return terms;
}

/** Every key of every term of a text — stems, groups, and the fragment pairs phrases match on. */
export function keysOf(text: string): Set<string> {
  const keys = new Set<string>();
  for (const term of termsOf(text)) {
    for (const key of term.stemKeys) keys.add(key);
    for (const key of term.groupKeys) keys.add(key);
  }
  // Word pairs, for phrases ("next day", "money back") and names ("black friday").
  const words = wordsOf(text);
  for (const [index, word] of words.entries()) {
    const next = words[index + 1];
    if (next) keys.add(`b:${word} ${next}`);
  }
  return keys;
}

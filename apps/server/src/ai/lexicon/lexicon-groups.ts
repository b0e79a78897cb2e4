import { wordsOf } from "../embeddings/local-hashing-embedder";
import lexicon from "./shop-lexicon.json";

type LexiconConcept = { id: string; en: string[]; nl: string[]; he: string[]; related?: string[] };

const oneWord = (entries: string[]) => entries.filter((entry) => !/\s/.test(entry)).flatMap((entry) => wordsOf(entry));

/**
 * The shop-support lexicon (README.md beside it) as search groups, normalised as matching
 * normalises words:
 * - `words`: the one-word entries in the three languages. Phrases ("shipping options", "battery
 *   pack") are left out: their words alone mean less or other things, and with them the dev
 *   halves' Dutch recall@5 fell (shop-c 0.79 → 0.29) and shop-a lost a Dutch answer;
 * - `translationWords`: the one-word Dutch and Hebrew entries, the words that lead to the group.
 */
export const LEXICON_GROUPS: { id: string; words: string[]; translationWords: string[] }[] = (
  lexicon as LexiconConcept[]
).map((concept) => ({
  id: concept.id,
  words: [...new Set([...oneWord(concept.en), ...oneWord(concept.nl), ...oneWord(concept.he)])],
  translationWords: [...new Set([...oneWord(concept.nl), ...oneWord(concept.he)])],
}));

/** Every English word of the lexicon: a Dutch entry spelt the same ("service") is English too. */
export const LEXICON_ENGLISH = new Set((lexicon as LexiconConcept[]).flatMap((concept) => oneWord(concept.en)));

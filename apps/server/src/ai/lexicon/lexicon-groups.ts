import { readFileSync } from "node:fs";
import { wordsOf } from "../embeddings/local-hashing-embedder";

type LexiconConcept = { id: string; en: string[]; nl: string[]; he: string[]; related?: string[] };

const oneWord = (entries: string[]) => entries.filter((entry) => !/\s/.test(entry)).flatMap((entry) => wordsOf(entry));

/**
 * Read and parsed here rather than imported: bundled into the server's code, the lexicon stayed in
 * the V8 heap twice, as source text (~1.9 MB, two bytes a character for the Hebrew) and as the
 * parsed concepts (~2.6 MB), for the groups below that need only their words (decision 078).
 * build.mjs copies the file beside the bundle chunk that holds this module.
 */
const readLexicon = (): LexiconConcept[] =>
  JSON.parse(readFileSync(new URL("./shop-lexicon.json", import.meta.url), "utf8")) as LexiconConcept[];

/**
 * The shop-support lexicon (README.md beside it) as search groups, normalised as matching
 * normalises words:
 * - `words`: the one-word entries in the three languages. Phrases ("shipping options", "battery
 *   pack") are left out: their words alone mean less or other things, and with them the dev
 *   halves' Dutch recall@5 fell (shop-c 0.79 → 0.29) and shop-a lost a Dutch answer;
 * - `translationWords`: the one-word Dutch and Hebrew entries, the words that lead to the group.
 * And every English word of the lexicon: a Dutch entry spelt the same ("service") is English too.
 * The parsed concepts are dropped once these are made.
 */
function lexiconGroups() {
  const lexicon = readLexicon();
  return {
    groups: lexicon.map((concept) => ({
      id: concept.id,
      words: [...new Set([...oneWord(concept.en), ...oneWord(concept.nl), ...oneWord(concept.he)])],
      translationWords: [...new Set([...oneWord(concept.nl), ...oneWord(concept.he)])],
    })),
    english: new Set(lexicon.flatMap((concept) => oneWord(concept.en))),
  };
}

const made = lexiconGroups();
export const LEXICON_GROUPS: { id: string; words: string[]; translationWords: string[] }[] = made.groups;
export const LEXICON_ENGLISH: Set<string> = made.english;

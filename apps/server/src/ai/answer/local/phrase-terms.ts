import { wordsOf } from "../../embeddings/local-hashing-embedder";
import { questionConcepts } from "../../retrieval/support-thesaurus";
import { type MatchTerm, PHRASE_FRAGMENTS, stemKeysOf } from "./match-terms";

/**
 * Question terms made of two or more words, matched against the word pairs `keysOf` records
 * for every sentence (`b:first second`).
 */

/** How far apart the halves of a phrase may be in a question ("send the whole order back"). */
const PHRASE_WINDOW = 4;

/**
 * Thesaurus phrases in a question, even with a word between their halves: "send it back" and
 * "send the whole order back" are "send back" (the returns group); "next day" is tomorrow.
 */
export function phraseTermsOf(text: string): MatchTerm[] {
  const words = wordsOf(text);
  const phrases: MatchTerm[] = [];
  for (const [index, first] of words.entries()) {
    if (!PHRASE_FRAGMENTS.has(first)) continue;
    const concept = questionConcepts(first).find((c) => c.key.startsWith("g:"));
    const groupWords = concept ? wordsOf(concept.text) : [];
    for (const second of words.slice(index + 1, index + 1 + PHRASE_WINDOW)) {
      const isPhrase = groupWords.some((word, i) => word === first && groupWords[i + 1] === second);
      if (!concept || !isPhrase) continue;
      const synonyms = groupWords.filter((word) => !PHRASE_FRAGMENTS.has(word)).flatMap(stemKeysOf);
      phrases.push({
        word: `${first} ${second}`,
        stemKeys: [`b:${first} ${second}`],
        groupKeys: [concept.key],
        synonymKeys: [...new Set(synonyms)],
        broaderKeys: [],
        isNumber: false,
      });
    }
  }
  return phrases;
}

/**
 * Names written as several capitalised words ("Black Friday", "Trail Merino Socks", "Ascent 2")
 * are one thing: a passage with "black" in a colour list and "Friday" in a dispatch time does
 * not mention Black Friday. The first word of a sentence is not taken as part of a name.
 */
export function nameTermsOf(text: string): MatchTerm[] {
  const names: MatchTerm[] = [];
  for (const sentence of text.split(/[.!?\n]+/)) {
    const tokens = sentence.normalize("NFKD").match(/[\p{L}\p{N}]+|&/gu) ?? [];
    let run: string[] = [];
    const flush = () => {
      const words = run.filter((token) => token !== "&").map((token) => token.toLowerCase());
      if (words.length >= 2) {
        const pairs = words.slice(1).map((word, i) => `b:${words[i]} ${word}`);
        names.push({
          word: words.join(" "),
          stemKeys: pairs,
          groupKeys: [],
          synonymKeys: [],
          broaderKeys: [],
          isNumber: false,
        });
      }
      run = [];
    };
    for (const [index, token] of tokens.entries()) {
      const isNamePart =
        (/^\p{Lu}/u.test(token) && token !== "I") || (run.length > 0 && (/^\d+$/.test(token) || token === "&"));
      if (isNamePart && index > 0) run.push(token);
      else flush();
    }
    flush();
  }
  return names;
}

import { EMBEDDING_DIMENSIONS } from "../../db/schema/knowledge";
import type { Embedder } from "./embedder";

/**
 * The embedded default: no model, no network. Each text becomes a "hashing trick" vector of its
 * words and their character 3–5-grams (FastText-style subwords), with sublinear term weights,
 * L2-normalised. It works for every script (Hebrew included), tolerates typos and inflections
 * through the shared n-grams, and costs microseconds. It is lexical, not semantic: paraphrases
 * with no shared word stems are left to the full-text side of hybrid retrieval
 * (docs/decisions/004-local-retrieval.md has the measurements).
 */
export const LOCAL_EMBEDDING_MODEL = "local-hash-ngram-v1";

const WORD_WEIGHT = 1;
const NGRAM_WEIGHT = 0.35;
const MIN_NGRAM = 3;
const MAX_NGRAM = 5;

/**
 * Function words of the shop languages carry no topic; hashing them only adds noise shared by
 * every text. (The full-text side weighs words by their rarity instead; vectors have no corpus.)
 */
const STOPWORDS = new Set(
  [
    "a an and are as at be but by can could did do does for from had has have how i if in into is it its",
    "me my of on or our so than that the their them then there these they this to too us was we were",
    "what when where which who why will with would you your yours im ive dont cant whats",
    "de het een en is zijn je jij u uw van voor met op dit dat kan wij we ons mijn wat hoe wanneer waar",
    "niet ik bij naar ook of te er die deze om aan als maar dan nog wel al heb hebt heeft",
    "של את על עם זה זו אני אתם אתה הוא היא יש אין לא מה איך מתי איפה כמה גם או אם כי",
  ]
    .join(" ")
    .split(" "),
);

/** FNV-1a, 32-bit: fast and well spread for short strings. */
function hash(text: string, seed: number): number {
  let h = 0x811c9dc5 ^ seed;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function normaliseForMatching(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

export function wordsOf(text: string): string[] {
  return normaliseForMatching(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

function addFeature(vector: Float64Array, feature: string, weight: number) {
  const h = hash(feature, 0);
  const index = h % vector.length;
  // A second hash decides the sign, so collisions cancel out on average instead of piling up.
  const sign = hash(feature, 0x9e3779b9) & 1 ? 1 : -1;
  vector[index] = (vector[index] ?? 0) + sign * weight;
}

export function embedText(text: string, dimensions = EMBEDDING_DIMENSIONS): number[] {
  const counts = new Map<string, number>();
  for (const word of wordsOf(text)) {
    if (!STOPWORDS.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const vector = new Float64Array(dimensions);
  for (const [word, count] of counts) {
    const termWeight = 1 + Math.log(count);
    addFeature(vector, `w:${word}`, WORD_WEIGHT * termWeight);
    const padded = `<${word}>`;
    if (padded.length <= MIN_NGRAM) continue;
    for (let n = MIN_NGRAM; n <= MAX_NGRAM; n++) {
      for (let i = 0; i + n <= padded.length; i++) {
        addFeature(vector, `g:${padded.slice(i, i + n)}`, (NGRAM_WEIGHT * termWeight) / (MAX_NGRAM - MIN_NGRAM + 1));
      }
    }
  }
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm) || 1;
  return Array.from(vector, (value) => value / norm);
}

export function createLocalHashingEmbedder(): Embedder {
  return {
    model: LOCAL_EMBEDDING_MODEL,
    dimensions: EMBEDDING_DIMENSIONS,
    embed: async (texts) => texts.map((text) => embedText(text)),
  };
}

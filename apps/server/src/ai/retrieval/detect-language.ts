import { wordsOf } from "../embeddings/local-hashing-embedder";

export type ContentLanguage = "en" | "nl" | "he" | "other";

const ENGLISH_MARKERS = new Set(
  "the and is are you your to of in for with on it this that be can do we our my what how when where will not".split(
    " ",
  ),
);
const DUTCH_MARKERS = new Set(
  "de het een en is zijn je jij u uw van voor met op dit dat kan wij we ons mijn wat hoe wanneer waar niet ik bij naar ook of te".split(
    " ",
  ),
);

/** A cheap guess good enough to pick a text-search configuration: script first, then function words. */
export function detectLanguage(text: string): ContentLanguage {
  const hebrewLetters = text.match(/[\u0590-\u05ff]/g)?.length ?? 0;
  const latinLetters = text.match(/[a-z]/gi)?.length ?? 0;
  if (hebrewLetters > 0 && hebrewLetters >= latinLetters * 0.3) return "he";
  let english = 0;
  let dutch = 0;
  for (const word of wordsOf(text)) {
    if (ENGLISH_MARKERS.has(word)) english++;
    if (DUTCH_MARKERS.has(word)) dutch++;
  }
  if (english === 0 && dutch === 0) return latinLetters > 0 ? "en" : "other";
  return dutch > english ? "nl" : "en";
}

/** PostgreSQL text-search configuration per language; Hebrew has none, so `simple`. */
export function textSearchConfig(language: string): "english" | "dutch" | "simple" {
  if (language === "en") return "english";
  if (language === "nl") return "dutch";
  return "simple";
}

import { wordsOf } from "../embeddings/local-hashing-embedder";
import { withoutHebrewPrefixes } from "./hebrew-prefixes";
import data from "./places.json";

/**
 * Towns and cities as their country: a shopper asks "shipping to Munich?" where the help page
 * says "Germany". `places.json` is generated (scripts/generate-places.mjs, from GeoNames) and maps
 * each place's name (lower case, no diacritics; English, Dutch and Hebrew names of large cities)
 * to its country's ISO code; `countries` holds each country's English names.
 */
const places = new Map(Object.entries(data.places as Record<string, string>));
const countryNames = new Map(Object.entries(data.countries as Record<string, string[]>));
/** The longest place name, in words ("frankfurt am main"). */
const MAX_WORDS = Math.max(...[...places.keys()].map((name) => wordsOf(name).length));
const keyOf = (words: string[]) => words.join(" ");
const byWords = new Map([...places].map(([name, code]) => [keyOf(wordsOf(name)), code]));

/** The English names of the country a place is in ("germany" for "munich"), or none. */
export function countryOfPlace(words: string[]): string[] {
  const code = byWords.get(keyOf(words));
  return code ? (countryNames.get(code) ?? []) : [];
}

/** The word, and for Hebrew the word without one or two prefix letters ("לב" + "רלין" is not it: "ל" + "ברלין" is). */
const formsOf = (word: string): string[] => [word, ...withoutHebrewPrefixes(word)];

/**
 * The places a text names, as runs of its words: `{ start, length, country }` per place, longest
 * name first at each position ("tel aviv" before "tel"); a Hebrew first word is tried without
 * its prefix letters too.
 */
export function placesIn(words: string[]): { start: number; length: number; country: string[] }[] {
  const found: { start: number; length: number; country: string[] }[] = [];
  for (let start = 0; start < words.length; start++) {
    for (let length = Math.min(MAX_WORDS, words.length - start); length >= 1; length--) {
      const [first = "", ...rest] = words.slice(start, start + length);
      const country = formsOf(first)
        .map((form) => countryOfPlace([form, ...rest]))
        .find((names) => names.length > 0);
      if (country) {
        found.push({ start, length, country });
        start += length - 1;
        break;
      }
    }
  }
  return found;
}

/** Every market country's first English name ("portugal"), to tell a country's own group from a region's. */
export const COUNTRY_NAMES: string[] = [...countryNames.values()].flatMap((names) => names.slice(0, 1));

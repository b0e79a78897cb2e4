import { describe, expect, it } from "vitest";
import { wordsOf } from "../embeddings/local-hashing-embedder";
import { questionConcepts } from "../retrieval/support-thesaurus";
import { countryOfPlace, placesIn } from "./places";
import data from "./places.json";

const conceptText = (question: string, word: string) =>
  questionConcepts(question, { places: true }).find((concept) => wordsOf(concept.text).includes(word))?.text ?? "";

describe("places as their country", () => {
  it("knows large towns in the shops' markets by their English, Dutch and Hebrew names", () => {
    expect(countryOfPlace(["munich"])).toContain("germany");
    expect(countryOfPlace(["antwerp"])).toContain("belgium");
    expect(countryOfPlace(["antwerpen"])).toContain("belgium");
    expect(countryOfPlace(["keulen"])).toContain("germany");
    expect(countryOfPlace(["ברלין"])).toContain("germany");
    expect(countryOfPlace(["tel", "aviv"])).toContain("israel");
  });

  it("leaves out places spelt like an English word unless they are very large", () => {
    // Nice, Split and Reading are cities, but in a shop question they are words.
    for (const word of ["nice", "split", "reading", "best", "orange"]) expect(countryOfPlace([word])).toEqual([]);
    expect(countryOfPlace(["paris"])).toContain("france");
  });

  it("keeps names in the matcher's normal form: lower case, no diacritics, no empties", () => {
    const names = Object.keys(data.places);
    expect(names.length).toBeGreaterThan(1000);
    for (const name of names) {
      expect(name).toBe(
        name
          .normalize("NFKD")
          .replace(/[\u0300-\u036f]/g, "")
          .toLowerCase()
          .trim(),
      );
      expect(name.length).toBeGreaterThanOrEqual(3);
    }
  });

  it("finds the longest name at each position, a Hebrew one behind its prefix letters", () => {
    expect(placesIn(wordsOf("we moved from tel aviv to munich"))).toMatchObject([
      { start: 3, length: 2 },
      { start: 6, length: 1 },
    ]);
    expect(placesIn(wordsOf("כמה עולה משלוח לברלין"))).toMatchObject([{ start: 3, length: 1, country: ["germany"] }]);
    expect(placesIn(wordsOf("ומבריסל"))).toMatchObject([{ start: 0, length: 1 }]);
  });

  it("searches a question's town with its country's group, or only its name when a region's group holds it", () => {
    expect(conceptText("shipping to munich", "munich")).toContain("duitsland");
    // Portugal is only in the Europe group: Lisbon must not reach Belgium or Spain as a synonym.
    const lisbon = conceptText("shipping to lisbon", "lisbon");
    expect(lisbon).toContain("portugal");
    expect(lisbon).not.toContain("belgium");
    // A town the shop lexicon names ("antwerp", "haifa") is still a town in its country, with its own names.
    expect(conceptText("how much is shipping to antwerp", "antwerp")).toContain("belgium");
    expect(conceptText("כמה עולה משלוח לחיפה", "לחיפה")).toContain("israel");
    // A word of the lexicon spelt like a town ("porto", postage) stays the word.
    expect(conceptText("what is the porto", "porto")).not.toContain("portugal");
    // Without `places` (a help page's words) a town stays itself.
    expect(questionConcepts("our munich store").map((concept) => concept.text)).toContain("munich");
  });
});

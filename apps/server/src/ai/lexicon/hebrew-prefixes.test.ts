import { describe, expect, it } from "vitest";
import { termsOf } from "../answer/local/match-terms";
import { questionConcepts } from "../retrieval/support-thesaurus";
import { withoutHebrewPrefixes } from "./hebrew-prefixes";

describe("Hebrew prefix letters", () => {
  it("gives the word without one, then two prefix letters, keeping at least two letters", () => {
    expect(withoutHebrewPrefixes("המשלוח")).toEqual(["משלוח", "שלוח"]);
    expect(withoutHebrewPrefixes("ובמשלוח")).toEqual(["במשלוח", "משלוח"]);
    expect(withoutHebrewPrefixes("לבלגיה")).toEqual(["בלגיה", "לגיה"]);
    expect(withoutHebrewPrefixes("של")).toEqual([]);
    expect(withoutHebrewPrefixes("אופניים")).toEqual([]);
    expect(withoutHebrewPrefixes("shipping")).toEqual([]);
  });

  // Stripping two letters at once turned "המשלוח" (the shipping) into "שלוח", which means nothing,
  // so the answer step and retrieval lost the word's thesaurus group.
  it("lets a word with the article meet its group in the answer step and in retrieval", () => {
    const [bare] = termsOf("משלוח");
    const [withArticle] = termsOf("המשלוח");
    expect(bare?.groupKeys.length).toBe(1);
    expect(withArticle?.groupKeys).toEqual(bare?.groupKeys);
    expect(withArticle?.stemKeys).toContain("s:משלוח");
    const keys = (question: string) => questionConcepts(question).map((concept) => concept.key);
    expect(keys("מתי המשלוח")).toEqual(keys("מתי משלוח"));
  });
});

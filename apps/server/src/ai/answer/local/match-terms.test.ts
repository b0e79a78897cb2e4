import { describe, expect, it } from "vitest";
import { keysOf, normaliseNumber, stemWord, termsOf } from "./match-terms";

describe("match terms", () => {
  it("stems English and Dutch inflections alike on both sides", () => {
    expect(stemWord("arrives")).toBe(stemWord("arrive"));
    expect(stemWord("arrived")).toBe(stemWord("arriving"));
    expect(stemWord("shipping")).toBe(stemWord("ship"));
    expect(stemWord("returnable")).toBe(stemWord("return"));
    expect(stemWord("bestellen")).toBe("bestel");
  });

  it("takes '-ly' off a word made from a noun, so 'monthly' meets 'month' and 'weekly' meets 'weeks'", () => {
    expect(stemWord("monthly")).toBe(stemWord("month"));
    expect(stemWord("monthly")).toBe(stemWord("months"));
    expect(stemWord("weekly")).toBe(stemWord("weeks"));
    expect(stemWord("yearly")).toBe(stemWord("year"));
    expect(stemWord("costly")).toBe(stemWord("cost"));
    expect(stemWord("hourly")).toBe(stemWord("hours"));
    expect(stemWord("safely")).toBe(stemWord("safe"));
  });

  it("keeps '-ly' where it belongs to the word, and stems its plural the same way", () => {
    expect(stemWord("family")).toBe("family");
    expect(stemWord("supply")).toBe("supply");
    expect(stemWord("fully")).toBe("fully");
    expect(stemWord("early")).toBe("early");
    expect(stemWord("assembly")).toBe("assembly");
    expect(stemWord("assemblies")).toBe(stemWord("assembly"));
  });

  it("writes numbers one way however they are typed", () => {
    expect(normaliseNumber("6,95")).toBe("6.95");
    expect(normaliseNumber("1,500")).toBe("1500");
    expect(normaliseNumber("1.500")).toBe("1500");
    expect(normaliseNumber("21:00")).toBe("21:00");
    expect(termsOf("It costs €4.95").map((t) => t.word)).toEqual(["4.95", "costs"]);
  });

  it("drops function words but keeps acronyms such as US", () => {
    expect(termsOf("Do you deliver to the US?").map((t) => t.word)).toEqual(["deliver", "us"]);
    expect(termsOf("can you send it to us").map((t) => t.word)).toEqual(["send"]);
  });

  it("takes no one-letter word, such as a Hebrew prefix set off by a hyphen", () => {
    expect(termsOf("מה המשקל של ה-Bakkie Cargo").map((term) => term.word)).toEqual(["המשקל", "bakkie", "cargo"]);
  });

  it("lets a Dutch or Hebrew word reach its English synonyms", () => {
    const [horloge] = termsOf("horloge");
    expect(horloge?.synonymKeys).toContain("s:watch");
    const [shipping] = termsOf("משלוח");
    expect(shipping?.groupKeys).toEqual(termsOf("delivery")[0]?.groupKeys);
    // Hebrew prefixes come off: "לישראל" is "to Israel".
    expect(termsOf("לישראל")[0]?.stemKeys).toContain("s:ישראל");
  });

  it("gives a sentence its stems, thesaurus groups, numbers and word pairs as keys", () => {
    const keys = keysOf("Standard delivery: €4.95");
    expect(keys.has("s:standard")).toBe(true);
    expect(keys.has("n:4.95")).toBe(true);
    expect(keys.has("b:standard delivery")).toBe(true);
    for (const key of termsOf("verzending")[0]?.groupKeys ?? []) expect(keys.has(key)).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { questionConceptsFor } from "./question-concepts";

/** The question's concepts marked as what it asks about (focus), read with no passages at all. */
function focusOf(question: string): string[] {
  return questionConceptsFor({ question, kinds: [], units: [], titleKeys: [], vocabulary: new Set() })
    .filter((concept) => concept.isFocus)
    .flatMap((concept) => concept.words);
}

describe("what a question asks about", () => {
  it("reads the attribute of a what/which question in English, Dutch and Hebrew", () => {
    expect(focusOf("What SPF does the Daily Cream have?")).toEqual(["spf"]);
    expect(focusOf("Welke garantie heeft de helm?")).toEqual(["garantie"]);
    expect(focusOf("איזה מגן יש לקסדה?")).toEqual(["מגן"]);
  });

  it("leaves out an attribute a stated value answers ('what size', 'what time')", () => {
    expect(focusOf("What size bladder fits in the pack?")).toEqual(["bladder"]);
    expect(focusOf("What time does the shop open?")).toEqual([]);
  });

  it("reads a question that is nothing but the attribute, also after a sentence of context", () => {
    expect(focusOf("What's the shipping?")).toEqual(["shipping"]);
    expect(focusOf("I'm in Warsaw and want the Discovery Kit. What is the shipping")).toEqual(["shipping"]);
    expect(focusOf("Wat is de levertijd?")).toEqual(["levertijd"]);
    // A stated value answers "the price": there is no word the answer must hold.
    expect(focusOf("What's the price?")).toEqual([]);
  });

  it("reads the feature after 'have' and the group after 'for'", () => {
    expect(focusOf("Does the Stroomlijn 45 have ABS brakes?")).toEqual(["abs", "brakes"]);
    expect(focusOf("Is there a discount for pensioners?")).toEqual(["discount", "pensioners"]);
    // After "can I" the verb's object may come before "for"; a verb that takes its object after
    // "for" ("pay for the bike") adds no qualifier.
    expect(focusOf("Can I extend Care+ for a third year?")).toEqual(["extend", "third"]);
    expect(focusOf("Can I pay for the bike in 3 parts?")).toEqual(["pay"]);
  });
});

describe("a thesaurus phrase in a question", () => {
  const required = (question: string) =>
    questionConceptsFor({ question, kinds: [], units: [], titleKeys: [], vocabulary: new Set() })
      .filter((concept) => !concept.isImplied)
      .flatMap((concept) => concept.words);

  it("is required once, as the phrase, not again as each of its halves", () => {
    expect(required("Can I still send the cleanser back?")).toEqual(["cleanser", "send back"]);
    // Alone, the halves are words of their own.
    expect(required("Can I send a gift?")).toContain("send");
  });
});

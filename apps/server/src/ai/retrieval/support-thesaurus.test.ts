import { describe, expect, it } from "vitest";
import { questionConcepts } from "./support-thesaurus";

/** The group texts a question's words lead to (their concept's text starts with the group's first word). */
const groupsOf = (question: string) =>
  questionConcepts(question)
    .filter((concept) => concept.key.startsWith("g:"))
    .map((concept) => concept.text.split(" ")[0]);

describe("the support thesaurus' groups", () => {
  it("joins a question's synonyms into one concept per group", () => {
    expect(groupsOf("shipping and delivery costs")).toEqual(["shipping", "cost"]);
  });

  // Written forms with a hyphen or a quote fell apart into words that then stood for the group:
  // every "how" question searched "days", "groot" (big) meant the United Kingdom, and the
  // Hebrew prefix letter of "ב-12" (in 12) meant the United States.
  it("gives no group to the pieces of a hyphenated or quoted form", () => {
    expect(groupsOf("how do I return this")).toEqual(["return"]);
    expect(groupsOf("is het groot genoeg")).toEqual([]);
    expect(groupsOf("אפשר לשלם ב-12 תשלומים")).toEqual(["pay"]);
    expect(groupsOf('מה המחיר כולל מע"מ')).toEqual(["cost", "customs"]);
  });
});

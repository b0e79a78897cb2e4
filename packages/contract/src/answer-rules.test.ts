import { describe, expect, it } from "vitest";
import { forbiddenPhrasesOf, isFollowedByLocalEngine } from "./answer-rules";

const rule = (description: string) => ({ title: "Rule", description });

describe("forbiddenPhrasesOf", () => {
  it("reads quoted phrases a rule forbids, in English, Dutch and Hebrew", () => {
    expect(
      forbiddenPhrasesOf([
        rule("Never mention 'Klarna' to customers."),
        rule('Do not talk about "evening delivery".'),
        rule("Noem nooit “retourlabel” in een antwoord."),
        rule("אל תזכירו 'קופון' בתשובות"),
      ]),
    ).toEqual(["Klarna", "evening delivery", "retourlabel", "קופון"]);
  });

  it("skips rules an extractive engine can't follow", () => {
    expect(
      forbiddenPhrasesOf([
        rule("Always end with 'Happy hiking!'"),
        rule("Be extra polite to returning customers."),
        rule("Never promise delivery dates."),
      ]),
    ).toEqual([]);
  });
});

describe("isFollowedByLocalEngine", () => {
  it("is true only for a rule that forbids a quoted phrase, in its title or its description", () => {
    expect(isFollowedByLocalEngine({ title: "Payments", description: "Never mention 'Klarna'." })).toBe(true);
    expect(isFollowedByLocalEngine({ title: 'Don\'t say "cheap"', description: "We are good value." })).toBe(true);
    expect(isFollowedByLocalEngine({ title: "Payments", description: "Never mention Klarna." })).toBe(false);
    expect(isFollowedByLocalEngine({ title: "Tone", description: "Be extra polite." })).toBe(false);
  });
});

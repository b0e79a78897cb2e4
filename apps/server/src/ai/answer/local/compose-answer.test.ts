import { describe, expect, it } from "vitest";
import { composeAnswer } from "./compose-answer";
import type { SelectedUnit } from "./select-sentences";

const unit = (text: string): SelectedUnit => ({
  chunkId: "c1",
  documentId: "d1",
  title: "Shipping and returns",
  sourceType: "website",
  text,
  heading: null,
  kind: "sentence",
  position: 0,
  score: 1,
});

const compose = (language: "en" | "nl" | "he", text: string) =>
  composeAnswer({
    question: "?",
    language,
    persona: { responseLength: "normal" } as Parameters<typeof composeAnswer>[0]["persona"],
    history: [],
    units: [unit(text)],
  }).text;

describe("an answer that quotes a help page in another language", () => {
  it("isolates the English quote and title inside a Hebrew answer, so its full stop stays at its end", () => {
    const text = compose("he", "Shipping is free for orders of €50 or more.");
    expect(text).toBe(
      'לפי מאמר העזרה שלנו "\u2068Shipping and returns\u2069": \u2068Shipping is free for orders of €50 or more.\u2069',
    );
  });

  it("adds no marks between left-to-right languages", () => {
    expect(compose("nl", "Shipping is free for orders of €50 or more.")).toBe(
      "Volgens ons hulpartikel “Shipping and returns”: Shipping is free for orders of €50 or more.",
    );
  });
});

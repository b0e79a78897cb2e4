import { describe, expect, it } from "vitest";
import { BUBBLE_SPLIT_AFTER } from "./ai-agent";
import { splitIntoBubbles } from "./sentences";

const sentence = (words: number, end = ".") => `Word${" word".repeat(words - 1)}${end}`;

describe("splitIntoBubbles", () => {
  it("keeps a short answer in one bubble", () => {
    expect(splitIntoBubbles("Standard delivery costs €4.95. It is free from €60.")).toEqual([
      "Standard delivery costs €4.95. It is free from €60.",
    ]);
  });

  it("splits at the first sentence end after 200 characters, and again in the remainder", () => {
    const first = sentence(45); // 224 characters
    const second = sentence(10);
    const third = sentence(45);
    const fourth = sentence(5);
    const bubbles = splitIntoBubbles(`${first} ${second} ${third} ${fourth}`);
    expect(first.length).toBeGreaterThan(BUBBLE_SPLIT_AFTER);
    expect(bubbles).toEqual([first, `${second} ${third}`, fourth]);
  });

  it("never splits before 200 characters, even after many short sentences", () => {
    const short = Array.from({ length: 12 }, (_, i) => `Point ${i} is true.`).join(" ");
    const bubbles = splitIntoBubbles(short);
    expect(bubbles[0]?.length).toBeGreaterThanOrEqual(BUBBLE_SPLIT_AFTER);
    expect(bubbles.join(" ")).toBe(short);
  });

  it("does not split inside numbers or abbreviations", () => {
    const text = `${"x".repeat(195)} costs €4.95 or 1.500 points, e.g. with iDEAL, approx. three days. Next sentence.`;
    const bubbles = splitIntoBubbles(text);
    expect(bubbles).toEqual([
      `${"x".repeat(195)} costs €4.95 or 1.500 points, e.g. with iDEAL, approx. three days.`,
      "Next sentence.",
    ]);
  });

  it("treats ! and ? (and closing quotes) as sentence ends, in Dutch and Hebrew too", () => {
    const dutch = `${"a".repeat(200)} Is dat gratis? Ja!`;
    expect(splitIntoBubbles(dutch)).toEqual([`${"a".repeat(200)} Is dat gratis?`, "Ja!"]);
    const hebrew = `${"ש".repeat(200)} "משלוח חינם!" ועוד משפט.`;
    expect(splitIntoBubbles(hebrew)).toEqual([`${"ש".repeat(200)} "משלוח חינם!"`, "ועוד משפט."]);
  });

  it("does not take a full stop before a lower-case word as a sentence end", () => {
    const text = `${"x".repeat(200)} approx. three days. Or per item. etc. and so on.`;
    expect(splitIntoBubbles(text)).toEqual([`${"x".repeat(200)} approx. three days.`, "Or per item. etc. and so on."]);
  });

  it("keeps a long sentence without an end whole, and gives no empty bubbles", () => {
    const long = `${"word ".repeat(80)}and no full stop`;
    expect(splitIntoBubbles(long)).toEqual([long]);
    expect(splitIntoBubbles("   ")).toEqual([]);
    expect(splitIntoBubbles(`${sentence(45)}   `)).toEqual([sentence(45)]);
  });
});

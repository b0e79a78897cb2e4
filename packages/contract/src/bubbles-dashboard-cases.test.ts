import { describe, expect, it } from "vitest";
import { splitIntoBubbles } from "./sentences";

const filler = (length: number) => "a".repeat(length);

describe("splitIntoBubbles", () => {
  it("keeps a short answer in one bubble", () => {
    expect(splitIntoBubbles("  We ship in 2 days. Free over €50.  ")).toEqual(["We ship in 2 days. Free over €50."]);
  });

  it("cuts at the first sentence end after 200 characters, not before", () => {
    const first = `Short one. ${filler(200)}.`;
    expect(splitIntoBubbles(`${first} Then the rest!`)).toEqual([first, "Then the rest!"]);
  });

  it("cuts again in what remains", () => {
    const sentence = `A${filler(205)}.`;
    expect(splitIntoBubbles(`${sentence} ${sentence} End.`)).toEqual([sentence, sentence, "End."]);
  });

  it("never cuts inside a number or after an abbreviation", () => {
    const text = `${filler(199)} costs €4.95 e.g. today and approx. 3 days. Next sentence.`;
    expect(splitIntoBubbles(text)).toEqual([
      `${filler(199)} costs €4.95 e.g. today and approx. 3 days.`,
      "Next sentence.",
    ]);
  });

  it("keeps one long sentence whole", () => {
    const text = `${filler(300)} and on`;
    expect(splitIntoBubbles(text)).toEqual([text]);
  });
});

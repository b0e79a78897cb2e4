import { describe, expect, it } from "vitest";
import { createAnswerStreamFilter } from "./answer-stream-filter";

function run(pieces: string[], passageCount = 3) {
  const filter = createAnswerStreamFilter(passageCount);
  const shown = pieces.map((piece) => filter.push(piece));
  shown.push(filter.end());
  return { shown: shown.filter(Boolean), verdict: filter.verdict() };
}

/** Every way to cut `text` in two or three pieces: markers and sentinels split anywhere. */
function cuts(text: string): string[][] {
  const result: string[][] = [];
  for (let a = 1; a < text.length; a++) {
    result.push([text.slice(0, a), text.slice(a)]);
    for (let b = a + 1; b < text.length; b += 3) result.push([text.slice(0, a), text.slice(a, b), text.slice(b)]);
  }
  return result;
}

describe("answer stream filter", () => {
  it("drops citation markers however the stream cuts them", () => {
    const text = "Returns take 30 days [1]. Frames [2, 3] last long[3][1].";
    for (const pieces of cuts(text)) {
      const { shown, verdict } = run(pieces);
      expect(shown.join(""), JSON.stringify(pieces)).toBe("Returns take 30 days. Frames last long.");
      expect(verdict.citedNumbers).toEqual([1, 2, 3]);
      expect(verdict.sentinel).toBeNull();
    }
  });

  it("never shows a sentinel, whole or in part, however the stream cuts it", () => {
    for (const text of [
      "NO_ANSWER",
      "  NEEDS_ORDER\n",
      "**NO_ANSWER**",
      "NEEDS_ORDER: the customer asks about order 12",
    ]) {
      for (const pieces of cuts(text)) {
        const { shown, verdict } = run(pieces);
        expect(shown, JSON.stringify(pieces)).toEqual([]);
        expect(verdict.sentinel).toBe(text.includes("NEEDS_ORDER") ? "NEEDS_ORDER" : "NO_ANSWER");
        expect(verdict.text).toBe("");
      }
    }
  });

  it("stops showing text once a sentinel turns up mid-answer", () => {
    const { shown, verdict } = run(["Let me check that for you. ", "NO_", "ANSWER and more"]);
    expect(shown.join("")).toBe("Let me check that for you.");
    expect(verdict.sentinel).toBe("NO_ANSWER");
  });

  it("releases an ordinary answer before it is complete", () => {
    const filter = createAnswerStreamFilter(2);
    expect(filter.push("Our shop in Rotterdam ")).toBe("Our shop in Rotterdam");
    expect(filter.push("opens at nine")).toBe(" opens at nine");
  });

  it("holds the first characters while they could still be a sentinel", () => {
    const filter = createAnswerStreamFilter(2);
    expect(filter.push("N")).toBe("");
    expect(filter.push("O")).toBe("");
    expect(filter.push("pe, we don't ship abroad.")).toBe("NOpe, we don't ship abroad.");
  });

  it("keeps bracketed numbers that name no passage, and unfinished brackets at the end", () => {
    expect(run(["Since [1952] we ride [4]. See [1"], 3).shown.join("")).toBe("Since [1952] we ride [4]. See [1");
    expect(run(["Prices [in euro] vary [2]."], 3).verdict.citedNumbers).toEqual([2]);
  });
});

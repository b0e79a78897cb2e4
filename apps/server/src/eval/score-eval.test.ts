import { describe, expect, it } from "vitest";
import { formatFailedTurn, type TurnResult } from "./run-conversations";
import { type EvalAnswer, formatFailedAnswer, formatOverview, summarize } from "./score-eval";

/** An answered question with its routing: what was chosen and what the set's labels say. */
function routed(
  lang: EvalAnswer["lang"],
  got: [string | null, string | null],
  want?: [string | null, string | null],
): EvalAnswer {
  return {
    set: "shop-x",
    id: crypto.randomUUID(),
    split: "dev",
    lang,
    kind: "answerable",
    question: "q",
    answer: "a",
    outcome: "answered",
    passed: true,
    declined: false,
    wrong: false,
    recallAt5: 1,
    retrieved: [],
    grounds: [],
    references: [],
    category: got[0],
    intent: got[1],
    ...(want ? { expectedCategory: want[0], expectedIntent: want[1] } : {}),
    latencyMs: 1,
    tokens: { input: 1, output: 1 },
  };
}

describe("routing scores", () => {
  it("per language, an intent right only under the right category, unlabelled questions left out", () => {
    const summary = summarize([
      routed("en", ["Delivery", "Shipping costs"], ["Delivery", "Shipping costs"]),
      routed("en", ["Delivery", null], ["Delivery", "Delivery times"]),
      // No category chosen where one was labelled: the null intents agree, yet it is not routed right.
      routed("en", [null, null], ["Returns", null]),
      routed("en", [null, null], [null, null]),
      routed("nl", ["Returns", null], ["Delivery", null]),
      routed("nl", ["Delivery", null], ["Delivery", null]),
      routed("he", ["Delivery", null]),
    ]);
    expect(summary.routingByLang).toEqual({
      en: { category: 0.75, intent: 0.5 },
      nl: { category: 0.5, intent: 0.5 },
    });
    const overview = formatOverview([summary]);
    expect(overview).toContain("| shop-x | dev | 75.0 % / 50.0 % | 50.0 % / 50.0 % | — |");
  });

  it("prints no routing table for sets without labels", () => {
    expect(formatOverview([summarize([routed("en", [null, null])])])).not.toContain("routing en");
  });
});

describe("failure lines the eval prints", () => {
  const failed = (split: "dev" | "test", wrong: boolean): EvalAnswer => ({
    ...routed("nl", [null, null]),
    id: "b-nl-07",
    split,
    question: "Wat kost verzending naar België?",
    answer: "Verzending naar België kost €4,95.\nBinnen Nederland is het gratis.",
    outcome: "answered",
    passed: false,
    wrong,
    declined: !wrong,
  });

  it("shows a dev question with its answer on one line, and names a test question without either", () => {
    expect(formatFailedAnswer(failed("dev", true))).toBe(
      "  ✗ wrong b-nl-07 [answerable/nl/dev] Wat kost verzending naar België?\n" +
        "      → answered: Verzending naar België kost €4,95. Binnen Nederland is het gratis.",
    );
    const test = formatFailedAnswer(failed("test", false));
    expect(test).toBe("  · declined b-nl-07 [answerable/nl/test]");
    expect(test).not.toContain("België");
  });

  it("prints nothing for a passed question, and a failed turn of the test split by its name only", () => {
    expect(formatFailedAnswer({ ...failed("dev", false), passed: true })).toBeUndefined();
    const turn: TurnResult = {
      conversation: "c-he-02",
      set: "shop-x",
      lang: "he",
      split: "test",
      turn: 3,
      visitor: "איפה ההזמנה שלי?",
      reply: "ההזמנה נשלחה",
      expected: { intent: "order_question", outcome: "order_flow" },
      got: { intent: null, outcome: "answered", resolvePrompt: false },
      failures: ["outcome answered, expected order_flow"],
      passed: false,
    };
    expect(formatFailedTurn(turn)).toBe("  ✗ c-he-02#3 [he/test]");
    expect(formatFailedTurn({ ...turn, split: "dev" })).toBe(
      "  ✗ c-he-02#3 [he/dev] איפה ההזמנה שלי?\n      → outcome answered, expected order_flow: ההזמנה נשלחה",
    );
  });
});

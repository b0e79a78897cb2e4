import { describe, expect, it } from "vitest";
import { type EvalAnswer, formatOverview, summarize } from "./score-eval";

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

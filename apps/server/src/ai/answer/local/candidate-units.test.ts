import type { RetrievedChunk } from "@harbor/contract/knowledge";
import { describe, expect, it } from "vitest";
import { expectedAnswerKinds } from "./answer-cues";
import { candidateUnits } from "./candidate-units";
import { passage } from "./passage-fixture";

const DELIVERY = `## How long does delivery take?
Standard delivery takes 2–4 working days. Express delivery arrives the next working day when ordered before 14:00.

## What does delivery cost?
Delivery is free from €50. Below that it costs €4.95.
Tags: delivery, shipping`;

const RETURNS = `You can return items within 30 days. Standard delivery takes 2–4 working days.
Sizes 36–44 can be exchanged once for free.`;

/** The units a question would get, with the passage reduced to its id (the rest is the same object). */
function unitsFor(question: string, passages: RetrievedChunk[], excludedPhrases: string[] = []) {
  return candidateUnits({ question, passages, kinds: expectedAnswerKinds(question), excludedPhrases }).map(
    ({ passage: from, textKeys, headingKeys, titleKeys, ...unit }) => ({
      ...unit,
      from: from.chunkId,
      textKeys: [...textKeys].sort(),
      headingKeys: [...headingKeys].sort(),
      titleKeys: [...titleKeys].sort(),
    }),
  );
}

describe("candidate units, with passages read before (decision 081)", () => {
  it("are the same for a passage seen before as for one seen the first time, question by question", () => {
    const first = [passage("d1", "Delivery", DELIVERY), passage("r1", "Returns", RETURNS)];
    const cold = unitsFor("How long does standard delivery take?", first);
    expect(cold.length).toBeGreaterThan(3);
    // The same texts in new objects (as each retrieval returns them), and another question.
    const again = [passage("d1", "Delivery", DELIVERY), passage("r1", "Returns", RETURNS)];
    expect(unitsFor("How long does standard delivery take?", again)).toEqual(cold);
    const price = unitsFor("How much does delivery cost?", again);
    expect(price.find((unit) => unit.text.includes("€4.95"))).toMatchObject({ values: ["price"] });
    expect(cold.find((unit) => unit.text.includes("€4.95"))?.values).toEqual([]);
    // The data line is left out, and a sentence repeated by the second passage counts once.
    expect(cold.filter((unit) => unit.text.startsWith("Standard delivery"))).toHaveLength(1);
    expect(cold.some((unit) => /^tags:/i.test(unit.text))).toBe(false);
    // A number in a range, and the question heading, are the question's, not the passage's.
    expect(unitsFor("Can I exchange size 40?", again).find((unit) => unit.text.startsWith("Sizes"))).toMatchObject({
      hasNumberInRange: true,
    });
    expect(cold.find((unit) => unit.text.startsWith("Sizes"))?.hasNumberInRange).toBe(false);
  });

  it("reads a passage again when its text changed under the same id, and applies each question's exclusions", () => {
    const before = unitsFor("Is delivery free?", [passage("d1", "Delivery", DELIVERY)]);
    const changed = DELIVERY.replace("free from €50", "free from €75");
    const after = unitsFor("Is delivery free?", [passage("d1", "Delivery", changed)]);
    expect(before.some((unit) => unit.text.includes("€75"))).toBe(false);
    expect(after.some((unit) => unit.text.includes("€75"))).toBe(true);
    const excluded = unitsFor("Is delivery free?", [passage("d1", "Delivery", DELIVERY)], ["express delivery"]);
    expect(excluded.some((unit) => unit.text.startsWith("Express"))).toBe(false);
    expect(before.some((unit) => unit.text.startsWith("Express"))).toBe(true);
  });
});

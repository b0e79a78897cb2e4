import { describe, expect, it } from "vitest";
import { questionParts, splitQuestion } from "./split-question";

describe("splitQuestion", () => {
  it.each([
    [
      "How do I return my sweater and when do I get my money back?",
      ["How do I return my sweater", "when do I get my money back?"],
    ],
    [
      "Can you deliver on Saturday? And is that extra?",
      ["Can you deliver on Saturday?", "And is that extra? (deliver Saturday)"],
    ],
    [
      "Wat kost bezorging naar België en hoe lang duurt het?",
      ["Wat kost bezorging naar België", "hoe lang duurt het? (bezorging België)"],
    ],
    ["כמה עולה משלוח לירושלים ומתי זה מגיע?", ["כמה עולה משלוח לירושלים", "מתי זה מגיע? (משלוח לירושלים)"]],
    [
      // A part with no subject of its own asks about the one before.
      "Will you collect my old sofa? Is there a charge?",
      ["Will you collect my old sofa?", "Is there a charge? (collect old sofa)"],
    ],
    [
      // A contracted question word opens the first part as much as "what is" would.
      "What's the yearly fee of the Studio Plus plan, and how long is the contract?",
      ["What's the yearly fee of the Studio Plus plan", "how long is the contract?"],
    ],
  ])("%s", (message, parts) => {
    expect(splitQuestion(message)).toEqual(parts);
  });

  it("keeps one question whole: 'and' inside it, a statement beside it, a short tail", () => {
    for (const message of [
      "Do you ship to Belgium and the Netherlands?",
      "Do you price match? I saw it cheaper elsewhere",
      "My parcel says delivered but it's not here. Can you check?",
      "Is the tent waterproof and how?",
    ]) {
      expect(splitQuestion(message)).toEqual([message]);
    }
  });

  it("marks a part that borrows the subject of the part before as its follow-up", () => {
    expect(questionParts("Will you collect my old sofa? Is there a charge?")).toEqual([
      { text: "Will you collect my old sofa?", isFollowUp: false },
      { text: "Is there a charge? (collect old sofa)", isFollowUp: true },
    ]);
    expect(
      questionParts("How do I return my sweater and when do I get my money back?").map((p) => p.isFollowUp),
    ).toEqual([false, false]);
    expect(questionParts("Do you ship to Belgium?")).toEqual([{ text: "Do you ship to Belgium?", isFollowUp: false }]);
  });
});

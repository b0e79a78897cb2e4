import { describe, expect, it } from "vitest";
import { createLocalSummarizer, SUMMARY_MAX } from "./local-summarizer";

const summarize = (previousSummary: string, question: string, answer: string, language: "en" | "nl" | "he" = "en") =>
  createLocalSummarizer().summarize({ previousSummary, question, answer, language });

describe("local summarizer", () => {
  it("adds what was asked and the first sentence of the answer", async () => {
    const { summary, usage } = await summarize(
      "",
      "How much is delivery in the Netherlands?",
      "Standard delivery costs €4.95. It is free from €60.",
    );
    expect(summary).toBe(
      "Customer asked: How much is delivery in the Netherlands? AI answered: Standard delivery costs €4.95.",
    );
    expect(usage).toEqual([expect.objectContaining({ model: "local" })]);
  });

  it("keeps earlier exchanges and drops the oldest to stay within 500 characters", async () => {
    let summary = "";
    for (let i = 1; i <= 12; i++) {
      ({ summary } = await summarize(
        summary,
        `Question number ${i} about returns and refunds?`,
        `Answer ${i} is long enough. More.`,
      ));
      expect(summary.length).toBeLessThanOrEqual(SUMMARY_MAX);
    }
    expect(summary).toContain("Question number 12");
    expect(summary).not.toContain("Question number 1 ");
    expect(summary.split("\n").length).toBeGreaterThan(1);
  });

  it("labels the summary in the chat's language and shortens long messages", async () => {
    const { summary } = await summarize("", `Waar is ${"mijn pakket ".repeat(30)}?`, "Dat zoek ik voor je op.", "nl");
    expect(summary.startsWith("Klant vroeg: Waar is")).toBe(true);
    expect(summary).toContain("AI antwoordde: Dat zoek ik voor je op.");
    expect(summary.length).toBeLessThanOrEqual(SUMMARY_MAX);
    const hebrew = await summarize("", "כמה עולה משלוח?", "המשלוח עולה 34.95 אירו.", "he");
    expect(hebrew.summary).toContain("הלקוח שאל");
  });
});

import type { AnswerOutcome } from "@harbor/contract/ai-agent";
import { describe, expect, it } from "vitest";
import { createLocalSummarizer, SUMMARY_MAX } from "./local-summarizer";

const summarize = (
  previousSummary: string,
  question: string,
  answer: string,
  options: { language?: "en" | "nl" | "he"; outcome?: AnswerOutcome; sourceTitles?: string[] } = {},
) =>
  createLocalSummarizer().summarize({
    previousSummary,
    question,
    answer,
    language: options.language ?? "en",
    outcome: options.outcome ?? "answered",
    sourceTitles: options.sourceTitles ?? [],
  });

describe("local summarizer", () => {
  it("adds what was asked, the pages the answer came from and its first sentence", async () => {
    const { summary, usage } = await summarize(
      "",
      "How much is delivery in the Netherlands?",
      "Standard delivery costs €4.95. It is free from €60.",
      { sourceTitles: ["Delivery costs", "Delivery costs", "Free delivery", "Returns"] },
    );
    expect(summary).toBe(
      "Customer asked: How much is delivery in the Netherlands? AI answered from “\u2068Delivery costs\u2069”, “\u2068Free delivery\u2069”: Standard delivery costs €4.95.",
    );
    expect(usage).toEqual([expect.objectContaining({ model: "local" })]);
  });

  it("says what became of a question the AI did not answer, without its stock words", async () => {
    const notFound = await summarize("", "Do you sell gift wrap?", "I couldn't find that in our help articles.", {
      outcome: "no-match",
    });
    expect(notFound.summary).toBe(
      "Customer asked: Do you sell gift wrap? Not in the help articles; a person was offered.",
    );
    const order = await summarize(notFound.summary, "Where is my order 1042?", "I can look that up.", {
      outcome: "needs-order",
    });
    expect(order.summary.split("\n")).toEqual([
      notFound.summary,
      "Customer asked: Where is my order 1042? The AI asked for the order details.",
    ]);
    const person = await summarize("", "Ik wil een medewerker spreken", "Ik verbind je door.", {
      language: "nl",
      outcome: "handoff",
    });
    expect(person.summary).toBe("Klant vroeg: Ik wil een medewerker spreken. Doorgezet naar een medewerker.");
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
    const { summary } = await summarize("", `Waar is ${"mijn pakket ".repeat(30)}?`, "Dat zoek ik voor je op.", {
      language: "nl",
    });
    expect(summary.startsWith("Klant vroeg: Waar is")).toBe(true);
    expect(summary).toContain("AI antwoordde: Dat zoek ik voor je op.");
    expect(summary.length).toBeLessThanOrEqual(SUMMARY_MAX);
    const hebrew = await summarize("", "כמה עולה משלוח?", "המשלוח עולה 34.95 אירו.", {
      language: "he",
      sourceTitles: ["Shipping"],
    });
    expect(hebrew.summary).toBe(
      "הלקוח שאל: כמה עולה משלוח? ה-AI ענה לפי “\u2068Shipping\u2069”: המשלוח עולה 34.95 אירו.",
    );
  });
});

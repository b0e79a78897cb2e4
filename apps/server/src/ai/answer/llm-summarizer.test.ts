import { afterEach, describe, expect, it } from "vitest";
import { type FakeOpenAi, startFakeOpenAi } from "../providers/fakes/openai-fake-server";
import { createOpenAiProvider } from "../providers/openai-provider";
import { createLlmSummarizer } from "./llm-summarizer";

const API_KEY = "sk-summarizer-test";
let fake: FakeOpenAi | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup() {
  fake = await startFakeOpenAi({ apiKey: API_KEY });
  const llm = createOpenAiProvider({ apiKey: API_KEY, baseURL: fake.baseURL, model: "gpt-4o-mini" });
  return { fake, summarizer: createLlmSummarizer(llm) };
}

const exchange = {
  previousSummary: "Customer asked about delivery times. AI explained 2 working days.",
  question: "And can I return it?",
  answer: "Yes, within 30 days.",
  language: "en" as const,
  outcome: "answered" as const,
  sourceTitles: ["Returns and refunds"],
};

describe("LLM summarizer", () => {
  it("returns the model's updated summary and sends the chat as delimited data", async () => {
    const { fake, summarizer } = await setup();
    const updated =
      "Customer asked about delivery times and returns. AI explained 2 working days and a 30-day return window.";
    fake.reply({ type: "text", text: updated, usage: { inputTokens: 90, outputTokens: 30 } });

    const result = await summarizer.summarize(exchange);

    expect(result).toEqual({ summary: updated, usage: [{ model: "gpt-4o-mini", inputTokens: 90, outputTokens: 30 }] });
    const [system, user] = fake.chatRequests()[0]?.messages ?? [];
    expect(String(system?.content)).toContain("third person");
    expect(String(user?.content)).toContain("<previous_summary>\nCustomer asked about delivery times.");
    expect(String(user?.content)).toContain("<customer_question>\nAnd can I return it?\n</customer_question>");
    expect(String(user?.content)).toContain("<ai_answer>\nYes, within 30 days.\n</ai_answer>");
    expect(String(user?.content)).toContain("<answer_outcome>\nanswered from: Returns and refunds\n</answer_outcome>");
  });

  it("tells the model when the AI found no answer, so the summary says the question is still open", async () => {
    const { fake, summarizer } = await setup();
    await summarizer.summarize({ ...exchange, outcome: "no-match", sourceTitles: [] });
    const [, user] = fake.chatRequests()[0]?.messages ?? [];
    expect(String(user?.content)).toContain(
      "<answer_outcome>\nnot answered: not in the help articles\n</answer_outcome>",
    );
  });

  it("caps the summary at 500 characters", async () => {
    const { fake, summarizer } = await setup();
    fake.reply({ type: "text", text: "Customer asked about a very long list of things. ".repeat(30) });
    const { summary } = await summarizer.summarize(exchange);
    expect(summary.length).toBeLessThanOrEqual(500);
    expect(summary.length).toBeGreaterThan(400);
    expect(summary.startsWith("Customer asked about a very long list of things.")).toBe(true);
  });

  it("keeps the previous summary when the model returns nothing", async () => {
    const { fake, summarizer } = await setup();
    fake.reply({ type: "text", text: "   " });
    expect((await summarizer.summarize(exchange)).summary).toBe(exchange.previousSummary);
  });

  it("writes in the visitor's language", async () => {
    const { fake, summarizer } = await setup();
    await summarizer.summarize({ ...exchange, language: "he" });
    expect(String(fake.chatRequests()[0]?.messages[0]?.content)).toContain("Write it in Hebrew");
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { type FakeOpenAi, startFakeOpenAi } from "../providers/fakes/openai-fake-server";
import { createOpenAiProvider } from "../providers/openai-provider";
import type { QuestionCategoryOption } from "./answer-types";
import { createLlmClassifier } from "./llm-classifier";

const API_KEY = "sk-classifier-test";
let fake: FakeOpenAi | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const categories: QuestionCategoryOption[] = [
  { title: "Shipping", description: "Delivery times and costs", intents: ["Delivery time", "Shipping cost"] },
  { title: "Returns", description: "Sending things back", intents: ["Return window", "Refund status"] },
];

async function setup() {
  fake = await startFakeOpenAi({ apiKey: API_KEY });
  const llm = createOpenAiProvider({ apiKey: API_KEY, baseURL: fake.baseURL, model: "gpt-4o-mini", maxRetries: 0 });
  return { fake, classifier: createLlmClassifier(llm) };
}

const classification = (overrides: object) => ({
  questionCategory: "Shipping",
  selectedIntent: "Delivery time",
  shortenedCustomerMessage: "Asks how long delivery takes",
  isOrderSpecific: false,
  ...overrides,
});

describe("LLM classifier", () => {
  it("returns the category and intent the model chose, with usage", async () => {
    const { fake, classifier } = await setup();
    fake.reply({ type: "object", value: classification({}), usage: { inputTokens: 80, outputTokens: 20 } });

    const result = await classifier.classify({ question: "How long does delivery take?", language: "en", categories });

    expect(result).toEqual({
      questionCategory: "Shipping",
      selectedIntent: "Delivery time",
      shortenedCustomerMessage: "Asks how long delivery takes",
      isOrderSpecific: false,
      usage: [{ model: "gpt-4o-mini", inputTokens: 80, outputTokens: 20 }],
    });
    const [sent] = fake.chatRequests();
    expect(sent?.response_format?.type).toBe("json_schema");
    const system = String(sent?.messages[0]?.content);
    expect(system).toContain('"title":"Returns"');
    expect(system).toContain('"intents":["Return window","Refund status"]');
    expect(String(sent?.messages[1]?.content)).toBe("<message>\nHow long does delivery take?\n</message>");
  });

  it("drops a category or intent that isn't in the company's lists", async () => {
    const { fake, classifier } = await setup();
    fake.reply(
      { type: "object", value: classification({ questionCategory: "Gift cards", selectedIntent: "Delivery time" }) },
      { type: "object", value: classification({ questionCategory: "Returns", selectedIntent: "Delivery time" }) },
      { type: "object", value: classification({ questionCategory: " returns ", selectedIntent: "refund STATUS" }) },
    );
    const ask = () => classifier.classify({ question: "?", language: "en", categories });

    expect(await ask()).toMatchObject({ questionCategory: null, selectedIntent: null });
    // An intent of another category doesn't count either.
    expect(await ask()).toMatchObject({ questionCategory: "Returns", selectedIntent: null });
    // Case and spacing slips are forgiven, and the admin's own spelling is kept.
    expect(await ask()).toMatchObject({ questionCategory: "Returns", selectedIntent: "Refund status" });
  });

  it("keeps the shortened message within 120 characters and asks for the visitor's language", async () => {
    const { fake, classifier } = await setup();
    fake.reply({
      type: "object",
      value: classification({ shortenedCustomerMessage: "Klant vraagt ".repeat(20), isOrderSpecific: true }),
    });

    const result = await classifier.classify({ question: "Waar is mijn bestelling?", language: "nl", categories });

    expect(result.shortenedCustomerMessage.length).toBeLessThanOrEqual(120);
    expect(result.shortenedCustomerMessage.startsWith("Klant vraagt Klant vraagt")).toBe(true);
    expect(result.isOrderSpecific).toBe(true);
    expect(String(fake.chatRequests()[0]?.messages[0]?.content)).toContain("restated in Dutch");
  });
});

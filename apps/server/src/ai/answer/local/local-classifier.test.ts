import { describe, expect, it } from "vitest";
import type { QuestionCategoryOption } from "../answer-types";
import { createLocalClassifier } from "./local-classifier";
import { shortenMessage } from "./shorten-message";

const categories: QuestionCategoryOption[] = [
  {
    title: "Shipping",
    description: "Delivery times and costs, carriers, tracking",
    intents: ["Shipping costs", "Delivery time", "Track my parcel"],
  },
  {
    title: "Returns",
    description: "Sending items back and refunds",
    intents: ["Return an item", "Refund status"],
  },
  {
    title: "Subscriptions",
    description: "Sock Club subscription: skip, pause or cancel",
    intents: ["Pause subscription", "Cancel subscription"],
  },
];

const classify = (question: string, language: "en" | "nl" | "he" = "en") =>
  createLocalClassifier().classify({ question, language, categories });

describe("local classifier", () => {
  it("picks the category and intent that share the question's words or their synonyms", async () => {
    expect(await classify("How much does delivery to Belgium cost?")).toMatchObject({
      questionCategory: "Shipping",
      selectedIntent: "Shipping costs",
    });
    expect(await classify("How do I pause my sock subscription?")).toMatchObject({
      questionCategory: "Subscriptions",
      selectedIntent: "Pause subscription",
    });
    expect(await classify("I want to send my jacket back")).toMatchObject({ questionCategory: "Returns" });
  });

  it("understands Dutch and Hebrew questions through the thesaurus", async () => {
    expect((await classify("Wat kost de verzending?", "nl")).questionCategory).toBe("Shipping");
    expect((await classify("אפשר להחזיר את המעיל?", "he")).questionCategory).toBe("Returns");
  });

  it("chooses nothing when nothing overlaps enough", async () => {
    expect(await classify("Do you have vacancies in Amsterdam?")).toMatchObject({
      questionCategory: null,
      selectedIntent: null,
    });
    const none = await createLocalClassifier().classify({ question: "Shipping?", language: "en", categories: [] });
    expect(none.questionCategory).toBeNull();
  });

  it("flags order-specific questions and shortens the message", async () => {
    const long = `Where is my order #1043? ${"I have been waiting a very long time for it to arrive. ".repeat(4)}`;
    const result = await classify(long);
    expect(result.isOrderSpecific).toBe(true);
    expect(result.shortenedCustomerMessage.length).toBeLessThanOrEqual(120);
    expect(result.shortenedCustomerMessage.endsWith("…")).toBe(true);
    expect((await classify("How much is shipping?")).isOrderSpecific).toBe(false);
    expect(result.usage).toEqual([expect.objectContaining({ model: "local" })]);
    expect(result.usage[0]?.inputTokens).toBeGreaterThan(0);
  });
});

describe("shortenMessage", () => {
  it("keeps short messages and cuts long ones at a word boundary", () => {
    expect(shortenMessage("  Where   is\nmy order?  ")).toBe("Where is my order?");
    const cut = shortenMessage(`${"word ".repeat(40)}end`);
    expect(cut.length).toBeLessThanOrEqual(120);
    expect(cut).toMatch(/word…$/);
    expect(shortenMessage("x".repeat(200))).toBe(`${"x".repeat(119)}…`);
  });
});

import { describe, expect, it } from "vitest";
import { isOrderSpecificQuestion } from "./order-question";

describe("isOrderSpecificQuestion", () => {
  it("recognises questions about the visitor's own order in English", () => {
    for (const question of [
      "where is my order #1043?",
      "Hi, I ordered a tent last Thursday (order 1078) and the tracking hasn't updated since Friday.",
      "Have you received my return yet? Order #1187, I sent it back 8 days ago",
      "Please cancel order #1219, I placed it about half an hour ago",
      "My package still hasn't arrived",
      "can you cancel my order please",
      "what's the status of my order?",
    ]) {
      expect(isOrderSpecificQuestion(question, "en"), question).toBe(true);
    }
  });

  it("recognises them in Dutch and Hebrew", () => {
    expect(isOrderSpecificQuestion("Mijn bestelling #1102 is er nog steeds niet. Waar blijft hij?", "nl")).toBe(true);
    expect(isOrderSpecificQuestion("Waar is mijn pakket?", "nl")).toBe(true);
    expect(isOrderSpecificQuestion("Ik wil mijn bestelling annuleren", "nl")).toBe(true);
    expect(isOrderSpecificQuestion("איפה ההזמנה שלי?", "he")).toBe(true);
    expect(isOrderSpecificQuestion("ההזמנה שלי עדיין לא הגיעה", "he")).toBe(true);
    expect(isOrderSpecificQuestion("מה הסטטוס של הזמנה 1043?", "he")).toBe(true);
  });

  it("leaves general questions that mention orders to the help articles", () => {
    for (const [question, language] of [
      ["Placed an order 20 minutes ago and put the wrong house number in. Can I still fix it??", "en"],
      ["forgot to add a beanie to my order, can you add it?", "en"],
      ["If I send the whole order back do you refund the shipping too?", "en"],
      ["I'm in the UK and my order is about £90. Will I have to pay customs?", "en"],
      ["how much is delivery in the netherlands?", "en"],
      ["tot hoe laat kan ik bestellen zodat het morgen in huis is?", "nl"],
      ["כמה עולה משלוח לישראל?", "he"],
    ] as const) {
      expect(isOrderSpecificQuestion(question, language), question).toBe(false);
    }
  });
});

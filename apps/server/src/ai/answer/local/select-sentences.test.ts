import { describe, expect, it } from "vitest";
import { passage } from "./passage-fixture";
import { selectSentences } from "./select-sentences";

const deliveryNl = passage(
  "nl",
  "Delivery in the Netherlands",
  `Delivery in the Netherlands
All orders to Dutch addresses are packed at our warehouse in Tilburg and delivered by PostNL.

Costs
- Standard delivery: €4.95
- Free standard delivery on orders of €60 or more
- Evening delivery between 18:00 and 22:00: €2.50 extra

When will it arrive?
Order before 21:00 on a weekday and PostNL normally delivers the next day. We don't offer Sunday delivery.`,
);
const deliveryBe = passage(
  "be",
  "Delivery to Belgium and Luxembourg",
  `Costs
- Standard delivery: €6.95
- Free delivery on orders of €90 or more`,
);
const returns = passage(
  "returns",
  "Returning clothing",
  `Returning clothing
You have 30 days from the day your order is delivered to return clothing. Electronics have a shorter window of 14 days.

Returning in a store
Items ordered online can also be returned at our Utrecht store within the same 30 days. We refund you on the spot.`,
);
const puddle = passage(
  "puddle",
  "Puddle Kids' Rain Jacket",
  `Type: Rain Jackets
Price: EUR 49.00

Description
A tough rain jacket for kids.
- Waterproof and breathable fabric with fully taped seams`,
  { sourceType: "shopify-products" },
);
const hollin = passage(
  "hollin",
  "Hollin 3L Waterproof Jacket",
  `Description
- Waterproofing: 20,000 mm hydrostatic head
- Weight: 410 g (size M)`,
  { sourceType: "shopify-products" },
);

const care = passage(
  "care",
  "Caring for waterproof jackets",
  "Waterproof jackets\n- Wash at 30°C with a liquid technical wash.\n- Tumble dry on a low setting for 20 minutes.",
);

const textOf = (selection: ReturnType<typeof selectSentences>) => selection.units.map((u) => u.text).join(" | ");

describe("selectSentences", () => {
  it("picks the sentences stating the asked kind of value, from the page about the question", () => {
    const selection = selectSentences({
      question: "how much is delivery in the netherlands?",
      passages: [deliveryNl, deliveryBe],
      responseLength: "normal",
    });
    expect(selection.units[0]?.text).toBe("Standard delivery: €4.95");
    expect(selection.units[0]?.heading).toBe("Costs");
    expect(selection.units[1]?.text).toContain("€60");
    // The Netherlands page leads; a weaker fact from another page may follow, never precede.
    expect(selection.units.findIndex((u) => u.documentId === "doc-be")).not.toBe(0);
    expect(selection.coverage).toBeGreaterThan(0.8);
  });

  it("matches a Dutch or Hebrew question to English passages through the thesaurus", () => {
    const dutch = selectSentences({
      question: "Wat kost verzending naar België?",
      passages: [deliveryNl, deliveryBe],
      responseLength: "brief",
    });
    expect(dutch.units[0]?.text).toBe("Standard delivery: €6.95");
    const hebrew = selectSentences({
      question: "תוך כמה ימים אפשר להחזיר בגדים?",
      passages: [deliveryNl, returns],
      responseLength: "brief",
    });
    expect(textOf(hebrew)).toContain("30 days");
  });

  it("keeps source order within a passage and continues a picked sentence", () => {
    const selection = selectSentences({
      question: "can i return something i bought online in the utrecht store?",
      passages: [returns],
      responseLength: "normal",
    });
    const texts = selection.units.map((u) => u.text);
    expect(texts).toContain("We refund you on the spot.");
    const positions = selection.units.map((u) => u.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it("never cuts inside a number and drops duplicate sentences of overlapping passages", () => {
    const overlap = passage("nl-2", "Delivery in the Netherlands", "Costs\n- Standard delivery: €4.95", {
      documentId: "doc-nl",
    });
    const selection = selectSentences({
      question: "standard delivery cost netherlands",
      passages: [deliveryNl, overlap],
      responseLength: "detailed",
    });
    const texts = selection.units.map((u) => u.text);
    expect(texts.filter((t) => t === "Standard delivery: €4.95")).toHaveLength(1);
    for (const text of texts) expect(text).not.toMatch(/\d[.,]$/);
  });

  it("gives more for a detailed answer than for a brief one", () => {
    const options = { question: "delivery in the netherlands costs and times", passages: [deliveryNl, deliveryBe] };
    const brief = selectSentences({ ...options, responseLength: "brief" });
    const detailed = selectSentences({ ...options, responseLength: "detailed" });
    expect(brief.units.length).toBeLessThanOrEqual(2);
    expect(detailed.units.length).toBeGreaterThan(brief.units.length);
  });

  it("counts a category as covering the item asked about (clothing for a jacket)", () => {
    const selection = selectSentences({
      question: "How long do I have to return a jacket?",
      passages: [returns, deliveryNl],
      responseLength: "brief",
    });
    expect(selection.units[0]?.text).toContain("30 days");
    expect(selection.coverage).toBeGreaterThan(0.6);
  });

  it("keeps to the product a question names", () => {
    const selection = selectSentences({
      question: "What's the waterproof rating in mm of the Puddle jacket?",
      passages: [hollin, puddle, care],
      responseLength: "normal",
    });
    expect(textOf(selection)).not.toContain("20,000 mm");
    // "rating" and "mm" are nowhere on the Puddle page: too little of the question is answered.
    expect(selection.coverage).toBeLessThan(0.6);
  });

  it("reports low coverage when the passages do not speak to the question", () => {
    const selection = selectSentences({
      question: "Do you sell climbing ropes and harnesses?",
      passages: [deliveryNl, returns],
      responseLength: "normal",
    });
    expect(selection.coverage).toBeLessThan(0.3);
  });

  it("leaves out sentences holding an excluded phrase", () => {
    const selection = selectSentences({
      question: "how much is evening delivery in the netherlands?",
      passages: [deliveryNl],
      responseLength: "normal",
      excludedPhrases: ["evening delivery"],
    });
    expect(textOf(selection)).not.toMatch(/evening/i);
  });

  it("finds the range a measurement falls in", () => {
    const sizes = passage(
      "sizes",
      "Clothing size guide",
      "Men's sizes (chest)\n- M: 95–101 cm\n- L: 102–108 cm\n- XL: 109–115 cm",
    );
    const selection = selectSentences({
      question: "My chest is 104 cm, which size?",
      passages: [sizes],
      responseLength: "brief",
    });
    expect(selection.units.map((u) => u.text)).toEqual(["L: 102–108 cm"]);
  });
});

describe("selectSentences: a word made from a noun", () => {
  const subscription = passage(
    "abo",
    "Bike subscription",
    `With a bike subscription you pay a fixed amount each month.

Prices
- City bike: €19.50 per month
- E-bike: €79 per month

Want to keep the bike?
After 24 months of an e-bike subscription you can buy the bike for €450.`,
  );

  it("answers 'the monthly price' with the price per month, not with a price after some months", () => {
    const selection = selectSentences({
      question: "What's the monthly price for an e-bike subscription?",
      passages: [subscription],
      responseLength: "brief",
    });
    expect(selection.units[0]?.text).toBe("E-bike: €79 per month");
  });
});

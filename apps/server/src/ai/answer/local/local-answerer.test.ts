import type { Persona } from "@harbor/contract/ai-agent";
import type { RetrievedChunk } from "@harbor/contract/knowledge";
import { describe, expect, it } from "vitest";
import type { AnswerInput, AnswerResult } from "../answer-types";
import { createLocalAnswerer } from "./local-answerer";
import { passage as helpPassage } from "./passage-fixture";
import { localPhrases } from "./phrases";

/** With a help-centre address, which the answer cites. */
const passage = (id: string, title: string, content: string, extra: Partial<RetrievedChunk> = {}) =>
  helpPassage(id, title, content, { url: `https://help.example/${id}`, ...extra });

const delivery = passage(
  "delivery",
  "Delivery in the Netherlands",
  `Delivery in the Netherlands
All orders to Dutch addresses are delivered by PostNL.

Costs
- Standard delivery: €4.95
- Free standard delivery on orders of €60 or more
- Evening delivery between 18:00 and 22:00: €2.50 extra`,
);
const giftCards = passage(
  "gift-cards",
  "Gift cards",
  "Validity\nAll gift cards are valid for 5 years from the date of purchase. The expiry date is printed on the card.",
);
const ridgeback = passage(
  "ridgeback",
  "Ridgeback 28 Daypack",
  "Description\nA comfortable day pack.\n\n- Volume: 28 litres\n- Hydration sleeve for a reservoir of up to 3 litres",
  { sourceType: "shopify-products" },
);

const persona: Persona = {
  name: "Ava",
  designation: "Support",
  characteristics: "Helpful",
  responseTone: "normal",
  responseLength: "normal",
  thumbnailURL: null,
};

function input(overrides: Partial<AnswerInput>): AnswerInput {
  return {
    question: "how much is delivery in the netherlands?",
    language: "en",
    persona,
    company: { name: "Kestrel & Pine", description: "", industry: "" },
    answerRules: [],
    passages: [delivery, giftCards],
    history: [],
    ...overrides,
  };
}

async function run(overrides: Partial<AnswerInput>) {
  const stream = createLocalAnswerer().answer(input(overrides));
  const pieces: string[] = [];
  for (;;) {
    const next = await stream.next();
    if (next.done) return { result: next.value as AnswerResult, pieces };
    pieces.push(next.value);
  }
}

describe("local answerer", () => {
  it("answers from the passages' own sentences, streamed in pieces, citing what it used", async () => {
    const { result, pieces } = await run({});
    expect(result.outcome).toBe("answered");
    expect(result.text).toContain("Standard delivery: €4.95");
    expect(result.text).toContain("€60");
    expect(result.citedChunkIds).toEqual(["chunk-delivery"]);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join("")).toBe(result.text);
  });

  it("reports the words it read and wrote as tokens of the model 'local'", async () => {
    const { result } = await run({});
    const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
    const read = words("how much is delivery in the netherlands?") + words(delivery.content) + words(giftCards.content);
    expect(result.usage).toEqual([
      { model: "local", inputTokens: Math.round(read * 1.3), outputTokens: Math.round(words(result.text) * 1.3) },
    ]);
  });

  it("hands questions about the visitor's own order to the order flow, whatever the passages say", async () => {
    const { result } = await run({ question: "Where is my order #1043?" });
    expect(result).toMatchObject({ outcome: "needs-order", text: localPhrases.en.orderFlow, citedChunkIds: [] });
    const dutch = await run({ question: "Waar blijft mijn bestelling 1102?", language: "nl" });
    expect(dutch.result.text).toBe(localPhrases.nl.orderFlow);
  });

  it("reads a town the visitor names as its country, and only as its country", async () => {
    const europe = passage(
      "delivery-eu",
      "Delivery in Europe",
      "Germany\n- Delivery: €8.90\n- Delivery time: 2–4 working days\n\nBelgium\n- Delivery: €6.50\n- Delivery time: 1–2 working days",
    );
    const munich = await run({ question: "How much is shipping to Munich?", passages: [europe] });
    expect(munich.result.outcome).toBe("answered");
    expect(munich.result.text).toContain("€8.90");
    // As for "shipping to Germany": the asked country first.
    expect(munich.result.text.startsWith("Germany — Delivery: €8.90")).toBe(true);
    const dutch = await run({ question: "Wat kost de verzending naar Keulen?", language: "nl", passages: [europe] });
    expect(dutch.result.text).toContain("€8.90");
    // A town the page's countries don't include is still not there: no Belgian rate for Lisbon.
    const lisbon = await run({ question: "How much is shipping to Lisbon?", passages: [europe] });
    expect(lisbon.result.outcome).toBe("no-match");
  });

  it("declines, offering a person, when the passages don't answer the question", async () => {
    const { result } = await run({ question: "Do you sell climbing ropes and harnesses?" });
    expect(result).toMatchObject({ outcome: "no-match", text: localPhrases.en.noMatch, citedChunkIds: [] });
    const none = await run({ question: "Is there a student discount?", passages: [], language: "he" });
    expect(none.result).toMatchObject({ outcome: "no-match", text: localPhrases.he.noMatch });
  });

  it("declines a yes/no question whose subject nothing speaks to, though other words match", async () => {
    const shampoo = passage(
      "shampoo",
      "Rosemary Shampoo Bar",
      "Description\nA solid shampoo bar for normal to oily hair. One bar lasts about as long as two bottles.",
      { sourceType: "shopify-products" },
    );
    const { result } = await run({
      question: "Do you have a conditioner bar to go with the rosemary shampoo bar?",
      passages: [shampoo],
    });
    expect(result.outcome).toBe("no-match");
    expect(result.grounds?.verdict).toBe("subject-missing");
    const focus = result.grounds?.concepts.find((concept) => concept.words.includes("conditioner"));
    expect(focus?.covered).toBe(0);
    // The same passage answers what it does speak to.
    const answered = await run({ question: "How long does the rosemary shampoo bar last?", passages: [shampoo] });
    expect(answered.result.outcome).toBe("answered");
  });

  it("asks the whole of what a yes/no question asks about to be there: 'gaming' is not 'gaming monitors'", async () => {
    const tv = passage(
      "tv",
      "Kaiyo O9 65-inch OLED TV",
      "Description\nOur best picture, made for films and gaming.\n\n- Gaming: 4 x HDMI 2.1, 4K at 120 Hz",
      { sourceType: "shopify-products" },
    );
    const { result } = await run({ question: "Do you sell gaming monitors?", passages: [tv] });
    expect(result.outcome).toBe("no-match");
    expect(result.grounds?.verdict).toBe("subject-missing");
    // After "does the", the words run on into a verb: only the first is what is asked about.
    const answered = await run({ question: "Does the OLED TV support gaming at 120 Hz?", passages: [tv] });
    expect(answered.result.outcome).toBe("answered");
  });

  it("declines what is asked about a named product when its page doesn't say it", async () => {
    const cream = passage(
      "cream",
      "Daily Moisture Cream",
      "Description\nA light daily cream for every skin type.\n\n- Size: 50 ml glass jar\n- Fragrance-free",
      { sourceType: "shopify-products" },
    );
    const { result } = await run({
      question: "What SPF does the Daily Moisture Cream have?",
      passages: [cream, delivery],
    });
    expect(result.outcome).toBe("no-match");
    // "SPF" is the attribute asked for ("what SPF does …"): missing, it is the reason given.
    expect(result.grounds?.verdict).toBe("subject-missing");
    expect(result.grounds?.concepts.find((concept) => concept.words === "spf")?.covered).toBe(0);
    const answered = await run({
      question: "Is the Daily Moisture Cream fragrance-free?",
      passages: [cream, delivery],
    });
    expect(answered.result.outcome).toBe("answered");
    expect(answered.result.text).toContain("Fragrance-free");
  });

  it("declines a feature, an attribute or a group the passages never name, though the product's page matches", async () => {
    const helmet = passage(
      "helmet",
      "Cityline Helmet",
      "Description\nA light helmet for city riding.\n\n- Weight: 320 g\n- Rear light: built-in LED\n- Sizes: S, M, L",
      { sourceType: "shopify-products" },
    );
    const offers = passage(
      "offers",
      "Discounts",
      "Students get 10% off with a valid student card. The discount can't be combined with other codes.",
    );
    const asks = [
      // "does the … have X": X is what is asked, not the helmet its own page names.
      { question: "Does the Cityline helmet have MIPS protection?", missing: "mips" },
      // "what X does …" / "what's the X of …": the attribute asked for.
      { question: "What visor does the Cityline helmet have?", missing: "visor" },
      { question: "What's the maximum head circumference for the Cityline helmet?", missing: "head" },
      // "is there an X for Y": a discount for students does not answer one for teachers.
      { question: "Is there a discount for teachers?", missing: "teachers" },
    ];
    for (const { question, missing } of asks) {
      const { result } = await run({ question, passages: [helmet, offers] });
      expect(result.outcome, question).toBe("no-match");
      expect(result.grounds?.verdict, question).toBe("subject-missing");
      expect(result.grounds?.concepts.find((concept) => concept.words.includes(missing))?.covered, question).toBe(0);
    }
    // The same passages answer what they do name, asked the same ways.
    const named = [
      { question: "Does the Cityline helmet have a rear light?", says: "built-in LED" },
      { question: "What sizes does the Cityline helmet come in?", says: "S, M, L" },
      { question: "Is there a discount for students?", says: "10% off" },
    ];
    for (const { question, says } of named) {
      const { result } = await run({ question, passages: [helmet, offers] });
      expect(result.outcome, question).toBe("answered");
      expect(result.text, question).toContain(says);
    }
  });

  it("answers a yes/no question with yes or no first when every chosen sentence settles it the same way", async () => {
    const stores = passage(
      "stores",
      "Paying in our stores",
      "Our stores accept cash, debit cards and credit cards. Klarna can't be used in store.",
    );
    const yes = await run({ question: "Are your gift cards valid for 5 years?", passages: [giftCards] });
    expect(yes.result.text).toMatch(/^Yes\. All gift cards are valid for 5 years/);
    const cadeaukaart = passage("cadeaukaart", "Cadeaukaarten", "Alle cadeaukaarten zijn 5 jaar geldig.");
    const dutch = await run({ question: "Zijn cadeaukaarten 5 jaar geldig?", language: "nl", passages: [cadeaukaart] });
    expect(dutch.result.text).toBe("Ja. Alle cadeaukaarten zijn 5 jaar geldig.");
    const refused = passage("refused", "Klarna", "Klarna can't be used in our stores.");
    const no = await run({ question: "Can I use Klarna in your stores?", passages: [refused] });
    expect(no.result.text).toMatch(/^No\. Klarna can't be used/);
    // Cards accepted beside Klarna refused: the facts speak for themselves, without a yes or no.
    const mixed = await run({ question: "Can I pay with Klarna or cards in store?", passages: [stores] });
    expect(mixed.result.text).not.toMatch(/^(Yes|No)\./);
    // A question that asks how long gets the facts, not a yes.
    const how = await run({ question: "How long are gift cards valid?", passages: [giftCards] });
    expect(how.result.text).toMatch(/^All gift cards/);
  });

  it("puts no yes in front of facts pieced together from several sentences", async () => {
    // "palm" is in a how-to sentence, "oil" and "free" in another about perfume: together they
    // cover the question, but no sentence says the products are palm-oil free.
    const perfume = passage(
      "perfume",
      "Perfume oils",
      "Our perfume oils are alcohol-free and can be shipped anywhere.",
    );
    const howTo = passage(
      "serum",
      "Night serum",
      "How to use: warm 3 drops of the serum between your palms and press it onto your face.",
      { sourceType: "shopify-products" },
    );
    const pieced = await run({ question: "Are your oils palm free?", passages: [perfume, howTo] });
    expect(pieced.result.text).not.toMatch(/^(Yes|No)\./);
    // One sentence that says it all still gets its yes.
    const soaps = passage("soaps", "Our soaps", "Our oils are palm free and made in Antwerp.");
    const said = await run({ question: "Are your oils palm free?", passages: [soaps, howTo] });
    expect(said.result.text).toMatch(/^Yes\. Our oils are palm free/);
  });

  it("frames English facts for a Dutch visitor with a lead-in naming the article", async () => {
    const { result } = await run({ question: "Hoe lang is een cadeaukaart geldig?", language: "nl" });
    expect(result.outcome).toBe("answered");
    expect(result.text).toMatch(/^Volgens ons hulpartikel “Gift cards”: .*5 years/);
    // The widget marks the quoted text as the English help page's.
    expect(result.quotedLanguage).toBe("en");
    const english = await run({ question: "How long is a gift card valid?", language: "en" });
    expect(english.result.outcome).toBe("answered");
    expect(english.result.quotedLanguage).toBeUndefined();
  });

  it("reads 'how long does it take' in Dutch and Hebrew as English's: the verb is no topic to find", async () => {
    const transit = passage(
      "transit",
      "Shipping times",
      "Standard delivery takes 2–4 working days. Express delivery arrives the next working day.",
    );
    for (const [question, language] of [
      ["Hoe lang duurt de levering?", "nl"],
      ["כמה זמן לוקח משלוח?", "he"],
    ] as const) {
      const { result } = await run({ question, language, passages: [transit, giftCards] });
      expect(result.outcome).toBe("answered");
      expect(result.text).toContain("2–4 working days");
    }
  });

  it("names the product in front of its lines", async () => {
    const { result } = await run({
      question: "what size hydration bladder fits in the Ridgeback 28?",
      passages: [ridgeback],
    });
    expect(result.text).toContain("Ridgeback 28 Daypack");
    expect(result.text).toContain("3 litres");
  });

  it("opens with the facts: no stock opener, and no introduction of the persona", async () => {
    const friendly = { ...persona, responseTone: "friendly" as const };
    for (const history of [[], [{ role: "assistant" as const, text: "Hi!" }]]) {
      const { result } = await run({ persona: friendly, history });
      expect(result.text).not.toContain("Ava");
      expect(result.text.startsWith("Costs")).toBe(true);
    }
  });

  it("says less when the persona is brief", async () => {
    const brief = await run({ persona: { ...persona, responseLength: "brief" } });
    const detailed = await run({ persona: { ...persona, responseLength: "detailed" } });
    expect(brief.result.text.length).toBeLessThan(detailed.result.text.length);
  });

  it("leaves out what an answer rule forbids by quoting it", async () => {
    const { result } = await run({
      question: "how much is evening delivery in the netherlands?",
      answerRules: [{ title: "No evenings", description: "Never mention 'evening delivery' to customers." }],
    });
    expect(result.text).not.toMatch(/evening/i);
  });

  it("stops when the request is aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(run({ signal: controller.signal })).rejects.toThrow();
  });
});

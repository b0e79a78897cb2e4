import { visitorLanguageSchema } from "@harbor/contract/ai-agent";
import { describe, expect, it } from "vitest";
import { fillPhrase, localPhrases } from "./phrases";

describe("local phrases", () => {
  it("has every phrase in every visitor language", () => {
    for (const language of visitorLanguageSchema.options) {
      const phrases = localPhrases[language];
      for (const text of [
        phrases.noMatch,
        phrases.orderFlow,
        phrases.providerFailed,
        phrases.sourceLeadIn,
        phrases.sourcesLeadIn,
      ]) {
        expect(text.trim(), language).not.toBe("");
      }
    }
  });

  it("is written in the visitor's language, not copied from English", () => {
    expect(localPhrases.nl.noMatch).toMatch(/hulpartikelen/);
    expect(localPhrases.nl.orderFlow).toMatch(/bestelnummer/);
    for (const text of [localPhrases.he.noMatch, localPhrases.he.orderFlow, localPhrases.he.providerFailed]) {
      expect(text).toMatch(/[\u0590-\u05ff]/);
      expect(text).not.toMatch(/[a-z]/i);
    }
  });

  it("asks for the order number and the e-mail or phone in the order flow, and promises no lookup", () => {
    expect(localPhrases.en.orderFlow).toMatch(/order number/);
    expect(localPhrases.en.orderFlow).toMatch(/e-mail address or phone number/);
    expect(localPhrases.en.orderFlow).not.toMatch(/look (that|it) up/);
    expect(localPhrases.nl.orderFlow).toMatch(/e-mailadres of telefoonnummer/);
    expect(localPhrases.he.orderFlow).toMatch(/מספר ההזמנה/);
  });

  it("offers a person whenever it cannot answer", () => {
    expect(localPhrases.en.noMatch).toMatch(/person/);
    expect(localPhrases.en.providerFailed).toMatch(/person/);
    expect(localPhrases.nl.noMatch).toMatch(/medewerker/);
    expect(localPhrases.nl.providerFailed).toMatch(/medewerker/);
    expect(localPhrases.he.noMatch).toMatch(/נציג/);
  });

  it("fills the article title", () => {
    expect(fillPhrase(localPhrases.nl.sourceLeadIn, { title: "Gift cards" })).toBe(
      "Volgens ons hulpartikel “Gift cards”:",
    );
    expect(fillPhrase("Hi {name}, see {title}", { name: "Ava" })).toBe("Hi Ava, see {title}");
  });
});

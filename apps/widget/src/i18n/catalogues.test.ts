import { DEFAULT_WIDGET_TEXTS, type DefaultWidgetText } from "@harbor/contract/widget-default-texts";
import { describe, expect, it } from "vitest";
import { type Catalogue, en } from "./en";
import { he } from "./he";
import { defaultGreetings, launcherTexts, welcomeTexts } from "./launcher-texts";
import { nl } from "./nl";
import { pickLanguage } from "./pick-language";
import { openingMessagesFor, shopText, shopTextFor } from "./shop-texts";

/** Every text of a catalogue, functions called with sample values, keyed by its path. */
function texts(catalogue: Record<string, unknown>, prefix = ""): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = `${prefix}${key}`;
    if (typeof value === "string") found.set(path, value);
    else if (typeof value === "function") {
      const samples = [2, "A12B3C", "x"].slice(0, value.length) as never[];
      found.set(path, String((value as (...args: never[]) => unknown)(...samples)));
    } else if (typeof value === "object" && value) {
      for (const [inner, text] of texts(value as Record<string, unknown>, `${path}.`)) found.set(inner, text);
    }
  }
  return found;
}

describe("the widget's catalogues", () => {
  const english = texts(en);

  it.each([
    ["nl", nl],
    ["he", he],
  ] as [string, Catalogue][])("%s has every English key, none empty, and is translated", (_name, catalogue) => {
    const translated = texts(catalogue);
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of translated) expect(text.trim(), key).not.toBe("");
    // Translated, not copied: at most a few texts may read the same (names, "Chat", symbols).
    const same = [...translated].filter(([key, text]) => english.get(key) === text).map(([key]) => key);
    expect(same.length, `the same as English: ${same.join(", ")}`).toBeLessThanOrEqual(2);
  });

  it("translates the order texts the spec left in English", () => {
    expect(nl.fulfillment.delivered).toBe("Bezorgd");
    expect(he.fulfillment.delivered).toBe("נמסרה");
    expect(nl.order("#1043")).toBe("Bestelling #1043");
    expect(he.trackOrder).not.toBe(en.trackOrder);
  });

  it("writes the spec's wording in English and its frequency rule in each language", () => {
    expect(en.errorTitle).toBe("Holy Glitch");
    expect(en.errorText).toBe("Our servers hiccuped. Please restart the chat to continue");
    expect(en.onlineAiExpert).toBe("Online - AI Expert");
    expect(en.every(1, "month")).toBe("Every 1 month");
    expect(en.every(2, "week")).toBe("Every 2 weeks");
    expect(nl.every(1, "week")).toBe("Elke week");
    expect(nl.every(3, "month")).toBe("Elke 3 maanden");
    expect(he.every(2, "day")).toBe("כל 2 ימים");
  });

  it("isolates names, addresses and numbers set into Hebrew sentences, so their direction never moves the punctuation", () => {
    expect(he.copySentTo("dana@example.com")).toBe("עותק נשלח אל \u2068dana@example.com\u2069.");
    expect(he.agentTyping("Dana")).toBe("\u2068Dana\u2069 מקליד/ה…");
    expect(he.order("#1043")).toContain("\u2068#1043\u2069");
  });

  it("keeps the widget's default texts in English as the contract writes them, and translates each", () => {
    expect(en.shopDefaults).toEqual(DEFAULT_WIDGET_TEXTS);
    // welcome.js carries its own copy (no catalogue in a 1 kB script): the same words.
    expect(defaultGreetings).toEqual({
      en: DEFAULT_WIDGET_TEXTS.openingMessage,
      nl: nl.shopDefaults.openingMessage,
      he: he.shopDefaults.openingMessage,
    });
    for (const catalogue of [nl, he]) {
      for (const key of Object.keys(DEFAULT_WIDGET_TEXTS) as DefaultWidgetText[]) {
        expect(catalogue.shopDefaults[key]).not.toBe(DEFAULT_WIDGET_TEXTS[key]);
      }
    }
  });

  it("shows a default the admin kept in the visitor's language, and the admin's own words as written", () => {
    expect(shopText(DEFAULT_WIDGET_TEXTS.openingMessage, nl)).toBe("Hoi 👋 Waarmee kan ik je vandaag helpen?");
    expect(shopText(DEFAULT_WIDGET_TEXTS.portalTitle, he)).toBe("מרכז העזרה");
    expect(shopText(DEFAULT_WIDGET_TEXTS.searchPlaceholder, en)).toBe("Search for answers");
    expect(shopText("Welkom bij Brume! Stel je vraag.", he)).toBe("Welkom bij Brume! Stel je vraag.");
    expect(shopText("", nl)).toBe("");
  });

  it("picks the shop's message for the visitor's language, even when it kept no other opening message", () => {
    const widget = { openingMessages: [], openingMessageTranslations: { he: "שלום!" } };
    expect(openingMessagesFor(widget, "he", he)).toEqual(["שלום!"]);
    expect(openingMessagesFor(widget, "nl", nl)).toEqual([]);
    const untouched = { openingMessages: [DEFAULT_WIDGET_TEXTS.openingMessage], openingMessageTranslations: {} };
    expect(openingMessagesFor(untouched, "nl", nl)).toEqual([nl.shopDefaults.openingMessage]);
  });

  it("takes a text's version for the visitor's language, else the shop's text, else (kept) the default translated", () => {
    const handoff = DEFAULT_WIDGET_TEXTS.ticketHandoffMessage;
    const translations = { he: "השאירו פרטים ונחזור אליכם." };
    expect(shopTextFor(handoff, translations, "he", he)).toBe("השאירו פרטים ונחזור אליכם.");
    expect(shopTextFor(handoff, translations, "nl", nl)).toBe(nl.shopDefaults.ticketHandoffMessage);
    expect(shopTextFor("Mail us, we answer in a day.", translations, "nl", nl)).toBe("Mail us, we answer in a day.");
    expect(shopTextFor("Mail us, we answer in a day.", undefined, "he", he)).toBe("Mail us, we answer in a day.");
  });

  it("has launcher words in every language", () => {
    for (const language of ["en", "nl", "he"] as const) {
      expect(launcherTexts[language].every((text) => text.trim() !== "")).toBe(true);
      expect(welcomeTexts[language].trim()).not.toBe("");
    }
  });
});

describe("pickLanguage", () => {
  it("takes the widget's setting, else the first browser language the widget speaks, else English", () => {
    expect(pickLanguage("he", ["nl-NL"])).toBe("he");
    expect(pickLanguage(null, ["fr-FR", "nl-BE", "en"])).toBe("nl");
    expect(pickLanguage(null, ["iw-IL"])).toBe("he");
    expect(pickLanguage(null, ["fr-FR"])).toBe("en");
  });
});

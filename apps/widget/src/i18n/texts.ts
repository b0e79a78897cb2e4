import { createContext, useContext } from "react";
import { type Catalogue, en } from "./en";
import type { Language } from "./pick-language";

export const TextsContext = createContext<Catalogue>(en);

/** The visitor's catalogue (en, nl or he), provided once at the widget's root. */
export const useTexts = () => useContext(TextsContext);

/**
 * English ships with the app; Dutch and Hebrew are fetched only by the visitors who read them
 * (in English when that download fails, rather than not at all).
 */
export function loadCatalogue(language: Language): Promise<Catalogue> {
  const loading =
    language === "nl"
      ? import("./nl").then((module) => module.nl)
      : language === "he"
        ? import("./he").then((module) => module.he)
        : Promise.resolve(en);
  return loading.catch(() => en);
}

import type { Language } from "./pick-language";

/**
 * The launcher's own words: [open button, close button, the iframe's title]. The loader carries
 * only these (its budget is 2 kB); everything the visitor reads inside the panel is in the app's
 * catalogues (en.ts, nl.ts, he.ts).
 */
export const launcherTexts: Record<Language, [open: string, close: string, title: string]> = {
  en: ["Open chat", "Close chat", "Chat"],
  nl: ["Chat openen", "Chat sluiten", "Chat"],
  he: ["פתיחת צ'אט", "סגירת צ'אט", "צ'אט"],
};

/** The welcome message's close button (welcome.js, a script of its own). */
export const welcomeTexts: Record<Language, string> = {
  en: "Dismiss",
  nl: "Sluiten",
  he: "סגירה",
};

/**
 * The default opening message in each language, for the welcome bubble (welcome.js carries no
 * catalogue): while the admin keeps the default, the bubble greets in the visitor's language.
 * The same words as the catalogues' `shopDefaults.openingMessage` (catalogues.test.ts checks it).
 */
export const defaultGreetings: Record<Language, string> = {
  en: "Hi there 👋 How can I help you today?",
  nl: "Hoi 👋 Waarmee kan ik je vandaag helpen?",
  he: "היי 👋 איך אפשר לעזור לכם היום?",
};

/** The widget's languages (spec part 2 §1). Mirrors the contract's visitorLanguageSchema, without zod. */
export type Language = "en" | "nl" | "he";

const LANGUAGES: readonly string[] = ["en", "nl", "he"];

/**
 * The widget's language setting when there is one, else the first browser language the widget
 * speaks ("nl-BE" → nl; "iw" is Hebrew's old code), else English.
 */
export function pickLanguage(setting: Language | null | undefined, browserLanguages: readonly string[]): Language {
  if (setting) return setting;
  for (const tag of browserLanguages) {
    const code = tag.slice(0, 2).toLowerCase().replace("iw", "he");
    if (LANGUAGES.includes(code)) return code as Language;
  }
  return "en";
}

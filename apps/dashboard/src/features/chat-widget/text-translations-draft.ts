import type { VisitorLanguage } from "@harbor/contract/ai-agent";
import type { TextTranslations } from "@harbor/contract/text-translations";

/** A shop text's versions per visitor language in a form (decision 057): "" = none for that language. */
export type TranslationsDraft = Record<VisitorLanguage, string>;

/** Built key by key, so a draft compares equal to the settings it came from (absent = all empty). */
export function translationsDraftFrom(translations: TextTranslations | undefined): TranslationsDraft {
  return { en: translations?.en ?? "", nl: translations?.nl ?? "", he: translations?.he ?? "" };
}

/** What is saved: every language sent, trimmed; the server leaves empty ones off the public widget. */
export function toTranslations(draft: TranslationsDraft): Required<TextTranslations> {
  return { en: draft.en.trim(), nl: draft.nl.trim(), he: draft.he.trim() };
}

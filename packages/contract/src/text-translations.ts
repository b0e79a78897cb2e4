import { z } from "zod";

/**
 * A shop text with a version per visitor language (decisions 051, 057): the shop writes its text
 * once for everyone, and may write it again for the visitors whose widget speaks English, Dutch or
 * Hebrew. Each version has the rules of the text itself (its length); an empty version is none.
 * Absent (settings saved before it) is none for every language.
 */
export function textTranslationsSchema<Text extends z.ZodType<string>>(text: Text) {
  return z.object({ en: text.optional(), nl: text.optional(), he: text.optional() });
}

/** What the public widget carries of a text's versions: only the languages with one. */
export const publicTextTranslationsSchema = z.object({ en: z.string(), nl: z.string(), he: z.string() }).partial();
export type TextTranslations = z.infer<typeof publicTextTranslationsSchema>;

/** The versions a visitor can be shown: the empty ones (and blank ones) left out. */
export function nonEmptyTranslations(translations: TextTranslations | undefined): TextTranslations {
  return Object.fromEntries(Object.entries(translations ?? {}).filter(([, text]) => text?.trim()));
}

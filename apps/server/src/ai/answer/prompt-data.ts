import type { VisitorLanguage } from "@harbor/contract/ai-agent";

/** How each visitor language is named to a model: the English name plus its own, which models know best. */
export const LANGUAGE_NAMES: Record<VisitorLanguage, string> = {
  en: "English",
  nl: "Dutch (Nederlands)",
  he: "Hebrew (עברית)",
};

/**
 * Text that goes into a prompt as data between our <tags>. Angle brackets become look-alike
 * guillemets, so a passage or a visitor can't close its block ("</passage>") and write
 * instructions of its own outside it; the words stay readable for the model.
 */
export function asData(text: string): string {
  return text.replace(/</g, "‹").replace(/>/g, "›");
}

/** A value for an attribute inside our tags: no quotes, brackets or line breaks. */
export function asAttribute(text: string): string {
  return asData(text).replace(/"/g, "'").replace(/\s+/g, " ").trim();
}

/**
 * Admin-written settings (persona, company) on one line: a line break in a name can't start
 * something that looks like a heading of ours.
 */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** At most `max` characters, cut at a sentence end or else a word end, with "…" when cut mid-sentence. */
export function clipText(text: string, max: number): string {
  const clean = oneLine(text);
  if (clean.length <= max) return clean;
  const head = clean.slice(0, max);
  const sentenceEnd = Math.max(head.lastIndexOf(". "), head.lastIndexOf("! "), head.lastIndexOf("? "));
  if (sentenceEnd >= max / 2) return head.slice(0, sentenceEnd + 1);
  const wordEnd = clean.slice(0, max - 1).lastIndexOf(" ");
  return `${clean.slice(0, wordEnd > max / 2 ? wordEnd : max - 1).trimEnd()}…`;
}

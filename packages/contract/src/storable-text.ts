/**
 * Text Harbor can store. PostgreSQL's `text` and `jsonb` refuse the NUL character (U+0000), and a
 * lone UTF-16 surrogate (half of a pair, e.g. "\uD83D" without its "\uDE00") has no UTF-8 form, so
 * it cannot be stored either. A client can send both in any JSON string, and without this rule they
 * reached the database and came back as 500s.
 *
 * The server applies the rule once, at its boundary, to everything a client sends (every HTTP
 * body, query and path parameter, every multipart text part and JSON part, every socket payload
 * and handshake), so no schema author has to remember it: see docs/decisions/024-storable-text.md.
 */

/** In unicode mode a well-formed pair is one code point outside D800–DFFF, so only a lone half matches. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this rule looks for.
const UNSTORABLE = /[\u0000\uD800-\uDFFF]/u;
const UNSTORABLE_EVERYWHERE = new RegExp(UNSTORABLE.source, "gu");

export const UNSTORABLE_TEXT_MESSAGE =
  "contains a character that can't be saved (a NUL character or half of a broken emoji). Remove it and try again.";

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

export type TextPath = (string | number)[];

/**
 * The path of the first string in `value` (object keys included) that can't be stored, or null
 * when every string can be. Walks plain JSON-like values: objects, arrays and strings.
 */
export function findUnstorableText(value: unknown, path: TextPath = []): TextPath | null {
  if (typeof value === "string") return isStorableText(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return [...path, key];
      const found = findUnstorableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The message for a field, in the form the API's other 400s use ("question: …"). A key that
 * itself can't be stored is shown with the bad characters escaped, so the message stays readable.
 */
export function unstorableTextMessage(path: TextPath, prefix?: string): string {
  const field = [prefix, ...path]
    .filter((part) => part !== undefined && part !== "")
    .map((part) => String(part).replace(UNSTORABLE_EVERYWHERE, "\uFFFD"))
    .join(".");
  return field ? `${field}: ${UNSTORABLE_TEXT_MESSAGE}` : `The text ${UNSTORABLE_TEXT_MESSAGE}`;
}

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

type Visit = { value: unknown; key: string | number | null; parent: Visit | null };

function pathOf(visit: Visit): TextPath {
  const path: TextPath = [];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) path.unshift(at.key);
  return path;
}

/**
 * The path of the first string in `value` (object keys included) that can't be stored, or null
 * when every string can be. Walks plain JSON-like values: objects, arrays and strings.
 *
 * The walk keeps its own stack instead of recursing: a client can send JSON nested deeper than
 * Node's call stack (20,000 brackets fit in a small body), and a recursive walk threw a
 * RangeError on it, a 500 over HTTP and an exception out of a socket listener.
 */
export function findUnstorableText(value: unknown, path: TextPath = []): TextPath | null {
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop() as Visit;
    // An object's key is the client's text too, checked just before its value.
    if (typeof visit.key === "string" && !isStorableText(visit.key)) return [...path, ...pathOf(visit)];
    const current = visit.value;
    if (typeof current === "string") {
      if (!isStorableText(current)) return [...path, ...pathOf(visit)];
    } else if (Array.isArray(current)) {
      // Pushed last to first, so the first bad string in document order is the one named.
      for (let index = current.length - 1; index >= 0; index--) {
        stack.push({ value: current[index], key: index, parent: visit });
      }
    } else if (typeof current === "object" && current !== null) {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index] as [string, unknown];
        stack.push({ value: item, key, parent: visit });
      }
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

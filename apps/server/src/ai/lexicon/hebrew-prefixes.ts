/** Hebrew's one-letter prefixes: and (ו), the (ה), in (ב), to (ל), from (מ), that (ש), as (כ). */
const HEBREW_PREFIX_LETTERS = /^[והבלמשכ]/;
const HEBREW_WORD = /^[\u0590-\u05ff]{2,}$/;

/**
 * A Hebrew word without one or two prefix letters, shortest strip first: "המשלוח" → "משלוח",
 * "שלוח"; "לבלגיה" → "בלגיה", "לגיה". Both are tried because a word may begin with a prefix
 * letter of its own ("משלוח" is "shipping", not "from" + "שלוח"); callers take the first form that
 * means something to them. What is left has at least two letters. Other words have no forms.
 */
export function withoutHebrewPrefixes(word: string): string[] {
  const forms: string[] = [];
  for (let rest = word; forms.length < 2 && HEBREW_PREFIX_LETTERS.test(rest); ) {
    rest = rest.slice(1);
    if (!HEBREW_WORD.test(rest)) break;
    forms.push(rest);
  }
  return forms;
}

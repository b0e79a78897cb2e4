import type { Language } from "../i18n/pick-language";

/** Letters of the right-to-left scripts a shop's chat may carry (Hebrew, Arabic and its supplements). */
const RTL_LETTER = /[\u0590-\u05ff\u0600-\u06ff\u0750-\u077f\ufb1d-\ufdff\ufe70-\ufeff]/;
/** Letters of the left-to-right scripts the widget's languages write in (Latin, with accents). */
const LTR_LETTER = /[A-Za-z\u00c0-\u024f]/;

/**
 * The base direction of a text the widget shows (a chat bubble, a choice): the widget language's
 * own direction whenever the text has a letter of it, else the other direction if it has one of
 * that, else the widget's. `dir="auto"` goes by the first letter instead, so a Hebrew sentence that
 * opens with an English product name ("iPhone 15 הוא הדגם החדש.") was laid out left to right and
 * its full stop jumped to the wrong end; an English passage quoted in a Hebrew chat stays left to right.
 */
export function textDirection(text: string, language: Language): "rtl" | "ltr" {
  const isRtlLanguage = language === "he";
  const own = isRtlLanguage ? RTL_LETTER : LTR_LETTER;
  const other = isRtlLanguage ? LTR_LETTER : RTL_LETTER;
  if (own.test(text) || !other.test(text)) return isRtlLanguage ? "rtl" : "ltr";
  return isRtlLanguage ? "ltr" : "rtl";
}

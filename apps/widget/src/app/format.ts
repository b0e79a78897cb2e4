import { isSameDay } from "@harbor/contract/dates";
import type { Catalogue } from "../i18n/en";
import type { Language } from "../i18n/pick-language";

/*
 * A message's time in the visitor's language (spec part 1 §9). Days and money are formatted by the
 * contract's dates.ts and money.ts, the same as in the inbox.
 */

/**
 * The visitor's locale in the widget's language: the browser's own when it speaks that language
 * ("en-GB", "nl-BE"), else the language alone. It decides the clock: 24-hour in Dutch, Hebrew and
 * British English, 12-hour in American English.
 */
export function localeOf(language: Language, browserLanguages: readonly string[] = navigator.languages): string {
  return browserLanguages.find((tag) => tag.slice(0, 2).toLowerCase().replace("iw", "he") === language) ?? language;
}

/** A message's sent time: today "09:05" (or "09:05 AM" where the locale's clock is 12-hour), yesterday "Yesterday", else day and month ("12 Nov"). */
export function formatSentTime(value: string, language: Language, texts: Catalogue, now = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  if (isSameDay(date, now)) {
    // The locale's own clock, never a forced 12-hour one ("PM 12:11" in Hebrew, "11:50 a.m." in Dutch).
    return date.toLocaleTimeString(localeOf(language), { hour: "2-digit", minute: "2-digit" });
  }
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (isSameDay(date, yesterday)) return texts.yesterday;
  return date.toLocaleDateString(language, { day: "numeric", month: "short" });
}

import type { Catalogue } from "../i18n/en";
import type { Language } from "../i18n/pick-language";

/*
 * Dates and money, formatted in one place (spec part 1 §9), in the visitor's language.
 */

const isSameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

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

/** A date on order cards and subscriptions ("12 Nov 2025"); an unreadable date as it came. */
export function formatDay(value: string, language: Language): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleDateString(language, { day: "numeric", month: "short", year: "numeric" });
}

const CURRENCY_SYMBOLS: Record<string, string> = {
  USD: "$",
  CAD: "$",
  EUR: "€",
  CRC: "₡",
  GBP: "£",
  ILS: "₪",
  INR: "₹",
  JPY: "¥",
  KRW: "₩",
  NGN: "₦",
  PHP: "₱",
  PLN: "zł",
  PYG: "₲",
  THB: "฿",
  UAH: "₴",
  VND: "₫",
};

/** "€4.95": the currency's symbol (spec part 2 §3; an unknown code as it is) before the amount as given. */
export const formatMoney = (amount: string | number, currency: string) =>
  `${CURRENCY_SYMBOLS[currency.toUpperCase()] ?? currency}${amount}`;

/**
 * Money as the inbox and the widget show it (spec part 2 §3): the currency's symbol before the
 * amount as the shop gave it. Schema-free, so the widget imports it without zod.
 */
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

/** The currency's symbol; a code without a known symbol stays as it is. */
export function currencySymbol(code: string): string {
  return CURRENCY_SYMBOLS[code.toUpperCase()] ?? code;
}

/** "€4.95": the symbol (or the code when unknown) straight before the amount as given. */
export function formatMoney(amount: string | number, currency: string): string {
  return `${currencySymbol(currency)}${amount}`;
}

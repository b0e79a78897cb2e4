/** Currency symbols known to the dashboard (spec part 2 §3); other codes are shown as they are. */
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

export function currencySymbol(code: string): string {
  return CURRENCY_SYMBOLS[code.toUpperCase()] ?? code;
}

/** "€4.95": the currency's symbol (or its code when unknown) straight before the amount as given. */
export function formatMoney({ amount, currency }: { amount: string | number; currency: string }): string {
  return `${currencySymbol(currency)}${amount}`;
}

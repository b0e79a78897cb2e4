/** Number and label formats of the analytics pages (spec part 2 §9). */

const THOUSANDS = new Intl.NumberFormat("en-US");

/** 12,345 (token counts use thousands separators). */
export const withThousands = (value: number) => THOUSANDS.format(value);

/** 950, 1.2K, 3.4M, 5.6G: large numbers to one decimal, a trailing .0 dropped. */
export function abbreviated(value: number): string {
  const units: [number, string][] = [
    [1e9, "G"],
    [1e6, "M"],
    [1e3, "K"],
  ];
  for (const [size, suffix] of units) {
    if (Math.abs(value) >= size) {
      const shown = Math.trunc((value / size) * 10) / 10;
      return `${Number.isInteger(shown) ? shown.toFixed(0) : shown.toFixed(1)}${suffix}`;
    }
  }
  return String(value);
}

/** The share as a truncated whole percentage (spec §9); 0 when there is nothing to share. */
export function truncatedPercent(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.trunc((part * 100) / whole);
}

/** "OrderStatus" → "Order Status", "shipping_times" → "shipping times" (category names, spec §2.4). */
export function splitCamelCase(name: string): string {
  return name
    .replace(/[_-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .trim();
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2025-03-07" → "Mar 7" (the daily chart's labels). */
export function monthDay(isoDay: string): string {
  const [, month, day] = isoDay.split("-").map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${day}`;
}

/** "2025-03-07" → "Mar 7, 2025". */
export function longDay(isoDay: string): string {
  return `${monthDay(isoDay)}, ${isoDay.slice(0, 4)}`;
}

/** Six shades of the brand colour for the models' series, in turn (spec part 2 §2.4). */
export const CHART_SHADES = ["indigo.9", "indigo.7", "indigo.5", "indigo.4", "indigo.3", "indigo.2"] as const;

/**
 * Date helpers the inbox and the widget share. Schema-free, so the widget imports them without zod.
 */

/** Whether two moments fall on the same local calendar day. */
export function isSameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** A bare calendar day as a shop stores it ("2025-11-21", a next charge date). */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date on order cards, subscriptions and forms: "12 Nov 2025" in the given locale; an
 * unreadable date as it came. A bare calendar day is that day everywhere: JavaScript reads it as
 * UTC midnight, which west of Greenwich would show the day before.
 */
export function formatDay(value: string, locale = "en-GB"): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString(locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
    ...(CALENDAR_DAY.test(value) ? { timeZone: "UTC" } : {}),
  });
}

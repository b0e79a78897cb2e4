import type { AnalyticsRange } from "@harbor/contract/analytics";
import { longDay } from "./analytics-format";

/** The first month the month list offers (spec part 2 §9). */
export const FIRST_REPORT_MONTH = "2024-03";

/** Today's calendar day in a time zone, YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** A calendar day moved by whole days (no time zone involved: days are labels here). */
export function addDays(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export type RangePreset = "last-30-days" | "today" | "yesterday" | "last-week";

/** The selector's quick choices, ending today in the company's zone. */
export function presetRange(preset: RangePreset, today: string): AnalyticsRange {
  switch (preset) {
    case "today":
      return { startDate: today, endDate: today };
    case "yesterday":
      return { startDate: addDays(today, -1), endDate: addDays(today, -1) };
    case "last-week":
      return { startDate: addDays(today, -6), endDate: today };
    case "last-30-days":
      return { startDate: addDays(today, -29), endDate: today };
  }
}

/** Months from March 2024 to the current one, newest first, as YYYY-MM. */
export function reportMonths(today: string): string[] {
  const months: string[] = [];
  let [year, month] = today.slice(0, 7).split("-").map(Number) as [number, number];
  for (;;) {
    const key = `${year}-${String(month).padStart(2, "0")}`;
    if (key < FIRST_REPORT_MONTH) break;
    months.push(key);
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  return months;
}

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "2024-03" → "March 2024". */
export function monthLabel(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

/** A whole month, its last day no later than today. */
export function monthRange(month: string, today: string): AnalyticsRange {
  const startDate = `${month}-01`;
  const nextMonth = new Date(`${startDate}T00:00:00Z`);
  nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
  const lastDay = addDays(nextMonth.toISOString().slice(0, 10), -1);
  return { startDate, endDate: lastDay < today ? lastDay : today };
}

/** "Mar 1, 2025 – Mar 31, 2025", or one day alone. */
export function rangeLabel(range: AnalyticsRange): string {
  if (range.startDate === range.endDate) return longDay(range.startDate);
  return `${longDay(range.startDate)} – ${longDay(range.endDate)}`;
}

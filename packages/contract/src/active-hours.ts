import type { AvailableDay, AvailableHours, WeekDay } from "./widget";

/** Date#getUTCDay order: Sunday first. */
const UTC_DAYS: readonly WeekDay[] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MINUTES_PER_DAY = 24 * 60;

export function minutesOf(hhmm: string): number {
  const [hours = 0, minutes = 0] = hhmm.split(":").map(Number);
  return hours * 60 + minutes;
}

/**
 * Whether `now` falls in one of the week's UTC slots. A slot whose end is not after its start
 * runs past midnight into the next day, so it is also checked from the previous day.
 */
export function isWithinSchedule(days: readonly AvailableDay[], now: Date): boolean {
  const today = now.getUTCDay();
  const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
  const dayNamed = (weekDay: WeekDay) => days.find((day) => day.day === weekDay && day.isActive);
  const todays = dayNamed(UTC_DAYS[today] as WeekDay);
  const yesterdays = dayNamed(UTC_DAYS[(today + 6) % 7] as WeekDay);
  for (const slot of todays?.timeSlots ?? []) {
    const start = minutesOf(slot.startTime);
    const end = minutesOf(slot.endTime);
    const endsToday = end > start ? end : MINUTES_PER_DAY;
    if (minute >= start && minute < endsToday) return true;
  }
  for (const slot of yesterdays?.timeSlots ?? []) {
    const start = minutesOf(slot.startTime);
    const end = minutesOf(slot.endTime);
    if (end <= start && minute < end) return true;
  }
  return false;
}

/** Hours off means always active (spec part 2 §2.3 "Active Hours"). */
export function isWidgetActiveAt(hours: AvailableHours, now: Date): boolean {
  return !hours.isActive || isWithinSchedule(hours.availableDays, now);
}

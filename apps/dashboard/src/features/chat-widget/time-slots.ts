import { minutesOf } from "@harbor/contract/active-hours";
import { type AvailableDay, WEEK_DAYS, type WeekDay } from "@harbor/contract/widget";

/**
 * Schedules are stored in UTC (contract `timeSlotSchema`) and edited in the browser's local time.
 * A local slot is in minutes from the local day's midnight: `start` 0–1425, `end` 15–1440, end
 * after start (1440 is midnight at the end of the day). A stored slot that crosses local midnight
 * is shown as two slots, one on each day.
 */
export type LocalSlot = { start: number; end: number };
export type LocalDay = { day: WeekDay; isActive: boolean; timeSlots: LocalSlot[] };

export const SLOT_STEP_MINUTES = 15;
const MINUTES_PER_DAY = 24 * 60;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;
/** What a day gets when it is switched on or a slot is added: 9:00 AM – 5:00 PM. */
export const DEFAULT_SLOT: LocalSlot = { start: 9 * 60, end: 17 * 60 };

/** The browser's offset from UTC now, in minutes east (UTC+2 → 120, UTC−5 → −300). */
export function localOffsetMinutes(now = new Date()): number {
  return -now.getTimezoneOffset();
}

/** "9:15 AM"; 0 and 1440 are both "12:00 AM" (midnight). */
export function formatTime12h(minutes: number): string {
  const inDay = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const hours = Math.floor(inDay / 60);
  const suffix = hours < 12 ? "AM" : "PM";
  const hours12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hours12}:${String(inDay % 60).padStart(2, "0")} ${suffix}`;
}

const choices = (from: number, to: number) =>
  Array.from({ length: (to - from) / SLOT_STEP_MINUTES + 1 }, (_, index) => from + index * SLOT_STEP_MINUTES);

/** Every 15 minutes from 12:00 AM to 12:00 AM of the next day (spec part 2 §9): starts leave out the last, ends the first. */
export const START_CHOICES = choices(0, MINUTES_PER_DAY - SLOT_STEP_MINUTES);
export const END_CHOICES = choices(SLOT_STEP_MINUTES, MINUTES_PER_DAY);

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const wrapWeek = (minutes: number) => ((minutes % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
const dayIndex = (day: WeekDay) => WEEK_DAYS.indexOf(day);
const byStart = (a: { start: number }, b: { start: number }) => a.start - b.start;

/** Stored UTC days → the days shown in local time. A day is on when it has slots. */
export function toLocalSchedule(days: readonly AvailableDay[], offsetMinutes: number): LocalDay[] {
  const slotsByDay: LocalSlot[][] = WEEK_DAYS.map(() => []);
  for (const day of days) {
    if (!day.isActive) continue;
    for (const slot of day.timeSlots) {
      const start = minutesOf(slot.startTime);
      const end = minutesOf(slot.endTime);
      // An end not after the start runs past midnight (a whole day when they are equal).
      const length = end > start ? end - start : end + MINUTES_PER_DAY - start;
      const weekStart = wrapWeek(dayIndex(day.day) * MINUTES_PER_DAY + start + offsetMinutes);
      const localDay = Math.floor(weekStart / MINUTES_PER_DAY);
      const localStart = weekStart % MINUTES_PER_DAY;
      const localEnd = localStart + length;
      slotsByDay[localDay]?.push({ start: localStart, end: Math.min(localEnd, MINUTES_PER_DAY) });
      if (localEnd > MINUTES_PER_DAY)
        slotsByDay[(localDay + 1) % 7]?.push({ start: 0, end: localEnd - MINUTES_PER_DAY });
    }
  }
  return WEEK_DAYS.map((day, index) => {
    const timeSlots = (slotsByDay[index] ?? []).sort(byStart);
    return { day, isActive: timeSlots.length > 0, timeSlots };
  });
}

/**
 * Local days → UTC days to store. Only days that are on count (an off day's slots are kept in the
 * form, not saved). A slot lands on the UTC day it starts in and may run past that day's midnight.
 */
export function toUtcSchedule(days: readonly LocalDay[], offsetMinutes: number): AvailableDay[] {
  const slotsByDay: LocalSlot[][] = WEEK_DAYS.map(() => []);
  for (const day of days) {
    if (!day.isActive) continue;
    for (const slot of day.timeSlots) {
      const weekStart = wrapWeek(dayIndex(day.day) * MINUTES_PER_DAY + slot.start - offsetMinutes);
      const utcDay = Math.floor(weekStart / MINUTES_PER_DAY);
      const start = weekStart % MINUTES_PER_DAY;
      slotsByDay[utcDay]?.push({ start, end: (start + slot.end - slot.start) % MINUTES_PER_DAY });
    }
  }
  return WEEK_DAYS.map((day, index) => {
    const timeSlots = (slotsByDay[index] ?? [])
      .sort(byStart)
      .map((slot) => ({ startTime: hhmm(slot.start), endTime: hhmm(slot.end) }));
    return { day, isActive: timeSlots.length > 0, timeSlots };
  });
}

/** What is wrong with a day's slots, by slot index; an off day is not checked (hidden fields are skipped). */
export function slotProblems(day: LocalDay): Map<number, "endBeforeStart" | "overlap"> {
  const problems = new Map<number, "endBeforeStart" | "overlap">();
  if (!day.isActive) return problems;
  day.timeSlots.forEach((slot, index) => {
    if (slot.end <= slot.start) {
      problems.set(index, "endBeforeStart");
      return;
    }
    const overlaps = day.timeSlots.some(
      (other, otherIndex) =>
        otherIndex < index && other.end > other.start && slot.start < other.end && other.start < slot.end,
    );
    if (overlaps) problems.set(index, "overlap");
  });
  return problems;
}

export function hasSlotProblems(days: readonly LocalDay[]): boolean {
  return days.some((day) => slotProblems(day).size > 0);
}

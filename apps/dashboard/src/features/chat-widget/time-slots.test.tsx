import { type AvailableDay, WEEK_DAYS, type WeekDay } from "@harbor/contract/widget";
import { describe, expect, it } from "vitest";
import {
  END_CHOICES,
  formatTime12h,
  hasSlotProblems,
  type LocalDay,
  localOffsetMinutes,
  START_CHOICES,
  slotProblems,
  toLocalSchedule,
  toUtcSchedule,
} from "./time-slots";

const UTC_PLUS_2 = 120;
const UTC_MINUS_5 = -300;

/** A week where only the given days have slots. */
function utcWeek(slots: Partial<Record<WeekDay, [string, string][]>>): AvailableDay[] {
  return WEEK_DAYS.map((day) => {
    const daySlots = slots[day] ?? [];
    return {
      day,
      isActive: daySlots.length > 0,
      timeSlots: daySlots.map(([startTime, endTime]) => ({ startTime, endTime })),
    };
  });
}

function localWeek(slots: Partial<Record<WeekDay, [number, number][]>>): LocalDay[] {
  return WEEK_DAYS.map((day) => {
    const daySlots = slots[day] ?? [];
    return { day, isActive: daySlots.length > 0, timeSlots: daySlots.map(([start, end]) => ({ start, end })) };
  });
}

const h = (hours: number, minutes = 0) => hours * 60 + minutes;

describe("time slot choices", () => {
  it("offers every 15 minutes from 12:00 AM to 12:00 AM of the next day, in 12-hour form", () => {
    expect(START_CHOICES).toHaveLength(96);
    expect(END_CHOICES).toHaveLength(96);
    expect(START_CHOICES[0]).toBe(0);
    expect(END_CHOICES.at(-1)).toBe(1440);
    expect(START_CHOICES.slice(0, 5).map(formatTime12h)).toEqual([
      "12:00 AM",
      "12:15 AM",
      "12:30 AM",
      "12:45 AM",
      "1:00 AM",
    ]);
    expect([h(11, 45), h(12), h(13, 30), h(23, 45), 1440].map(formatTime12h)).toEqual([
      "11:45 AM",
      "12:00 PM",
      "1:30 PM",
      "11:45 PM",
      "12:00 AM",
    ]);
  });

  it("reads the browser's offset east of UTC", () => {
    const date = new Date();
    expect(localOffsetMinutes(date)).toBe(-date.getTimezoneOffset());
  });
});

describe("UTC ↔ local schedules", () => {
  it("is the identity at UTC", () => {
    const stored = utcWeek({
      Mon: [["09:00", "17:00"]],
      Fri: [
        ["08:00", "12:00"],
        ["13:00", "17:30"],
      ],
    });
    const local = toLocalSchedule(stored, 0);
    expect(local[0]).toEqual({ day: "Mon", isActive: true, timeSlots: [{ start: h(9), end: h(17) }] });
    expect(local[5]).toEqual({ day: "Sat", isActive: false, timeSlots: [] });
    expect(toUtcSchedule(local, 0)).toEqual(stored);
  });

  it("shifts by the offset at UTC+2 and back", () => {
    const local = localWeek({
      Mon: [[h(9), h(17)]],
      Tue: [
        [h(10), h(12)],
        [h(14), h(18)],
      ],
    });
    const stored = toUtcSchedule(local, UTC_PLUS_2);
    expect(stored).toEqual(
      utcWeek({
        Mon: [["07:00", "15:00"]],
        Tue: [
          ["08:00", "10:00"],
          ["12:00", "16:00"],
        ],
      }),
    );
    expect(toLocalSchedule(stored, UTC_PLUS_2)).toEqual(local);
  });

  it("moves a slot to the previous UTC day when UTC+2 crosses midnight, running past midnight there", () => {
    // Monday 1:00–3:00 AM in UTC+2 is Sunday 23:00 – Monday 01:00 UTC.
    const local = localWeek({ Mon: [[h(1), h(3)]] });
    const stored = toUtcSchedule(local, UTC_PLUS_2);
    expect(stored).toEqual(utcWeek({ Sun: [["23:00", "01:00"]] }));
    expect(toLocalSchedule(stored, UTC_PLUS_2)).toEqual(local);
  });

  it("moves a slot to the next UTC day at UTC−5, and Sunday evening wraps to Monday", () => {
    const local = localWeek({ Mon: [[h(20), h(23)]], Sun: [[h(21), 1440]] });
    const stored = toUtcSchedule(local, UTC_MINUS_5);
    // Mon 20:00–23:00 local is Tue 01:00–04:00 UTC; Sun 21:00–24:00 local is Mon 02:00–05:00 UTC.
    expect(stored).toEqual(utcWeek({ Tue: [["01:00", "04:00"]], Mon: [["02:00", "05:00"]] }));
    expect(toLocalSchedule(stored, UTC_MINUS_5)).toEqual(local);
  });

  it("keeps a whole local day whole: stored with its end equal to its start", () => {
    const local = localWeek({ Wed: [[0, 1440]] });
    const stored = toUtcSchedule(local, UTC_PLUS_2);
    expect(stored).toEqual(utcWeek({ Tue: [["22:00", "22:00"]] }));
    expect(toLocalSchedule(stored, UTC_PLUS_2)).toEqual(local);
  });

  it("splits a stored slot that crosses local midnight into one slot on each day", () => {
    // Stored Friday 22:00 – Saturday 02:00 UTC.
    const stored = utcWeek({ Fri: [["22:00", "02:00"]] });
    expect(toLocalSchedule(stored, 0)).toEqual(localWeek({ Fri: [[h(22), 1440]], Sat: [[0, h(2)]] }));
    // At UTC−5 it is Friday 17:00–21:00, no longer crossing.
    expect(toLocalSchedule(stored, UTC_MINUS_5)).toEqual(localWeek({ Fri: [[h(17), h(21)]] }));
    // At UTC+2 it is Saturday 00:00–04:00.
    expect(toLocalSchedule(stored, UTC_PLUS_2)).toEqual(localWeek({ Sat: [[0, h(4)]] }));
  });

  it("leaves out an off day's slots and keeps several slots per day in time order", () => {
    const local: LocalDay[] = localWeek({
      Thu: [
        [h(14), h(16)],
        [h(8), h(9)],
      ],
    });
    local[1] = { day: "Tue", isActive: false, timeSlots: [{ start: h(9), end: h(17) }] };
    expect(toUtcSchedule(local, 0)).toEqual(
      utcWeek({
        Thu: [
          ["08:00", "09:00"],
          ["14:00", "16:00"],
        ],
      }),
    );
    const offStored = utcWeek({});
    offStored[2] = { day: "Wed", isActive: false, timeSlots: [{ startTime: "09:00", endTime: "10:00" }] };
    expect(toLocalSchedule(offStored, 0)[2]).toEqual({ day: "Wed", isActive: false, timeSlots: [] });
  });

  it("handles the default Monday–Friday 9–17 UTC schedule seen from UTC−5", () => {
    const defaults = utcWeek({
      Mon: [["09:00", "17:00"]],
      Tue: [["09:00", "17:00"]],
      Wed: [["09:00", "17:00"]],
      Thu: [["09:00", "17:00"]],
      Fri: [["09:00", "17:00"]],
    });
    const local = toLocalSchedule(defaults, UTC_MINUS_5);
    expect(local.map((day) => day.isActive)).toEqual([true, true, true, true, true, false, false]);
    expect(local[0]?.timeSlots).toEqual([{ start: h(4), end: h(12) }]);
    expect(toUtcSchedule(local, UTC_MINUS_5)).toEqual(defaults);
  });
});

describe("slot problems", () => {
  it("flags an end not after its start and overlapping slots, not off days", () => {
    const day: LocalDay = {
      day: "Mon",
      isActive: true,
      timeSlots: [
        { start: h(9), end: h(12) },
        { start: h(11), end: h(13) },
        { start: h(15), end: h(15) },
        { start: h(13), end: h(14) },
      ],
    };
    expect([...slotProblems(day)]).toEqual([
      [1, "overlap"],
      [2, "endBeforeStart"],
    ]);
    expect(slotProblems({ ...day, isActive: false }).size).toBe(0);
    expect(hasSlotProblems([day])).toBe(true);
    expect(hasSlotProblems(localWeek({ Mon: [[h(9), h(17)]] }))).toBe(false);
  });
});

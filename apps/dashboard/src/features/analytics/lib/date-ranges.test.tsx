import { describe, expect, it } from "vitest";
import { monthLabel, monthRange, presetRange, rangeLabel, reportMonths, todayIn } from "./date-ranges";

describe("date ranges", () => {
  it("reads today in the company's zone", () => {
    const lateEvening = new Date("2025-03-31T22:30:00Z");
    expect(todayIn("UTC", lateEvening)).toBe("2025-03-31");
    expect(todayIn("Europe/Amsterdam", lateEvening)).toBe("2025-04-01");
    expect(todayIn("America/New_York", new Date("2025-03-01T03:00:00Z"))).toBe("2025-02-28");
  });

  it("ends every quick choice today, across month and leap-day ends", () => {
    expect(presetRange("today", "2024-03-01")).toEqual({ startDate: "2024-03-01", endDate: "2024-03-01" });
    expect(presetRange("yesterday", "2024-03-01")).toEqual({ startDate: "2024-02-29", endDate: "2024-02-29" });
    expect(presetRange("last-week", "2024-03-03")).toEqual({ startDate: "2024-02-26", endDate: "2024-03-03" });
    expect(presetRange("last-30-days", "2025-03-30")).toEqual({ startDate: "2025-03-01", endDate: "2025-03-30" });
  });

  it("lists the months from March 2024 to this one, newest first", () => {
    expect(reportMonths("2024-05-10")).toEqual(["2024-05", "2024-04", "2024-03"]);
    expect(reportMonths("2025-01-02").slice(0, 2)).toEqual(["2025-01", "2024-12"]);
    expect(reportMonths("2025-01-02")).toHaveLength(11);
    expect(monthLabel("2024-03")).toBe("March 2024");
  });

  it("takes a whole month, but not past today", () => {
    expect(monthRange("2024-02", "2025-01-01")).toEqual({ startDate: "2024-02-01", endDate: "2024-02-29" });
    expect(monthRange("2025-03", "2025-03-12")).toEqual({ startDate: "2025-03-01", endDate: "2025-03-12" });
    expect(rangeLabel({ startDate: "2025-03-01", endDate: "2025-03-31" })).toBe("Mar 1, 2025 – Mar 31, 2025");
  });
});

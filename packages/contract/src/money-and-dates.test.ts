import { describe, expect, it } from "vitest";
import { formatDay, isSameDay } from "./dates";
import { formatMoney } from "./money";

describe("formatMoney", () => {
  it("puts the currency's symbol before the amount as given; an unknown code stays a code", () => {
    expect(formatMoney("4.95", "EUR")).toBe("€4.95");
    expect(formatMoney(3, "ils")).toBe("₪3");
    expect(formatMoney(3, "XYZ")).toBe("XYZ3");
  });
});

describe("formatDay", () => {
  it("writes day, short month and year; an unreadable date as it came", () => {
    expect(formatDay("2025-11-10T10:00:00.000Z")).toBe("10 Nov 2025");
    expect(formatDay("soon")).toBe("soon");
  });

  it("keeps a bare calendar day that day, in any locale", () => {
    expect(formatDay("2025-11-21")).toBe("21 Nov 2025");
    expect(formatDay("2025-11-21", "nl")).toBe("21 nov 2025");
  });
});

describe("isSameDay", () => {
  it("compares local calendar days", () => {
    expect(isSameDay(new Date(2025, 10, 12, 0, 1), new Date(2025, 10, 12, 23, 59))).toBe(true);
    expect(isSameDay(new Date(2025, 10, 12, 23, 59), new Date(2025, 10, 13, 0, 1))).toBe(false);
  });
});

import { formatDay } from "@harbor/contract/dates";
import { describe, expect, it } from "vitest";
import { chatStatusDisplay } from "./chat-status";
import { formatListTime } from "./list-time";
import { cutSummary } from "./summary-cut";

describe("formatListTime", () => {
  const now = new Date(2025, 10, 20, 15, 30);
  it("shows today's time as hh:mm AM/PM", () => {
    expect(formatListTime(new Date(2025, 10, 20, 9, 5).toISOString(), now)).toBe("09:05 AM");
    expect(formatListTime(new Date(2025, 10, 20, 14, 45).toISOString(), now)).toBe("02:45 PM");
  });
  it("shows yesterday as Yesterday, across a month end too", () => {
    expect(formatListTime(new Date(2025, 10, 19, 23, 59).toISOString(), now)).toBe("Yesterday");
    expect(formatListTime(new Date(2025, 10, 30, 8).toISOString(), new Date(2025, 11, 1, 10))).toBe("Yesterday");
  });
  it("shows older days as day and month", () => {
    expect(formatListTime(new Date(2025, 10, 12, 10).toISOString(), now)).toBe("12 Nov");
  });
});

describe("formatDay", () => {
  it("shows a moment's day, a bare calendar day as that day, and an unreadable date as it came", () => {
    expect(formatDay("2025-11-10T10:00:00.000Z")).toBe("10 Nov 2025");
    expect(formatDay("2025-11-21")).toBe("21 Nov 2025");
    expect(formatDay("soon")).toBe("soon");
  });
});

describe("cutSummary", () => {
  it("keeps 500 characters as they are and cuts a longer summary with an ellipsis", () => {
    expect(cutSummary("a".repeat(500))).toBe("a".repeat(500));
    expect(cutSummary(`${"a".repeat(500)}b`)).toBe(`${"a".repeat(500)}…`);
    expect(cutSummary("Short.")).toBe("Short.");
  });
});

describe("chatStatusDisplay", () => {
  it("is resolved first, then ticket, else open", () => {
    expect(chatStatusDisplay({ resolved: true, status: "ticket" })).toBe("resolved");
    expect(chatStatusDisplay({ resolved: false, status: "ticket" })).toBe("ticket");
    expect(chatStatusDisplay({ resolved: false, status: "human" })).toBe("open");
  });
});

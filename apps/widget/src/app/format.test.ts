import { describe, expect, it } from "vitest";
import { en } from "../i18n/en";
import { formatSentTime, localeOf } from "./format";

describe("formatSentTime", () => {
  const now = new Date(2025, 10, 12, 18, 0);
  const atNoon = new Date(2025, 10, 12, 12, 11).toISOString();
  const inTheEvening = new Date(2025, 10, 12, 17, 5).toISOString();

  it("writes today's times on a 24-hour clock in Dutch and Hebrew, without AM or PM", () => {
    for (const language of ["nl", "he"] as const) {
      expect(formatSentTime(atNoon, language, en, now), language).toMatch(/^12:11$/);
      expect(formatSentTime(inTheEvening, language, en, now), language).toMatch(/^17:05$/);
    }
  });

  it("follows the browser's English: 12-hour in American English, 24-hour in British English", () => {
    expect(localeOf("en", ["en-US", "nl"])).toBe("en-US");
    expect(localeOf("en", ["en-GB"])).toBe("en-GB");
    expect(localeOf("he", ["iw-IL"])).toBe("iw-IL");
    expect(localeOf("nl", ["fr-FR"])).toBe("nl");
    expect(
      new Date(inTheEvening).toLocaleTimeString(localeOf("en", ["en-GB"]), { hour: "2-digit", minute: "2-digit" }),
    ).toBe("17:05");
    expect(
      new Date(inTheEvening).toLocaleTimeString(localeOf("en", ["en-US"]), { hour: "2-digit", minute: "2-digit" }),
    ).toMatch(/^05:05\sPM$/);
  });

  it("says Yesterday, and day and month before that", () => {
    expect(formatSentTime(new Date(2025, 10, 11, 9, 0).toISOString(), "en", en, now)).toBe("Yesterday");
    expect(formatSentTime(new Date(2025, 10, 2, 9, 0).toISOString(), "nl", en, now)).toBe("2 nov");
  });
});

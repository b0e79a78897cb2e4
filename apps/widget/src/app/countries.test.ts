import { describe, expect, it } from "vitest";
import { callingCode, countries, defaultRegion } from "./countries";

describe("the phone field's countries", () => {
  it("start from the widget's language: Dutch on the Netherlands, Hebrew on Israel, whatever the browser says", () => {
    expect(defaultRegion("nl", ["en-US"])).toBe("NL");
    expect(defaultRegion("he", ["en-US", "de-DE"])).toBe("IL");
  });

  it("start an English widget on the browser's region, and on none when the browser names no region", () => {
    expect(defaultRegion("en", ["en-GB", "en"])).toBe("GB");
    expect(defaultRegion("en", ["en", "nl-BE"])).toBe("BE");
    expect(defaultRegion("en", ["en"])).toBe("");
    expect(defaultRegion("en", ["en-ZZ"])).toBe("");
  });

  it("are named in the visitor's language, with their calling codes", () => {
    const dutch = countries("nl");
    expect(dutch.find((country) => country.region === "US")).toMatchObject({
      name: "Verenigde Staten",
      callingCode: "+1",
    });
    expect(callingCode("IL")).toBe("+972");
    expect(callingCode("")).toBe("");
  });
});

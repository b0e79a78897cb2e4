import { describe, expect, it } from "vitest";
import { getInitials } from "./initials";

describe("getInitials", () => {
  it("takes the first letters of the first two words, upper-cased", () => {
    expect(getInitials("harbor test shop")).toBe("HT");
    expect(getInitials("Acme Outdoor")).toBe("AO");
  });

  it("uses one letter for a one-word name", () => {
    expect(getInitials("acme")).toBe("A");
  });

  it("ignores extra whitespace", () => {
    expect(getInitials("  blue \t  lagoon  ")).toBe("BL");
  });

  it("returns nothing for an empty name", () => {
    expect(getInitials("   ")).toBe("");
  });

  it("keeps characters outside the basic plane whole", () => {
    expect(getInitials("😀 shop")).toBe("😀S");
  });
});

import { describe, expect, it } from "vitest";
import { isOrderOwner, isSameEmail, isSamePhone, orderPhoneToText } from "./order-identity";

const order = {
  email: "Emma@Example.com",
  phone: null,
  customer: { email: "emma.work@example.com", phone: "+31 6 12345678" },
};

describe("who may see an order", () => {
  it("compares e-mail addresses without case or surrounding spaces, and nothing else", () => {
    expect(isSameEmail(" emma@EXAMPLE.com ", "Emma@Example.com")).toBe(true);
    expect(isSameEmail("emma@example.co", "Emma@Example.com")).toBe(false);
    expect(isSameEmail("emma@example.com", null)).toBe(false);
  });

  it.each([
    ["+31612345678", true],
    ["+31 6 1234 5678", true],
    ["0031 6 12345678", true],
    ["06-12345678", true],
    ["(06) 123 456 78", true],
    ["06-12345679", false],
    ["+44612345678", false],
    // Too few digits to prove anything, though they end the number.
    ["5678", false],
    ["345678", false],
  ])("phone %s against +31 6 12345678 → %s", (given, expected) => {
    expect(isSamePhone(given, "+31 6 12345678")).toBe(expected);
  });

  it("accepts the order's or the customer's e-mail or phone, and refuses a wrong one", () => {
    expect(isOrderOwner(order, { email: "emma@example.com", phone: null })).toBe(true);
    expect(isOrderOwner(order, { email: "emma.work@example.com", phone: null })).toBe(true);
    expect(isOrderOwner(order, { email: null, phone: "06 12345678" })).toBe(true);
    expect(isOrderOwner(order, { email: "someone@example.com", phone: null })).toBe(false);
    expect(isOrderOwner(order, { email: null, phone: null })).toBe(false);
    expect(isOrderOwner({ email: null, phone: null, customer: null }, { email: "emma@example.com", phone: null })).toBe(
      false,
    );
  });
});

describe("which number a phone code is texted to", () => {
  it("texts the order's own international number the visitor's matches, never the visitor's typing", () => {
    expect(orderPhoneToText(order, "06-12345678")).toBe("+31612345678");
    expect(orderPhoneToText(order, "+31 612 345 678")).toBe("+31612345678");
    expect(orderPhoneToText(order, "+31 6 99999999")).toBeNull();
  });

  it("texts no number the shop keeps without its country code (its country would be a guess)", () => {
    const national = { email: null, phone: "06 12345678", customer: null };
    expect(isOrderOwner(national, { email: null, phone: "+44 612345678" })).toBe(true);
    expect(orderPhoneToText(national, "+44 612345678")).toBeNull();
  });
});

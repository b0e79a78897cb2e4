import { describe, expect, it } from "vitest";
import { createSecretBox, randomCode } from "./crypto";

describe("sign-in codes", () => {
  it("are upper-case letters and digits of the asked length, and differ", () => {
    const codes = Array.from({ length: 200 }, () => randomCode(6));
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(195);
  });
});

describe("secrets at rest", () => {
  const box = createSecretBox("a".repeat(64));

  it("round-trips, including unicode, and never stores the plain text", () => {
    const sealed = box.encrypt("shpat_secret-token-✓-שלום");
    expect(sealed).not.toContain("shpat");
    expect(box.decrypt(sealed)).toBe("shpat_secret-token-✓-שלום");
    expect(box.encrypt("same")).not.toBe(box.encrypt("same"));
  });

  it("refuses tampered text and another key", () => {
    const sealed = box.encrypt("token");
    const parts = sealed.split(".");
    const tampered = [...parts.slice(0, 3), Buffer.from("tokem").toString("base64url")].join(".");
    expect(() => box.decrypt(tampered)).toThrow();
    expect(() => createSecretBox("b".repeat(64)).decrypt(sealed)).toThrow();
    expect(() => box.decrypt("garbage")).toThrow("Unknown secret format");
  });
});

import { describe, expect, it } from "vitest";
import { safeHttpURL, splitLinks } from "./safe-links";

describe("safe links", () => {
  it("lets only http(s) addresses through", () => {
    expect(safeHttpURL("https://shop.example/returns")).toBe("https://shop.example/returns");
    expect(safeHttpURL("javascript:alert(1)")).toBeNull();
    expect(safeHttpURL("JaVaScRiPt:alert(1)")).toBeNull();
    expect(safeHttpURL("data:text/html,<b>x</b>")).toBeNull();
    expect(safeHttpURL("/relative")).toBeNull();
    expect(safeHttpURL(null)).toBeNull();
    expect(safeHttpURL(42)).toBeNull();
  });

  it("cuts text into words and links, leaving punctuation after an address as text", () => {
    expect(splitLinks("See https://shop.example/returns. Or [our FAQ](https://shop.example/faq)!")).toEqual([
      "See ",
      { href: "https://shop.example/returns", text: "https://shop.example/returns" },
      ". Or ",
      { href: "https://shop.example/faq", text: "our FAQ" },
      "!",
    ]);
  });

  it("never makes a link of javascript: and keeps markup as plain text", () => {
    expect(splitLinks("[click](javascript:alert(1)) <img src=x onerror=alert(1)>")).toEqual([
      "click",
      ") <img src=x onerror=alert(1)>",
    ]);
    expect(splitLinks("no links here")).toEqual(["no links here"]);
  });
});

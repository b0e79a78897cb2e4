import { describe, expect, it } from "vitest";
import { normalizeUrl } from "./normalize-url";

describe("normalizeUrl", () => {
  it("drops the fragment, credentials and tracking parameters, keeping other parameters in order", () => {
    expect(normalizeUrl("https://shop.example/a?b=2&utm_source=x&a=1&fbclid=y#top")).toBe(
      "https://shop.example/a?b=2&a=1",
    );
    expect(normalizeUrl("https://user:pw@shop.example/a")).toBe("https://shop.example/a");
    expect(normalizeUrl("https://shop.example/search?q=a+b&page=2")).toBe("https://shop.example/search?q=a+b&page=2");
  });

  it("resolves relative links and refuses what is not a web page", () => {
    expect(normalizeUrl("../faq", "https://shop.example/pages/about")).toBe("https://shop.example/faq");
    expect(normalizeUrl("mailto:hi@shop.example")).toBeNull();
    expect(normalizeUrl("javascript:alert(1)", "https://shop.example/")).toBeNull();
    expect(normalizeUrl("/relative")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { createSiteScope } from "./site-scope";

describe("createSiteScope", () => {
  it("treats www and the bare host, http and https, as one site", () => {
    const scope = createSiteScope({ startUrls: ["https://www.shop.example/"] });
    expect(scope.isSameSite("http://shop.example/about")).toBe(true);
    expect(scope.isSameSite("https://www.shop.example/faq")).toBe(true);
    expect(scope.isSameSite("https://blog.shop.example/")).toBe(false);
    expect(scope.isSameSite("https://shop.example.evil.test/")).toBe(false);
    expect(scope.isSameSite("ftp://shop.example/file")).toBe(false);
  });

  it("keeps links under the path prefix, with or without its trailing slash", () => {
    const scope = createSiteScope({ startUrls: ["https://shop.example/blogs/news"], pathPrefix: "/blogs/news/" });
    expect(scope.isInScope("https://shop.example/blogs/news")).toBe(true);
    expect(scope.isInScope("https://www.shop.example/blogs/news/winter-boots")).toBe(true);
    expect(scope.isInScope("https://shop.example/blogs/newsletter")).toBe(false);
    expect(scope.isInScope("https://shop.example/products/boot")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { createSiteScope } from "./site-scope";

describe("createSiteScope", () => {
  it("treats www and the bare host as one site", () => {
    const scope = createSiteScope({ startUrls: ["https://www.shop.example/"] });
    expect(scope.isSameSite("https://shop.example/about")).toBe(true);
    expect(scope.isSameSite("https://www.shop.example/faq")).toBe(true);
    expect(scope.isSameSite("https://blog.shop.example/")).toBe(false);
    expect(scope.isSameSite("https://shop.example.evil.test/")).toBe(false);
    expect(scope.isSameSite("ftp://shop.example/file")).toBe(false);
  });

  it("stays on the start URL's scheme and port; http may move up to https, never down", () => {
    const https = createSiteScope({ startUrls: ["https://shop.example/"] });
    expect(https.isSameSite("https://shop.example:443/faq")).toBe(true);
    expect(https.isSameSite("https://shop.example:8443/admin")).toBe(false);
    expect(https.isSameSite("http://shop.example/about")).toBe(false);
    const http = createSiteScope({ startUrls: ["http://shop.example/"] });
    expect(http.isSameSite("http://shop.example:80/faq")).toBe(true);
    expect(http.isSameSite("https://www.shop.example/faq")).toBe(true);
    expect(http.isSameSite("http://shop.example:8080/")).toBe(false);
    expect(http.isSameSite("https://shop.example:8443/")).toBe(false);
    const onPort = createSiteScope({ startUrls: ["http://127.0.0.1:3000/"] });
    expect(onPort.isSameSite("http://127.0.0.1:3000/a")).toBe(true);
    expect(onPort.isSameSite("http://127.0.0.1:3001/a")).toBe(false);
    expect(onPort.isSameSite("http://127.0.0.1/a")).toBe(false);
    expect(onPort.isSameSite("https://127.0.0.1:3000/a")).toBe(false);
  });

  it("keeps links under the path prefix, with or without its trailing slash", () => {
    const scope = createSiteScope({ startUrls: ["https://shop.example/blogs/news"], pathPrefix: "/blogs/news/" });
    expect(scope.isInScope("https://shop.example/blogs/news")).toBe(true);
    expect(scope.isInScope("https://www.shop.example/blogs/news/winter-boots")).toBe(true);
    expect(scope.isInScope("https://shop.example/blogs/newsletter")).toBe(false);
    expect(scope.isInScope("https://shop.example/products/boot")).toBe(false);
  });
});

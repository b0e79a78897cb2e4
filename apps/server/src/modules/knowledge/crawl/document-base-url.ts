import type { CheerioAPI } from "cheerio";

/**
 * The URL relative links resolve against: the page's own <base href> if it has one (resolved
 * against the page URL), else the page URL. Undefined when neither gives an absolute address.
 */
export function documentBaseUrl($: CheerioAPI, pageUrl?: string): string | undefined {
  const baseHref = $("base[href]").first().attr("href")?.trim();
  if (baseHref) {
    try {
      return new URL(baseHref, pageUrl).href;
    } catch {
      // A broken or relative <base> without a page URL: fall back to the page URL.
    }
  }
  return pageUrl;
}

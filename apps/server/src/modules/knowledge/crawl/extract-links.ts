import type { CheerioAPI } from "cheerio";
import { documentBaseUrl } from "./document-base-url";

/** Absolute http(s) targets of the page's <a href> links, fragment removed, each once, in page order. */
export function extractLinks($: CheerioAPI, pageUrl?: string): string[] {
  const base = documentBaseUrl($, pageUrl);
  const links = new Set<string>();
  for (const anchor of $("a[href]").toArray()) {
    const href = anchor.attribs.href?.trim();
    if (!href) continue;
    let url: URL;
    try {
      url = new URL(href, base);
    } catch {
      continue; // relative link without a base URL, or not a URL at all
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") continue;
    url.hash = "";
    links.add(url.href);
  }
  return [...links];
}

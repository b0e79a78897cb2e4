/**
 * Query parameters that only tell analytics where a visitor came from. Two links that differ only
 * in these are the same page, and crawling both would double the page in the knowledge base.
 */
const TRACKING_PARAMS = new Set([
  "fbclid",
  "gclid",
  "gbraid",
  "wbraid",
  "dclid",
  "msclkid",
  "yclid",
  "twclid",
  "ttclid",
  "igshid",
  "srsltid",
  "mc_cid",
  "mc_eid",
  "_hsenc",
  "_hsmi",
  "_ga",
  "_gl",
]);

const isTrackingParam = (name: string) => name.toLowerCase().startsWith("utm_") || TRACKING_PARAMS.has(name);

/**
 * An absolute http(s) URL without fragment, credentials and tracking parameters, or null when the
 * input is not a web page address (mailto:, javascript:, garbage). Other parameters keep their
 * order and spelling: some shops route on them, and reordering could change the page.
 */
export function normalizeUrl(raw: string, base?: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.hash = "";
  // fetch() refuses URLs with credentials, and a public site does not need them.
  url.username = "";
  url.password = "";
  const names = [...url.searchParams.keys()];
  // Only rewrite the query when there is something to drop: URLSearchParams re-encodes it.
  if (names.some(isTrackingParam)) {
    for (const name of names) if (isTrackingParam(name)) url.searchParams.delete(name);
  }
  return url.href;
}

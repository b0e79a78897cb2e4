type SiteScopeOptions = { startUrls: readonly string[]; pathPrefix?: string };

export type SiteScope = {
  /**
   * Same origin as one of the start URLs: same scheme, host and port, where `www.` and the bare
   * host count as one host, and an http start URL may move up to https on the same host.
   */
  isSameSite: (url: string) => boolean;
  /** Same site and, when a path prefix is set, under it (a blog crawl stays in the blog). */
  isInScope: (url: string) => boolean;
};

/** The host a page belongs to for scope and concurrency: `www.shop.com` and `shop.com` are one site. */
export const siteHostOf = (url: URL) => url.hostname.replace(/^www\./, "");

const parse = (url: string): URL | null => {
  try {
    return new URL(url);
  } catch {
    return null;
  }
};

const portOf = (url: URL) => url.port || (url.protocol === "https:" ? "443" : "80");

/**
 * Another port is another server (an admin panel, a database speaking HTTP by accident), so it
 * is never followed. The one change of scheme allowed is http on 80 to https on 443, the upgrade
 * nearly every shop redirects to; https never goes down to http.
 */
const isSameOrigin = (start: URL, url: URL) => {
  if (siteHostOf(start) !== siteHostOf(url)) return false;
  if (start.protocol === url.protocol) return portOf(start) === portOf(url);
  return start.protocol === "http:" && url.protocol === "https:" && portOf(start) === "80" && portOf(url) === "443";
};

/**
 * Which discovered links and redirects a crawl may follow. Without a public-suffix list we cannot
 * tell that `blog.shop.com` and `shop.com` belong together, so only `www.` is folded; a shop whose
 * blog lives on a subdomain adds the blog as its own start URL. Folding `www.` gives nothing away:
 * every connection is still checked by the address guard.
 */
export function createSiteScope(options: SiteScopeOptions): SiteScope {
  const starts = options.startUrls
    .map(parse)
    .filter((url): url is URL => url !== null && (url.protocol === "http:" || url.protocol === "https:"));
  // "/blog/" and "/blog" both mean: the blog index and everything below it, but not "/blogging".
  const prefix = options.pathPrefix?.replace(/\/+$/, "") ?? "";

  const isSameSite = (raw: string) => {
    const url = parse(raw);
    return url !== null && starts.some((start) => isSameOrigin(start, url));
  };

  return {
    isSameSite,
    isInScope: (raw) => {
      if (!isSameSite(raw)) return false;
      if (!prefix) return true;
      const { pathname } = new URL(raw);
      return pathname === prefix || pathname.startsWith(`${prefix}/`);
    },
  };
}

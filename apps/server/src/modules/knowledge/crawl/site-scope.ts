type SiteScopeOptions = { startUrls: readonly string[]; pathPrefix?: string };

export type SiteScope = {
  /** Same site as one of the start URLs: `www.` and the bare host, http and https, count as one. */
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

/**
 * Which discovered links a crawl may follow. Without a public-suffix list we cannot tell that
 * `blog.shop.com` and `shop.com` belong together, so only `www.` is folded; a shop whose blog lives
 * on a subdomain adds the blog as its own start URL.
 */
export function createSiteScope(options: SiteScopeOptions): SiteScope {
  const siteHosts = new Set(options.startUrls.map(parse).flatMap((url) => (url ? [siteHostOf(url)] : [])));
  // "/blog/" and "/blog" both mean: the blog index and everything below it, but not "/blogging".
  const prefix = options.pathPrefix?.replace(/\/+$/, "") ?? "";

  const isSameSite = (raw: string) => {
    const url = parse(raw);
    return url !== null && (url.protocol === "http:" || url.protocol === "https:") && siteHosts.has(siteHostOf(url));
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

import { load } from "cheerio";
import { type AddressGuard, createAddressGuard } from "./address-guard";
import { crawlMessages } from "./crawl-messages";
import { extractLinks } from "./extract-links";
import { type FetchedPage, fetchPage } from "./fetch-page";
import { createGuardedFetch } from "./guarded-fetch";
import { normalizeUrl } from "./normalize-url";
import { createRobotsRules } from "./robots-rules";
import { createSiteScope, siteHostOf } from "./site-scope";

export type CrawlResult =
  | { url: string; finalUrl: string; status: "ok"; html: string; contentType: string }
  | { url: string; status: "error"; message: string };

export type CrawlSiteOptions = {
  startUrls: string[];
  /** Pages fetched at most, errors included (a site full of broken links must still end). */
  maxPages?: number;
  maxBytesPerPage?: number;
  /** New links taken from one page at most, so a page listing 10,000 products stays bounded. */
  maxLinksPerPage?: number;
  perHostConcurrency?: number;
  timeoutMs?: number;
  userAgent?: string;
  /**
   * Which addresses every request (pages, redirects, robots.txt) may connect to, and how host
   * names are resolved. Public addresses through the system resolver unless given.
   */
  addressGuard?: AddressGuard;
  signal?: AbortSignal;
  followLinks?: boolean;
  /** Only links under this path are followed (a blog crawl stays in /blog/); start URLs always are. */
  pathPrefix?: string;
};

const DEFAULTS = {
  maxPages: 200,
  maxBytesPerPage: 5 * 1024 * 1024,
  maxLinksPerPage: 500,
  perHostConcurrency: 2,
  timeoutMs: 15_000,
  userAgent: "HarborBot/1.0 (+https://harbor.example/bot)",
  followLinks: true,
};

const MAX_REDIRECTS = 5;

/**
 * Links to files we would fetch only to report "Not an HTML page". Skipping them by extension keeps
 * the page budget for pages and the error list short; a start URL is always fetched.
 */
const FILE_EXTENSION =
  /\.(pdf|jpe?g|png|gif|webp|avif|svg|ico|bmp|tiff?|mp[34]|m4a|mov|webm|avi|wav|ogg|zip|gz|tgz|rar|7z|dmg|exe|apk|css|js|mjs|json|xml|rss|txt|csv|docx?|xlsx?|pptx?|woff2?|ttf|otf|eot)$/i;

type QueuedPage = { url: string; isStartUrl: boolean };

type TaskOutcome =
  | { kind: "result"; result: CrawlResult; links: string[] }
  /** Fetched but nothing to report: a redirect onto a page already crawled. */
  | { kind: "duplicate" }
  /** Not fetched (robots.txt): gives its place in the page budget back. */
  | { kind: "skipped" }
  | { kind: "aborted" };

/**
 * Identity of a page for "never fetch twice": http/https and www/bare are the same page on a
 * shop's site, and links mix them freely.
 */
const pageKey = (url: string) => {
  const parsed = new URL(url);
  return `${siteHostOf(parsed)}${parsed.port ? `:${parsed.port}` : ""}${parsed.pathname}${parsed.search}`;
};

const linksOf = (html: string, pageUrl: string) => extractLinks(load(html), pageUrl);

/**
 * Crawls a shop's public site from its start URLs, breadth first, yielding each page (or the
 * reason it could not be read) as soon as it is fetched. Connects only to addresses the address
 * guard allows (checked per connection), stays on the start URLs' origins, obeys
 * robots.txt, and bounds everything a hostile or broken site could inflate: pages, bytes, links,
 * redirects, time and parallel requests. Page problems are results, never exceptions; only
 * aborting `signal` throws (its reason).
 */
export async function* crawlSite(options: CrawlSiteOptions): AsyncGenerator<CrawlResult> {
  const settings = { ...DEFAULTS, ...withoutUndefined(options) };
  const { maxPages, maxLinksPerPage, perHostConcurrency } = settings;
  const { fetch, close: closeConnections } = createGuardedFetch(options.addressGuard ?? createAddressGuard());
  // Also aborted when the caller stops iterating early, so no request outlives the crawl.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;

  const scope = createSiteScope({ startUrls: options.startUrls, pathPrefix: options.pathPrefix });
  const robots = createRobotsRules({
    fetch,
    userAgent: settings.userAgent,
    timeoutMs: settings.timeoutMs,
    signal,
    isSameSite: scope.isSameSite,
  });

  /** Keys queued or fetched: a link is queued once. */
  const seen = new Set<string>();
  /** Keys fetched, including redirect targets: a page is downloaded once. */
  const fetched = new Set<string>();
  const queues = new Map<string, QueuedPage[]>();
  const activeByHost = new Map<string, number>();
  const running = new Map<number, Promise<{ id: number; outcome: TaskOutcome }>>();
  let queuedCount = 0;
  let pagesStarted = 0;
  let nextTaskId = 0;

  const enqueue = (url: string, isStartUrl: boolean) => {
    const key = pageKey(url);
    if (seen.has(key)) return false;
    seen.add(key);
    const host = siteHostOf(new URL(url));
    const queue = queues.get(host) ?? [];
    queue.push({ url, isStartUrl });
    queues.set(host, queue);
    queuedCount++;
    return true;
  };

  const runTask = async (page: QueuedPage): Promise<TaskOutcome> => {
    try {
      if (!(await robots.isAllowed(page.url))) {
        // A start URL was chosen by the shop owner, so they hear why it is missing; links are just skipped.
        if (!page.isStartUrl) return { kind: "skipped" };
        return errorOutcome(page.url, crawlMessages.blockedByRobots());
      }
      const ownKeys = new Set([pageKey(page.url)]);
      const outcome: FetchedPage = await fetchPage({
        url: page.url,
        fetch,
        userAgent: settings.userAgent,
        timeoutMs: settings.timeoutMs,
        maxBytes: settings.maxBytesPerPage,
        maxRedirects: MAX_REDIRECTS,
        signal,
        isSameSite: scope.isSameSite,
        isAllowedByRobots: robots.isAllowed,
        claim: (url) => {
          const key = pageKey(url);
          if (ownKeys.has(key)) return true;
          if (fetched.has(key)) return false;
          fetched.add(key);
          seen.add(key);
          ownKeys.add(key);
          return true;
        },
      });
      if (outcome.kind === "duplicate") return { kind: "duplicate" };
      if (outcome.kind === "error") return errorOutcome(page.url, outcome.message);
      const { finalUrl, html, contentType } = outcome;
      return {
        kind: "result",
        result: { url: page.url, finalUrl, status: "ok", html, contentType },
        links: settings.followLinks ? linksOf(html, finalUrl) : [],
      };
    } catch (error) {
      if (signal.aborted) return { kind: "aborted" };
      // Not a page problem we know (a parser bug, say): report it on the page, keep crawling.
      const reason = error instanceof Error ? error.message : String(error);
      return errorOutcome(page.url, crawlMessages.unreachable(reason));
    }
  };

  const startTasks = () => {
    for (const [host, queue] of queues) {
      while (queue.length > 0 && pagesStarted < maxPages && (activeByHost.get(host) ?? 0) < perHostConcurrency) {
        const page = queue.shift()!;
        queuedCount--;
        const key = pageKey(page.url);
        if (fetched.has(key)) continue; // reached meanwhile as another page's redirect target
        fetched.add(key);
        pagesStarted++;
        activeByHost.set(host, (activeByHost.get(host) ?? 0) + 1);
        const id = nextTaskId++;
        running.set(
          id,
          runTask(page).then((outcome) => {
            activeByHost.set(host, (activeByHost.get(host) ?? 1) - 1);
            return { id, outcome };
          }),
        );
      }
    }
  };

  /** Takes a page's new in-scope links, at most maxLinksPerPage, and never more than the budget can fetch. */
  const enqueueLinks = (links: string[]) => {
    let taken = 0;
    for (const link of links) {
      if (taken >= maxLinksPerPage || queuedCount + pagesStarted >= maxPages) return;
      const url = normalizeUrl(link);
      if (!url || !scope.isInScope(url) || FILE_EXTENSION.test(new URL(url).pathname)) continue;
      if (enqueue(url, false)) taken++;
    }
  };

  try {
    for (const raw of options.startUrls) {
      const url = normalizeUrl(raw);
      if (url) enqueue(url, true);
      else yield { url: raw, status: "error", message: crawlMessages.invalidUrl() };
    }

    for (;;) {
      options.signal?.throwIfAborted();
      startTasks();
      if (running.size === 0) return;
      const { id, outcome } = await Promise.race(running.values());
      running.delete(id);
      if (outcome.kind === "aborted") options.signal?.throwIfAborted();
      if (outcome.kind === "skipped") pagesStarted--;
      if (outcome.kind !== "result") continue;
      enqueueLinks(outcome.links);
      yield outcome.result;
    }
  } finally {
    stop.abort();
    await closeConnections();
  }
}

const errorOutcome = (url: string, message: string): TaskOutcome => ({
  kind: "result",
  result: { url, status: "error", message },
  links: [],
});

/** Spread-safe options: an explicit `undefined` must not override a default. */
const withoutUndefined = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;

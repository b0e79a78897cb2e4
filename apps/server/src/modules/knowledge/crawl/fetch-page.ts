import { AddressRefusedError } from "./address-guard";
import { crawlMessages } from "./crawl-messages";
import { decodeHtml } from "./decode-html";
import type { CrawlFetch } from "./guarded-fetch";
import { normalizeUrl } from "./normalize-url";
import { readLimitedBody } from "./read-limited-body";

export type FetchPageOptions = {
  url: string;
  fetch: CrawlFetch;
  userAgent: string;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Aborts the whole crawl; when it fires, fetchPage throws instead of reporting a page error. */
  signal: AbortSignal;
  isSameSite: (url: string) => boolean;
  isAllowedByRobots: (url: string) => Promise<boolean>;
  /**
   * Marks a redirect target as fetched. False when another page already fetched it, so the same
   * page is never downloaded twice (e.g. /index.html → / after / was crawled).
   */
  claim: (url: string) => boolean;
};

export type FetchedPage =
  | { kind: "ok"; finalUrl: string; html: string; contentType: string }
  | { kind: "error"; message: string }
  | { kind: "duplicate" };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);

const discardBody = (response: Response) => response.body?.cancel().catch(() => undefined);

/**
 * A network failure in the shop owner's words: the address guard's refusal as it is, otherwise
 * the failure's code (ENOTFOUND, ECONNREFUSED, …), which they can look up.
 */
const networkFailureMessage = (error: unknown): string => {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof AddressRefusedError) return cause.message;
  if (cause && typeof cause === "object") {
    if ("code" in cause && typeof cause.code === "string") return crawlMessages.unreachable(cause.code);
    if ("message" in cause && typeof cause.message === "string") return crawlMessages.unreachable(cause.message);
  }
  return crawlMessages.unreachable(error instanceof Error ? error.message : String(error));
};

const mediaTypeOf = (contentType: string | null) => contentType?.split(";")[0]?.trim().toLowerCase() ?? "";

/**
 * Without a Content-Type we look at the text itself: markup starts with "<" (after a BOM or
 * whitespace); a binary file almost never does.
 */
const looksLikeHtml = (html: string) => /^\uFEFF?\s*</.test(html);

async function readPage(response: Response, options: FetchPageOptions, finalUrl: string): Promise<FetchedPage> {
  const contentType = response.headers.get("content-type");
  const mediaType = mediaTypeOf(contentType);
  if (mediaType && !HTML_TYPES.has(mediaType)) {
    await discardBody(response);
    return { kind: "error", message: crawlMessages.notHtml(mediaType) };
  }
  const declaredLength = Number(response.headers.get("content-length"));
  if (declaredLength > options.maxBytes) {
    await discardBody(response);
    return { kind: "error", message: crawlMessages.tooLarge(options.maxBytes) };
  }
  const bytes = await readLimitedBody(response, options.maxBytes);
  if (!bytes) return { kind: "error", message: crawlMessages.tooLarge(options.maxBytes) };
  const html = decodeHtml(bytes, contentType);
  if (!mediaType && html.trim() && !looksLikeHtml(html)) {
    return { kind: "error", message: crawlMessages.notHtml("unknown type") };
  }
  return { kind: "ok", finalUrl, html, contentType: contentType ?? "text/html" };
}

async function followRedirects(options: FetchPageOptions, signal: AbortSignal): Promise<FetchedPage> {
  const chain = [options.url];
  let current = options.url;
  for (;;) {
    const response = await options.fetch(current, {
      redirect: "manual",
      signal,
      headers: {
        "user-agent": options.userAgent,
        accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
      },
    });
    if (!REDIRECT_STATUSES.has(response.status)) {
      if (!response.ok) {
        await discardBody(response);
        return { kind: "error", message: crawlMessages.httpStatus(response.status) };
      }
      return readPage(response, options, current);
    }

    await discardBody(response);
    const location = response.headers.get("location");
    if (!location) return { kind: "error", message: crawlMessages.redirectWithoutLocation() };
    const next = normalizeUrl(location, current);
    // Checked before following: a redirect must never take the crawl off the shop's site.
    if (!next || !options.isSameSite(next)) {
      return { kind: "error", message: crawlMessages.redirectOffSite(hostOf(location, current)) };
    }
    if (chain.includes(next)) return { kind: "error", message: crawlMessages.redirectLoop() };
    if (chain.length > options.maxRedirects) return { kind: "error", message: crawlMessages.tooManyRedirects() };
    if (!options.claim(next)) return { kind: "duplicate" };
    if (!(await options.isAllowedByRobots(next))) return { kind: "error", message: crawlMessages.blockedByRobots() };
    chain.push(next);
    current = next;
  }
}

const hostOf = (location: string, base: string) => {
  try {
    return new URL(location, base).host || location;
  } catch {
    return location;
  }
};

/**
 * One page: redirects followed by hand (so each hop is checked against the site and robots.txt),
 * body streamed with a size limit and decoded in its own charset. Page problems come back as
 * messages for the shop owner; only aborting the crawl throws.
 */
export async function fetchPage(options: FetchPageOptions): Promise<FetchedPage> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  try {
    return await followRedirects(options, AbortSignal.any([options.signal, timeout]));
  } catch (error) {
    if (options.signal.aborted) throw error;
    if (timeout.aborted) return { kind: "error", message: crawlMessages.timedOut(options.timeoutMs) };
    return { kind: "error", message: networkFailureMessage(error) };
  }
}

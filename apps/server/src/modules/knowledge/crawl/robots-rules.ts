import robotsParser from "robots-parser";
import type { CrawlFetch } from "./guarded-fetch";
import { normalizeUrl } from "./normalize-url";
import { readLimitedBody } from "./read-limited-body";

type Robots = ReturnType<typeof robotsParser>;

type RobotsRulesOptions = {
  fetch: CrawlFetch;
  userAgent: string;
  timeoutMs: number;
  signal: AbortSignal;
  /** Redirects of robots.txt are followed only where the crawl itself may go. */
  isSameSite: (url: string) => boolean;
};

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Google follows up to five redirects for a robots.txt. */
const MAX_ROBOTS_REDIRECTS = 5;

/** Google reads the first 500 KiB of a robots.txt; a larger one is treated as absent. */
const MAX_ROBOTS_BYTES = 500 * 1024;

async function loadRobots(origin: string, options: RobotsRulesOptions): Promise<Robots | null> {
  const robotsUrl = `${origin}/robots.txt`;
  try {
    const signal = AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]);
    const get = (url: string) =>
      options.fetch(url, { headers: { "user-agent": options.userAgent }, signal, redirect: "manual" });
    let url = robotsUrl;
    let response = await get(url);
    for (let hop = 0; REDIRECT_STATUSES.has(response.status); hop++) {
      await response.body?.cancel().catch(() => undefined);
      const next = normalizeUrl(response.headers.get("location") ?? "", url);
      // Off the site (another port included) or on and on: as if there were no robots.txt.
      if (!next || !options.isSameSite(next) || hop >= MAX_ROBOTS_REDIRECTS) return null;
      url = next;
      response = await get(url);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return null;
    }
    const bytes = await readLimitedBody(response, MAX_ROBOTS_BYTES);
    return bytes ? robotsParser(robotsUrl, new TextDecoder().decode(bytes)) : null;
  } catch {
    // Unreachable or broken robots.txt means no rules: the shop asked us to read its own site.
    return null;
  }
}

/** robots.txt rules for our user agent, fetched once per origin (robots.txt is per scheme and host). */
export function createRobotsRules(options: RobotsRulesOptions) {
  const byOrigin = new Map<string, Promise<Robots | null>>();
  return {
    isAllowed: async (url: string): Promise<boolean> => {
      const { origin } = new URL(url);
      let robots = byOrigin.get(origin);
      if (!robots) {
        robots = loadRobots(origin, options);
        byOrigin.set(origin, robots);
      }
      return (await robots)?.isAllowed(url, options.userAgent) !== false;
    },
  };
}

export type RobotsRules = ReturnType<typeof createRobotsRules>;

import robotsParser from "robots-parser";
import type { CrawlFetch } from "./guarded-fetch";
import { readLimitedBody } from "./read-limited-body";

type Robots = ReturnType<typeof robotsParser>;

type RobotsRulesOptions = {
  fetch: CrawlFetch;
  userAgent: string;
  timeoutMs: number;
  signal: AbortSignal;
};

/** Google reads the first 500 KiB of a robots.txt; a larger one is treated as absent. */
const MAX_ROBOTS_BYTES = 500 * 1024;

async function loadRobots(origin: string, options: RobotsRulesOptions): Promise<Robots | null> {
  const robotsUrl = `${origin}/robots.txt`;
  try {
    const response = await options.fetch(robotsUrl, {
      headers: { "user-agent": options.userAgent },
      signal: AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]),
      redirect: "follow",
    });
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

/**
 * Every message a crawl reports for a page, in one place. They are shown to the shop owner in the
 * source's error list, so they say what happened in plain words and never carry stack traces.
 */

const STATUS_REASONS: Record<number, string> = {
  401: "sign-in required",
  403: "access denied",
  404: "not found",
  410: "gone",
  429: "too many requests",
};

const formatBytes = (bytes: number): string => {
  const megabytes = bytes / (1024 * 1024);
  if (megabytes >= 1) return `${Number(megabytes.toFixed(1))} MB`;
  const kilobytes = bytes / 1024;
  if (kilobytes >= 1) return `${Number(kilobytes.toFixed(1))} KB`;
  return `${bytes} bytes`;
};

export const crawlMessages = {
  invalidUrl: () => "This is not a valid web address (it must start with http:// or https://).",
  httpStatus: (status: number) => {
    const reason = STATUS_REASONS[status] ?? (status >= 500 ? "server error" : undefined);
    return reason ? `The page answered ${status} (${reason}).` : `The page answered ${status}.`;
  },
  tooLarge: (maxBytes: number) => `The page is larger than ${formatBytes(maxBytes)} and was skipped.`,
  tooManyRedirects: () => "Too many redirects.",
  redirectLoop: () => "The page redirects in a loop.",
  redirectWithoutLocation: () => "The page redirects without saying where to.",
  redirectOffSite: (host: string) => `The page redirects to another site (${host}), which is not crawled.`,
  notPublic: (host: string) =>
    `${host} points to a private or reserved network address; Harbor reads public websites only.`,
  hostNotFound: (host: string) => `${host} could not be found (no address for it in DNS). Check the web address.`,
  blockedByRobots: () => "Blocked by robots.txt.",
  notHtml: (contentType: string) => `Not an HTML page (${contentType}).`,
  timedOut: (timeoutMs: number) => `Timed out after ${Number((timeoutMs / 1000).toFixed(1))} s.`,
  unreachable: (reason: string) => `The site could not be reached (${reason}).`,
};

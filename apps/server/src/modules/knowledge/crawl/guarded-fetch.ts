import type { LookupFunction } from "node:net";
import { isIP } from "node:net";
import { Agent, buildConnector, fetch as undiciFetch } from "undici";
import { type AddressGuard, AddressRefusedError } from "./address-guard";

/** What the crawler sends: a GET with its own headers, cancellable, redirects by hand. */
export type CrawlRequest = { headers: Record<string, string>; signal: AbortSignal; redirect: "manual" };
export type CrawlFetch = (url: string, request: CrawlRequest) => Promise<Response>;

export type GuardedFetch = {
  fetch: CrawlFetch;
  /** Ends the pooled connections; requests still running fail. */
  close: () => Promise<void>;
};

const familyOf = (family: number | "IPv4" | "IPv6" | undefined) =>
  family === 4 || family === "IPv4" ? 4 : family === 6 || family === "IPv6" ? 6 : 0;

/**
 * A fetch whose every connection goes to an address the guard checked (SSRF, DNS rebinding).
 * The host is resolved once per connection, every address it resolves to is checked, and the
 * socket connects to those checked addresses only: a DNS answer that changes between a check
 * and the connection cannot lead anywhere unchecked. URLs keep their host name, so the Host
 * header and TLS (SNI, certificate) are those of the site.
 */
export function createGuardedFetch(guard: AddressGuard): GuardedFetch {
  // net.connect asks this for a host name's addresses (Happy Eyeballs asks for all of them).
  const lookup: LookupFunction = (hostname, options, callback) => {
    const family = familyOf(options.family);
    guard.resolveAllowed(hostname).then(
      (allowed) => {
        const addresses = allowed
          .map((address) => ({ address, family: isIP(address) }))
          .filter((entry) => family === 0 || entry.family === family);
        const [first] = addresses;
        if (!first) callback(new AddressRefusedError(hostname, "not-found"), "");
        else if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };
  const connectChecked = buildConnector({ lookup });
  const agent = new Agent({
    connect: (options, callback) => {
      // net.connect skips the lookup for an IP address, so a literal one is checked here.
      if (isIP(options.hostname) && !guard.isAllowed(options.hostname)) {
        const refused = new AddressRefusedError(options.hostname, "not-public");
        queueMicrotask(() => callback(refused, null));
        return;
      }
      connectChecked(options, callback);
    },
  });
  return {
    // undici's own fetch: Node's built-in one comes with an older undici that cannot take this Agent.
    fetch: (url, request) => undiciFetch(url, { ...request, dispatcher: agent }),
    close: () => agent.destroy(),
  };
}

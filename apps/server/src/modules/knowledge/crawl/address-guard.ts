import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { crawlMessages } from "./crawl-messages";
import { isPublicAddress } from "./public-address";

/** A host name's IP addresses; rejects or answers [] when it has none. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

/** What the operating system's resolver says (hosts file included), as a connection would see it. */
export const resolveWithSystem: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** A crawl may not go to this host: it resolves to an address that is not allowed, or to none. */
export class AddressRefusedError extends Error {
  /** Network-style code, so the error reads like ECONNREFUSED and its kin where it surfaces. */
  readonly code = "EADDRREFUSED";
  constructor(
    readonly hostname: string,
    readonly reason: "not-public" | "not-found",
  ) {
    super(reason === "not-public" ? crawlMessages.notPublic(hostname) : crawlMessages.hostNotFound(hostname));
  }
}

export type AddressGuard = {
  isAllowed: (address: string) => boolean;
  /**
   * Resolves once and returns the host's addresses when every one of them is allowed; throws
   * AddressRefusedError otherwise. Fails closed: a lookup that fails or finds nothing is refused.
   */
  resolveAllowed: (hostname: string) => Promise<string[]>;
};

/**
 * The one SSRF rule of crawling. `isAllowedAddress` is public addresses only, unless the server
 * was started with CRAWL_ALLOW_PRIVATE_NETWORKS=1 (local testing); `resolveHost` is injectable so
 * tests can stand a resolver of their own in front of the crawler.
 */
export function createAddressGuard(
  options: { resolveHost?: ResolveHost; isAllowedAddress?: (address: string) => boolean } = {},
): AddressGuard {
  const resolveHost = options.resolveHost ?? resolveWithSystem;
  const isAllowed = options.isAllowedAddress ?? isPublicAddress;
  return {
    isAllowed,
    async resolveAllowed(rawHostname) {
      // URL hostnames keep IPv6 literals in brackets.
      const hostname = rawHostname.replace(/^\[(.*)\]$/, "$1");
      let addresses: string[];
      try {
        addresses = isIP(hostname) ? [hostname] : await resolveHost(hostname);
      } catch {
        throw new AddressRefusedError(hostname, "not-found");
      }
      if (addresses.length === 0) throw new AddressRefusedError(hostname, "not-found");
      // One address outside the rule refuses the host: the connection could pick any of them.
      if (!addresses.every((address) => isIP(address) !== 0 && isAllowed(address)))
        throw new AddressRefusedError(hostname, "not-public");
      return addresses;
    },
  };
}

/** Public addresses only, or every address when the server allows private networks. */
export const addressRuleFor = (canReachPrivateNetworks: boolean) =>
  canReachPrivateNetworks ? () => true : isPublicAddress;

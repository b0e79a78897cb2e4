import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Addresses a crawl must never reach from the server (SSRF): loopback, private, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, and their IPv6 counterparts.
 */
const privateNetworks = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const) {
  privateNetworks.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
] as const) {
  privateNetworks.addSubnet(network, prefix, "ipv6");
}

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return privateNetworks.check(mapped, "ipv4");
  const family = isIP(address);
  if (family === 0) return false;
  return privateNetworks.check(address, family === 6 ? "ipv6" : "ipv4");
}

/** Resolves the URL's host; true when any address it resolves to is on a private network. */
export async function pointsToPrivateNetwork(url: string): Promise<boolean> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return isPrivateAddress(host);
  try {
    const addresses = await lookup(host, { all: true });
    return addresses.some((entry) => isPrivateAddress(entry.address));
  } catch {
    // An unknown host is the crawl's own "could not be reached" error, not a private address.
    return false;
  }
}

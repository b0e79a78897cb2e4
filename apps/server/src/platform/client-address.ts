import type { IncomingMessage } from "node:http";
import { isIPv6 } from "node:net";
import proxyAddr from "@fastify/proxy-addr";

/**
 * TRUST_PROXY as a trust rule: the connection's own address is hop 0, then X-Forwarded-For read
 * from the right. Each proxy appends the address it was reached from, so the first `hops` hops
 * are Harbor's own proxies and the one after them is the client; anything further left the
 * client wrote itself and proves nothing. (Fastify reads a bare number as "trust nothing", hence
 * the function.)
 */
export function trustedProxyHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * The client's address for a request Fastify does not see (a socket handshake), by the rule and
 * the code (proxy-addr) Fastify uses for `request.ip`, so HTTP and sockets count the same client.
 */
export function clientAddress(request: IncomingMessage, hops: number): string {
  const addresses = proxyAddr.all(request, trustedProxyHops(hops));
  return addresses[addresses.length - 1] ?? request.socket.remoteAddress ?? "";
}

/**
 * The key a per-address limit counts under: an IPv4 address as it is (an IPv4-mapped IPv6 one
 * unwrapped), an IPv6 address by its /64, the block one subscriber holds; counted per address,
 * a single home could take a fresh allowance for every one of its 2^64 addresses.
 */
export function addressLimitKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(":")}::/64`;
}

/** The groups of an IPv6 address with `::` filled in; only the first four (the /64) are read. */
function expandIPv6(address: string): string[] {
  const [head = "", tail] = address.toLowerCase().split("::");
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const missing = 8 - left.length - right.length;
  return [...left, ...Array.from({ length: Math.max(missing, 0) }, () => "0"), ...right].map((group) =>
    group.includes(".") ? group : (Number.parseInt(group, 16) || 0).toString(16),
  );
}

import { isIPv4, isIPv6 } from "node:net";

/**
 * The address a socket's handshake came from, judged as Fastify judges `request.ip`: the peer,
 * or with TRUST_PROXY the first address the proxies report (X-Forwarded-For), so HTTP and the
 * realtime channel count one visitor under one address.
 */
export function socketClientAddress(
  handshake: { address: string; headers: Record<string, string | string[] | undefined> },
  isTrustingProxy: boolean,
): string {
  if (!isTrustingProxy) return handshake.address;
  const header = handshake.headers["x-forwarded-for"];
  const first = (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim();
  return first && (isIPv4(first) || isIPv6(first)) ? first : handshake.address;
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

import { BlockList, isIP } from "node:net";

/**
 * Which IP addresses a crawl may connect to (SSRF): only globally reachable unicast addresses.
 * Built from the IANA IPv4 and IPv6 Special-Purpose Address Registries (every block that is not
 * globally reachable), the multicast blocks and the reserved space; see decision 020.
 */

type Block = readonly [network: string, prefix: number];

/** IPv4 blocks that are not globally reachable unicast. */
const REFUSED_IPV4: readonly Block[] = [
  ["0.0.0.0", 8], // "this network" (RFC 791); 0.0.0.0 reaches this host on Linux
  ["10.0.0.0", 8], // private use (RFC 1918)
  ["100.64.0.0", 10], // shared address space, carrier-grade NAT (RFC 6598)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link local, where cloud metadata services answer (RFC 3927)
  ["172.16.0.0", 12], // private use (RFC 1918)
  // IETF protocol assignments (RFC 6890), refused whole: its few globally reachable entries
  // (PCP and TURN anycast) serve no website.
  ["192.0.0.0", 24],
  ["192.0.2.0", 24], // documentation TEST-NET-1 (RFC 5737)
  ["192.88.99.0", 24], // deprecated 6to4 relay anycast (RFC 7526)
  ["192.168.0.0", 16], // private use (RFC 1918)
  ["198.18.0.0", 15], // benchmarking (RFC 2544)
  ["198.51.100.0", 24], // documentation TEST-NET-2 (RFC 5737)
  ["203.0.113.0", 24], // documentation TEST-NET-3 (RFC 5737)
  ["224.0.0.0", 4], // multicast (RFC 5771)
  ["240.0.0.0", 4], // reserved (RFC 1112), with the limited broadcast 255.255.255.255
];

/**
 * IANA hands out unicast addresses from 2000::/3 only; everything else is reserved, loopback,
 * unspecified, unique local (fc00::/7), link local (fe80::/10), site local, multicast (ff00::/8),
 * discard-only (100::/64), local-use NAT64 (64:ff9b:1::/48) or SRv6 SIDs (5f00::/16). The forms
 * that embed an IPv4 address are judged by that address before this applies.
 */
const GLOBAL_UNICAST_IPV6: readonly Block[] = [["2000::", 3]];

/** Blocks inside 2000::/3 that are not globally reachable. */
const REFUSED_IPV6: readonly Block[] = [
  // IETF protocol assignments (RFC 2928), refused whole like 192.0.0.0/24: its anycast, AMT,
  // AS112 and ORCHID entries serve no website. Teredo (2001::/32) is judged before this.
  ["2001::", 23],
  ["2001:db8::", 32], // documentation (RFC 3849)
  ["3fff::", 20], // documentation (RFC 9637)
];

const blockListOf = (blocks: readonly Block[], family: "ipv4" | "ipv6") => {
  const list = new BlockList();
  for (const [network, prefix] of blocks) list.addSubnet(network, prefix, family);
  return list;
};

const refusedIpv4 = blockListOf(REFUSED_IPV4, "ipv4");
const globalUnicastIpv6 = blockListOf(GLOBAL_UNICAST_IPV6, "ipv6");
const refusedIpv6 = blockListOf(REFUSED_IPV6, "ipv6");

/** The eight 16-bit groups of a valid IPv6 address, a dotted IPv4 tail included. */
function ipv6Groups(address: string): number[] {
  const groupsOf = (part: string) =>
    part === ""
      ? []
      : part.split(":").flatMap((piece) => {
          if (!piece.includes(".")) return [Number.parseInt(piece, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = piece.split(".").map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = "", tail] = address.split("::");
  const start = groupsOf(head);
  if (tail === undefined) return start;
  const end = groupsOf(tail);
  return [...start, ...new Array<number>(8 - start.length - end.length).fill(0), ...end];
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * IPv6 forms that carry an IPv4 address, and where it sits. A packet to one of them ends up at
 * (or is translated to) that IPv4 address, so it is the IPv4 address that must be public.
 */
const IPV4_EMBEDDINGS: ReadonlyArray<{ block: BlockList; embedded: (groups: number[]) => string[] }> = [
  // IPv4-mapped ::ffff:a.b.c.d (RFC 4291): the socket talks IPv4 to a.b.c.d.
  { block: blockListOf([["::ffff:0:0", 96]], "ipv6"), embedded: (g) => [ipv4Of(g[6]!, g[7]!)] },
  // IPv4-compatible ::a.b.c.d (deprecated, RFC 4291); :: and ::1 land here as 0.0.0.0 and 0.0.0.1.
  { block: blockListOf([["::", 96]], "ipv6"), embedded: (g) => [ipv4Of(g[6]!, g[7]!)] },
  // NAT64 well-known prefix 64:ff9b::/96 (RFC 6052): a translator forwards to the IPv4 address.
  { block: blockListOf([["64:ff9b::", 96]], "ipv6"), embedded: (g) => [ipv4Of(g[6]!, g[7]!)] },
  // 6to4 2002:AABB:CCDD::/48 (RFC 3056): relayed to the IPv4 address in groups 1 and 2.
  { block: blockListOf([["2002::", 16]], "ipv6"), embedded: (g) => [ipv4Of(g[1]!, g[2]!)] },
  // Teredo 2001:0:SSSS:SSSS:flags:port:CCCC:CCCC (RFC 4380): the server's address, and the
  // client's address stored inverted; both must be public.
  {
    block: blockListOf([["2001::", 32]], "ipv6"),
    embedded: (g) => [ipv4Of(g[2]!, g[3]!), ipv4Of(~g[6]! & 0xffff, ~g[7]! & 0xffff)],
  },
];

/**
 * True only for an IP address a website may live on: globally reachable unicast. Anything else,
 * including a string that is not an IP address or an IPv6 address with a zone (`fe80::1%eth0`),
 * is refused.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !refusedIpv4.check(address, "ipv4");
  if (family !== 6 || address.includes("%")) return false;
  const embedding = IPV4_EMBEDDINGS.find(({ block }) => block.check(address, "ipv6"));
  if (embedding) return embedding.embedded(ipv6Groups(address)).every((ipv4) => isPublicAddress(ipv4));
  return globalUnicastIpv6.check(address, "ipv6") && !refusedIpv6.check(address, "ipv6");
}

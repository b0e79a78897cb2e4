import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./public-address";

/** Each block's first and last address, and one inside (IANA IPv4 Special-Purpose Address Registry). */
const refusedIpv4: [block: string, addresses: string[]][] = [
  ["0.0.0.0/8 this network", ["0.0.0.0", "0.1.2.3", "0.255.255.255"]],
  ["10.0.0.0/8 private use", ["10.0.0.0", "10.1.2.3", "10.255.255.255"]],
  ["100.64.0.0/10 shared address space", ["100.64.0.0", "100.100.100.200", "100.127.255.255"]],
  ["127.0.0.0/8 loopback", ["127.0.0.0", "127.0.0.1", "127.255.255.255"]],
  ["169.254.0.0/16 link local, cloud metadata", ["169.254.0.0", "169.254.169.254", "169.254.255.255"]],
  ["172.16.0.0/12 private use", ["172.16.0.0", "172.20.0.1", "172.31.255.255"]],
  ["192.0.0.0/24 IETF protocol assignments", ["192.0.0.0", "192.0.0.8", "192.0.0.9", "192.0.0.170", "192.0.0.255"]],
  ["192.0.2.0/24 TEST-NET-1", ["192.0.2.0", "192.0.2.10", "192.0.2.255"]],
  ["192.88.99.0/24 6to4 relay anycast", ["192.88.99.0", "192.88.99.1", "192.88.99.255"]],
  ["192.168.0.0/16 private use", ["192.168.0.0", "192.168.1.10", "192.168.255.255"]],
  ["198.18.0.0/15 benchmarking", ["198.18.0.0", "198.19.1.1", "198.19.255.255"]],
  ["198.51.100.0/24 TEST-NET-2", ["198.51.100.0", "198.51.100.7", "198.51.100.255"]],
  ["203.0.113.0/24 TEST-NET-3", ["203.0.113.0", "203.0.113.99", "203.0.113.255"]],
  ["224.0.0.0/4 multicast", ["224.0.0.0", "224.0.0.251", "239.255.255.250", "239.255.255.255"]],
  ["240.0.0.0/4 reserved", ["240.0.0.0", "250.1.2.3", "255.255.255.254"]],
  ["255.255.255.255/32 limited broadcast", ["255.255.255.255"]],
];

/** IANA IPv6 Special-Purpose Address Registry, multicast, and the space outside 2000::/3. */
const refusedIpv6: [block: string, addresses: string[]][] = [
  ["::/128 unspecified", ["::"]],
  ["::1/128 loopback", ["::1", "0:0:0:0:0:0:0:1"]],
  ["64:ff9b:1::/48 local-use NAT64", ["64:ff9b:1::", "64:ff9b:1::808:808", "64:ff9b:1:ffff:ffff:ffff:ffff:ffff"]],
  ["100::/64 discard-only", ["100::", "100::1", "100::ffff:ffff:ffff:ffff"]],
  ["100:0:0:1::/64 dummy prefix", ["100:0:0:1::1"]],
  ["2001::/23 IETF protocol assignments", ["2001:1::1", "2001:2::1", "2001:3::1", "2001:4:112::1", "2001:10::1"]],
  ["2001:20::/28 ORCHIDv2 and 2001:30::/28 DETs", ["2001:20::1", "2001:30::1", "2001:1ff:ffff::1"]],
  ["2001:db8::/32 documentation", ["2001:db8::", "2001:db8::1", "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff"]],
  ["3fff::/20 documentation", ["3fff::", "3fff:fff:ffff::1"]],
  ["5f00::/16 SRv6 SIDs", ["5f00::1"]],
  ["fc00::/7 unique local", ["fc00::", "fd12:3456::1", "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"]],
  ["fe80::/10 link local", ["fe80::", "fe80::1", "febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff"]],
  ["fec0::/10 site local (deprecated)", ["fec0::1"]],
  ["ff00::/8 multicast", ["ff00::", "ff02::1", "ff0e::101", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"]],
  ["reserved outside 2000::/3", ["1::1", "1000::1", "4000::1", "8000::1", "e000::1"]],
];

/** IPv6 forms that embed an IPv4 address, whose embedded address is private or special. */
const refusedEmbedded: [form: string, addresses: string[]][] = [
  ["IPv4-mapped ::ffff:0:0/96", ["::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:10.0.0.1", "::ffff:169.254.169.254"]],
  ["IPv4-compatible ::/96", ["::127.0.0.1", "::7f00:1", "::10.1.2.3", "::192.168.0.1", "::0.0.0.2"]],
  ["NAT64 64:ff9b::/96", ["64:ff9b::127.0.0.1", "64:ff9b::a00:1", "64:ff9b::192.0.2.33", "64:ff9b::a9fe:a9fe"]],
  ["6to4 2002::/16", ["2002:7f00:1::", "2002:7f00:1:1234::1", "2002:a00:1::1", "2002:c000:204::1"]],
  // Server 127.0.0.1; then a public server with client 127.0.0.1 and 10.0.0.1 (stored inverted).
  ["Teredo 2001::/32", ["2001:0:7f00:1::1", "2001:0:808:808::80ff:fffe", "2001:0:808:808:0:0:f5ff:fffe"]],
];

const publicAddresses = [
  // Just outside the refused IPv4 blocks, and well-known public resolvers and sites.
  "1.0.0.0",
  "1.1.1.1",
  "8.8.8.8",
  "9.255.255.255",
  "11.0.0.0",
  "100.63.255.255",
  "100.128.0.0",
  "126.255.255.255",
  "128.0.0.0",
  "169.253.255.255",
  "172.15.255.255",
  "172.32.0.0",
  "192.0.1.0",
  "192.0.3.0",
  "192.167.255.255",
  "192.169.0.0",
  "198.17.255.255",
  "198.20.0.0",
  "198.51.99.255",
  "203.0.112.255",
  "203.0.114.0",
  "223.255.255.255",
  "93.184.215.14",
  // Global unicast IPv6, and embedded forms whose IPv4 address is public.
  "2000::1",
  "2001:200::1",
  "2001:4860:4860::8888",
  "2606:4700:4700::1111",
  "2a00:1450:4001:81b::200e",
  "2c0f:fb50:4003::1",
  "::ffff:8.8.8.8",
  "::ffff:808:808",
  "64:ff9b::8.8.8.8",
  "2002:808:808::1",
  "2001:0:808:808:0:0:f7f7:f7f7",
];

describe("isPublicAddress", () => {
  describe.each(refusedIpv4)("refuses IPv4 %s", (_block, addresses) => {
    it.each(addresses)("%s", (address) => expect(isPublicAddress(address)).toBe(false));
  });

  describe.each(refusedIpv6)("refuses IPv6 %s", (_block, addresses) => {
    it.each(addresses)("%s", (address) => expect(isPublicAddress(address)).toBe(false));
  });

  describe.each(refusedEmbedded)("judges %s by its embedded IPv4 address", (_form, addresses) => {
    it.each(addresses)("%s", (address) => expect(isPublicAddress(address)).toBe(false));
  });

  it.each(publicAddresses)("allows %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each(["", "localhost", "shop.example", "1.2.3", "256.1.1.1", "fe80::1%eth0", "[::1]"])(
    "refuses %j, which is not an IP address it can judge",
    (value) => expect(isPublicAddress(value)).toBe(false),
  );
});

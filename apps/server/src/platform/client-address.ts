import type { IncomingMessage } from "node:http";
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

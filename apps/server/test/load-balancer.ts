import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { connect } from "node:net";
import httpProxy from "http-proxy";

/**
 * A small load balancer in front of Harbor nodes, for the two-node failover test and bench
 * (decision 063): node's `http-proxy` with websocket upgrades, as a shop would put nginx or
 * HAProxy in front of the scaled mode.
 *
 * - **Routing by client address** (nginx's `ip_hash`): the visitor's address (the first hop of
 *   X-Forwarded-For, else the peer) picks a node. One address always reaches the same node while it
 *   is up, so Engine.IO's long-polling (whose requests must all reach the node holding the session)
 *   works as well as websockets; different addresses spread over the nodes.
 * - **Health**: a node is down once a connection to it is refused, or when a TCP probe fails. A
 *   websocket whose node hangs up triggers a probe at once (a killed node drops all its sockets at
 *   the same moment), and down nodes are probed every `probeMs` until they answer again. A down
 *   node's addresses go to the nodes that are up, by the same hash over those.
 * - It appends the peer's address to X-Forwarded-For (`xfwd`): the nodes count it as one of theirs in TRUST_PROXY.
 */
export async function startLoadBalancer(targets: string[], options: { probeMs?: number } = {}) {
  const probeMs = options.probeMs ?? 500;
  const nodes = targets.map((url) => ({
    url,
    port: Number(new URL(url).port),
    isUp: true,
    /** Websocket upgrades sent to the node since start, and those still open. */
    upgrades: 0,
    openSockets: 0,
  }));
  type Node = (typeof nodes)[number];
  const proxy = httpProxy.createProxyServer({ xfwd: true });
  /** Upgraded client sockets (the HTTP server no longer tracks them): closed with the balancer. */
  const upgraded = new Set<Socket>();
  // Errors are answered per request below; this keeps one with no callback from crashing the process.
  proxy.on("error", () => undefined);

  const probe = (node: Node) =>
    new Promise<void>((resolve) => {
      const socket = connect(node.port, "127.0.0.1");
      socket.setTimeout(1000);
      const settle = (isUp: boolean) => {
        node.isUp = isUp;
        socket.destroy();
        resolve();
      };
      socket.once("connect", () => settle(true));
      socket.once("error", () => settle(false));
      socket.once("timeout", () => settle(false));
    });
  const prober = setInterval(() => {
    for (const node of nodes) if (!node.isUp) void probe(node);
  }, probeMs);

  function pick(request: IncomingMessage): Node | null {
    const forwarded = request.headers["x-forwarded-for"];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
    const key = first || request.socket.remoteAddress || "";
    let hash = 2166136261;
    for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619) >>> 0;
    const preferred = nodes[hash % nodes.length]!;
    if (preferred.isUp) return preferred;
    const up = nodes.filter((node) => node.isUp);
    return up.length > 0 ? up[hash % up.length]! : null;
  }

  const markDownIfRefused = (node: Node, error: Error) => {
    if ((error as NodeJS.ErrnoException).code === "ECONNREFUSED") node.isUp = false;
  };

  const server = createServer((request, response) => {
    const node = pick(request);
    const refuse = () => {
      if (!response.headersSent) {
        response.writeHead(502, { "content-type": "application/json" });
        response.end(JSON.stringify({ hasError: true, message: "No node is answering.", data: null }));
      } else response.destroy();
    };
    if (!node) return refuse();
    proxy.web(request, response, { target: node.url }, (error) => {
      markDownIfRefused(node, error);
      refuse();
    });
  });
  server.on("upgrade", (request: IncomingMessage, socket: Socket, head: Buffer) => {
    const node = pick(request);
    if (!node) return socket.destroy();
    node.upgrades++;
    node.openSockets++;
    upgraded.add(socket);
    socket.once("close", () => {
      upgraded.delete(socket);
      node.openSockets--;
      // The client's side closed, or the node hung up (the proxy then ends this side): ask the node.
      if (node.isUp) void probe(node);
    });
    proxy.ws(request, socket, head, { target: node.url }, (error) => markDownIfRefused(node, error));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Each node's state, in the order given. */
    nodes: () => nodes.map(({ url, isUp, upgrades, openSockets }) => ({ url, isUp, upgrades, openSockets })),
    async close() {
      clearInterval(prober);
      proxy.close();
      for (const socket of upgraded) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type LoadBalancer = Awaited<ReturnType<typeof startLoadBalancer>>;

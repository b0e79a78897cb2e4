import { createServer, request as httpRequest } from "node:http";
import { connect, createServer as createTcpServer, type Socket as TcpSocket } from "node:net";
import { SOCKET_PATH, VISITOR_NAMESPACE } from "@harbor/contract/constants";
import type { VisitorClientEvents, VisitorServerEvents } from "@harbor/contract/realtime";
import { Server, type ServerOptions, type Socket as ServerSocket } from "socket.io";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createVisitorSocket, type VisitorSocket } from "./visitor-socket";

/*
 * The client against a real socket.io server (the `socket.io` package the Harbor server runs),
 * through happy-dom's WebSocket, which is the `ws` package behind the browser's API.
 */

type TestServer = Awaited<ReturnType<typeof startServer>>;
const auth = { widgetID: "w1", visitorToken: "token-of-the-visitor" };
const cleanups: (() => unknown)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startServer(options: Partial<ServerOptions> = {}) {
  const http = createServer();
  const io = new Server<VisitorClientEvents, VisitorServerEvents>(http, {
    path: SOCKET_PATH,
    transports: ["websocket"],
    ...options,
  });
  const namespace = io.of(VISITOR_NAMESPACE);
  const state = { refusal: null as string | null, handshakes: 0, sockets: [] as ServerSocket[] };
  namespace.use((_socket, next) => {
    state.handshakes += 1;
    next(state.refusal ? new Error(state.refusal) : undefined);
  });
  namespace.on("connection", (socket) => state.sockets.push(socket));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as { port: number };
  cleanups.push(() => io.close());
  return { io, namespace, state, port, origin: `http://127.0.0.1:${port}`, latest: () => state.sockets.at(-1) };
}

function open(origin: string) {
  const socket = createVisitorSocket({ auth, origin, reconnectDelay: { min: 50, max: 100 } });
  const seen: string[] = [];
  socket.on("connect", () => seen.push("connect"));
  socket.on("disconnect", (reason) => seen.push(`disconnect: ${reason}`));
  socket.on("connect_error", (error) => seen.push(`connect_error: ${error.message}`));
  cleanups.push(() => socket.disconnect());
  return { socket, seen };
}

// A wait, not a timing assertion: a loaded machine (two test workers on two cores) can take
// longer than vi.waitFor's default second to open a socket.
const connected = (socket: VisitorSocket) => vi.waitFor(() => expect(socket.connected).toBe(true), { timeout: 5000 });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A TCP relay between client and server that can go silent (bytes dropped, connections left open),
 * as a network path dies without either end closing it.
 */
async function startRelay(port: number) {
  const links: { client: TcpSocket; upstream: TcpSocket; isCut: boolean }[] = [];
  const relay = createTcpServer((client) => {
    const link = { client, upstream: connect(port, "127.0.0.1"), isCut: false };
    links.push(link);
    client.on("data", (bytes) => link.isCut || link.upstream.write(bytes));
    link.upstream.on("data", (bytes) => link.isCut || client.write(bytes));
    client.on("close", () => link.upstream.destroy());
    link.upstream.on("close", () => client.destroy());
    client.on("error", () => {});
    link.upstream.on("error", () => {});
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => {
    for (const link of links) link.client.destroy();
    relay.close();
  });
  return {
    origin: `http://127.0.0.1:${(relay.address() as { port: number }).port}`,
    cutAll: () => {
      for (const link of links) link.isCut = true;
    },
  };
}

/**
 * An HTTP proxy in front of the server, as a corporate proxy or firewall may be: HTTP requests
 * (long-polling) pass; a websocket upgrade is refused (403), left hanging, or passed, as the test
 * decides per request. The page's address becomes the proxy's, as the widget's iframe is served by
 * the server it talks to (so long-polling is same-origin).
 */
async function startProxy(port: number, webSocket: (url: string) => "refuse" | "hang" | "pass") {
  const upgrades: string[] = [];
  const held: TcpSocket[] = [];
  const proxy = createServer((request, response) => {
    const upstream = httpRequest(
      { host: "127.0.0.1", port, path: request.url, method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on("error", () => response.destroy());
    request.pipe(upstream);
  });
  proxy.on("upgrade", (request, client: TcpSocket, head: Buffer) => {
    const url = request.url ?? "";
    upgrades.push(url);
    const verdict = webSocket(url);
    client.on("error", () => {});
    if (verdict === "refuse") return client.end("HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n");
    if (verdict === "hang") return void held.push(client);
    const upstream = connect(port, "127.0.0.1", () => {
      const lines = [`${request.method} ${url} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2)
        lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/widget/frame.html`);
  cleanups.push(() => {
    for (const socket of held) socket.destroy();
    proxy.closeAllConnections();
    proxy.close();
  });
  return { origin, upgrades };
}

describe("the visitor socket", () => {
  let server: TestServer;

  it("connects over websocket to /visitor with the auth in the CONNECT packet", async () => {
    server = await startServer();
    const { socket, seen } = open(server.origin);
    expect(socket).toMatchObject({ connected: false, active: true });
    await connected(socket);
    const serverSocket = server.latest() as ServerSocket;
    expect(serverSocket.handshake.auth).toEqual(auth);
    expect(serverSocket.handshake.query).toMatchObject({ EIO: "4", transport: "websocket" });
    expect(serverSocket.conn.transport.name).toBe("websocket");
    expect(seen).toEqual(["connect"]);
  });

  it("reports a refusal in the server's middleware as a final connect_error with its message", async () => {
    server = await startServer();
    server.state.refusal = "Widget is switched off";
    const { socket, seen } = open(server.origin);
    const errors: Error[] = [];
    socket.on("connect_error", (error) => errors.push(error));
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(errors[0]?.message).toBe("Widget is switched off");
    expect(socket).toMatchObject({ connected: false, active: false });
    await pause(300);
    expect(server.state.handshakes).toBe(1);
    expect(seen).toEqual(["connect_error: Widget is switched off"]);
  });

  it("hears the server's events, sent to the socket or to a room, with their payload only", async () => {
    server = await startServer();
    const { socket } = open(server.origin);
    const heard: unknown[][] = [];
    socket.on("chat-status", (...args) => heard.push(args));
    socket.on("answer-chunk", (...args) => heard.push(args));
    await connected(socket);
    const serverSocket = server.latest() as ServerSocket<VisitorClientEvents, VisitorServerEvents>;
    serverSocket.emit("chat-status", { chatID: "c1", status: "human", resolved: false });
    await serverSocket.join("chat:c1");
    server.namespace.to("chat:c1").emit("answer-chunk", { chatID: "c1", questionID: "q1", text: "Hé, “quoted” \n ✓" });
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    expect(heard).toEqual([
      [{ chatID: "c1", status: "human", resolved: false }],
      [{ chatID: "c1", questionID: "q1", text: "Hé, “quoted” \n ✓" }],
    ]);
  });

  it("emits with an ack and resolves with the server's answer; a plain emit arrives too", async () => {
    server = await startServer();
    const { socket } = open(server.origin);
    await connected(socket);
    const serverSocket = server.latest() as ServerSocket<VisitorClientEvents, VisitorServerEvents>;
    const typed = new Promise((resolve) => serverSocket.on("typing", resolve));
    serverSocket.on("restart-chat", (payload, ack) => ack({ ok: false, message: `No chat ${payload.chatID}` }));
    serverSocket.on("continue-chat", ({ chatID }, ack) =>
      ack({
        ok: true,
        data: {
          chatID,
          ticketID: "T1",
          status: "open",
          resolved: false,
          isCompleted: false,
          preChatCompleted: false,
          messages: [],
        },
      }),
    );

    const [refused, continued] = await Promise.all([
      socket.timeout(1000).emitWithAck("restart-chat", { chatID: "c1" }),
      socket.timeout(1000).emitWithAck("continue-chat", { chatID: "c2" }),
    ]);
    expect(refused).toEqual({ ok: false, message: "No chat c1" });
    expect(continued).toMatchObject({ ok: true, data: { chatID: "c2", isCompleted: false } });
    socket.emit("typing", { chatID: "c1", isTyping: true });
    expect(await typed).toEqual({ chatID: "c1", isTyping: true });
  });

  it("rejects an emit whose ack does not come in time", async () => {
    server = await startServer();
    const { socket } = open(server.origin);
    await connected(socket);
    const started = Date.now();
    await expect(socket.timeout(100).emitWithAck("reset-answer", { chatID: "c1" })).rejects.toThrow(
      "operation has timed out",
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
    expect(socket.connected).toBe(true);
  });

  it("answers the server's pings, so it stays connected over many ping intervals", async () => {
    // Pings come often; the server waits long for each pong, so a busy machine's pause is not read as
    // a dead client. A client that never answered would show no pongs at all.
    server = await startServer({ pingInterval: 40, pingTimeout: 2000 });
    const { socket, seen } = open(server.origin);
    await connected(socket);
    let pongs = 0;
    (server.latest() as ServerSocket).conn.on("packet", (packet: { type: string }) => {
      if (packet.type === "pong") pongs += 1;
    });
    await pause(1000);
    expect(pongs).toBeGreaterThanOrEqual(5);
    expect(seen).toEqual(["connect"]);
    expect(server.state.sockets).toHaveLength(1);
  });

  it("takes a connection that went silent for longer than pingInterval + pingTimeout as dead, and reconnects", async () => {
    server = await startServer({ pingInterval: 100, pingTimeout: 100 });
    const relay = await startRelay(server.port);
    const { socket, seen } = open(relay.origin);
    await connected(socket);
    const started = Date.now();
    relay.cutAll();
    await vi.waitFor(() => expect(seen).toContain("disconnect: ping timeout"));
    // The client last heard the server at the open or a ping, at most 200 ms before the cut.
    expect(Date.now() - started).toBeLessThan(600);
    await vi.waitFor(() => expect(seen).toEqual(["connect", "disconnect: ping timeout", "connect"]));
    expect(socket.connected).toBe(true);
  });

  it("reconnects after the server drops the connection, firing disconnect then connect", async () => {
    server = await startServer();
    const { socket, seen } = open(server.origin);
    await connected(socket);
    (server.latest() as ServerSocket).conn.close();
    await vi.waitFor(() => expect(seen).toEqual(["connect", "disconnect: transport close", "connect"]));
    expect(socket).toMatchObject({ connected: true, active: true });
    expect(server.state.sockets).toHaveLength(2);
    expect(server.latest()?.handshake.auth).toEqual(auth);
  });

  it("keeps retrying while the server is away, each delay twice the last up to the cap, then connects", async () => {
    server = await startServer();
    const { port } = server;
    // No jitter, so the delays are exactly 40, 80, 160, 160 ms.
    vi.spyOn(Math, "random").mockReturnValue(0);
    cleanups.push(() => vi.restoreAllMocks());
    const socket = createVisitorSocket({ auth, origin: server.origin, reconnectDelay: { min: 40, max: 160 } });
    cleanups.push(() => socket.disconnect());
    const failures: number[] = [];
    const seen: string[] = [];
    socket.on("connect", () => seen.push("connect"));
    socket.on("disconnect", (reason) => seen.push(`disconnect: ${reason}`));
    socket.on("connect_error", () => failures.push(Date.now()));
    await connected(socket);
    const dropped = Date.now();
    await server.io.close();
    await vi.waitFor(() => expect(failures.length).toBeGreaterThanOrEqual(4), { timeout: 3000 });
    // Each failed attempt comes one delay after the one before (refused connections fail at once).
    const [first = 0, second = 0, third = 0, fourth = 0] = failures;
    expect(first - dropped).toBeGreaterThanOrEqual(40 - 5);
    expect(second - first).toBeGreaterThanOrEqual(80 - 5);
    expect(third - second).toBeGreaterThanOrEqual(160 - 5);
    expect(fourth - third).toBeGreaterThanOrEqual(160 - 5);
    expect(socket.active).toBe(true);

    const http = createServer();
    const io = new Server(http, { path: SOCKET_PATH, transports: ["websocket"] });
    io.of(VISITOR_NAMESPACE);
    cleanups.push(() => io.close());
    await new Promise<void>((resolve) => http.listen(port, "127.0.0.1", resolve));
    await vi.waitFor(() => expect(seen).toEqual(["connect", "disconnect: transport close", "connect"]));
  });

  it("fails a sent emit as soon as the connection drops, and sends one made while away after reconnecting", async () => {
    server = await startServer();
    const { socket, seen } = open(server.origin);
    await connected(socket);
    const first = server.latest() as ServerSocket<VisitorClientEvents, VisitorServerEvents>;
    first.on("reset-answer", () => first.conn.close());
    const started = Date.now();
    await expect(socket.timeout(5000).emitWithAck("reset-answer", { chatID: "c1" })).rejects.toThrow("disconnected");
    expect(Date.now() - started).toBeLessThan(1000);

    // Away now: this one waits for the connection, and is answered once it is back.
    expect(socket.connected).toBe(false);
    server.namespace.on("connection", (next) =>
      next.on("reset-answer", (_payload, ack) => ack({ ok: true, data: null })),
    );
    const answer = await socket.timeout(5000).emitWithAck("reset-answer", { chatID: "c1" });
    expect(answer).toEqual({ ok: true, data: null });
    expect(seen).toEqual(["connect", "disconnect: transport close", "connect"]);
  });

  it("drops an emit made while away when its time runs out first, and a plain emit made while away", async () => {
    server = await startServer();
    const socket = createVisitorSocket({ auth, origin: server.origin, reconnectDelay: { min: 400, max: 400 } });
    cleanups.push(() => socket.disconnect());
    await connected(socket);
    const received: string[] = [];
    server.namespace.on("connection", (next) => {
      next.on("reset-answer", ({ chatID }) => received.push(`reset-answer ${chatID}`));
      next.on("typing", ({ chatID }) => received.push(`typing ${chatID}`));
    });
    (server.latest() as ServerSocket).conn.close();
    await vi.waitFor(() => expect(socket.connected).toBe(false));
    socket.emit("typing", { chatID: "c1", isTyping: true });
    await expect(socket.timeout(50).emitWithAck("reset-answer", { chatID: "c1" })).rejects.toThrow(
      "operation has timed out",
    );
    await connected(socket);
    socket.emit("typing", { chatID: "c2", isTyping: true });
    await vi.waitFor(() => expect(received).toEqual(["typing c2"]));
  });

  it("does not reconnect after the server disconnects the socket", async () => {
    server = await startServer();
    const { socket, seen } = open(server.origin);
    await connected(socket);
    const pending = socket.timeout(5000).emitWithAck("reset-answer", { chatID: "c1" });
    (server.latest() as ServerSocket).disconnect();
    await expect(pending).rejects.toThrow("disconnected");
    await pause(300);
    expect(seen).toEqual(["connect", "disconnect: io server disconnect"]);
    expect(socket).toMatchObject({ connected: false, active: false });
    expect(server.state.handshakes).toBe(1);
    // The engine connection goes too: nothing is left open on the server.
    await vi.waitFor(() => expect(server.io.engine.clientsCount).toBe(0));
  });

  it("closes cleanly on disconnect(): the server hears a namespace disconnect, and nothing reconnects", async () => {
    server = await startServer();
    const { socket, seen } = open(server.origin);
    await connected(socket);
    const reason = new Promise((resolve) => (server.latest() as ServerSocket).on("disconnect", resolve));
    socket.disconnect();
    expect(await reason).toBe("client namespace disconnect");
    expect(socket).toMatchObject({ connected: false, active: false });
    await vi.waitFor(() => expect(server.io.engine.clientsCount).toBe(0));
    await pause(200);
    expect(seen).toEqual(["connect", "disconnect: io client disconnect"]);
    expect(server.state.handshakes).toBe(1);
  });

  it("stops telling once its listeners are removed", async () => {
    server = await startServer();
    const { socket, seen } = open(server.origin);
    await connected(socket);
    socket.removeAllListeners();
    (server.latest() as ServerSocket).conn.close();
    await vi.waitFor(() => expect(server.state.sockets).toHaveLength(2));
    await connected(socket);
    expect(seen).toEqual(["connect"]);
  });

  it("is typed by the contract's events (checked by tsc)", () => {
    const uses = (socket: VisitorSocket) => {
      // @ts-expect-error ask-question is acknowledged: it goes through timeout().emitWithAck
      socket.emit("ask-question", { chatID: null, clientMessageID: "client-id-1", question: "Hi" });
      // @ts-expect-error typing has no ack
      void socket.timeout(1).emitWithAck("typing", { chatID: "c1", isTyping: true });
      // @ts-expect-error the payload is the contract's
      socket.emit("typing", { chatID: "c1" });
      // @ts-expect-error only the server's events and the reserved ones can be heard
      socket.on("ask-question", () => {});
      socket.on("chat-status", ({ status }) => status satisfies "open" | "human" | "ticket");
      return socket
        .timeout(1)
        .emitWithAck("continue-chat", { chatID: "c1" })
        .then((ack) => ack.ok && ack.data.ticketID);
    };
    expect(uses).toBeTypeOf("function");
  });

  it("recovers its session after a short drop: the server restores its rooms and replays what it missed", async () => {
    server = await startServer({ connectionStateRecovery: { maxDisconnectionDuration: 60_000 } });
    const { socket, seen } = open(server.origin);
    const chunks: string[] = [];
    socket.on("answer-chunk", ({ text }) => chunks.push(text));
    await connected(socket);
    const first = server.latest() as ServerSocket;
    await first.join("chat:c1");
    const room = server.namespace.to("chat:c1");
    room.emit("answer-chunk", { chatID: "c1", questionID: "q1", text: "one " });
    await vi.waitFor(() => expect(chunks).toEqual(["one "]));

    // Written while the visitor is away: the server hears of the drop before the client is back.
    first.on("disconnect", () => room.emit("answer-chunk", { chatID: "c1", questionID: "q1", text: "two " }));
    first.conn.close();
    await vi.waitFor(() => expect(seen).toEqual(["connect", "disconnect: transport close", "connect"]));
    const second = server.latest() as ServerSocket;
    expect(second.recovered).toBe(true);
    expect(second.id).toBe(first.id);
    expect(second.rooms.has("chat:c1")).toBe(true);
    expect(chunks).toEqual(["one ", "two "]);
    // Recovery's session id and offset go beside the auth, which the middleware still checks.
    expect(second.handshake.auth).toMatchObject(auth);
  });
});

describe("the visitor socket where websockets are blocked", () => {
  const polling = { transports: ["polling", "websocket"] as ("polling" | "websocket")[] };

  it("falls back to long-polling when the websocket is refused, and talks both ways over it", async () => {
    const server = await startServer({ ...polling, pingInterval: 200, pingTimeout: 400 });
    const proxy = await startProxy(server.port, () => "refuse");
    const { socket, seen } = open(proxy.origin);
    const heard: unknown[] = [];
    socket.on("chat-status", (payload) => heard.push(payload));
    await connected(socket);
    const serverSocket = server.latest() as ServerSocket<VisitorClientEvents, VisitorServerEvents>;
    expect(serverSocket.handshake.auth).toEqual(auth);
    expect(serverSocket.conn.transport.name).toBe("polling");

    serverSocket.on("restart-chat", (payload, ack) => ack({ ok: false, message: `No chat ${payload.chatID}` }));
    expect(await socket.timeout(2000).emitWithAck("restart-chat", { chatID: "c1" })).toEqual({
      ok: false,
      message: "No chat c1",
    });
    serverSocket.emit("chat-status", { chatID: "c1", status: "human", resolved: false });
    await vi.waitFor(() => expect(heard).toEqual([{ chatID: "c1", status: "human", resolved: false }]));

    // It answers the heartbeat over HTTP: still the one connection after several ping intervals.
    await pause(1200);
    expect(seen).toEqual(["connect"]);
    expect(server.state.sockets).toHaveLength(1);
    expect(serverSocket.conn.transport.name).toBe("polling");
    // The first websocket was refused, and so was the upgrade probe after it.
    expect(proxy.upgrades.length).toBeGreaterThanOrEqual(2);
  });

  it("upgrades a long-polling connection to a websocket once one opens, losing nothing on the way", async () => {
    const server = await startServer(polling);
    // A fresh websocket is refused; the upgrade of an open session (it names its sid) gets through.
    const proxy = await startProxy(server.port, (url) => (url.includes("sid=") ? "pass" : "refuse"));
    const { socket, seen } = open(proxy.origin);
    const chunks: string[] = [];
    socket.on("answer-chunk", ({ text }) => chunks.push(text));
    await connected(socket);
    const serverSocket = server.latest() as ServerSocket<VisitorClientEvents, VisitorServerEvents>;
    const asked: string[] = [];
    serverSocket.on("reset-answer", ({ chatID }, ack) => {
      asked.push(chatID);
      ack({ ok: true, data: null });
    });
    // Both ways while the upgrade happens.
    const answers = Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        await pause(index * 5);
        serverSocket.emit("answer-chunk", { chatID: "c1", questionID: "q1", text: `${index} ` });
        return socket.timeout(3000).emitWithAck("reset-answer", { chatID: `c${index}` });
      }),
    );
    expect((await answers).every((answer) => answer.ok)).toBe(true);
    await vi.waitFor(() => expect(serverSocket.conn.transport.name).toBe("websocket"));
    await vi.waitFor(() => expect(chunks).toHaveLength(20));
    expect(chunks).toEqual(Array.from({ length: 20 }, (_, index) => `${index} `));
    expect(asked).toEqual(Array.from({ length: 20 }, (_, index) => `c${index}`));
    expect(seen).toEqual(["connect"]);
  });

  it("gives a websocket that hangs (a proxy that swallows the upgrade) a few seconds, then uses long-polling", async () => {
    const server = await startServer(polling);
    const proxy = await startProxy(server.port, () => "hang");
    const started = Date.now();
    const { socket } = open(proxy.origin);
    await vi.waitFor(() => expect(socket.connected).toBe(true), { timeout: 8000 });
    expect(Date.now() - started).toBeLessThan(7000);
    expect(server.latest()?.conn.transport.name).toBe("polling");
  });

  it("reconnects over long-polling after a drop, and closes cleanly over it", async () => {
    const server = await startServer(polling);
    const proxy = await startProxy(server.port, () => "refuse");
    const { socket, seen } = open(proxy.origin);
    await connected(socket);
    (server.latest() as ServerSocket).conn.close();
    await vi.waitFor(() => expect(seen).toEqual(["connect", "disconnect: transport close", "connect"]));
    const upgradesBefore = proxy.upgrades.length;
    expect(server.latest()?.conn.transport.name).toBe("polling");

    const reason = new Promise((resolve) => (server.latest() as ServerSocket).on("disconnect", resolve));
    socket.disconnect();
    expect(await reason).toBe("client namespace disconnect");
    await vi.waitFor(() => expect(server.io.engine.clientsCount).toBe(0));
    // The second connection started with long-polling: only its upgrade probe tried a websocket.
    expect(upgradesBefore).toBeLessThanOrEqual(3);
  });
});

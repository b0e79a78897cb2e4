import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { type Socket as ClientSocket, io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guardNamespace } from "./socket-guard";

const logged: string[] = [];
const log = {
  warn: (_: unknown, message: string) => logged.push(message),
  error: (_: unknown, message: string) => logged.push(message),
} as never;

let url = "";
let io: Server;
let onceCalls = 0;
let offCalls = 0;

beforeAll(async () => {
  const http = createServer();
  io = new Server(http, { transports: ["websocket"] });
  const namespace = io.of("/guarded");
  guardNamespace(namespace, log);
  namespace.use((socket, next) => {
    const mode = socket.handshake.auth.mode;
    if (mode === "throw") throw new Error("a middleware threw");
    next();
  });
  namespace.use(async (socket, next) => {
    if (socket.handshake.auth.mode === "reject") throw new Error("an async middleware rejected");
    next();
  });
  namespace.on("connection", (socket) => {
    socket.on("throws", () => {
      throw new Error("a listener threw");
    });
    socket.on("rejects", async () => {
      throw new Error("an async listener rejected");
    });
    socket.on("answers", (payload: unknown, ack: (reply: unknown) => void) => ack({ ok: true, data: payload }));
    socket.once("once", () => {
      onceCalls += 1;
    });
    const counted = () => {
      offCalls += 1;
    };
    socket.on("off-then-emit", counted);
    socket.off("off-then-emit", counted);
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/guarded`;
});

afterAll(async () => {
  await io.close();
});

function open(mode?: string) {
  const socket = connect(url, { transports: ["websocket"], auth: { mode }, forceNew: true, reconnection: false });
  return new Promise<ClientSocket>((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (error) => {
      socket.close();
      reject(error);
    });
  });
}

describe("guardNamespace", () => {
  it("turns a throwing or rejecting middleware into a refused connection", async () => {
    await expect(open("throw")).rejects.toThrow("The connection could not be opened. Please reload the page.");
    await expect(open("reject")).rejects.toThrow("The connection could not be opened. Please reload the page.");
    const socket = await open();
    expect(socket.connected).toBe(true);
    socket.close();
  });

  it("answers a failing listener's ack with an error, and the socket stays usable", async () => {
    const socket = await open();
    expect(await socket.timeout(2000).emitWithAck("throws", 1)).toEqual({
      ok: false,
      message: "Something went wrong. Please try again.",
    });
    expect(await socket.timeout(2000).emitWithAck("rejects", 1)).toEqual({
      ok: false,
      message: "Something went wrong. Please try again.",
    });
    socket.emit("throws");
    expect(await socket.timeout(2000).emitWithAck("answers", "still here")).toEqual({ ok: true, data: "still here" });
    expect(logged).toEqual(expect.arrayContaining(["a realtime event failed", "a realtime handshake failed"]));
    socket.close();
  });

  it("hands a listener one payload and the ack, whether the client sent no payload or several", async () => {
    const socket = await open();
    // Before, the ack arrived where the payload is read (or an extra payload where the ack is), and
    // the client waited for an answer that never came.
    expect(await socket.timeout(2000).emitWithAck("answers")).toEqual({ ok: true });
    expect(await socket.timeout(2000).emitWithAck("answers", "first", "second")).toEqual({ ok: true, data: "first" });
    socket.close();
  });

  it("keeps `once` and `off` working on guarded listeners", async () => {
    const socket = await open();
    socket.emit("once");
    socket.emit("once");
    socket.emit("off-then-emit");
    await socket.timeout(2000).emitWithAck("answers", null);
    expect(onceCalls).toBe(1);
    expect(offCalls).toBe(0);
    socket.close();
  });
});

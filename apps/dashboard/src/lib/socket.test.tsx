import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SOCKET_PATH, STAFF_NAMESPACE } from "@harbor/contract/constants";
import { Server } from "socket.io";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { acquireStaffSocket, releaseStaffSocket } from "./socket";

let io: Server;
let connections: number;

beforeEach(async () => {
  const http = createServer();
  io = new Server(http, { path: SOCKET_PATH });
  connections = 0;
  io.of(STAFF_NAMESPACE).on("connection", (socket) => {
    connections += 1;
    // The first connection loses its access at once, as a role change does on the real server.
    if (connections === 1) socket.disconnect(true);
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  // The dashboard opens /staff on its own origin.
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `http://127.0.0.1:${(http.address() as AddressInfo).port}/inbox`,
  );
});

afterEach(async () => {
  releaseStaffSocket();
  await io.close();
});

it("opens the channel again after the server closed it, so the handshake reads the session anew", async () => {
  const socket = acquireStaffSocket();
  await vi.waitFor(() => expect(connections).toBe(2), { timeout: 3000 });
  await vi.waitFor(() => expect(socket.connected).toBe(true));
});

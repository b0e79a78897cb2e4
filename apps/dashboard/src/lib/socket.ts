import { SOCKET_PATH, STAFF_NAMESPACE } from "@harbor/contract/constants";
import type { StaffClientEvents, StaffServerEvents } from "@harbor/contract/realtime";
import { io, type Socket } from "socket.io-client";

export type StaffSocket = Socket<StaffServerEvents, StaffClientEvents>;

/**
 * The server refused the handshake (signed out, no workspace yet, or no live channel deployed):
 * socket.io does not retry that on its own, so it is asked again, quietly, after this long.
 */
const REFUSED_RETRY_MS = 30_000;

let socket: StaffSocket | null = null;
let users = 0;
let refusedRetry: ReturnType<typeof setTimeout> | undefined;

function create(): StaffSocket {
  // Same origin as the dashboard: the session cookie authenticates the handshake.
  const created: StaffSocket = io(STAFF_NAMESPACE, {
    path: SOCKET_PATH,
    // The server speaks websocket only (no long-polling).
    transports: ["websocket"],
    withCredentials: true,
    autoConnect: false,
  });
  created.on("connect_error", () => {
    // A network failure is retried by socket.io with backoff (`active` stays true); a refusal is not.
    if (created.active || users === 0) return;
    clearTimeout(refusedRetry);
    refusedRetry = setTimeout(() => {
      if (users > 0 && !created.connected) created.connect();
    }, REFUSED_RETRY_MS);
  });
  created.on("disconnect", (reason) => {
    // The server closes the socket when its access changed (signed out, removed, a new role or
    // workspace), and socket.io never reopens that by itself. Opening it again re-reads the
    // session: a changed one comes back re-scoped, a revoked one is refused (and retried as above).
    if (reason === "io server disconnect" && users > 0) created.connect();
  });
  return created;
}

/**
 * The tab's one `/staff` connection (docs/decisions/008), open while anything
 * uses it: each acquire is paired with a release. Failures stay quiet; the screens work without it.
 */
export function acquireStaffSocket(): StaffSocket {
  socket ??= create();
  users += 1;
  if (users === 1) socket.connect();
  return socket;
}

export function releaseStaffSocket(): void {
  users = Math.max(0, users - 1);
  if (users > 0 || !socket) return;
  clearTimeout(refusedRetry);
  socket.disconnect();
}

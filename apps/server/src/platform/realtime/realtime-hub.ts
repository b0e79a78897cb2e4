import type { Server as HttpServer } from "node:http";
import { SOCKET_PATH, STAFF_NAMESPACE, VISITOR_NAMESPACE } from "@harbor/contract/constants";
import type {
  StaffClientEvents,
  StaffServerEvents,
  VisitorClientEvents,
  VisitorServerEvents,
} from "@harbor/contract/realtime";
import type { FastifyBaseLogger } from "fastify";
import { type Namespace, Server } from "socket.io";
import { clientAddress } from "../client-address";
import { guardNamespace } from "./socket-guard";

/**
 * A frame may carry a 1 MB message so that an oversized question gets a clear "too long" in its
 * ack (the schema's limit) instead of a dropped connection; anything larger closes the socket.
 */
const MAX_FRAME_BYTES = 1024 * 1024 + 64 * 1024;

export const staffRoom = (companyId: string) => `company:${companyId}`;
export const visitorChatRoom = (chatId: string) => `chat:${chatId}`;
/** Every visitor socket of one widget, so switching the widget off reaches them all. */
export const visitorWidgetRoom = (widgetId: string) => `widget:${widgetId}`;

export type VisitorNamespace = Namespace<VisitorClientEvents, VisitorServerEvents>;
export type StaffNamespace = Namespace<StaffClientEvents, StaffServerEvents>;

/**
 * The socket.io server beside the API (docs/ARCHITECTURE.md "Realtime"): websocket, and
 * long-polling where a network blocks websockets (decision 022); two namespaces and their rooms.
 * It knows no domain: the chats module turns its events into emits to these rooms
 * (chat-events.ts), and the channels (who may connect, what they may send) are registered by
 * staff-channel.ts and the visitor module.
 */
export async function createRealtimeHub(options: {
  httpServer: HttpServer;
  log: FastifyBaseLogger;
  /** Scaled mode: nodes share rooms through Redis pub/sub, so an emit reaches sockets on every node. */
  redisUrl?: string;
  /** TRUST_PROXY: how many proxies of our own stand in front (config.ts). */
  trustedProxyHops: number;
}) {
  const io = new Server(options.httpServer, {
    path: SOCKET_PATH,
    // Websocket first; long-polling for the visitors whose network blocks websockets (the widget
    // falls back to it, then probes for a websocket again with Engine.IO's upgrade). Decision 022.
    transports: ["polling", "websocket"],
    maxHttpBufferSize: MAX_FRAME_BYTES,
    serveClient: false,
    // A reconnect within two minutes gets the same socket id and the packets it missed on top of
    // what join-chat-room recovers from the database.
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
  });
  // Scaled mode only: a single node never loads the Redis client (decision 072).
  const redis = options.redisUrl
    ? await (await import("./realtime-redis-adapter")).connectRedisAdapter(io, options.redisUrl, options.log)
    : null;
  const visitors: VisitorNamespace = io.of(VISITOR_NAMESPACE);
  const staff: StaffNamespace = io.of(STAFF_NAMESPACE);
  for (const namespace of [visitors, staff] as unknown as Namespace[]) {
    guardNamespace(namespace, options.log);
    // The handshake's address is the client's as HTTP requests see it (request.ip), not the
    // proxy's: whatever counts sockets per address reads `socket.handshake.address`.
    namespace.use((socket, next) => {
      socket.handshake.address = clientAddress(socket.request, options.trustedProxyHops);
      next();
    });
  }

  return {
    io,
    visitors,
    staff,
    /** Nodes share rooms and server-side messages (Redis); alone, there is no one to tell. */
    isScaled: redis !== null,
    /** Disconnects every client without closing the HTTP server (Fastify closes that). */
    async close() {
      io.disconnectSockets(true);
      io.engine.close();
      await redis?.close();
    },
  };
}

export type RealtimeHub = Awaited<ReturnType<typeof createRealtimeHub>>;

import type { FastifyBaseLogger } from "fastify";
import { sha256 } from "../crypto";
import { SESSION_COOKIE, type SessionStore } from "../session";
import { type StaffNamespace, staffRoom } from "./realtime-hub";

/** What a /staff socket carries once its handshake passed: who it is and whose room it is in. */
export type StaffSocketData = { userId: string; name: string; companyId: string; knownChats: Set<string> };

export function sessionTokenFromCookieHeader(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === SESSION_COOKIE) {
      try {
        return decodeURIComponent(value.join("="));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * A browser names the page's origin; Harbor's own pages are on PUBLIC_URL or on the host the
 * socket reached. No Origin at all is a non-browser client (no ambient cookie to forge). Anything
 * else, `null` from a sandboxed frame or a value that is not a URL included, is another site.
 */
export function isOwnOrigin(headers: { origin?: string; host?: string }, trustedOrigin: string) {
  const { origin, host } = headers;
  if (!origin || origin === trustedOrigin) return true;
  if (!host || !URL.canParse(origin)) return false;
  return new URL(origin).host === host;
}

/**
 * `/staff`: the dashboard's channel. The handshake is authenticated by the session cookie, like
 * the API, and must come from Harbor's own origin (a page on another site cannot open it with
 * the user's cookie). Each socket joins its company's room and hears only that company. What
 * staff may send on it is registered by the modules (the chats module's typing relay).
 */
export function registerStaffChannel(options: {
  namespace: StaffNamespace;
  sessions: Pick<SessionStore, "find">;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const { namespace, log } = options;
  const trustedOrigin = new URL(options.publicUrl).origin;

  namespace.use(async (socket, next) => {
    if (!isOwnOrigin(socket.handshake.headers, trustedOrigin)) {
      next(new Error("This connection came from another site and was refused."));
      return;
    }
    const token = sessionTokenFromCookieHeader(socket.handshake.headers.cookie);
    if (!token) {
      next(new Error("Please sign in to continue."));
      return;
    }
    try {
      const session = await options.sessions.find(sha256(token));
      if (!session || session.expiresAt <= new Date()) {
        next(new Error("Please sign in to continue."));
        return;
      }
      if (!session.companyId || !session.role) {
        next(new Error("Choose a workspace to continue."));
        return;
      }
      socket.data = {
        userId: session.userId,
        // Visitors see who is typing by the name this company knows them by.
        name: session.displayName,
        companyId: session.companyId,
        knownChats: new Set(),
      } satisfies StaffSocketData;
      next();
    } catch (error) {
      log.error({ err: error }, "staff handshake failed");
      next(new Error("The live inbox is not available right now."));
    }
  });

  namespace.on("connection", (socket) => {
    const data = socket.data as StaffSocketData;
    void socket.join(staffRoom(data.companyId));
  });
}

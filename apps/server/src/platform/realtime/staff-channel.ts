import type { FastifyBaseLogger } from "fastify";
import { sha256 } from "../crypto";
import { SESSION_COOKIE, type SessionStore } from "../session";
import { type StaffNamespace, staffRoom } from "./realtime-hub";
import { staffMemberRoom, staffSessionRoom } from "./staff-access";

/** What a /staff socket carries once its handshake passed: who it is and whose room it is in. */
export type StaffSocketData = {
  userId: string;
  name: string;
  companyId: string;
  role: string;
  /** The session it was opened with (the hash the store keys it by; never the cookie's token). */
  tokenHash: string;
  /** When the session ends, as the handshake (or the latest re-check) read it. */
  expiresAt: Date;
  knownChats: Set<string>;
};

/**
 * How often a live socket's session is read again, as a net under the explicit closes of
 * staff-access.ts (a session that simply expires, a change made outside the API).
 */
const STAFF_RECHECK_MS = 5 * 60 * 1000;
/** setTimeout's ceiling (about 24.8 days); a later expiry is checked on the way. */
const MAX_TIMER_MS = 2 ** 31 - 1;

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
  /** Tests shorten the re-check. */
  recheckMs?: number;
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
      const tokenHash = sha256(token);
      const session = await options.sessions.find(tokenHash);
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
        role: session.role,
        tokenHash,
        expiresAt: session.expiresAt,
        knownChats: new Set(),
      } satisfies StaffSocketData;
      next();
    } catch (error) {
      log.error({ err: error }, "staff handshake failed");
      next(new Error("The live inbox is not available right now."));
    }
  });

  const recheckMs = options.recheckMs ?? STAFF_RECHECK_MS;

  /** The session still says what the socket was opened with: same workspace, role and name, not expired. */
  async function isStillValid(tokenHash: string, data: StaffSocketData) {
    const session = await options.sessions.find(tokenHash);
    if (!session || session.expiresAt <= new Date()) return null;
    const isSame =
      session.companyId === data.companyId && session.role === data.role && session.displayName === data.name;
    return isSame ? session.expiresAt : null;
  }

  namespace.on("connection", (socket) => {
    const data = socket.data as StaffSocketData;
    // A socket recovered after a dropped connection comes back in its old rooms; the handshake just
    // read the session again, so its rooms are set from that alone.
    for (const room of socket.rooms) if (room !== socket.id) void socket.leave(room);
    void socket.join(staffRoom(data.companyId));
    void socket.join(staffMemberRoom({ companyId: data.companyId, userId: data.userId }));
    void socket.join(staffSessionRoom(data.tokenHash));

    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = (expiresAt: Date) => {
      const delay = Math.min(Math.max(expiresAt.getTime() - Date.now(), 0), recheckMs, MAX_TIMER_MS);
      timer = setTimeout(recheck, delay);
      timer.unref();
    };
    const recheck = async () => {
      try {
        const expiresAt = await isStillValid(data.tokenHash, data);
        if (!socket.connected) return;
        if (!expiresAt) {
          socket.disconnect(true);
          return;
        }
        data.expiresAt = expiresAt;
        schedule(expiresAt);
      } catch (error) {
        // A database hiccup is not a revocation: look again later.
        log.warn({ err: error }, "re-checking a staff session failed");
        if (socket.connected) schedule(new Date(Date.now() + recheckMs));
      }
    };
    schedule(data.expiresAt);
    socket.on("disconnect", () => clearTimeout(timer));
  });
}

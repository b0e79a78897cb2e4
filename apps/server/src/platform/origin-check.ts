import type { FastifyInstance } from "fastify";
import { AppError } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing API requests that a browser sent from another site (CSRF), on top of the
 * SameSite=Lax cookie. Requests without an Origin header (curl, server-to-server) carry no
 * ambient browser credentials worth forging, so they pass. Public endpoints opt out by prefix.
 */
export function registerOriginCheck(app: FastifyInstance, options: { publicUrl: string; publicPrefixes: string[] }) {
  const trustedOrigin = new URL(options.publicUrl).origin;
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return;
    if (options.publicPrefixes.some((prefix) => request.url.startsWith(prefix))) return;
    const origin = request.headers.origin;
    if (!origin) return;
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (origin !== trustedOrigin && origin !== ownOrigin) {
      throw new AppError("FORBIDDEN", "This request came from another site and was refused.");
    }
  });
}

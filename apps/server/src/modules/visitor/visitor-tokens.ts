import { createHmac, randomUUID } from "node:crypto";
import { safeEqual } from "../../platform/crypto";

/**
 * How long a visitor token lasts. The widget asks POST /api/widget/get for a renewed one on every
 * page view, so a visitor who comes back within 30 days keeps their chats; a token copied out of a
 * browser stops working 30 days after that browser last used it.
 */
export const VISITOR_TOKEN_TTL_MS = 30 * 24 * 3600_000;

/**
 * Visitor tokens: `<visitorId>.<expiry>.<signature>`, the expiry in seconds (base 36), the
 * signature an HMAC of the widget id, visitor id and expiry under APP_SECRET. Stateless (nothing
 * to store per visitor, any node verifies), bound to one widget (a token is worthless on another
 * shop's widget), unguessable, and expiring.
 */
export function createVisitorTokens(appSecret: string, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const sign = (widgetId: string, visitorId: string, expiry: string) =>
    createHmac("sha256", appSecret).update(`visitor:${widgetId}:${visitorId}:${expiry}`).digest("base64url");

  /** A token for this visitor that lasts VISITOR_TOKEN_TTL_MS from now. */
  function tokenFor(widgetId: string, visitorId: string) {
    const expiry = Math.ceil((now().getTime() + VISITOR_TOKEN_TTL_MS) / 1000).toString(36);
    return `${visitorId}.${expiry}.${sign(widgetId, visitorId, expiry)}`;
  }

  return {
    /** A new visitor and their token. */
    issue(widgetId: string) {
      const visitorId = randomUUID();
      return { visitorId, token: tokenFor(widgetId, visitorId) };
    },

    /** A fresh token for a visitor whose token was just verified: the same visitor, a new expiry. */
    renew: tokenFor,

    /** The visitor id the token names, or null when it was not issued for this widget or has expired. */
    verify(widgetId: string, token: string | undefined): string | null {
      if (!token) return null;
      const [visitorId, expiry, signature, extra] = token.split(".");
      if (!visitorId || !expiry || !signature || extra !== undefined) return null;
      if (!safeEqual(signature, sign(widgetId, visitorId, expiry))) return null;
      const expiresAtMs = Number.parseInt(expiry, 36) * 1000;
      return expiresAtMs > now().getTime() ? visitorId : null;
    },
  };
}

export type VisitorTokens = ReturnType<typeof createVisitorTokens>;

import { createHmac, randomUUID } from "node:crypto";
import { safeEqual } from "../../platform/crypto";

/**
 * Visitor tokens: `<visitorId>.<signature>`, the signature an HMAC of the widget id and visitor
 * id under APP_SECRET. Stateless (nothing to store per visitor, any node verifies), bound to one
 * widget (a token is worthless on another shop's widget) and unguessable.
 */
export function createVisitorTokens(appSecret: string) {
  const sign = (widgetId: string, visitorId: string) =>
    createHmac("sha256", appSecret).update(`visitor:${widgetId}:${visitorId}`).digest("base64url");

  return {
    issue(widgetId: string) {
      const visitorId = randomUUID();
      return { visitorId, token: `${visitorId}.${sign(widgetId, visitorId)}` };
    },

    /** The visitor id the token names, or null when it was not issued for this widget. */
    verify(widgetId: string, token: string | undefined): string | null {
      if (!token) return null;
      const [visitorId, signature, extra] = token.split(".");
      if (!visitorId || !signature || extra !== undefined) return null;
      return safeEqual(signature, sign(widgetId, visitorId)) ? visitorId : null;
    },
  };
}

export type VisitorTokens = ReturnType<typeof createVisitorTokens>;

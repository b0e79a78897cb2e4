/**
 * What the Zendesk result page tells the Integrations page that opened it (same origin only):
 * the popup's outcome, so the form stops waiting at once instead of at its next poll.
 */
export const ZENDESK_OAUTH_MESSAGE = "harbor:zendesk-oauth";

export type ZendeskOAuthMessage = { type: typeof ZENDESK_OAUTH_MESSAGE; result: "success" | "error" };

export function isZendeskOAuthMessage(data: unknown): data is ZendeskOAuthMessage {
  return (
    typeof data === "object" &&
    data !== null &&
    (data as { type?: unknown }).type === ZENDESK_OAUTH_MESSAGE &&
    ["success", "error"].includes(String((data as { result?: unknown }).result))
  );
}

/**
 * What the Zendesk result page tells the Integrations page that started the sign-in: the popup's
 * outcome, so the form stops waiting at once instead of at its next poll — and, for a failure,
 * at all (the poll only sees a connection appear).
 *
 * A BroadcastChannel (same origin by definition) rather than `window.opener.postMessage`: the
 * dashboard is served with `Cross-Origin-Opener-Policy: same-origin` (helmet), so once the popup
 * has been on Zendesk's origin its opener is cut, and the blocked-popup link opens the page with
 * no opener at all. Seen in the browser journey (e2e/integrations-journeys.test.ts).
 */
export const ZENDESK_OAUTH_CHANNEL = "harbor:zendesk-oauth";

export type ZendeskOAuthMessage = { type: typeof ZENDESK_OAUTH_CHANNEL; result: "success" | "error" };

export function isZendeskOAuthMessage(data: unknown): data is ZendeskOAuthMessage {
  return (
    typeof data === "object" &&
    data !== null &&
    (data as { type?: unknown }).type === ZENDESK_OAUTH_CHANNEL &&
    ["success", "error"].includes(String((data as { result?: unknown }).result))
  );
}

/** The result page's announcement to every dashboard page of this origin. */
export function announceZendeskOAuthResult(result: ZendeskOAuthMessage["result"]): void {
  const channel = new BroadcastChannel(ZENDESK_OAUTH_CHANNEL);
  channel.postMessage({ type: ZENDESK_OAUTH_CHANNEL, result } satisfies ZendeskOAuthMessage);
  channel.close();
}

/** Listens for the result page's announcement; answers the function that stops listening. */
export function onZendeskOAuthResult(handle: (result: ZendeskOAuthMessage["result"]) => void): () => void {
  const channel = new BroadcastChannel(ZENDESK_OAUTH_CHANNEL);
  channel.onmessage = (event: MessageEvent) => {
    if (isZendeskOAuthMessage(event.data)) handle(event.data.result);
  };
  return () => channel.close();
}

import {
  FRAME_HANDOFF,
  type FrameToHostMessage,
  HOST_CLOSED,
  HOST_HANDOFF_FAILED,
  HOST_IDENTIFY,
  HOST_OPEN,
  type VisitorIdentity,
} from "@harbor/contract/widget-frame";

/** Shown inside the shop's page (the loader's iframe), rather than opened on its own. */
export const isEmbedded = () => window.parent !== window;

/**
 * The shop's origin, so messages go only there: the browser tells a frame its ancestors
 * (Chromium, Safari), else the page that loaded it (referrer). With neither — a page that sends no
 * referrer, in Firefox — "*": these messages carry nothing private (ready, close, a count; a handoff then goes without the visitor's name and e-mail).
 */
function hostOrigin(): string {
  const ancestor = window.location.ancestorOrigins?.[0];
  if (ancestor) return ancestor;
  try {
    return new URL(document.referrer).origin;
  } catch {
    return "*";
  }
}

export function tellHost(message: FrameToHostMessage) {
  if (!isEmbedded()) return;
  const origin = hostOrigin();
  // The visitor's name and e-mail (the handoff's) go only to a page whose origin is known.
  const sent = origin === "*" && message.type === FRAME_HANDOFF ? { type: FRAME_HANDOFF } : message;
  window.parent.postMessage(sent, origin);
}

const text = (value: unknown) => (typeof value === "string" ? value.trim().slice(0, 200) : undefined);

/**
 * Listens to the loader. The frame cannot know the shop's origin in advance, so it hears only its
 * parent window, only the known message types, and takes only text from them.
 */
export function listenToHost(handlers: {
  onOpen(): void;
  onClosed(): void;
  onIdentify(identity: VisitorIdentity): void;
  /** handoff.js could not load the shop's chat app on its page. */
  onHandoffFailed?(): void;
}): () => void {
  const listener = (event: MessageEvent) => {
    if (!isEmbedded() || event.source !== window.parent) return;
    const data: unknown = event.data;
    if (typeof data !== "object" || data === null) return;
    const message = data as Record<string, unknown>;
    if (message.type === HOST_OPEN) handlers.onOpen();
    else if (message.type === HOST_CLOSED) handlers.onClosed();
    else if (message.type === HOST_IDENTIFY)
      handlers.onIdentify({ name: text(message.name), email: text(message.email) });
    else if (message.type === HOST_HANDOFF_FAILED) handlers.onHandoffFailed?.();
  };
  window.addEventListener("message", listener);
  return () => window.removeEventListener("message", listener);
}

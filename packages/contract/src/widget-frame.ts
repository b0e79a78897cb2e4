/**
 * The loader (`/widget/loader.js`, on the shop's page) and the widget app (in its iframe,
 * `/widget/frame.html`) talk only through `postMessage`. The loader posts to the widget's origin
 * and accepts messages only from that origin and from its own iframe (STYLE.md rule 11); the frame
 * cannot know the shop's origin in advance, so it accepts messages only from `window.parent` and
 * only in these shapes.
 *
 * Types and string constants only — no zod: the loader has a 2 kB budget and no dependencies.
 */

/** The iframe's page, under the widget's origin; `?widgetID=…` names the widget. */
export const WIDGET_FRAME_PATH = "/widget/frame.html";

// ── frame → host ─────────────────────────────────────────────────────────────────────────────

/** The widget app has loaded its settings: messages posted before this were queued by the loader. */
export const FRAME_READY = "harbor:ready";
/** The visitor closed the panel from inside (the header's close button or Escape). */
export const FRAME_CLOSE = "harbor:close";
/** Messages the visitor has not seen yet (the launcher shows a badge while the panel is closed). */
export const FRAME_UNREAD = "harbor:unread";

/**
 * The visitor asked for a person and the shop's agent app lives on the shop's page (Tawk, Zendesk
 * Classic): the loader adds its one fixed script, `/widget/handoff.js` (HANDOFF_SCRIPT_PATH), once,
 * and leaves the message on `<harbor-widget>` for it. The frame names no script: only whether to hand
 * off, and the visitor's name and e-mail when it knows them (decision 067).
 */
export const FRAME_HANDOFF = "harbor:handoff";
export const HANDOFF_SCRIPT_PATH = "/widget/handoff.js";

/**
 * Tawk's embed address is https://embed.tawk.to/PROPERTY/WIDGET: a 24-hex property id and a short
 * widget id. Zendesk Classic's snippet key is a UUID. Both end up in a script address on the shop's
 * page (handoff.js), so nothing else may pass: no dot, query or further path. Here, not in widget.ts,
 * so handoff.js carries no zod.
 */
export const TAWK_ID = /^[0-9a-f]{24}\/[0-9a-z]{1,20}$/i;
export const ZENDESK_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type FrameToHostMessage =
  | { type: typeof FRAME_READY }
  | ({ type: typeof FRAME_HANDOFF } & VisitorIdentity)
  | { type: typeof FRAME_CLOSE }
  | { type: typeof FRAME_UNREAD; count: number };

// ── host → frame ─────────────────────────────────────────────────────────────────────────────

/** The panel is shown: the frame counts messages as seen and moves focus inside. */
export const HOST_OPEN = "harbor:open";
/** The panel was hidden: new messages count as unread again. */
export const HOST_CLOSED = "harbor:closed";
/** `window.Harbor.identify(…)`: the shop knows who the visitor is; forms start filled in. */
export const HOST_IDENTIFY = "harbor:identify";

/**
 * handoff.js (on the shop's page, decision 067) could not load the shop's chat app — its script was
 * blocked (the page's CSP, a blocker) or offline: Harbor's panel stays, and the frame tells the
 * visitor their chat stays there with the team.
 */
export const HOST_HANDOFF_FAILED = "harbor:handoff-failed";

export type VisitorIdentity = { name?: string; email?: string };

export type HostToFrameMessage =
  | { type: typeof HOST_OPEN }
  | { type: typeof HOST_CLOSED }
  | ({ type: typeof HOST_IDENTIFY } & VisitorIdentity)
  | { type: typeof HOST_HANDOFF_FAILED };

/** `window.Harbor` on the shop's page. Calls made before the loader ran wait in `q` as `[method, ...args]`. */
export type HarborApi = {
  open(): void;
  close(): void;
  identify(identity: VisitorIdentity): void;
  /** Runs once the widget is ready (at once when it already is). */
  onReady(callback: () => void): void;
};

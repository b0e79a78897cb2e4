import type { PublicWidget } from "@harbor/contract/widget";
import { FRAME_HANDOFF, HOST_HANDOFF_FAILED, TAWK_ID, ZENDESK_KEY } from "@harbor/contract/widget-frame";
import type { WelcomeElement } from "./widget-host";

/**
 * /widget/handoff.js (decision 067): the visitor asked for a person and the shop's agent app lives
 * on the shop's page. The loader adds this script, by its fixed path, the first time its own frame
 * asks; it finds on `<harbor-widget>` the widget's settings (which app, its id) and the frame's ask
 * (the visitor's name and e-mail, as the frame knew them), opens the app — Tawk or Zendesk's Classic
 * web widget, its script loaded once from the app's own address — and closes Harbor's panel once the
 * app has loaded. When its script cannot load (the page's CSP, a blocker, offline), Harbor's panel
 * stays and the frame hears `harbor:handoff-failed`, so the visitor is told their chat stays there.
 * Later asks it hears itself, from the same frame and origin only, and opens the app again.
 */

/** How an ask ends: true once the app has loaded and opened, false when its script failed. */
type Done = (isOpen: boolean) => void;

type Visitor = { name?: string; email?: string };
type TawkApi = {
  visitor?: Visitor;
  onLoad?: () => void;
  maximize?: () => void;
  setAttributes?: (attributes: Visitor, callback?: (error?: unknown) => void) => void;
};
type ZendeskCall = (widget: "webWidget", command: string, options?: unknown) => void;
export type HandoffWindow = Window & { Tawk_API?: TawkApi; Tawk_LoadStart?: Date; zE?: ZendeskCall };

/** Only text, trimmed and bounded: the frame's message is trusted no further than any page's. */
const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim().slice(0, 200) : undefined);

const visitorOf = (ask: { name?: unknown; email?: unknown } | undefined): Visitor => {
  const visitor: Visitor = {};
  const name = text(ask?.name);
  const email = text(ask?.email);
  if (name) visitor.name = name;
  if (email) visitor.email = email;
  return visitor;
};

/** The app's script: `done(false)` when it cannot load; a script already on the page is listened to as well. */
function watchScript(script: HTMLScriptElement, done: Done) {
  script.addEventListener("error", () => done(false), { once: true });
  return script;
}

function addScript(src: string, id?: string) {
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  // Zendesk's snippet finds its own key through this id.
  if (id) script.id = id;
  document.head.append(script);
  return script;
}

/** Tawk: its property's script once; maximized as soon as it has loaded, with who the visitor is. */
function openTawk(win: HandoffWindow, id: string, visitor: Visitor, done: Done) {
  win.Tawk_API ??= {};
  const api = win.Tawk_API;
  const hasVisitor = !!(visitor.name || visitor.email);
  if (api.maximize) {
    // Loaded already (this script's earlier ask, or the shop's own Tawk snippet).
    if (hasVisitor) api.setAttributes?.(visitor, () => {});
    api.maximize();
    return done(true);
  }
  if (hasVisitor) api.visitor = visitor;
  const shopOnLoad = api.onLoad;
  api.onLoad = () => {
    shopOnLoad?.();
    api.maximize?.();
    done(!!api.maximize);
  };
  const script = document.querySelector<HTMLScriptElement>('script[src^="https://embed.tawk.to/"]');
  if (!script) win.Tawk_LoadStart = new Date();
  watchScript(script ?? addScript(`https://embed.tawk.to/${id}`), done);
}

/** Zendesk's Classic web widget (`zE('webWidget', …)`): its snippet once, then prefilled and opened. */
function openZendesk(win: HandoffWindow, key: string, visitor: Visitor, done: Done) {
  const open = () => {
    const zE = win.zE;
    if (!zE) return done(false);
    if (visitor.name || visitor.email) {
      zE("webWidget", "prefill", {
        ...(visitor.name ? { name: { value: visitor.name } } : {}),
        ...(visitor.email ? { email: { value: visitor.email } } : {}),
      });
    }
    zE("webWidget", "show");
    zE("webWidget", "open");
    done(true);
  };
  if (win.zE) return open();
  const snippet =
    (document.getElementById("ze-snippet") as HTMLScriptElement | null) ??
    addScript(`https://static.zdassets.com/ekr/snippet.js?key=${key}`, "ze-snippet");
  watchScript(snippet, done).addEventListener("load", open, { once: true });
}

/**
 * Opens the shop's app for this ask; false when the settings name no app this script opens. Harbor's
 * panel steps aside only once the app is there; `failed` runs when its script could not load.
 */
export function handOff(win: HandoffWindow, host: WelcomeElement, ask: unknown, failed: () => void): boolean {
  const settings = host.harbor?.[0] as Partial<Pick<PublicWidget, "handoff">> | undefined;
  const agent = settings?.handoff?.agent;
  if (!agent?.isActive) return false;
  const visitor = visitorOf(ask as { name?: unknown; email?: unknown });
  // The other app takes over: Harbor's panel steps aside (the chat stays in Harbor's inbox). Not
  // before it is there, and once per ask.
  let isDone = false;
  const done: Done = (isOpen) => {
    if (isDone) return;
    isDone = true;
    if (isOpen) (win as Window & { Harbor?: { close?: () => void } }).Harbor?.close?.();
    else failed();
  };
  // The ids were checked by the server; again here, since they go into a script address.
  if (agent.appType === "tawk" && agent.tawk && TAWK_ID.test(agent.tawk)) openTawk(win, agent.tawk, visitor, done);
  else if (agent.appType === "zendesk-classic" && agent.zendeskKey && ZENDESK_KEY.test(agent.zendeskKey))
    openZendesk(win, agent.zendeskKey, visitor, done);
  else return false;
  return true;
}

/**
 * Runs the first ask (left by the loader) and listens for later ones from the same frame. Harbor's
 * origin is the frame's: the loader made it from its own (`document.currentScript` is null for a
 * script in a shadow root, where the loader puts this one).
 */
export function startHandoff(win: HandoffWindow, host: WelcomeElement | null) {
  const frame = host?.shadowRoot?.querySelector("iframe");
  if (!host?.harbor || !frame) return;
  const origin = new URL(frame.src).origin;
  // Told only to Harbor's own frame, at Harbor's origin.
  const failed = () => frame.contentWindow?.postMessage({ type: HOST_HANDOFF_FAILED }, origin);
  handOff(win, host, host.harbor[2], failed);
  win.addEventListener("message", (event: MessageEvent) => {
    // As the loader does: Harbor's origin, Harbor's own frame (STYLE.md rule 11).
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    if (event.data?.type === FRAME_HANDOFF) handOff(win, host, event.data, failed);
  });
}

startHandoff(window as HandoffWindow, document.querySelector<WelcomeElement>("harbor-widget"));

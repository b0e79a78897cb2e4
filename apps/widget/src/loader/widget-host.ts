import type { PublicWidget } from "@harbor/contract/widget";
import {
  FRAME_CLOSE,
  FRAME_HANDOFF,
  FRAME_READY,
  FRAME_UNREAD,
  type HarborApi,
  HOST_CLOSED,
  HOST_IDENTIFY,
  HOST_OPEN,
  type HostToFrameMessage,
  type VisitorIdentity,
  WIDGET_FRAME_PATH,
} from "@harbor/contract/widget-frame";
import { launcherTexts } from "../i18n/launcher-texts";
import type { Language } from "../i18n/pick-language";

/** What the launcher needs of the widget's settings (POST /api/widget/get). */
export type LauncherSettings = Pick<
  PublicWidget,
  | "widgetID"
  | "language"
  | "theme"
  | "button"
  | "isWithinActiveHours"
  | "showHandoffWhenInactive"
  | "openingMessages"
  | "openingMessageTranslations"
  | "notifications"
>;

export type WidgetHost = HarborApi;

/**
 * What welcome.js and handoff.js find on the `<harbor-widget>` element: the widget's settings (the
 * message to show, the handoff app), how to open the chat, and — once the frame asked for a handoff —
 * that message (the visitor's name and e-mail, unchecked: the frame is trusted no further than a
 * page's caller). welcome.js preloads the frame through the launcher's intent handler.
 */
export type WelcomeElement = HTMLElement & {
  harbor?: [settings: LauncherSettings, open: () => void, handoff?: { name?: unknown; email?: unknown }];
};

/** Distance from the page's edge when no offset is set, and between launcher and panel. */
const EDGE = 20;
const GAP = 16;
/** The welcome message comes this long after the page loads. */
export const WELCOME_DELAY_MS = 3000;

// The button's aria-label names it, so neither the icon nor the badge is read out.
const icon = (path: string) => `<svg viewBox="0 0 24 24"><path d="${path}"/></svg>`;
// The square-cornered chat bubble (Material's "sharp" style; decision 067: 20 B smaller gzipped
// than the rounded one, which the handoff hook needed).
const CHAT_ICON = icon("M2 2h20v16H6l-4 4");
const CLOSE_ICON = icon('M6 6l12 12M18 6 6 18" stroke="#fff" stroke-width="2.5');

/*
 * Everything lives in a shadow root, so the shop's CSS never reaches the launcher and ours never
 * leaks into the shop (or into another chat widget on the same page). Phones (< 480 px) get the
 * panel full screen, and the frame's own close button replaces the launcher. The browser's own
 * focus ring marks the launcher for keyboard users.
 */
const CSS =
  ":host{all:initial}" +
  "button,iframe{position:fixed;border:0;box-shadow:0 4px 24px #0004}" +
  "button{border-radius:50%;cursor:pointer;display:grid;place-items:center}" +
  "svg,img{width:55%;height:55%;fill:#fff;object-fit:contain}" +
  "span{position:absolute;top:-4px;right:-4px;padding:0 6px;border-radius:9px;background:#d22;color:#fff;font:12px/20px sans-serif}" +
  "iframe{width:380px;height:640px;border-radius:16px}" +
  "@media(max-width:479px){iframe{inset:0!important;width:100%;height:100%;max-height:none!important;border-radius:0}[aria-expanded=true]{display:none}}";

/** Outside active hours the widget stays off the page, unless the handoff option is kept for then. */
export const isWidgetShown = (settings: LauncherSettings) =>
  settings.isWithinActiveHours || settings.showHandoffWhenInactive;

/**
 * Draws the launcher from the widget's settings and owns the iframe: size, position, z-index,
 * show and custom icon. The iframe talks only to the widget's `origin`, and only its messages
 * are heard.
 */
export function createWidgetHost(origin: string, settings: LauncherSettings): WidgetHost {
  const { button } = settings;
  // The browser's first language only: a full pickLanguage would cost the loader more than it saves.
  const [openLabel, closeLabel, title] =
    launcherTexts[(settings.language ?? navigator.language.slice(0, 2)) as Language] ?? launcherTexts.en;
  const size = button.size === "small" ? 48 : 60;

  const host: WelcomeElement = document.createElement("harbor-widget");
  const root = host.attachShadow({ mode: "open" });
  root.innerHTML = `<style>${CSS}</style><div><button></button></div>`;
  const wrapper = root.lastChild as HTMLDivElement;
  const launcher = wrapper.firstChild as HTMLButtonElement;

  // The launcher's corner: top/left when set, else bottom/right (20 px in by default).
  const { top, left, bottom, right } = button.position;
  const [vertical, verticalOffset] = top !== null ? (["top", top] as const) : (["bottom", bottom ?? EDGE] as const);
  const [side, sideOffset] = left !== null ? (["left", left] as const) : (["right", right ?? EDGE] as const);
  const panelOffset = verticalOffset + size + GAP;
  // The brand colour is a checked hex colour (the server's schema), so it can sit in the CSS text.
  launcher.style.cssText = `width:${size}px;height:${size}px;background:${settings.theme.brand.brandColor};z-index:${button.zIndex};${vertical}:${verticalOffset}px;${side}:${sideOffset}px`;
  launcher.hidden = !button.show;

  let frame: HTMLIFrameElement | undefined;
  let isReady: boolean | undefined;
  let isOpen = false;
  let unread: number | undefined;
  // Until the frame is ready, what to do then, in call order: messages to post and onReady callbacks.
  const whenReady: (() => void)[] = [];
  const onReady = (callback: () => void) => (isReady ? callback() : whenReady.push(callback));

  // Ready means the frame exists and has loaded.
  const post = (message: HostToFrameMessage) =>
    onReady(() => (frame as HTMLIFrameElement).contentWindow?.postMessage(message, origin));

  const drawLauncher = () => {
    launcher.innerHTML =
      // Only a web address that can sit inside a quoted attribute (http(s), no quote in it) becomes
      // the icon, never javascript: or data: from a tampered setting (checked at each draw: cheaper
      // in the loader's bytes than a variable).
      (isOpen
        ? CLOSE_ICON
        : /^https?:\/\/[^"]*$/i.test(button.customIconURL ?? "")
          ? `<img alt="" src="${button.customIconURL}">`
          : CHAT_ICON) + (unread && !isOpen ? `<span>${unread}</span>` : "");
    launcher.setAttribute("aria-label", isOpen ? closeLabel : openLabel);
    launcher.setAttribute("aria-expanded", `${isOpen}`);
  };

  const ensureFrame = () => {
    if (frame) return frame;
    frame = document.createElement("iframe");
    // The server's own widget id (letters and digits), not the page's attribute: safe in a URL as it is.
    frame.src = `${origin}${WIDGET_FRAME_PATH}?widgetID=${settings.widgetID}`;
    frame.title = title;
    frame.hidden = true;
    frame.style.cssText = `z-index:${button.zIndex};max-height:calc(100vh - ${panelOffset + EDGE}px);${vertical}:${panelOffset}px;${side}:${sideOffset}px`;
    wrapper.append(frame);
    return frame;
  };

  const open = () => {
    if (isOpen) return;
    const panel = ensureFrame();
    isOpen = true;
    panel.hidden = false;
    drawLauncher();
    post({ type: HOST_OPEN });
    panel.focus();
  };

  const close = () => {
    // Open means the frame exists.
    if (!isOpen) return;
    isOpen = false;
    (frame as HTMLIFrameElement).hidden = true;
    drawLauncher();
    post({ type: HOST_CLOSED });
    // A hidden launcher takes no focus: then it stays where the page had it.
    launcher.focus();
  };

  // A script of Harbor's own by a path fixed here, never one the frame names: in the shadow root,
  // out of the shop's way; it runs there all the same.
  const load = (name: "welcome" | "handoff") =>
    wrapper.append(Object.assign(document.createElement("script"), { src: `${origin}/widget/${name}.js` }));
  const harbor: NonNullable<WelcomeElement["harbor"]> = [settings, open];
  host.harbor = harbor;

  addEventListener("message", (event: MessageEvent) => {
    // Only the widget's own frame (there is none yet: `undefined` is never a source), from the
    // widget's own origin (STYLE.md rule 11).
    if (event.origin !== origin || event.source !== frame?.contentWindow) return;
    const type = event.data?.type;
    if (type === FRAME_READY) {
      isReady = true;
      // Opened before its page had loaded, the frame got the keyboard while still empty; Chromium
      // may hand it back to the shop's page when the widget's page replaces that (another origin,
      // another process), while the frame's element still looks focused, so the visitor's typing
      // reaches nothing. The frame's own window takes it here, before HOST_OPEN puts it in the
      // message box; only while the focus is still on the frame (the visitor may have moved on).
      if (isOpen && root.activeElement === frame) frame.contentWindow?.focus();
      for (const callback of whenReady.splice(0)) callback();
    } else if (type === FRAME_CLOSE) {
      close();
    } else if (type === FRAME_UNREAD) {
      unread = event.data.count | 0;
      drawLauncher();
    } else if (type === FRAME_HANDOFF && !harbor[2]) {
      // Once: handoff.js hears the frame's later asks itself.
      harbor[2] = event.data;
      load("handoff");
    }
  });

  launcher.onclick = () => (isOpen ? close() : open());
  // The chat's frame loads on intent, not with every page view (issue #20): the pointer over the
  // launcher (a touch starts with it too), the keyboard on it, `Harbor.open`, or the welcome message
  // coming up.
  launcher.onpointerenter = launcher.onfocus = ensureFrame;
  drawLauncher();
  document.body.append(host);

  // The welcome message pops up beside the launcher once per visitor (remembered on the shop's
  // origin; where storage is refused, never rather than on every page). It is a script of its own,
  // fetched only then, so no page view pays more than the loader.
  const seenKey = `harbor:${settings.widgetID}`;
  if (settings.notifications.enableWelcomeMessage) {
    setTimeout(() => {
      try {
        if (isOpen || localStorage[seenKey]) return;
        localStorage[seenKey] = 1;
        load("welcome");
      } catch {}
    }, WELCOME_DELAY_MS);
  }

  return {
    open,
    close,
    // The frame checks the values (it trusts nothing the page sends).
    identify: (identity: VisitorIdentity) =>
      post({ type: HOST_IDENTIFY, name: identity?.name, email: identity?.email }),
    onReady,
  };
}

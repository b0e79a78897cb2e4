import { defaultGreetings, welcomeTexts } from "../i18n/launcher-texts";
import { pickLanguage } from "../i18n/pick-language";
import type { WelcomeElement } from "./widget-host";

/**
 * /widget/welcome.js: the welcome message (the widget's first opening message) popping up beside
 * the launcher, once per visitor (spec part 2 §3 notifications.enableWelcomeMessage; issue #14
 * item 7). The loader fetches it only for a visitor who has not seen it, so no page view pays for
 * it; the loader hands over the settings and its `open` on the `<harbor-widget>` element. As it
 * comes, the chat's frame starts loading (a nudge about to show is intent, issue #20), so a click
 * on it opens a chat that is ready.
 */
const CSS =
  ".w{position:fixed;display:flex;align-items:flex-start;gap:4px;max-width:min(280px,calc(100vw - 40px));margin:0;" +
  "padding:12px 8px 12px 14px;border-radius:12px;background:#fff;color:#1d1d1f;box-shadow:0 4px 24px #0004;" +
  "font:14px/1.4 system-ui,sans-serif}" +
  ".w button{all:unset;cursor:pointer;border-radius:4px}.w button:focus-visible{outline:2px solid #4e45dd;outline-offset:2px}" +
  ".t{display:-webkit-box;-webkit-line-clamp:4;-webkit-box-orient:vertical;overflow:hidden;white-space:pre-line}" +
  ".x{flex:none;width:24px;height:24px;text-align:center;font-size:20px;line-height:24px;color:#555}";

export function showWelcome(host: WelcomeElement | null) {
  const root = host?.shadowRoot;
  const launcher = root?.querySelector<HTMLButtonElement>("button");
  if (!host?.harbor || !root || !launcher) return;
  const [settings, open] = host.harbor;
  // The language the chat will speak: a message the shop wrote for it, else its first opening message.
  const language = pickLanguage(settings.language, navigator.languages);
  const greeting =
    settings.openingMessageTranslations?.[language] ?? settings.openingMessages.find((message) => message.trim());
  // Not over an open chat, nor beside a launcher the shop keeps hidden.
  const isOpen = () => launcher.getAttribute("aria-expanded") === "true";
  if (!greeting || launcher.hidden || isOpen()) return;

  // The launcher's own intent handler creates the frame, where the panel will open.
  launcher.dispatchEvent(new Event("pointerenter"));
  const frame = root.querySelector("iframe");
  const welcome = document.createElement("p");
  welcome.className = "w";
  welcome.setAttribute("role", "status");
  welcome.innerHTML = `<style>${CSS}</style><button class="t" dir="auto"></button><button class="x">×</button>`;
  const [text, dismiss] = welcome.querySelectorAll("button") as unknown as [HTMLButtonElement, HTMLButtonElement];
  // A default the admin kept reads in the visitor's language; their own words as written.
  text.textContent = greeting.trim() === defaultGreetings.en ? defaultGreetings[language] : greeting;
  dismiss.setAttribute("aria-label", welcomeTexts[language]);
  // Where the panel opens: just above (or below) the launcher, on its side.
  for (const edge of ["top", "bottom", "left", "right", "zIndex"] as const)
    welcome.style[edge] = frame?.style[edge] ?? "";

  const leave = () => {
    welcome.remove();
    watch.disconnect();
  };
  text.onclick = () => {
    leave();
    open();
  };
  dismiss.onclick = leave;
  // However the chat opens (the launcher, Harbor.open), the message has done its work.
  const watch = new MutationObserver(() => {
    if (isOpen()) leave();
  });
  watch.observe(launcher, { attributes: true });
  launcher.parentElement?.append(welcome);
}

showWelcome(document.querySelector("harbor-widget"));

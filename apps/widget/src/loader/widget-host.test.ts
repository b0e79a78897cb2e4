import {
  FRAME_CLOSE,
  FRAME_HANDOFF,
  FRAME_READY,
  FRAME_UNREAD,
  HANDOFF_SCRIPT_PATH,
  HOST_IDENTIFY,
  HOST_OPEN,
} from "@harbor/contract/widget-frame";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createWidgetHost,
  isWidgetShown,
  type LauncherSettings,
  WELCOME_DELAY_MS,
  type WelcomeElement,
} from "./widget-host";

const ORIGIN = "https://harbor.example";

function settings(overrides: Partial<LauncherSettings> = {}, button: Partial<LauncherSettings["button"]> = {}) {
  return {
    widgetID: "abc123",
    language: "en",
    isWithinActiveHours: true,
    showHandoffWhenInactive: false,
    openingMessages: ["Hi! Questions about your order? Ask me."],
    openingMessageTranslations: {},
    notifications: { enableSound: false, enableWelcomeMessage: false },
    theme: {
      brand: { brandColor: "#123456" },
      chatBubble: {
        customer: { backgroundColor: "#4e45dd", textColor: "#ffffff" },
        aiAgent: { backgroundColor: "#4e45dd", textColor: "#ffffff" },
      },
    },
    button: {
      customIconURL: null,
      size: "normal",
      show: true,
      zIndex: 9999,
      position: { top: null, left: null, bottom: null, right: null },
      ...button,
    },
    ...overrides,
  } satisfies LauncherSettings;
}

const shadow = () => document.querySelector("harbor-widget")?.shadowRoot as ShadowRoot;
const launcher = () => shadow().querySelector("button") as HTMLButtonElement;
const frame = () => shadow().querySelector("iframe") as HTMLIFrameElement;

/** happy-dom loads no page into the iframe: it gets a stand-in window that records what is posted to it. */
function fakeFrameWindow() {
  const frameWindow = { postMessage: vi.fn(), focus: vi.fn() };
  Object.defineProperty(frame(), "contentWindow", { value: frameWindow });
  return frameWindow;
}

/** A message as the browser would deliver it to the shop's page. */
function deliver(data: unknown, options: { origin?: string; source?: MessageEventSource | null } = {}) {
  window.dispatchEvent(
    new MessageEvent("message", {
      data,
      origin: options.origin ?? ORIGIN,
      source: options.source === undefined ? (frame().contentWindow as MessageEventSource) : options.source,
    }),
  );
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the launcher", () => {
  it("is drawn from the settings: brand colour, normal size, bottom right by default, z-index, in a shadow root", () => {
    createWidgetHost(ORIGIN, settings());
    const button = launcher();
    expect(button.style.width).toBe("60px");
    expect(button.style.height).toBe("60px");
    expect(button.style.bottom).toBe("20px");
    expect(button.style.right).toBe("20px");
    expect(button.style.top).toBe("");
    expect(button.style.zIndex).toBe("9999");
    expect(button.style.background).toContain("#123456");
    expect(button.getAttribute("aria-label")).toBe("Open chat");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(button.hidden).toBe(false);
    expect(button.querySelector("svg")).not.toBeNull();
    // The shop's own styles cannot reach inside.
    expect(document.querySelector("button")).toBeNull();
  });

  it("honours small size, top/left offsets, a custom icon (http only), show and the widget's language", () => {
    createWidgetHost(
      ORIGIN,
      settings(
        { language: "nl" },
        {
          size: "small",
          position: { top: 30, left: 12, bottom: null, right: null },
          customIconURL: "https://cdn.example/i.png",
        },
      ),
    );
    const button = launcher();
    expect(button.style.width).toBe("48px");
    expect(button.style.top).toBe("30px");
    expect(button.style.left).toBe("12px");
    expect(button.style.bottom).toBe("");
    expect(button.querySelector("img")?.getAttribute("src")).toBe("https://cdn.example/i.png");
    expect(button.getAttribute("aria-label")).toBe("Chat openen");
    document.body.innerHTML = "";

    createWidgetHost(
      ORIGIN,
      settings({}, { customIconURL: 'javascript:alert(1)"><img src=x onerror=alert(2)>', show: false }),
    );
    expect(launcher().querySelector("img")).toBeNull();
    expect(launcher().querySelector("svg")).not.toBeNull();
    expect(launcher().hidden).toBe(true);
  });

  it("is not shown outside active hours unless the handoff option is kept", () => {
    expect(isWidgetShown(settings())).toBe(true);
    expect(isWidgetShown(settings({ isWithinActiveHours: false }))).toBe(false);
    expect(isWidgetShown(settings({ isWithinActiveHours: false, showHandoffWhenInactive: true }))).toBe(true);
  });
});

describe("the iframe", () => {
  it("is created on first open (not before) above the launcher, and on phones the CSS makes it full screen", () => {
    const host = createWidgetHost(ORIGIN, settings());
    expect(frame()).toBeNull();
    host.open();
    expect(frame().getAttribute("src")).toBe(`${ORIGIN}/widget/frame.html?widgetID=abc123`);
    expect(frame().hidden).toBe(false);
    expect(frame().style.bottom).toBe("96px");
    expect(frame().style.right).toBe("20px");
    expect(launcher().getAttribute("aria-expanded")).toBe("true");
    expect(launcher().getAttribute("aria-label")).toBe("Close chat");
    expect(shadow().querySelector("style")?.textContent).toContain("@media(max-width:479px)");
    launcher().click();
    expect(frame().hidden).toBe(true);
  });

  it("posts only to the widget's origin, holding messages until the frame is ready", () => {
    const host = createWidgetHost(ORIGIN, settings());
    launcher().dispatchEvent(new Event("pointerenter"));
    const post = fakeFrameWindow().postMessage;
    const ready = vi.fn();
    host.onReady(ready);
    host.open();
    host.identify({ name: "Dana", email: "dana@example.com" });
    expect(post).not.toHaveBeenCalled();

    deliver({ type: FRAME_READY });
    expect(ready).toHaveBeenCalledOnce();
    expect(post.mock.calls).toEqual([
      [{ type: HOST_OPEN }, ORIGIN],
      [{ type: HOST_IDENTIFY, name: "Dana", email: "dana@example.com" }, ORIGIN],
    ]);
    const late = vi.fn();
    host.onReady(late);
    expect(late).toHaveBeenCalledOnce();
  });

  it("gives the keyboard to the frame's page once it is ready, when the chat was opened before it loaded", () => {
    const host = createWidgetHost(ORIGIN, settings());
    launcher().focus();
    const frameWindow = fakeFrameWindow();
    host.open();
    expect(shadow().activeElement).toBe(frame());
    expect(frameWindow.focus).not.toHaveBeenCalled();

    deliver({ type: FRAME_READY });
    expect(frameWindow.focus).toHaveBeenCalledOnce();
    // Before the frame is told it is open, which puts the keyboard in its message box.
    expect(frameWindow.focus.mock.invocationCallOrder[0]).toBeLessThan(
      frameWindow.postMessage.mock.invocationCallOrder[0] ?? 0,
    );
    expect(frameWindow.postMessage).toHaveBeenCalledWith({ type: HOST_OPEN }, ORIGIN);
  });

  it("leaves the keyboard where the visitor took it while the frame loaded, and alone when the chat is closed", () => {
    const host = createWidgetHost(ORIGIN, settings());
    launcher().focus();
    const frameWindow = fakeFrameWindow();
    host.open();
    const search = document.body.appendChild(document.createElement("input"));
    search.focus();
    deliver({ type: FRAME_READY });
    expect(frameWindow.focus).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(search);
    document.body.innerHTML = "";

    createWidgetHost(ORIGIN, settings());
    launcher().focus();
    const closedFrameWindow = fakeFrameWindow();
    deliver({ type: FRAME_READY });
    expect(closedFrameWindow.focus).not.toHaveBeenCalled();
  });

  it("ignores messages from another origin or another window; hears its frame's close and unread count", () => {
    const host = createWidgetHost(ORIGIN, settings());
    host.open();
    fakeFrameWindow();
    deliver({ type: FRAME_CLOSE }, { origin: "https://evil.example" });
    deliver({ type: FRAME_CLOSE }, { source: window });
    deliver({ type: FRAME_CLOSE }, { source: null });
    expect(frame().hidden).toBe(false);

    deliver({ type: FRAME_CLOSE });
    expect(frame().hidden).toBe(true);

    deliver({ type: FRAME_UNREAD, count: 3 }, { origin: "https://evil.example" });
    expect(launcher().querySelector("span")).toBeNull();
    deliver({ type: FRAME_UNREAD, count: 3 });
    expect(launcher().querySelector("span")?.textContent).toBe("3");
    deliver({ type: FRAME_UNREAD, count: "<img src=x>" });
    expect(launcher().querySelector("span")).toBeNull();
    expect(launcher().querySelector("img")).toBeNull();
  });
});

describe("loading on intent", () => {
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it("loads nothing while the page only sits there, however long", () => {
    vi.useFakeTimers();
    createWidgetHost(ORIGIN, settings());
    vi.advanceTimersByTime(60_000);
    expect(frame()).toBeNull();
  });

  it("loads the frame, hidden, when the pointer comes over the launcher (a touch starts so too) or the keyboard reaches it", () => {
    createWidgetHost(ORIGIN, settings());
    launcher().dispatchEvent(new Event("pointerenter"));
    expect(frame().getAttribute("src")).toBe(`${ORIGIN}/widget/frame.html?widgetID=abc123`);
    expect(frame().hidden).toBe(true);
    launcher().dispatchEvent(new Event("pointerenter"));
    expect(shadow().querySelectorAll("iframe")).toHaveLength(1);
    document.body.innerHTML = "";

    createWidgetHost(ORIGIN, settings());
    launcher().focus();
    expect(frame()).not.toBeNull();
  });

  it("adds welcome.js a few seconds in, once per visitor, when the welcome message is on", () => {
    vi.useFakeTimers();
    const welcomeOn = settings({ notifications: { enableSound: false, enableWelcomeMessage: true } });
    createWidgetHost(ORIGIN, welcomeOn);
    const welcomeScript = () => shadow().querySelector<HTMLScriptElement>("script");
    vi.advanceTimersByTime(WELCOME_DELAY_MS - 1);
    expect(welcomeScript()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(welcomeScript()?.getAttribute("src")).toBe(`${ORIGIN}/widget/welcome.js`);
    const element = document.querySelector("harbor-widget") as WelcomeElement;
    expect(element.harbor?.[0]).toBe(welcomeOn);
    expect(localStorage.getItem("harbor:abc123")).toBe("1");

    // The next page view of the same visitor.
    document.body.innerHTML = "";
    createWidgetHost(ORIGIN, welcomeOn);
    vi.advanceTimersByTime(WELCOME_DELAY_MS);
    expect(welcomeScript()).toBeNull();
  });

  it("adds no welcome.js when the welcome message is off, or the chat was opened first", () => {
    vi.useFakeTimers();
    createWidgetHost(ORIGIN, settings());
    vi.advanceTimersByTime(WELCOME_DELAY_MS);
    expect(shadow().querySelector("script")).toBeNull();
    document.body.innerHTML = "";

    const host = createWidgetHost(
      ORIGIN,
      settings({ notifications: { enableSound: false, enableWelcomeMessage: true } }),
    );
    host.open();
    vi.advanceTimersByTime(WELCOME_DELAY_MS);
    expect(shadow().querySelector("script")).toBeNull();
    expect(localStorage.getItem("harbor:abc123")).toBeNull();
  });
});

describe("handing off to the shop's own chat app (decision 067)", () => {
  const scripts = () => [...shadow().querySelectorAll<HTMLScriptElement>("script")].map((s) => s.getAttribute("src"));

  it("adds Harbor's fixed /widget/handoff.js once, on its own frame's ask, and leaves the ask for it", () => {
    createWidgetHost(ORIGIN, settings());
    launcher().click();
    const frameWindow = fakeFrameWindow();
    deliver({ type: FRAME_HANDOFF, name: "Ada", email: "ada@example.com" });
    expect(scripts()).toEqual([`${ORIGIN}${HANDOFF_SCRIPT_PATH}`]);
    const element = document.querySelector("harbor-widget") as WelcomeElement;
    expect(element.harbor?.[2]).toEqual({ type: FRAME_HANDOFF, name: "Ada", email: "ada@example.com" });
    expect(element.harbor?.[1]).toBeTypeOf("function");

    // Asked again (the visitor asks for a person twice): no second script; handoff.js hears it itself.
    deliver({ type: FRAME_HANDOFF, name: "Someone else" });
    expect(scripts()).toEqual([`${ORIGIN}${HANDOFF_SCRIPT_PATH}`]);
    expect(element.harbor?.[2]).toEqual({ type: FRAME_HANDOFF, name: "Ada", email: "ada@example.com" });
    expect(frameWindow.postMessage).not.toHaveBeenCalledWith(expect.objectContaining({ type: FRAME_HANDOFF }), ORIGIN);
  });

  it("ignores the ask from another origin or another window, and loads no path the message names", () => {
    createWidgetHost(ORIGIN, settings());
    launcher().click();
    deliver({ type: FRAME_HANDOFF }, { origin: "https://evil.example" });
    deliver({ type: FRAME_HANDOFF }, { source: window });
    expect(scripts()).toEqual([]);
    expect((document.querySelector("harbor-widget") as WelcomeElement).harbor?.[2]).toBeUndefined();

    deliver({ type: FRAME_HANDOFF, src: "https://evil.example/x.js", path: "/api/evil", name: "/api/evil" });
    expect(scripts()).toEqual([`${ORIGIN}/widget/handoff.js`]);
  });

  it("hears no ask before its frame exists", () => {
    createWidgetHost(ORIGIN, settings());
    window.dispatchEvent(new MessageEvent("message", { data: { type: FRAME_HANDOFF }, origin: ORIGIN, source: null }));
    expect(scripts()).toEqual([]);
  });
});

import type { PublicWidget } from "@harbor/contract/widget";
import { FRAME_HANDOFF, HOST_HANDOFF_FAILED } from "@harbor/contract/widget-frame";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type HandoffWindow, startHandoff } from "./handoff";
import { createWidgetHost, type LauncherSettings, type WelcomeElement } from "./widget-host";

const ORIGIN = "https://harbor.example";
const TAWK = "5f1e2d3c4b5a69788796a5b4/1abc2def";
const ZENDESK = "0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d";

type Agent = PublicWidget["handoff"]["agent"];

function settings(agent: Partial<Agent>): LauncherSettings & Pick<PublicWidget, "handoff"> {
  return {
    widgetID: "abc123",
    language: "en",
    isWithinActiveHours: true,
    showHandoffWhenInactive: false,
    openingMessages: [],
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
    },
    handoff: {
      ticket: { isActive: false, handoffMessage: "", handoffMessageTranslations: {} },
      agent: {
        isActive: true,
        appType: "tawk",
        whatsapp: null,
        tawk: TAWK,
        zendeskKey: null,
        responseTime: null,
        availabilityMessage: null,
        profilePictureURL: null,
        ...agent,
      },
    },
  };
}

/** The shop's page as the loader leaves it for handoff.js: the panel open, its frame's ask on `<harbor-widget>`. */
function pageAtHandoff(values: ReturnType<typeof settings>, ask: { type: string; name?: unknown; email?: unknown }) {
  const host = createWidgetHost(ORIGIN, values);
  host.open();
  const element = document.querySelector("harbor-widget") as WelcomeElement;
  const frame = element.shadowRoot?.querySelector("iframe") as HTMLIFrameElement;
  const frameWindow = { postMessage: vi.fn(), focus: vi.fn() };
  Object.defineProperty(frame, "contentWindow", { value: frameWindow });
  (element.harbor as NonNullable<WelcomeElement["harbor"]>)[2] = ask;
  const harborClose = vi.fn(host.close);
  const win = window as HandoffWindow & { Harbor?: { close(): void } };
  win.Harbor = { close: harborClose };
  return { element, frame, frameWindow, win, harborClose };
}

const headScripts = () => [...document.head.querySelectorAll("script")].map((script) => script.getAttribute("src"));

afterEach(() => {
  document.body.innerHTML = "";
  document.head.innerHTML = "";
  const win = window as HandoffWindow & { Harbor?: unknown };
  delete win.Tawk_API;
  delete win.Tawk_LoadStart;
  delete win.zE;
  delete win.Harbor;
});

describe("handoff.js, Tawk", () => {
  it("loads the shop's Tawk property once, with the visitor, maximizes it once loaded, and closes Harbor's panel", () => {
    const { element, frame, win, harborClose } = pageAtHandoff(settings({}), {
      type: FRAME_HANDOFF,
      name: " Ada ",
      email: "ada@example.com",
    });
    startHandoff(win, element);
    expect(headScripts()).toEqual([`https://embed.tawk.to/${TAWK}`]);
    expect(win.Tawk_API?.visitor).toEqual({ name: "Ada", email: "ada@example.com" });
    // Not before Tawk is there: Harbor's panel stays while its script loads.
    expect(harborClose).not.toHaveBeenCalled();
    expect(frame.hidden).toBe(false);

    // Tawk's script, loaded, calls onLoad: then the chat opens, and Harbor's panel steps aside.
    const maximize = vi.fn();
    const setAttributes = vi.fn();
    Object.assign(win.Tawk_API as object, { maximize, setAttributes });
    win.Tawk_API?.onLoad?.();
    expect(maximize).toHaveBeenCalledTimes(1);
    expect(harborClose).toHaveBeenCalledTimes(1);
    expect(frame.hidden).toBe(true);

    // Asked again from Harbor's frame: no second script; the visitor is set, the chat maximized.
    win.dispatchEvent(
      new MessageEvent("message", {
        data: { type: FRAME_HANDOFF, name: "Ada L." },
        origin: ORIGIN,
        source: frame.contentWindow,
      }),
    );
    expect(headScripts()).toEqual([`https://embed.tawk.to/${TAWK}`]);
    expect(setAttributes).toHaveBeenCalledWith({ name: "Ada L." }, expect.any(Function));
    expect(maximize).toHaveBeenCalledTimes(2);
    expect(harborClose).toHaveBeenCalledTimes(2);
  });

  it("keeps Harbor's panel open and tells Harbor's frame, at Harbor's origin, when Tawk's script cannot load", () => {
    const { element, frame, frameWindow, win, harborClose } = pageAtHandoff(settings({}), { type: FRAME_HANDOFF });
    startHandoff(win, element);
    const script = document.head.querySelector("script") as HTMLScriptElement;
    // As a CSP block, a blocker or no network ends it.
    script.dispatchEvent(new Event("error"));
    expect(harborClose).not.toHaveBeenCalled();
    expect(frame.hidden).toBe(false);
    expect(frameWindow.postMessage).toHaveBeenCalledWith({ type: HOST_HANDOFF_FAILED }, ORIGIN);
    // Once per ask.
    script.dispatchEvent(new Event("error"));
    expect(frameWindow.postMessage.mock.calls.filter(([data]) => data.type === HOST_HANDOFF_FAILED)).toHaveLength(1);
  });

  it("hears no later ask from another origin or window, and takes only text from an ask", () => {
    const { element, frame, win } = pageAtHandoff(settings({}), {
      type: FRAME_HANDOFF,
      name: { toString: 1 },
      email: 42,
    });
    startHandoff(win, element);
    expect(win.Tawk_API?.visitor).toBeUndefined();
    const maximize = vi.fn();
    Object.assign(win.Tawk_API as object, { maximize });
    const ask = { type: FRAME_HANDOFF };
    win.dispatchEvent(
      new MessageEvent("message", { data: ask, origin: "https://evil.example", source: frame.contentWindow }),
    );
    win.dispatchEvent(new MessageEvent("message", { data: ask, origin: ORIGIN, source: window }));
    expect(maximize).not.toHaveBeenCalled();
    win.dispatchEvent(new MessageEvent("message", { data: ask, origin: ORIGIN, source: frame.contentWindow }));
    expect(maximize).toHaveBeenCalledTimes(1);
  });

  it("loads no script for an id of another shape, nor for another app, and keeps Harbor's panel open", () => {
    for (const agent of [
      { tawk: "https://evil.example/x.js?" },
      { tawk: "../../evil" },
      { appType: "whatsapp" as const },
      { isActive: false },
      { appType: "zendesk-classic" as const, zendeskKey: "key/../../evil" },
    ]) {
      const { element, win, harborClose } = pageAtHandoff(settings(agent), { type: FRAME_HANDOFF });
      startHandoff(win, element);
      expect(headScripts()).toEqual([]);
      expect(harborClose).not.toHaveBeenCalled();
      document.body.innerHTML = "";
    }
  });
});

describe("handoff.js, Zendesk Classic", () => {
  it("loads the snippet with the shop's key, then prefills the visitor and opens the web widget", () => {
    const { element, win, harborClose } = pageAtHandoff(
      settings({ appType: "zendesk-classic", tawk: null, zendeskKey: ZENDESK }),
      { type: FRAME_HANDOFF, name: "Ada", email: "ada@example.com" },
    );
    startHandoff(win, element);
    const snippet = document.head.querySelector("script") as HTMLScriptElement;
    expect(snippet.getAttribute("src")).toBe(`https://static.zdassets.com/ekr/snippet.js?key=${ZENDESK}`);
    expect(snippet.id).toBe("ze-snippet");
    expect(harborClose).not.toHaveBeenCalled();

    const zE = vi.fn();
    win.zE = zE;
    snippet.dispatchEvent(new Event("load"));
    expect(zE.mock.calls).toEqual([
      ["webWidget", "prefill", { name: { value: "Ada" }, email: { value: "ada@example.com" } }],
      ["webWidget", "show"],
      ["webWidget", "open"],
    ]);
    expect(harborClose).toHaveBeenCalledTimes(1);
  });

  it("keeps Harbor's panel open and tells its frame when the snippet fails, or loads without zE", () => {
    const agent = { appType: "zendesk-classic" as const, tawk: null, zendeskKey: ZENDESK };
    const failing = pageAtHandoff(settings(agent), { type: FRAME_HANDOFF });
    startHandoff(failing.win, failing.element);
    (document.head.querySelector("script") as HTMLScriptElement).dispatchEvent(new Event("error"));
    expect(failing.harborClose).not.toHaveBeenCalled();
    expect(failing.frameWindow.postMessage).toHaveBeenCalledWith({ type: HOST_HANDOFF_FAILED }, ORIGIN);

    document.body.innerHTML = "";
    document.head.innerHTML = "";
    const empty = pageAtHandoff(settings(agent), { type: FRAME_HANDOFF });
    startHandoff(empty.win, empty.element);
    (document.head.querySelector("script") as HTMLScriptElement).dispatchEvent(new Event("load"));
    expect(empty.harborClose).not.toHaveBeenCalled();
    expect(empty.frame.hidden).toBe(false);
    expect(empty.frameWindow.postMessage).toHaveBeenCalledWith({ type: HOST_HANDOFF_FAILED }, ORIGIN);
  });
});

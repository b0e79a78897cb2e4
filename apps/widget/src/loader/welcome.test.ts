import { DEFAULT_WIDGET_TEXTS } from "@harbor/contract/widget-default-texts";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { showWelcome } from "./welcome";
import { createWidgetHost, type LauncherSettings, type WelcomeElement } from "./widget-host";

const ORIGIN = "https://harbor.example";

function settings(overrides: Partial<LauncherSettings> = {}): LauncherSettings {
  return {
    widgetID: "abc123",
    language: "en",
    isWithinActiveHours: true,
    showHandoffWhenInactive: false,
    openingMessages: ["Hi! Questions about your order? Ask me.", "We ship in 2 days."],
    openingMessageTranslations: {},
    notifications: { enableSound: false, enableWelcomeMessage: true },
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
    ...overrides,
  };
}

/** The page as the loader leaves it for welcome.js: the launcher, with the settings and `open` handed over. */
function pageWithLauncher(values = settings()) {
  const host = createWidgetHost(ORIGIN, values);
  const element = document.querySelector("harbor-widget") as WelcomeElement;
  element.harbor = [values, host.open];
  const root = element.shadowRoot as ShadowRoot;
  return { host, element, root, frame: () => root.querySelector("iframe"), welcome: () => root.querySelector(".w") };
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the welcome message", () => {
  it("pops up beside the launcher with the first opening message, announced, and starts loading the chat", () => {
    const { element, root, frame, welcome } = pageWithLauncher();
    expect(frame()).toBeNull();
    showWelcome(element);
    expect(welcome()?.getAttribute("role")).toBe("status");
    const text = root.querySelector(".t") as HTMLButtonElement;
    expect(text.textContent).toBe("Hi! Questions about your order? Ask me.");
    expect(frame()?.hidden).toBe(true);
    // Where the panel opens: above the launcher, on its side.
    const style = (welcome() as HTMLElement).style;
    expect([style.bottom, style.right, style.zIndex]).toEqual(["96px", "20px", "9999"]);
    expect(root.querySelector(".x")?.getAttribute("aria-label")).toBe("Dismiss");
  });

  it("opens the chat when clicked, and goes", async () => {
    const { element, root, frame, welcome } = pageWithLauncher();
    showWelcome(element);
    await userEvent.click(root.querySelector(".t") as HTMLButtonElement);
    expect(frame()?.hidden).toBe(false);
    expect(welcome()).toBeNull();
  });

  it("goes when dismissed, and when the chat opens another way", async () => {
    let page = pageWithLauncher();
    showWelcome(page.element);
    await userEvent.click(page.root.querySelector(".x") as HTMLButtonElement);
    expect(page.welcome()).toBeNull();
    expect(page.frame()?.hidden).toBe(true);
    document.body.innerHTML = "";

    page = pageWithLauncher();
    showWelcome(page.element);
    page.host.open();
    await vi.waitFor(() => expect(page.welcome()).toBeNull());
  });

  it("stays away over an open chat, beside a hidden launcher, and without a message; speaks the widget's language", () => {
    let page = pageWithLauncher();
    page.host.open();
    showWelcome(page.element);
    expect(page.welcome()).toBeNull();
    document.body.innerHTML = "";

    const hidden = settings();
    hidden.button.show = false;
    page = pageWithLauncher(hidden);
    showWelcome(page.element);
    expect(page.welcome()).toBeNull();
    document.body.innerHTML = "";

    page = pageWithLauncher(settings({ openingMessages: ["  "] }));
    showWelcome(page.element);
    expect(page.welcome()).toBeNull();
    document.body.innerHTML = "";

    page = pageWithLauncher(settings({ language: "he" }));
    showWelcome(page.element);
    expect(page.root.querySelector(".x")?.getAttribute("aria-label")).toBe("סגירה");
  });

  it("greets in the visitor's language while the admin keeps the default opening message", () => {
    let page = pageWithLauncher(settings({ language: "nl", openingMessages: [DEFAULT_WIDGET_TEXTS.openingMessage] }));
    showWelcome(page.element);
    expect(page.root.querySelector(".t")?.textContent).toBe("Hoi 👋 Waarmee kan ik je vandaag helpen?");
    document.body.innerHTML = "";

    page = pageWithLauncher(settings({ language: "he" }));
    showWelcome(page.element);
    expect(page.root.querySelector(".t")?.textContent).toBe("Hi! Questions about your order? Ask me.");
  });

  it("greets with the message the shop wrote for the visitor's language", () => {
    const page = pageWithLauncher(
      settings({ language: "nl", openingMessageTranslations: { nl: "Welkom! Vragen over je bestelling?" } }),
    );
    showWelcome(page.element);
    expect(page.root.querySelector(".t")?.textContent).toBe("Welkom! Vragen over je bestelling?");
  });
});

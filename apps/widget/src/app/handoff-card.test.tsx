import type { PublicWidget } from "@harbor/contract/widget";
import { FRAME_HANDOFF } from "@harbor/contract/widget-frame";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { en } from "../i18n/en";
import { he } from "../i18n/he";
import { nl } from "../i18n/nl";
import { publicWidget, renderInWidget } from "../test/widget-fixtures";
import { HandoffCard } from "./handoff-card";
import { handoffRoute } from "./handoff-route";

type Handoff = PublicWidget["handoff"];
const agentOff: Handoff["agent"] = {
  isActive: false,
  appType: null,
  whatsapp: null,
  tawk: null,
  zendeskKey: null,
  responseTime: null,
  availabilityMessage: null,
  profilePictureURL: null,
};

function widgetWith(
  handoff: Partial<{ agent: Partial<Handoff["agent"]>; ticket: Partial<Handoff["ticket"]> }>,
  isWithinActiveHours = true,
) {
  const widget = publicWidget({ isWithinActiveHours });
  widget.handoff = {
    agent: { ...agentOff, ...handoff.agent },
    ticket: { isActive: false, handoffMessage: "", handoffMessageTranslations: {}, ...handoff.ticket },
  };
  return widget;
}

const whatsApp = { isActive: true, appType: "whatsapp" as const, whatsapp: "+31 6 1234 5678" };
const inbox = { isActive: true, appType: "shopify-inbox" as const };
const tickets = { isActive: true, handoffMessage: "Leave your e-mail and we answer within a day." };

describe("handoffRoute", () => {
  it("takes the agent handoff's app while it is on, a person in this chat within active hours, else a ticket", () => {
    expect(handoffRoute(widgetWith({ agent: whatsApp, ticket: tickets }))).toBe("whatsapp");
    expect(handoffRoute(widgetWith({ agent: whatsApp, ticket: tickets }, false))).toBe("whatsapp");
    expect(handoffRoute(widgetWith({ agent: inbox, ticket: tickets }))).toBe("chat");
    expect(handoffRoute(widgetWith({ agent: inbox, ticket: tickets }, false))).toBe("ticket");
    expect(handoffRoute(widgetWith({ ticket: tickets }))).toBe("ticket");
    expect(handoffRoute(widgetWith({}))).toBe("chat");
    expect(handoffRoute(widgetWith({}, false))).toBe("chat-later");
    // A WhatsApp handoff without a number to open is no way to a person.
    expect(handoffRoute(widgetWith({ agent: { ...whatsApp, whatsapp: "" }, ticket: tickets }, false))).toBe("ticket");
  });
});

describe("HandoffCard", () => {
  const show = (widget: PublicWidget, onTicket = vi.fn(async () => {})) => {
    renderInWidget(
      <HandoffCard summary="Hi! I need help with my chat T1: My parcel is damaged" onTicket={onTicket} />,
      {
        widget,
      },
    );
    return onTicket;
  };
  const card = () => screen.getByRole("heading", { name: "Talk to a person" }).closest("section") as HTMLElement;

  it("offers WhatsApp alone, in the agent's words, with the chat's summary ready to send", () => {
    show(
      widgetWith({
        agent: { ...whatsApp, availabilityMessage: "We're on WhatsApp 9–17.", responseTime: "an hour" },
        ticket: tickets,
      }),
    );
    const link = screen.getByRole("link", { name: /Chat on WhatsApp/ });
    expect(link.getAttribute("href")).toBe(
      `https://wa.me/31612345678?text=${encodeURIComponent("Hi! I need help with my chat T1: My parcel is damaged")}`,
    );
    expect(card().textContent).toContain("We're on WhatsApp 9–17.");
    expect(card().textContent).toContain("Usual reply time: an hour");
    expect(card().textContent).not.toContain("in this chat");
    expect(card().textContent).not.toContain("within a day");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("promises a person in this chat within active hours, and nothing else", () => {
    show(widgetWith({ agent: inbox, ticket: tickets }));
    expect(card().textContent).toBe("Talk to a personA team member will reply in this chat.");
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("says a help desk's team may answer by e-mail too (its ticket goes to the visitor's address)", () => {
    for (const appType of ["zendesk", "zendesk-classic", "gorgias"] as const) {
      const { unmount } = renderInWidget(<HandoffCard summary="" onTicket={vi.fn(async () => {})} />, {
        widget: widgetWith({ agent: { isActive: true, appType }, ticket: tickets }),
      });
      expect(card().textContent, appType).toBe(
        "Talk to a personA team member will reply in this chat, or by e-mail if you gave us your address.",
      );
      unmount();
    }
    renderInWidget(<HandoffCard summary="" onTicket={vi.fn(async () => {})} />, {
      widget: widgetWith({ agent: { isActive: true, appType: "gorgias" } }),
      language: "he",
      texts: he,
    });
    const hebrewCard = screen.getByRole("heading", { name: he.handoffTitle }).closest("section");
    expect(hebrewCard?.textContent).toContain(he.handoffHelpDesk);
  });

  it("puts the ticket form in the card when a ticket is the way, in the ticket handoff's words", async () => {
    const onTicket = show(widgetWith({ agent: inbox, ticket: tickets }, false));
    expect(card().textContent).toContain("Leave your e-mail and we answer within a day.");
    expect(card().textContent).not.toContain("in this chat");
    await userEvent.type(await screen.findByLabelText(/E-mail/), "dana@example.com");
    await userEvent.type(screen.getByLabelText(/Your comments/), "The box was crushed.");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onTicket).toHaveBeenCalledWith(
      { name: "", email: "dana@example.com", number: "", message: "The box was crushed." },
      expect.any(String),
    );
  });

  it("gives a Dutch or Hebrew visitor the ticket handoff words the shop wrote for them, else the shop's words", () => {
    const translated = {
      ...tickets,
      handoffMessageTranslations: {
        nl: "Laat je e-mail achter; we antwoorden binnen een dag.",
        he: "השאירו מייל ונחזור אליכם.",
      },
    };
    const showIn = (language: "nl" | "he", widget: PublicWidget) => {
      const texts = language === "nl" ? nl : he;
      const view = renderInWidget(<HandoffCard summary="" onTicket={vi.fn(async () => {})} />, {
        widget,
        language,
        texts,
      });
      const text = screen.getByRole("heading", { name: texts.handoffTitle }).closest("section")?.textContent;
      view.unmount();
      return text;
    };
    expect(showIn("nl", widgetWith({ ticket: translated }, false))).toContain(
      "Laat je e-mail achter; we antwoorden binnen een dag.",
    );
    expect(showIn("he", widgetWith({ ticket: translated }, false))).toContain("השאירו מייל ונחזור אליכם.");
    const dutchOnly = { ...tickets, handoffMessageTranslations: { nl: "Laat je e-mail achter." } };
    expect(showIn("he", widgetWith({ ticket: dutchOnly }, false))).toContain(
      "Leave your e-mail and we answer within a day.",
    );
  });

  it("says a person replies here when the team is back, outside hours with no other way", () => {
    show(widgetWith({}, false));
    expect(card().textContent).toBe(
      "Talk to a personWe're away right now. A team member will reply in this chat when we're back.",
    );
  });

  describe("with the shop's own chat app on its page (decision 067)", () => {
    const tawk = { isActive: true, appType: "tawk" as const, tawk: "5f1e2d3c4b5a69788796a5b4/1abc2def" };
    const parent = { postMessage: vi.fn() };
    const embed = (ancestor: string | null) => {
      Object.defineProperty(window, "parent", { value: parent, configurable: true });
      Object.defineProperty(window.location, "ancestorOrigins", {
        value: ancestor ? [ancestor] : [],
        configurable: true,
      });
    };
    afterEach(() => {
      Object.defineProperty(window, "parent", { value: window, configurable: true });
      Reflect.deleteProperty(window.location, "ancestorOrigins");
      parent.postMessage.mockClear();
    });

    it("asks the shop's page to open it, with the visitor's name and e-mail, only to the shop's origin", async () => {
      embed("https://tea-shop.example");
      renderInWidget(<HandoffCard summary="" onTicket={vi.fn()} />, {
        widget: widgetWith({ agent: tawk }),
        identity: { name: "Dana", email: "dana@example.com" },
      });
      await userEvent.click(screen.getByRole("button", { name: "Chat with our team" }));
      expect(parent.postMessage).toHaveBeenCalledWith(
        { type: FRAME_HANDOFF, name: "Dana", email: "dana@example.com" },
        "https://tea-shop.example",
      );
    });

    it("sends no name or e-mail where the shop's origin is unknown", async () => {
      embed(null);
      renderInWidget(<HandoffCard summary="" onTicket={vi.fn()} />, {
        widget: widgetWith({ agent: tawk }),
        identity: { name: "Dana", email: "dana@example.com" },
      });
      await userEvent.click(screen.getByRole("button", { name: "Chat with our team" }));
      expect(parent.postMessage).toHaveBeenCalledWith({ type: FRAME_HANDOFF }, "*");
    });

    it("says the visitor goes on in the shop's live chat, not that someone replies here, in their language", () => {
      embed("https://tea-shop.example");
      const zendesk = {
        isActive: true,
        appType: "zendesk-classic" as const,
        zendeskKey: "0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d",
      };
      for (const [agent, texts] of [
        [tawk, undefined],
        [zendesk, nl],
        [tawk, he],
      ] as const) {
        renderInWidget(<HandoffCard summary="" onTicket={vi.fn()} />, {
          widget: widgetWith({ agent }),
          ...(texts ? { texts } : {}),
        });
        const shown = texts ?? en;
        expect(screen.getByText(shown.handoffPageApp)).toBeTruthy();
        expect(screen.queryByText(shown.handoffWait)).toBeNull();
        expect(screen.queryByText(shown.handoffHelpDesk)).toBeNull();
        expect(screen.getByRole("button", { name: shown.handoffOpenApp })).toBeTruthy();
        cleanup();
      }
      expect(en.handoffPageApp).not.toBe(en.handoffWait);
      // Without the app's id the chat stays here: the inbox's words.
      renderInWidget(<HandoffCard summary="" onTicket={vi.fn()} />, {
        widget: widgetWith({ agent: { ...tawk, tawk: null } }),
      });
      expect(screen.getByText(en.handoffWait)).toBeTruthy();
    });

    it("when the app could not open on the shop's page, tells the visitor their chat stays here, and drops the button", () => {
      embed("https://tea-shop.example");
      renderInWidget(<HandoffCard summary="" onTicket={vi.fn()} />, {
        widget: widgetWith({ agent: tawk }),
        isPageAppFailed: true,
        texts: nl,
      });
      expect(screen.getByRole("alert").textContent).toBe(nl.handoffAppFailed);
      expect(screen.queryByText(nl.handoffPageApp)).toBeNull();
      expect(screen.queryByRole("button", { name: nl.handoffOpenApp })).toBeNull();
    });

    it("offers no such button without the app's id, for another app, or outside the shop's page", () => {
      embed("https://tea-shop.example");
      renderInWidget(<HandoffCard summary="" onTicket={vi.fn()} />, {
        widget: widgetWith({ agent: { ...tawk, tawk: null } }),
      });
      expect(screen.queryByRole("button", { name: "Chat with our team" })).toBeNull();
      cleanup();
      renderInWidget(<HandoffCard summary="" onTicket={vi.fn()} />, { widget: widgetWith({ agent: inbox }) });
      expect(screen.queryByRole("button", { name: "Chat with our team" })).toBeNull();
      cleanup();
      Object.defineProperty(window, "parent", { value: window, configurable: true });
      renderInWidget(<HandoffCard summary="" onTicket={vi.fn()} />, { widget: widgetWith({ agent: tawk }) });
      expect(screen.queryByRole("button", { name: "Chat with our team" })).toBeNull();
    });
  });
});

import type { PublicWidget } from "@harbor/contract/widget";
import { DEFAULT_WIDGET_TEXTS } from "@harbor/contract/widget-default-texts";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Catalogue } from "../i18n/en";
import { he } from "../i18n/he";
import { nl } from "../i18n/nl";
import { publicWidget, renderInWidget } from "../test/widget-fixtures";
import { HomeScreen } from "./home-screen";

function showHome(widget: PublicWidget, canContinue = false, language?: { language: "nl" | "he"; texts: Catalogue }) {
  const handlers = { onAsk: vi.fn(), onTyping: vi.fn(), onSuggested: vi.fn(), onContinue: vi.fn(), onOrders: vi.fn() };
  renderInWidget(<HomeScreen canContinue={canContinue} nudges={[]} {...handlers} />, { widget, ...language });
  return handlers;
}

const question = (id: string, text: string, category: string | null = null) => ({
  _id: `00000000-0000-4000-8000-00000000000${id}`,
  question: text,
  category,
  answer: [`About ${text}`],
  runsCustomReply: false,
});

describe("HomeScreen", () => {
  it("shows the greeting, opening messages and common questions; a question with follow-ups opens them", async () => {
    const widget = publicWidget();
    widget.selfServicePortal.suggestedQuestions = [
      question("1", "Shipping"),
      question("2", "How long does delivery take?", "Shipping"),
      question("3", "Do you ship abroad?", "Shipping"),
      question("4", "Can I return a sale item?"),
    ];
    const { onSuggested } = showHome(widget);
    expect(screen.getByRole("heading", { name: "Welcome to Sample Shop" })).toBeTruthy();
    expect(screen.getByText("Hi! Ask me anything about your order.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Common questions" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Do you ship abroad?" })).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Shipping" }));
    await userEvent.click(screen.getByRole("button", { name: "Do you ship abroad?" }));
    expect(onSuggested).toHaveBeenCalledWith(expect.objectContaining({ question: "Do you ship abroad?" }));
    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByRole("button", { name: "Can I return a sale item?" })).toBeTruthy();
  });

  it("greets a Dutch or Hebrew visitor of an untouched widget in their language, and shows the admin's own words as written", () => {
    const untouched = publicWidget({ openingMessages: [DEFAULT_WIDGET_TEXTS.openingMessage] });
    untouched.selfServicePortal = {
      ...untouched.selfServicePortal,
      isActive: true,
      messages: {
        ...untouched.selfServicePortal.messages,
        title: DEFAULT_WIDGET_TEXTS.portalTitle,
        description: DEFAULT_WIDGET_TEXTS.portalDescription,
      },
    };
    showHome(untouched, false, { language: "nl", texts: nl });
    expect(screen.getByRole("heading", { name: "Helpcentrum" })).toBeTruthy();
    expect(screen.getByText("Vind antwoorden op veelgestelde vragen")).toBeTruthy();
    expect(screen.getByText("Hoi 👋 Waarmee kan ik je vandaag helpen?")).toBeTruthy();
    expect(screen.queryByText(DEFAULT_WIDGET_TEXTS.openingMessage)).toBeNull();
    document.body.innerHTML = "";

    showHome(publicWidget(), false, { language: "he", texts: he });
    expect(screen.getByText("Hi! Ask me anything about your order.")).toBeTruthy();
    document.body.innerHTML = "";

    // A message the shop wrote for Hebrew visitors replaces its opening messages for them only.
    const translated = publicWidget({ openingMessageTranslations: { he: "שלום! שאלו אותי על ההזמנה." } });
    showHome(translated, false, { language: "he", texts: he });
    expect(screen.getByText("שלום! שאלו אותי על ההזמנה.")).toBeTruthy();
    expect(screen.queryByText("Hi! Ask me anything about your order.")).toBeNull();
    document.body.innerHTML = "";
    showHome(translated, false, { language: "nl", texts: nl });
    expect(screen.getByText("Hi! Ask me anything about your order.")).toBeTruthy();
  });

  it("shows a Dutch or Hebrew visitor the portal texts the shop wrote for their language, else the shop's text", () => {
    const widget = publicWidget();
    const portal = widget.selfServicePortal;
    portal.messages.titleTranslations = { nl: "Welkom bij Sample Shop", he: "ברוכים הבאים לחנות" };
    portal.messages.descriptionTranslations = { he: "שאלו אותנו הכול" };
    portal.aiSearch = { isActive: true, placeholder: "Search our help", placeholderTranslations: { nl: "Zoek hulp" } };

    showHome(widget, false, { language: "nl", texts: nl });
    expect(screen.getByRole("heading", { name: "Welkom bij Sample Shop" })).toBeTruthy();
    // No Dutch description written: the shop's own, as written.
    expect(screen.getByText("Ask us anything")).toBeTruthy();
    expect(screen.getByRole("textbox").getAttribute("placeholder")).toBe("Zoek hulp");
    document.body.innerHTML = "";

    showHome(widget, false, { language: "he", texts: he });
    expect(screen.getByRole("heading", { name: "ברוכים הבאים לחנות" })).toBeTruthy();
    expect(screen.getByText("שאלו אותנו הכול")).toBeTruthy();
    expect(screen.getByRole("textbox").getAttribute("placeholder")).toBe("Search our help");
    document.body.innerHTML = "";

    showHome(widget);
    expect(screen.getByRole("heading", { name: "Welcome to Sample Shop" })).toBeTruthy();
    expect(screen.getByRole("textbox").getAttribute("placeholder")).toBe("Search our help");
  });

  it("offers Continue Chat only when a chat is under way, and order cards only when the shop portal is on", async () => {
    const { onContinue, onAsk, onOrders } = showHome(
      publicWidget({ customerAccountPortal: { isActive: true, authentication: "orderID" } }),
      true,
    );
    await userEvent.click(screen.getByRole("button", { name: "Continue Chat" }));
    expect(onContinue).toHaveBeenCalled();
    // Both cards open the tracking form: an order is proven the visitor's before it is shown or changed.
    await userEvent.click(screen.getByRole("button", { name: /Track your order/ }));
    await userEvent.click(screen.getByRole("button", { name: /Manage your orders/ }));
    expect(onOrders).toHaveBeenCalledTimes(2);
    expect(onAsk).not.toHaveBeenCalled();
    document.body.innerHTML = "";

    showHome(publicWidget());
    expect(screen.queryByRole("button", { name: "Continue Chat" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Track your order/ })).toBeNull();
  });

  it("a custom-reply link asks its title and names itself, so its workflow runs instead of an answer", async () => {
    const widget = publicWidget();
    widget.selfServicePortal.isActive = true;
    const linkID = "00000000-0000-4000-8000-000000000042";
    widget.selfServicePortal.customReplies = [
      { _id: linkID, icon: "gift", title: "Gift wrapping", description: "How we wrap" },
    ];
    const { onAsk } = showHome(widget);
    await userEvent.click(screen.getByRole("button", { name: /Gift wrapping/ }));
    expect(onAsk).toHaveBeenCalledWith("Gift wrapping", undefined, undefined, { portalLinkID: linkID });
  });

  it("says why Continue Chat could not reopen the chat, and lets the visitor try again", async () => {
    const onContinue = vi.fn().mockRejectedValueOnce(new Error("This chat does not exist.")).mockResolvedValue(null);
    renderInWidget(
      <HomeScreen
        canContinue
        nudges={[]}
        onAsk={vi.fn()}
        onTyping={vi.fn()}
        onSuggested={vi.fn()}
        onContinue={onContinue}
        onOrders={vi.fn()}
      />,
      { widget: publicWidget() },
    );
    await userEvent.click(screen.getByRole("button", { name: "Continue Chat" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This chat does not exist.");
    await userEvent.click(screen.getByRole("button", { name: "Continue Chat" }));
    await vi.waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(onContinue).toHaveBeenCalledTimes(2);
  });

  it("outside active hours says so and offers WhatsApp with a greeting ready", () => {
    showHome(publicWidget({ isWithinActiveHours: false, showHandoffWhenInactive: true }));
    expect(screen.getByRole("heading", { name: "We're away right now" })).toBeTruthy();
    expect(screen.getByRole("link", { name: /Chat on WhatsApp/ }).getAttribute("href")).toBe(
      `https://wa.me/31612345678?text=${encodeURIComponent("Hi! I need help.")}`,
    );
  });
});

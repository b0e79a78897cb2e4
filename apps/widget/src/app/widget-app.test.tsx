import type { PublicWidget } from "@harbor/contract/widget";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeVisitorServer } from "../test/fake-visitor-server";
import { publicWidget } from "../test/widget-fixtures";
import { WidgetApp } from "./widget-app";

/**
 * The app as a visitor meets it: POST /api/widget/get answered by a stub, the realtime channel by
 * a real socket.io server speaking the contract's events (the page's address points at it, as the
 * iframe's does at the Harbor server).
 */
let server: FakeVisitorServer;
let requests: unknown[];

async function openWidget(widget: PublicWidget, options: { isFailing?: boolean; refusal?: string } = {}) {
  const url = await server.listen();
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${url}/widget/frame.html?widgetID=abc123`,
  );
  requests = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init: RequestInit) => {
      requests.push({ path, body: JSON.parse(String(init.body)) });
      if (options.isFailing) return new Response("<html>Bad gateway</html>", { status: 502 });
      if (options.refusal)
        return Response.json({ hasError: true, message: options.refusal, data: null }, { status: 429 });
      const data = { widget, visitorToken: "visitor-token-123", activeChatID: null };
      return Response.json({ hasError: false, message: "", data });
    }),
  );
  return render(<WidgetApp widgetID="abc123" />);
}

beforeEach(() => {
  server = new FakeVisitorServer();
  server.autoAnswer = () => "Standard delivery takes two to three working days.";
});

afterEach(async () => {
  await server.close();
});

describe("the widget app", () => {
  it("takes a visitor from home through an answer, 'Yes, thank you' and the stars to a new chat", async () => {
    const view = await openWidget(publicWidget());
    expect(await screen.findByRole("heading", { name: "Welcome to Sample Shop" })).toBeTruthy();
    expect(screen.getByText("Hi! Ask me anything about your order.")).toBeTruthy();
    expect(requests).toEqual([{ path: "/api/widget/get", body: { widgetID: "abc123" } }]);
    expect(localStorage.getItem("harbor:abc123")).toContain("visitor-token-123");

    const box = screen.getByRole("textbox", { name: "Your message" });
    fireEvent.change(box, { target: { value: "How long does delivery take?" } });
    fireEvent.keyDown(box, { key: "Enter" });

    expect(await screen.findByText("Online - AI Expert")).toBeTruthy();
    expect(await screen.findByText("Standard delivery takes two to three working days.")).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByText(/Answered by AI/)).toBeTruthy());
    const chatID = [...server.chats.keys()][0];
    expect(localStorage.getItem("harbor:abc123")).toContain(chatID);

    await screen.findByText("Did this resolve your question?");
    expect(screen.getByRole("button", { name: "No, I need help" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "No, I still want to raise a ticket" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Yes, thank you" }));

    expect(await screen.findByText("How would you rate this chat?")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Your message" })).toBeNull();
    await userEvent.click(screen.getByLabelText("2 stars"));
    await userEvent.click(screen.getByRole("button", { name: "Send rating" }));
    expect(await screen.findByText("Sorry, we'll do better.")).toBeTruthy();
    expect(await screen.findByText("This chat has ended.")).toBeTruthy();
    expect(server.chats.get(chatID as string)?.messages.map((m) => m.eventType)).toEqual([
      null,
      null,
      "IS_RESOLVED",
      "FEEDBACK",
    ]);

    await userEvent.click(screen.getByRole("button", { name: "Start new chat" }));
    expect(await screen.findByRole("heading", { name: "Welcome to Sample Shop" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Continue Chat" })).toBeNull();
    view.unmount();
  });

  it("stops an answer being written: its text goes, the keyboard returns to the message box, and the next question is answered", async () => {
    server.answerPace = 150;
    const view = await openWidget(publicWidget());
    const box = await screen.findByRole("textbox", { name: "Your message" });
    fireEvent.change(box, { target: { value: "How long does delivery take?" } });
    fireEvent.keyDown(box, { key: "Enter" });
    // The fake server streams the answer in two halves.
    const answer = "Standard delivery takes two to three working days.";
    const firstHalf = answer.slice(0, Math.ceil(answer.length / 2));
    await vi.waitFor(() => expect(screen.getByText(firstHalf)).toBeTruthy(), { timeout: 2000 });
    expect(screen.getByRole("status").textContent).toBe("Writing a response");

    await userEvent.click(screen.getByRole("button", { name: "Stop answering" }));
    expect(screen.queryByText(firstHalf)).toBeNull();
    expect(screen.queryByRole("button", { name: "Stop answering" })).toBeNull();
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Your message" })));
    const chatID = [...server.chats.keys()][0] as string;
    await vi.waitFor(() => expect(server.requests).toEqual([{ event: "reset-answer", chatID }]));
    // The rest of that answer never comes, nor does the question to rate it.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByText(/Standard delivery/)).toBeNull();
    expect(screen.queryByText("Did this resolve your question?")).toBeNull();

    server.answerPace = 10;
    const again = screen.getByRole("textbox", { name: "Your message" });
    fireEvent.change(again, { target: { value: "And to Belgium?" } });
    fireEvent.keyDown(again, { key: "Enter" });
    expect(await screen.findByText("Did this resolve your question?")).toBeTruthy();
    expect(screen.getByText(answer)).toBeTruthy();
    expect(server.chats.get(chatID)?.messages.map((m) => m.message)).toEqual([
      "How long does delivery take?",
      "And to Belgium?",
      answer,
    ]);
    view.unmount();
  });

  it("after 'Yes, thank you' mails the conversation, and Continue Chat reopens the chat, at its end and from home", async () => {
    const widget = publicWidget();
    widget.workflows.feedback.isActive = false;
    widget.workflows.preChatForm = {
      isActive: true,
      title: "",
      description: "",
      fields: [{ key: "email", title: "Email" }],
    };
    const view = await openWidget(widget);
    const box = await screen.findByRole("textbox", { name: "Your message" });
    fireEvent.change(box, { target: { value: "Can I pay by invoice?" } });
    fireEvent.keyDown(box, { key: "Enter" });
    await userEvent.type(await screen.findByLabelText(/E-mail/), "dana@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Start chat" }));
    await userEvent.click(await screen.findByRole("button", { name: "Yes, thank you" }));
    expect(await screen.findByText("This chat has ended.")).toBeTruthy();
    const chatID = [...server.chats.keys()][0] as string;
    // Remembered for this page view only: the next one starts clean.
    expect(JSON.parse(localStorage.getItem("harbor:abc123") ?? "{}").chatID).toBeNull();

    // Offered to the address the chat's form gave, the one the server mails transcripts to.
    const email = screen.getByLabelText(/E-mail/) as HTMLInputElement;
    expect(email.value).toBe("dana@example.com");
    await userEvent.clear(email);
    await userEvent.type(email, "dana@example");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByText("Enter a valid e-mail address")).toBeTruthy();
    await userEvent.type(email, ".com");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect((await screen.findByRole("status")).textContent).toBe("We sent this conversation to dana@example.com.");
    expect(server.requests).toEqual([{ event: "send-ai-chat-history", chatID, email: "dana@example.com" }]);

    await userEvent.click(screen.getByRole("button", { name: "Continue Chat" }));
    const reopened = await screen.findByRole("textbox", { name: "Your message" });
    await vi.waitFor(() => expect(document.activeElement).toBe(reopened));
    expect(screen.queryByText("This chat has ended.")).toBeNull();
    expect(JSON.parse(localStorage.getItem("harbor:abc123") ?? "{}").chatID).toBe(chatID);
    fireEvent.change(reopened, { target: { value: "And in instalments?" } });
    fireEvent.keyDown(reopened, { key: "Enter" });
    await userEvent.click(await screen.findByRole("button", { name: "Yes, thank you" }));
    await screen.findByText("This chat has ended.");

    // Home offers the finished chat too; Continue Chat reopens it there as well.
    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    await userEvent.click(await screen.findByRole("button", { name: "Continue Chat" }));
    expect(await screen.findByRole("textbox", { name: "Your message" })).toBeTruthy();
    expect(screen.getByText("And in instalments?")).toBeTruthy();
    expect(server.requests.map((request) => request.event)).toEqual([
      "send-ai-chat-history",
      "continue-chat",
      "continue-chat",
    ]);
    expect(server.chats.size).toBe(1);
    expect(server.chats.get(chatID)?.isCompleted).toBe(false);
    view.unmount();
  });

  it("hands off after 'No, I need help' one way: WhatsApp with the chat's summary where that is the agent app", async () => {
    const view = await openWidget(publicWidget());
    const box = await screen.findByRole("textbox", { name: "Your message" });
    fireEvent.change(box, { target: { value: "My parcel is damaged" } });
    fireEvent.keyDown(box, { key: "Enter" });
    await userEvent.click(await screen.findByRole("button", { name: "No, I need help" }));

    const card = (await screen.findByRole("heading", { name: "Talk to a person" })).closest("section") as HTMLElement;
    const whatsApp = within(card)
      .getByRole("link", { name: /Chat on WhatsApp/ })
      .getAttribute("href") as string;
    expect(whatsApp).toBe(
      `https://wa.me/31612345678?text=${encodeURIComponent("Hi! I need help with my chat T1: My parcel is damaged")}`,
    );
    // One promise: no reply in this chat, no ticket by e-mail beside it.
    expect(within(card).queryByRole("button")).toBeNull();
    expect(card.textContent).not.toMatch(/in this chat|tickets within a day/);
    view.unmount();
  });

  it("hands off with the ticket form in the card where a ticket is the way, and confirms the ticket", async () => {
    const widget = publicWidget();
    widget.handoff.agent.isActive = false;
    const view = await openWidget(widget);
    const box = await screen.findByRole("textbox", { name: "Your message" });
    fireEvent.change(box, { target: { value: "My parcel is damaged" } });
    fireEvent.keyDown(box, { key: "Enter" });
    await userEvent.click(await screen.findByRole("button", { name: "No, I need help" }));

    const card = (await screen.findByRole("heading", { name: "Talk to a person" })).closest("section") as HTMLElement;
    expect(card.textContent).toContain("We answer tickets within a day.");
    await userEvent.type(await within(card).findByLabelText(/E-mail/), "dana@example.com");
    await userEvent.type(within(card).getByLabelText(/Your comments/), "The box was crushed.");
    await userEvent.click(within(card).getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("heading", { name: "Ticket raised" })).toBeTruthy();
    expect(screen.getByText("T1")).toBeTruthy();
    expect(screen.getByText("The box was crushed.")).toBeTruthy();
    expect(screen.getByText("A copy was sent to dana@example.com.")).toBeTruthy();
    expect(server.events.map((event) => event.event)).toEqual(["NEED_HELP", "RAISE_TICKET"]);
    view.unmount();
  });

  it("asks for the customer details first when the pre-chat form is on, with the phone's calling code", async () => {
    const widget = publicWidget();
    widget.workflows.preChatForm = {
      isActive: true,
      title: "Before we start",
      description: "Tell us who you are.",
      fields: [
        { key: "name", title: "Name" },
        { key: "email", title: "Email" },
        { key: "number", title: "Phone" },
      ],
    };
    const view = await openWidget(widget);
    const box = await screen.findByRole("textbox", { name: "Your message" });
    fireEvent.change(box, { target: { value: "Do you ship to Belgium?" } });
    fireEvent.keyDown(box, { key: "Enter" });

    await screen.findByText("Tell us who you are.");
    await userEvent.click(await screen.findByRole("button", { name: "Start chat" }));
    expect(screen.getByText("E-mail is required")).toBeTruthy();
    expect(server.questions).toEqual([]);

    await userEvent.type(screen.getByLabelText(/Name/), "Dana");
    await userEvent.type(screen.getByLabelText(/E-mail/), "dana@example.com");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Country code" }), "BE");
    await userEvent.type(screen.getByLabelText(/Phone number/), "470 12 34 56");
    await userEvent.click(screen.getByRole("button", { name: "Start chat" }));

    expect(await screen.findByText("Do you ship to Belgium?")).toBeTruthy();
    const chat = await vi.waitFor(() => {
      const found = [...server.chats.values()][0];
      expect(found?.messages.some((m) => m.eventType === "PRE_CHAT_FORM")).toBe(true);
      return found;
    });
    expect(chat?.messages.map((m) => m.eventType)).toContain("PRE_CHAT_FORM");
    expect(server.events.find((event) => event.event === "PRE_CHAT_FORM")).toMatchObject({
      customer: { name: "Dana", email: "dana@example.com", number: { countryCallingCode: "+32", number: "470123456" } },
    });
    view.unmount();
  });

  it("paints the visitor's untouched bubble in the brand colour and the AI's in a neutral tone, with readable text", async () => {
    const view = await openWidget(
      publicWidget({
        theme: {
          brand: { brandColor: "#0a7d7d" },
          chatBubble: {
            customer: { backgroundColor: "#4e45dd", textColor: "#ffffff" },
            aiAgent: { backgroundColor: "#4e45dd", textColor: "#ffffff" },
          },
        },
      }),
    );
    await screen.findByRole("textbox", { name: "Your message" });
    const style = (document.querySelector(".w") as HTMLElement).style;
    expect(style.getPropertyValue("--me-bg")).toBe("#0a7d7d");
    expect(style.getPropertyValue("--me-fg")).toBe("#ffffff");
    expect(style.getPropertyValue("--ai-bg")).toBe("#f1f1f4");
    expect(style.getPropertyValue("--ai-fg")).toBe("#1d1d1f");
    expect(style.getPropertyValue("--brand")).toBe("#0a7d7d");
    view.unmount();
  });

  it("lays Hebrew out right to left, in Hebrew", async () => {
    const view = await openWidget(publicWidget({ language: "he" }));
    await screen.findByRole("textbox", { name: "ההודעה שלכם" });
    expect(document.querySelector(".w")?.getAttribute("dir")).toBe("rtl");
    expect(document.querySelector(".w")?.getAttribute("lang")).toBe("he");
    expect(document.documentElement.dir).toBe("rtl");
    view.unmount();
  });

  it("says the chat is closed when the shop switches the widget off mid-answer, and shows no more of the answer", async () => {
    server.answerPace = 150;
    const view = await openWidget(publicWidget());
    const box = await screen.findByRole("textbox", { name: "Your message" });
    fireEvent.change(box, { target: { value: "How long does delivery take?" } });
    fireEvent.keyDown(box, { key: "Enter" });
    await vi.waitFor(() => expect(screen.getByText(/Standard delivery/)).toBeTruthy(), { timeout: 2000 });

    server.io.of("/visitor").emit("widget-closed", { message: "This chat has been closed by the shop." });
    server.io.of("/visitor").disconnectSockets(true);

    expect(await screen.findByRole("heading", { name: "Chat closed" })).toBeTruthy();
    expect(screen.getByText("The shop has closed this chat for now. Please come back later.")).toBeTruthy();
    expect(screen.queryByText(/Standard delivery/)).toBeNull();
    expect(screen.queryByRole("textbox", { name: "Your message" })).toBeNull();
    view.unmount();
  });

  it("shows the error screen when the widget cannot load, and Restart Chat tries again", async () => {
    const view = await openWidget(publicWidget(), { isFailing: true });
    expect(await screen.findByText("Holy Glitch")).toBeTruthy();
    expect(screen.getByText("Our servers hiccuped. Please restart the chat to continue")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Restart Chat" }));
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    view.unmount();
  });

  it("says why when the server refuses a new visitor on purpose (too many new chats from the network)", async () => {
    const tooManyNew = "Too many new chats from your network. Please try again later.";
    const view = await openWidget(publicWidget(), { refusal: tooManyNew });
    expect(await screen.findByText("Holy Glitch")).toBeTruthy();
    expect(screen.getByText(tooManyNew)).toBeTruthy();
    view.unmount();
  });

  it("says why when the server refuses the connection on purpose (too many chats open from the network)", async () => {
    const view = await openWidget(publicWidget());
    await screen.findByRole("heading", { name: "Welcome to Sample Shop" });
    server.refusal = "Too many chats are open from your network. Close one and try again.";
    server.refusalStatus = 429;
    const box = screen.getByRole("textbox", { name: "Your message" });
    fireEvent.change(box, { target: { value: "Hello?" } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(await screen.findByText("Too many chats are open from your network. Close one and try again.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Restart Chat" })).toBeTruthy();
    view.unmount();
  });

  it("replaces a visitor token that expired while the page stayed open by itself, with no error screen", async () => {
    const view = await openWidget(publicWidget());
    await screen.findByRole("heading", { name: "Welcome to Sample Shop" });
    server.refusal = "Your chat session has expired. Please restart the chat.";
    server.refusalStatus = 401;
    const box = screen.getByRole("textbox", { name: "Your message" });
    fireEvent.change(box, { target: { value: "Is my token still good?" } });
    fireEvent.keyDown(box, { key: "Enter" });

    // The widget asks for a new token (sending none) and starts afresh as a new visitor.
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]).toEqual({ path: "/api/widget/get", body: { widgetID: "abc123" } });
    server.refusal = null;
    expect(await screen.findByRole("heading", { name: "Welcome to Sample Shop" })).toBeTruthy();
    expect(screen.queryByText("Holy Glitch")).toBeNull();

    const fresh = screen.getByRole("textbox", { name: "Your message" });
    fireEvent.change(fresh, { target: { value: "How long does delivery take?" } });
    fireEvent.keyDown(fresh, { key: "Enter" });
    expect(await screen.findByText("Standard delivery takes two to three working days.")).toBeTruthy();
    view.unmount();
  });

  it("inside a shop's page: says it is ready, counts nothing unread before a message comes, then nudges once", async () => {
    const parent = { postMessage: vi.fn() } as unknown as Window;
    vi.spyOn(window, "parent", "get").mockReturnValue(parent as Window & typeof globalThis);
    const widget = publicWidget({ notifications: { enableSound: false, enableWelcomeMessage: true } });
    widget.workflows.nudgeMessage = { isActive: true, showOnce: true, delay: 30, message: "Need a hand? Just ask." };
    const view = await openWidget(widget);
    await screen.findByRole("heading", { name: "Welcome to Sample Shop" });
    const sent = () => vi.mocked(parent.postMessage).mock.calls.map(([message]) => message);
    // The welcome message is the loader's (welcome.js): no badge from here. (Effects run just after
    // the screen shows.)
    await vi.waitFor(() => expect(sent()).toEqual([{ type: "harbor:ready" }]));
    expect(screen.getByRole("button", { name: "Close" })).toBeTruthy();

    // Closed: no nudge yet, and nothing connects while the visitor only looks.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(screen.queryByText("Need a hand? Just ask.")).toBeNull();
    act(() => {
      window.dispatchEvent(new MessageEvent("message", { data: { type: "harbor:open" }, source: parent }));
    });
    expect(sent()).toEqual([{ type: "harbor:ready" }]);
    expect(await screen.findByText("Need a hand? Just ask.")).toBeTruthy();
    expect(JSON.parse(localStorage.getItem("harbor:abc123") ?? "{}")).toMatchObject({ hasSeenNudge: true });
    expect(server.io.of("/visitor").sockets.size).toBe(0);

    await userEvent.keyboard("{Escape}");
    expect(sent().at(-1)).toEqual({ type: "harbor:close" });
    view.unmount();
    vi.restoreAllMocks();
  });

  it("answers a common question from the portal's own answer, in the chat", async () => {
    const widget = publicWidget();
    widget.selfServicePortal.suggestedQuestions = [
      {
        _id: "00000000-0000-4000-8000-000000000001",
        question: "Do you ship abroad?",
        category: null,
        answer: ["Yes, to all of Europe.", "Shipping abroad costs €9.95."],
        runsCustomReply: false,
      },
    ];
    const view = await openWidget(widget);
    await userEvent.click(await screen.findByRole("button", { name: "Do you ship abroad?" }));
    expect(await screen.findByText("Online - AI Expert")).toBeTruthy();
    expect([...document.querySelectorAll(".b")].map((bubble) => bubble.textContent)).toEqual([
      "Hi! Ask me anything about your order.",
      "Do you ship abroad?",
      "Yes, to all of Europe.",
      "Shipping abroad costs €9.95.",
    ]);
    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByRole("button", { name: "Continue Chat" })).toBeTruthy();
    expect(server.asks).toEqual([]);
    view.unmount();
  });

  it("a portal link or a common question naming a custom reply asks the server to start it, naming itself", async () => {
    server.autoAnswer = () => "We wrap every gift in paper.";
    const widget = publicWidget();
    widget.selfServicePortal.isActive = true;
    const questionID = "00000000-0000-4000-8000-000000000007";
    const linkID = "00000000-0000-4000-8000-000000000042";
    widget.selfServicePortal.suggestedQuestions = [
      {
        _id: questionID,
        question: "Can you wrap a gift?",
        category: null,
        answer: ["Not shown"],
        runsCustomReply: true,
      },
    ];
    widget.selfServicePortal.customReplies = [
      { _id: linkID, icon: "gift", title: "Gift wrapping", description: "How we wrap" },
    ];
    const view = await openWidget(widget);
    await userEvent.click(await screen.findByRole("button", { name: "Can you wrap a gift?" }));
    expect(await screen.findByText("We wrap every gift in paper.")).toBeTruthy();
    expect(screen.queryByText("Not shown")).toBeNull();
    expect(server.asks).toEqual([
      expect.objectContaining({ question: "Can you wrap a gift?", suggestedQuestionID: questionID }),
    ]);
    expect(server.asks[0]).not.toHaveProperty("portalLinkID");

    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    await userEvent.click(screen.getByRole("button", { name: /Gift wrapping/ }));
    await vi.waitFor(() => expect(server.asks).toHaveLength(2));
    expect(server.asks[1]).toMatchObject({ question: "Gift wrapping", portalLinkID: linkID });
    expect(server.asks[1]).not.toHaveProperty("suggestedQuestionID");
    view.unmount();
  });
});

import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { he } from "../i18n/he";
import { renderInWidget, sessionState, storedMessage } from "../test/widget-fixtures";
import { type ChatActions, ChatScreen } from "./chat-screen";
import type { SessionState } from "./chat-session";

function actions(): ChatActions {
  return {
    back: vi.fn(),
    ask: vi.fn(),
    retry: vi.fn(),
    typing: vi.fn(),
    upload: vi.fn(),
    sendEvent: vi.fn(async () => {}),
    raiseTicket: vi.fn(),
    sendTicket: vi.fn(async () => {}),
    startNewChat: vi.fn(),
    stopAnswer: vi.fn(),
    continueChat: vi.fn(async () => {}),
    sendTranscript: vi.fn(async () => {}),
    manageOrder: vi.fn(),
  };
}

const question = storedMessage({ senderRole: "customer", messageType: "question", message: "Where is my parcel?" });

/** Presses Tab until `target` has the keyboard; fails when it never does. */
async function tabTo(target: HTMLElement) {
  for (let presses = 0; presses < 20 && document.activeElement !== target; presses += 1) await userEvent.tab();
  expect(document.activeElement).toBe(target);
}

describe("ChatScreen", () => {
  it("offers Stop while the answer is being understood and written; the keyboard reaches it", async () => {
    const handlers = actions();
    const show = (state: SessionState) => (
      <ChatScreen state={state} localMessages={[]} prompt={null} actions={handlers} />
    );
    let view = renderInWidget(show(sessionState({ messages: [question] })));
    expect(screen.getByRole("status").textContent).toBe("Understanding question");
    await tabTo(screen.getByRole("button", { name: "Stop answering" }));
    await userEvent.keyboard("{Enter}");
    expect(handlers.stopAnswer).toHaveBeenCalledTimes(1);

    const answer = { questionID: question._id, phase: "writing" as const, text: "Your parcel left" };
    view.unmount();
    view = renderInWidget(show(sessionState({ messages: [question], answer })));
    expect(screen.getByRole("status").textContent).toBe("Writing a response");
    expect(screen.getByText("Your parcel left")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Stop answering" })).toBeTruthy();

    // Stopped: no phase, no partial text, and the visitor can ask again.
    view.unmount();
    renderInWidget(show(sessionState({ messages: [question], stoppedQuestionID: question._id })));
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.queryByText("Your parcel left")).toBeNull();
    expect(screen.queryByRole("button", { name: "Stop answering" })).toBeNull();
    expect(screen.getByRole("textbox", { name: "Your message" })).toBeTruthy();
  });

  it("ends a completed chat with Start new chat, Continue Chat and the conversation by e-mail", async () => {
    const handlers = actions();
    vi.mocked(handlers.continueChat).mockRejectedValueOnce(new Error("This chat does not exist."));
    const form = storedMessage({
      senderRole: "customer",
      messageType: "form",
      messageData: { form: { title: "Customer details", values: { name: "Dana", email: "dana@example.com" } } },
    });
    const completed = sessionState({ messages: [form, question] });
    if (completed.chat) Object.assign(completed.chat, { isCompleted: true, resolved: true });
    renderInWidget(<ChatScreen state={completed} localMessages={[]} prompt="ended" actions={handlers} />);

    expect(await screen.findByText("This chat has ended.")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Your message" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Start new chat" }));
    expect(handlers.startNewChat).toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Continue Chat" }));
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "This chat does not exist.");
    await userEvent.click(screen.getByRole("button", { name: "Continue Chat" }));
    expect(handlers.continueChat).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole("alert")).toBeNull();

    // The address the visitor gave in the chat is filled in.
    expect(screen.getByRole("form", { name: "Email me this conversation" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(handlers.sendTranscript).toHaveBeenCalledWith("dana@example.com");
  });

  it("offers the conversation by e-mail only when the chat's form gave an address (the one the server mails)", async () => {
    const completed = sessionState({ messages: [question] });
    if (completed.chat) Object.assign(completed.chat, { isCompleted: true, resolved: true });
    renderInWidget(<ChatScreen state={completed} localMessages={[]} prompt="ended" actions={actions()} />);
    expect(await screen.findByText("This chat has ended.")).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Email me this conversation" })).toBeNull();
  });

  it("speaks Hebrew", async () => {
    const form = storedMessage({
      senderRole: "customer",
      messageType: "form",
      messageData: { form: { title: "Customer details", values: { email: "dana@example.com" } } },
    });
    const completed = sessionState({ messages: [form, question] });
    renderInWidget(<ChatScreen state={completed} localMessages={[]} prompt={null} actions={actions()} />, {
      texts: he,
      language: "he",
    });
    expect(screen.getByRole("button", { name: "עצירת התשובה" })).toBeTruthy();
    document.body.innerHTML = "";
    if (completed.chat) completed.chat.isCompleted = true;
    renderInWidget(<ChatScreen state={completed} localMessages={[]} prompt="ended" actions={actions()} />, {
      texts: he,
      language: "he",
    });
    expect(await screen.findByRole("button", { name: "המשך הצ'אט" })).toBeTruthy();
    expect(screen.getByRole("form", { name: "שלחו לי את השיחה באימייל" })).toBeTruthy();
  });

  it("says who answers in its header: the AI persona, the person who took over, the team while one is awaited", () => {
    const header = () => document.querySelector("header")?.textContent;
    const show = (state: SessionState) =>
      renderInWidget(<ChatScreen state={state} localMessages={[]} prompt={null} actions={actions()} />);
    let view = show(sessionState({ messages: [question] }));
    expect(header()).toBe("AvaOnline - AI Expert");
    view.unmount();

    const waiting = sessionState({ messages: [question] });
    if (waiting.chat) waiting.chat.status = "human";
    view = show(waiting);
    expect(header()).toBe("Our teamA person will reply here");
    view.unmount();

    const reply = storedMessage({
      senderRole: "agent",
      messageType: "answer",
      senderName: "Dana",
      message: "Hi, Dana here.",
    });
    view = show({ ...waiting, messages: [question, reply] });
    expect(header()).toBe("DanaTeam member");
    view.unmount();

    // Handed back to the AI: the persona answers again.
    view = show(sessionState({ messages: [question, reply] }));
    expect(header()).toBe("AvaOnline - AI Expert");
    view.unmount();

    const ticket = sessionState({ messages: [question] });
    if (ticket.chat) ticket.chat.status = "ticket";
    show(ticket);
    expect(header()).toBe("Our teamWe'll reply by e-mail");
  });

  it("says in its header when the channel is not open, and reads the change out", () => {
    const show = (state: SessionState) =>
      renderInWidget(<ChatScreen state={state} localMessages={[]} prompt={null} actions={actions()} />);
    let view = show(sessionState({ connection: "connecting" }));
    expect(screen.getByText("Connecting…").closest("[aria-live]")?.getAttribute("aria-live")).toBe("polite");
    view.unmount();
    view = show(sessionState({ connection: "offline", messages: [question] }));
    expect(document.querySelector("header")?.textContent).toBe("AvaOffline – reconnecting…");
    view.unmount();
  });

  it("shows a question not acknowledged in time as 'Not sent · Retry', and Retry sends it again", async () => {
    const handlers = actions();
    const pending = {
      clientMessageID: "client-1",
      question: "Is the sale still on?",
      attachments: [],
      timestamp: new Date().toISOString(),
      isSending: false,
    };
    const view = renderInWidget(
      <ChatScreen
        state={sessionState({ pending: [{ ...pending, error: null }] })}
        localMessages={[]}
        prompt={null}
        actions={handlers}
      />,
    );
    expect(screen.getByText("Sending…")).toBeTruthy();
    view.unmount();
    renderInWidget(
      <ChatScreen
        state={sessionState({ pending: [{ ...pending, error: "" }] })}
        localMessages={[]}
        prompt={null}
        actions={handlers}
      />,
    );
    expect(screen.getByRole("alert").textContent).toBe("Not sent · Retry");
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(handlers.retry).toHaveBeenCalledWith("client-1");
  });

  it("shows the pre-chat details before the first question, though they are stored after it", () => {
    const details = storedMessage({
      senderRole: "customer",
      messageType: "form",
      eventType: "PRE_CHAT_FORM",
      messageData: { form: { title: "Customer details", values: { name: "Dana" } } },
    });
    renderInWidget(
      <ChatScreen
        state={sessionState({ messages: [question, details] })}
        localMessages={[]}
        prompt={null}
        actions={actions()}
      />,
    );
    // The opening message, then the details, then the question.
    const shown = [...document.querySelectorAll(".log > .msg")].map((message) => message.textContent ?? "");
    expect(shown[1]).toContain("Before we start");
    expect(shown[2]).toContain("Where is my parcel?");
    // The question is the newest message: its answer is on its way.
    expect(screen.getByRole("status").textContent).toBe("Understanding question");
  });
});

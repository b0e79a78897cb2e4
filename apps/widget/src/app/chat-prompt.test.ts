import type { TurnRecord } from "@harbor/contract/turn";
import { describe, expect, it } from "vitest";
import { sessionState, storedMessage } from "../test/widget-fixtures";
import { chatPrompt } from "./chat-prompt";

const question = () => storedMessage({ senderRole: "customer", messageType: "question", message: "Q" });
const answer = () => storedMessage({ message: "A." });
const event = (eventType: string) => storedMessage({ senderRole: "customer", messageType: "widget_event", eventType });

describe("chatPrompt", () => {
  it("asks whether an answer resolved the question, but not while answering or sending", () => {
    expect(chatPrompt(sessionState({ messages: [question(), answer()] }), true)).toBe("resolve");
    expect(chatPrompt(sessionState({ messages: [question()] }), true)).toBeNull();
    const answering = { questionID: "q", phase: "writing" as const, text: "A" };
    expect(chatPrompt(sessionState({ messages: [question(), answer()], answer: answering }), true)).toBeNull();
  });

  it("after 'Yes, thank you' shows the stars when feedback is on, then the end; else the end at once", () => {
    const chat = { ...sessionState().chat!, isCompleted: true, resolved: true };
    const resolved = [question(), answer(), event("IS_RESOLVED")];
    expect(chatPrompt(sessionState({ chat, messages: resolved }), true)).toBe("feedback");
    expect(chatPrompt(sessionState({ chat, messages: resolved }), false)).toBe("ended");
    expect(chatPrompt(sessionState({ chat, messages: [...resolved, event("FEEDBACK")] }), true)).toBe("ended");
  });

  it("after 'No, I need help' offers a person until one replies", () => {
    const chat = { ...sessionState().chat!, status: "human" as const };
    const handedOff = [question(), answer(), event("NEED_HELP")];
    expect(chatPrompt(sessionState({ chat, messages: handedOff }), true)).toBe("handoff");
    const replied = [...handedOff, storedMessage({ senderRole: "agent", messageType: "agent_reply", message: "Hi" })];
    expect(chatPrompt(sessionState({ chat, messages: replied }), true)).toBeNull();
  });

  it("after a reported Order Issue: resolve under the shop's answer, a person when it went to the team", () => {
    const issueEvent = (outcome: "answered" | "handed_off") =>
      storedMessage({
        senderRole: "customer",
        messageType: "widget_event",
        eventType: "ORDER_ISSUE_REPORTED",
        messageData: {
          orderAction: {
            action: "order_issue_report",
            orderName: "#1003",
            verifiedBy: "email",
            issue: { id: "i1", question: "It says delivered", parentQuestion: null, outcome },
            status: "recorded",
            requestedAt: "2026-11-20T10:00:00.000Z",
          },
        },
      });
    expect(chatPrompt(sessionState({ messages: [issueEvent("answered"), answer()] }), true)).toBe("resolve");
    const human = { ...sessionState().chat!, status: "human" as const };
    expect(chatPrompt(sessionState({ chat: human, messages: [issueEvent("handed_off")] }), true)).toBe("handoff");
  });

  it("reads the visitor's action from the event's data when the stored message has no eventType", () => {
    const chat = { ...sessionState().chat!, isCompleted: true, resolved: true };
    const resolved = storedMessage({
      senderRole: "customer",
      messageType: "widget_event",
      message: "Yes, thank you",
      messageData: { widgetEvent: { event: "end_chat" } },
    });
    expect(chatPrompt(sessionState({ chat, messages: [question(), answer(), resolved] }), true)).toBe("feedback");
    const rated = storedMessage({ senderRole: "customer", messageType: "widget_event", messageData: { rating: 4 } });
    expect(chatPrompt(sessionState({ chat, messages: [question(), answer(), resolved, rated] }), true)).toBe("ended");
    const handedOff = storedMessage({
      senderRole: "customer",
      messageType: "widget_event",
      messageData: { widgetEvent: { event: "handoff" } },
    });
    const human = { ...sessionState().chat!, status: "human" as const };
    expect(chatPrompt(sessionState({ chat: human, messages: [question(), answer(), handedOff] }), true)).toBe(
      "handoff",
    );
  });

  it("reads what the AI's reply did: resolve only after an answer, yes/no under an offer, the card after a handoff", () => {
    const reply = (turn: Omit<TurnRecord, "state"> & Partial<Pick<TurnRecord, "state">>) =>
      storedMessage({
        message: "…",
        messageData: { turn: { state: { offer: null, awaiting: null, order: null }, ...turn } },
      });
    const answered = reply({ intent: "question", outcome: "answered", resolvePrompt: true });
    expect(chatPrompt(sessionState({ messages: [question(), answered] }), true)).toBe("resolve");
    const declined = reply({
      intent: "question",
      outcome: "declined",
      resolvePrompt: false,
      state: { offer: "handoff", awaiting: null, order: null },
    });
    expect(chatPrompt(sessionState({ messages: [question(), declined] }), true)).toBe("offer");
    const thanks = reply({ intent: "thanks", outcome: "acknowledged", resolvePrompt: false });
    expect(chatPrompt(sessionState({ messages: [question(), thanks] }), true)).toBeNull();
    const human = { ...sessionState().chat!, status: "human" as const };
    const handedOff = reply({ intent: "human_request", outcome: "handoff", resolvePrompt: false });
    expect(chatPrompt(sessionState({ chat: human, messages: [question(), handedOff] }), true)).toBe("handoff");
    const passedOn = reply({ intent: "order_reference", outcome: "order_lookup", resolvePrompt: false });
    expect(chatPrompt(sessionState({ chat: human, messages: [question(), passedOn] }), true)).toBe("handoff");
    const agent = storedMessage({ senderRole: "agent", messageType: "agent_reply", message: "Hi, I'm Sam" });
    expect(chatPrompt(sessionState({ chat: human, messages: [question(), handedOff, agent] }), true)).toBeNull();
  });

  it("asks whether a found order resolved the question, and offers no person for it", () => {
    const found = storedMessage({
      message: "Your order #1001 is on its way.",
      messageData: {
        turn: {
          intent: "order_reference",
          outcome: "order_lookup",
          resolvePrompt: true,
          state: { offer: null, awaiting: null, order: null },
        },
      },
    });
    expect(chatPrompt(sessionState({ messages: [question(), found] }), true)).toBe("resolve");
  });
});

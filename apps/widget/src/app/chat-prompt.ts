import { turnOf } from "@harbor/contract/turn";
import type { SessionState } from "./chat-session";
import { visitorEventOf } from "./message-data";

/** What the chat offers under its messages, besides the composer. */
export type ChatPrompt = "resolve" | "offer" | "feedback" | "handoff" | "ended" | null;

/**
 * Read from the stored messages, so a reload shows the same thing (spec part 2 §4): after an AI
 * reply that answered, "Did this resolve your question?"; under a reply that offered a person,
 * "Yes, connect me" / "No thanks"; after "Yes, thank you" the stars (when feedback is on), then
 * the end of the chat; once the chat went to the team ("No, I need help", a person asked for in
 * words, order details passed on to a person) the ways to reach a person, until one replies. The AI's reply
 * says what it did (`messageData.turn`); replies stored before it did are read as answers.
 */
export function chatPrompt(state: SessionState, isFeedbackOn: boolean): ChatPrompt {
  const { chat, messages } = state;
  if (!chat) return null;
  const visitorIndex = messages.findLastIndex((message) => message.senderRole === "customer");
  const lastVisitor = messages[visitorIndex];
  const lastVisitorEvent = lastVisitor ? visitorEventOf(lastVisitor) : null;
  if (chat.isCompleted) return isFeedbackOn && lastVisitorEvent === "IS_RESOLVED" ? "feedback" : "ended";
  if (state.answer || state.pending.length > 0) return null;
  const last = messages.at(-1);
  const turn = last?.senderRole === "ai" ? turnOf(last.messageData) : null;
  // An order lookup that found the order answered it (its card is shown); only details passed on
  // to a person (no shop connected, the shop not answering) hand the chat off.
  const isPassedOn = turn?.outcome === "order_lookup" && !turn.resolvePrompt;
  // A reported Order Issue the shop wrote no answer for went to the team (decision 054).
  const isIssueHandedOff =
    lastVisitorEvent === "ORDER_ISSUE_REPORTED" &&
    lastVisitor?.messageData.orderAction?.issue?.outcome === "handed_off";
  const isHandedOff = lastVisitorEvent === "NEED_HELP" || turn?.outcome === "handoff" || isPassedOn || isIssueHandedOff;
  if (isHandedOff) {
    return messages.slice(visitorIndex).some((message) => message.senderRole === "agent") ? null : "handoff";
  }
  if (chat.status !== "open" || last?.senderRole !== "ai" || last.messageType !== "answer") return null;
  if (!turn) return "resolve";
  if (turn.state.offer === "handoff") return "offer";
  return turn.resolvePrompt ? "resolve" : null;
}

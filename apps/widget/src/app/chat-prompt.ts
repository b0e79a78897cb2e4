import type { SessionState } from "./chat-session";
import { visitorEventOf } from "./message-data";

/** What the chat offers under its messages, besides the composer. */
export type ChatPrompt = "resolve" | "feedback" | "handoff" | "ended" | null;

/**
 * Read from the stored messages, so a reload shows the same thing (spec part 2 §4): after an AI
 * answer "Did this resolve your question?"; after "Yes, thank you" the stars (when feedback is
 * on), then the end of the chat; after "No, I need help" the ways to reach a person, until one
 * replies.
 */
export function chatPrompt(state: SessionState, isFeedbackOn: boolean): ChatPrompt {
  const { chat, messages } = state;
  if (!chat) return null;
  const visitorIndex = messages.findLastIndex((message) => message.senderRole === "customer");
  const lastVisitor = messages[visitorIndex];
  const lastVisitorEvent = lastVisitor ? visitorEventOf(lastVisitor) : null;
  if (chat.isCompleted) return isFeedbackOn && lastVisitorEvent === "IS_RESOLVED" ? "feedback" : "ended";
  if (state.answer || state.pending.length > 0) return null;
  if (lastVisitorEvent === "NEED_HELP") {
    return messages.slice(visitorIndex).some((message) => message.senderRole === "agent") ? null : "handoff";
  }
  const last = messages.at(-1);
  return chat.status === "open" && last?.senderRole === "ai" && last.messageType === "answer" ? "resolve" : null;
}

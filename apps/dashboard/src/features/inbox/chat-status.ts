import type { InboxChat } from "@harbor/contract/chat";

export type ChatStatusDisplay = "resolved" | "ticket" | "open";

/** Spec part 1 §4, chat status display: Resolved, else Ticket Raised for a ticket, else Open. */
export function chatStatusDisplay(chat: Pick<InboxChat, "resolved" | "status">): ChatStatusDisplay {
  if (chat.resolved) return "resolved";
  if (chat.status === "ticket") return "ticket";
  return "open";
}

export const CHAT_STATUS_COLORS: Record<ChatStatusDisplay, string> = {
  resolved: "green",
  ticket: "red",
  open: "yellow",
};

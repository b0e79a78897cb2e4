import type { ChatMessage } from "@harbor/contract/chat";
import type { StaffMessageKind } from "./api/send-staff-message";

/** A reply or note on its way (or failed), shown at once under the chat's messages. */
export type PendingMessage = {
  clientMessageID: string;
  chatID: string;
  kind: StaffMessageKind;
  message: string;
  status: "sending" | "failed";
  error: string | null;
  /** The chat's newest stored message when this was written: its stored copy comes after it. */
  afterMessageID: string | null;
};

const STORED_TYPE: Record<StaffMessageKind, ChatMessage["messageType"]> = {
  reply: "agent_reply",
  note: "internal_note",
};

/**
 * The pending messages still to show. The live channel can bring the stored copy before the send's
 * own answer does; a pending message is hidden as soon as a stored one of its kind and text
 * appears after it was written (each stored message stands for one pending message).
 */
export function visiblePending(pending: PendingMessage[], messages: ChatMessage[]): PendingMessage[] {
  const claimed = new Set<string>();
  return pending.filter((item) => {
    if (item.status === "failed") return true;
    const start = item.afterMessageID ? messages.findIndex((message) => message._id === item.afterMessageID) + 1 : 0;
    const stored = messages
      .slice(start)
      .find(
        (message) =>
          !claimed.has(message._id) &&
          message.messageType === STORED_TYPE[item.kind] &&
          message.message === item.message.trim(),
      );
    if (!stored) return true;
    claimed.add(stored._id);
    return false;
  });
}

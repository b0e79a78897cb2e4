import type { ChatMessage, ChatStatus, InboxChat } from "@harbor/contract/chat";
import type { VisitorMessage } from "@harbor/contract/widget";
import { type RealtimeHub, staffRoom, visitorChatRoom } from "../../platform/realtime/realtime-hub";

/**
 * What the chat domain says happened, for the realtime channel to carry: to the company's staff
 * room (`/staff`) and to the chat's visitor room (`/visitor`). Services call these after the
 * change is committed; delivery is best effort (a client that missed something asks again on
 * reconnect), so none of them throws or waits.
 */
export type ChatEvents = {
  /** A chat's inbox row changed or appeared (new message, status, read state, flag). */
  chatUpdated(companyId: string, payload: { chat: InboxChat; unreadCount: number }): void;
  chatDeleted(companyId: string, payload: { chatID: string; unreadCount: number }): void;
  /** A message was stored: staff see every message, the visitor only what the widget shows. */
  messageStored(
    companyId: string,
    payload: { chatID: string; staffMessage: ChatMessage; visitorMessage: VisitorMessage | null },
  ): void;
  /** Status or resolution changed: the visitor's widget follows (a person took over, handed back). */
  chatStatusChanged(payload: { chatID: string; status: ChatStatus; resolved: boolean }): void;
  /** A staff member types in the chat (to the visitor and to the other staff of the company). */
  agentTyping(companyId: string, payload: { chatID: string; userID: string; name: string; isTyping: boolean }): void;
  /** The visitor types in the widget (to the company's staff). */
  visitorTyping(companyId: string, payload: { chatID: string; isTyping: boolean }): void;
};

/** For code paths without a realtime channel (scripts, the eval, unit tests of services). */
export const noChatEvents: ChatEvents = {
  chatUpdated: () => undefined,
  chatDeleted: () => undefined,
  messageStored: () => undefined,
  chatStatusChanged: () => undefined,
  agentTyping: () => undefined,
  visitorTyping: () => undefined,
};

/** The chat domain's events as emits to the realtime hub's rooms. */
export function createChatEvents(hub: Pick<RealtimeHub, "staff" | "visitors">): ChatEvents {
  const { staff, visitors } = hub;
  return {
    chatUpdated(companyId, payload) {
      staff.to(staffRoom(companyId)).emit("chat-updated", payload);
    },
    chatDeleted(companyId, payload) {
      staff.to(staffRoom(companyId)).emit("chat-deleted", payload);
    },
    messageStored(companyId, payload) {
      staff.to(staffRoom(companyId)).emit("chat-message", { chatID: payload.chatID, message: payload.staffMessage });
      if (payload.visitorMessage) {
        visitors
          .to(visitorChatRoom(payload.chatID))
          .emit("chat-message", { chatID: payload.chatID, message: payload.visitorMessage });
      }
    },
    chatStatusChanged(payload) {
      visitors.to(visitorChatRoom(payload.chatID)).emit("chat-status", payload);
    },
    agentTyping(companyId, payload) {
      staff.to(staffRoom(companyId)).emit("agent-typing", payload);
      visitors
        .to(visitorChatRoom(payload.chatID))
        .emit("agent-typing", { chatID: payload.chatID, name: payload.name, isTyping: payload.isTyping });
    },
    visitorTyping(companyId, payload) {
      staff.to(staffRoom(companyId)).emit("visitor-typing", payload);
    },
  };
}

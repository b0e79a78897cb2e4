import type { MessageWithData } from "@harbor/contract/message-data";
import type { VisitorChat } from "@harbor/contract/widget";
import type { FastifyBaseLogger } from "fastify";
import {
  type ChatEvents,
  type ChatMessageRow,
  type ChatRow,
  type ChatsRepository,
  type InboxRepository,
  type InboxRowAndUnreadCount,
  isVisibleToVisitor,
  toChatMessage,
  toInboxChat,
  toVisitorMessage,
} from "../chats/chats.module";
import type { VisitorRepository } from "./visitor.repository";
import type { VisitorScope } from "./visitor-scope";

/**
 * What a visitor changes in a chat, stored and then told: the company's staff hear of the new
 * message and the chat's new inbox row, the visitor's tabs of a new status.
 */
export function createVisitorChatChanges(deps: {
  chats: ChatsRepository;
  inbox: InboxRepository;
  visitors: VisitorRepository;
  chatEvents: ChatEvents;
  log: FastifyBaseLogger;
}) {
  const { chatEvents } = deps;

  /**
   * Staff dashboards of the company hear of the chat's new row (and new message, when there is one).
   * `inbox`: the row and unread count the message's own statement answered (no read then).
   */
  async function tellStaff(
    companyId: string,
    chatId: string,
    message?: ChatMessageRow,
    inbox?: InboxRowAndUnreadCount | null,
  ) {
    try {
      if (message) {
        chatEvents.messageStored(companyId, {
          chatID: chatId,
          staffMessage: toChatMessage(message),
          visitorMessage: isVisibleToVisitor(message) ? toVisitorMessage(message) : null,
        });
      }
      const found = inbox ?? (await deps.inbox.findRowAndUnreadCount(companyId, chatId));
      if (found) chatEvents.chatUpdated(companyId, { chat: toInboxChat(found.row), unreadCount: found.unreadCount });
    } catch (error) {
      deps.log.warn({ err: error }, "telling staff of a chat change failed");
    }
  }

  return {
    tellStaff,

    /** A visitor's event (resolved, need help, a form…) stored once per client id. */
    async storeEvent(
      scope: VisitorScope,
      chat: ChatRow,
      options: MessageWithData & { clientMessageId: string; eventType: string; message: string },
    ) {
      const { clientMessageId, eventType, message, ...kindAndData } = options;
      const stored = await deps.chats.insertMessageOnce({
        ...kindAndData,
        companyId: scope.companyId,
        chatId: chat.id,
        message,
        senderRole: "customer",
        eventType,
        clientMessageId,
      });
      if (stored.isNew) await tellStaff(scope.companyId, chat.id, stored.row, stored.inbox);
      return stored;
    },

    async changeChat(scope: VisitorScope, chat: ChatRow, change: Parameters<VisitorRepository["updateChat"]>[2]) {
      const updated = (await deps.visitors.updateChat(scope.companyId, chat.id, change)) ?? chat;
      if (updated.status !== chat.status || updated.resolved !== chat.resolved) {
        chatEvents.chatStatusChanged({
          chatID: chat.id,
          status: updated.status as VisitorChat["status"],
          resolved: updated.resolved,
        });
      }
      await tellStaff(scope.companyId, chat.id);
      return updated;
    },
  };
}

export type VisitorChatChanges = ReturnType<typeof createVisitorChatChanges>;

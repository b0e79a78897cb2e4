import {
  CHAT_MESSAGES_WINDOW,
  type Chat,
  type ChatActionResponse,
  type ChatMessage,
  type ChatStatus,
  type GetChatRequest,
  INBOX_PAGE_SIZE,
  type InboxCategories,
  type InboxResponse,
  type inboxRequestSchema,
  type ShopifyCustomerResponse,
} from "@harbor/contract/chat";
import type { z } from "zod";
import { IntegrationError } from "../../integrations/integration-error";
import { AppError } from "../../platform/errors";
import type { CompanyAuth } from "../../platform/session";
import type { ShopCustomerResult } from "../orders/orders.module";
import type { ChatEvents } from "./chat-events";
import { toChatMessage, toInboxChat } from "./chat-mappers";
import type { ChatsRepository } from "./chats.repository";
import type { InboxChatRow, InboxRepository } from "./inbox.repository";
import { createTakeoverService } from "./takeover.service";
import { normaliseTicketId } from "./ticket-id";

/** The pre-chat form's answers as the widget stored them with the customer (visitor.service withPreChat). */
function preChatOf(customer: Record<string, unknown>): Chat["workflows"]["preChat"] {
  const stored = customer.preChat as { isCompleted?: unknown; fields?: unknown } | undefined;
  if (stored?.isCompleted !== true || !Array.isArray(stored.fields)) return { isCompleted: false, fields: [] };
  const fields = stored.fields.flatMap((field: { key?: unknown; title?: unknown; value?: unknown }) =>
    typeof field.key === "string" && typeof field.title === "string" && typeof field.value === "string"
      ? [{ key: field.key, title: field.title, value: field.value }]
      : [],
  );
  return { isCompleted: true, fields };
}

const chatGone = () => new AppError("NOT_FOUND", "This chat no longer exists.");

/**
 * The inbox (spec part 1 §2, §4, §7): any signed-in member of the company, admin or agent. Every
 * change is told to the company's open dashboards (and status changes to the chat's widget)
 * through chatEvents, after it is stored.
 */
export function createInboxService(deps: {
  inbox: InboxRepository;
  chats: ChatsRepository;
  chatEvents: ChatEvents;
  /** The hosts answers may link to (the knowledge module's own-link-hosts). */
  linkHostsFor(companyId: string): Promise<string[]>;
  /** The orders module's shop customer lookup (late-bound: that module is built first, but apart). */
  findShopCustomer(companyId: string, email: string): Promise<ShopCustomerResult>;
}) {
  const { inbox, chatEvents } = deps;

  async function actionResponse(companyId: string, row: InboxChatRow | null): Promise<ChatActionResponse> {
    if (!row) throw chatGone();
    const answer = { chat: toInboxChat(row), unreadCount: await inbox.countUnread(companyId) };
    chatEvents.chatUpdated(companyId, answer);
    return answer;
  }

  /** The chat's id as `markRead` answers it, without touching its read state. */
  async function findWithoutOpening(companyId: string, by: { chatId: string } | { ticketId: string }) {
    const row = await inbox.findRow(companyId, by);
    return row ? { chatId: row.id, wasUnread: false } : null;
  }

  /** Resolution and ticket changes reach the visitor's widget too. */
  async function statusActionResponse(companyId: string, row: InboxChatRow | null) {
    const answer = await actionResponse(companyId, row);
    chatEvents.chatStatusChanged({
      chatID: answer.chat.chatID,
      status: answer.chat.status,
      resolved: answer.chat.resolved,
    });
    return answer;
  }

  return {
    ...createTakeoverService(deps),

    async list(auth: CompanyAuth, request: z.output<typeof inboxRequestSchema>): Promise<InboxResponse> {
      const filter = {
        status: request.status,
        category: request.category || undefined,
        customReply: request.customReply || undefined,
        language: request.language,
        createdFrom: request.createdFrom,
        createdTo: request.createdTo,
        isUnreadOnly: request.unreadChats,
      };
      const [rows, totalCount, unreadCount] = await Promise.all([
        inbox.listPage({
          companyId: auth.companyId,
          filter,
          offset: (request.pageNumber - 1) * INBOX_PAGE_SIZE,
          limit: INBOX_PAGE_SIZE,
        }),
        inbox.count(auth.companyId, filter),
        inbox.countUnread(auth.companyId),
      ]);
      return { inbox: rows.map(toInboxChat), totalCount, unreadCount };
    },

    async categories(auth: CompanyAuth): Promise<InboxCategories> {
      const [titles, replies] = await Promise.all([
        inbox.listCategoryTitles(auth.companyId),
        inbox.listCustomReplies(auth.companyId),
      ]);
      return {
        aiCategories: titles.map((title) => ({ title })),
        customReplies: replies.map((reply) => ({ _id: reply.id, name: reply.name })),
        // Suggested questions are written by the automation issue; until then there are none.
        suggestedQuestions: [],
      };
    },

    /**
     * Opens a chat: marks it read, then answers it with its newest messages (or those before
     * `before`). Older messages and `isOpening: false` only read it: the chat is already open.
     */
    async getChat(auth: CompanyAuth, request: GetChatRequest): Promise<Chat> {
      const by = request.chatID ? { chatId: request.chatID } : { ticketId: normaliseTicketId(request.ticketID ?? "") };
      const isOpening = request.isOpening !== false && !request.before;
      const opened = isOpening
        ? await inbox.markRead(auth.companyId, by)
        : await findWithoutOpening(auth.companyId, by);
      if (!opened) throw chatGone();
      const { chatId } = opened;
      const [row, newestFirst, analyses, linkHosts] = await Promise.all([
        inbox.findRow(auth.companyId, { chatId }),
        inbox.messagesWindow({
          companyId: auth.companyId,
          chatId,
          beforeId: request.before,
          limit: CHAT_MESSAGES_WINDOW + 1,
        }),
        inbox.listAnalyses(auth.companyId, chatId),
        deps.linkHostsFor(auth.companyId),
      ]);
      // Deleted between the two statements.
      if (!row) throw chatGone();
      // Other dashboards see the chat turn read (and the count drop); a chat already read says nothing.
      if (opened.wasUnread) {
        chatEvents.chatUpdated(auth.companyId, {
          chat: toInboxChat(row),
          unreadCount: await inbox.countUnread(auth.companyId),
        });
      }
      const hasOlderMessages = newestFirst.length > CHAT_MESSAGES_WINDOW;
      const messages: ChatMessage[] = newestFirst
        .slice(0, CHAT_MESSAGES_WINDOW)
        .reverse()
        .map((message) =>
          toChatMessage({
            id: message.id,
            message: message.message,
            messageType: message.message_type,
            senderRole: message.sender_role,
            createdAt: message.created_at,
            eventType: message.event_type,
            messageData: message.message_data,
            references: message.references,
          }),
        );
      return {
        ...toInboxChat(row),
        messages,
        hasOlderMessages,
        linkHosts,
        analysis: { summary: row.summary },
        aiAnalysis: analyses.map((entry) => ({
          _id: entry.id,
          shortenedCustomerMessage: entry.shortenedCustomerMessage,
          questionCategory: entry.questionCategory,
          selectedIntent: entry.selectedIntent,
        })),
        workflows: { preChat: preChatOf(row.customer) },
      };
    },

    async deleteChat(auth: CompanyAuth, chatId: string): Promise<ChatActionResponse> {
      const row = await inbox.deleteChat(auth.companyId, chatId);
      if (!row) throw chatGone();
      const unreadCount = await inbox.countUnread(auth.companyId);
      chatEvents.chatDeleted(auth.companyId, { chatID: row.id, unreadCount });
      return { chat: toInboxChat(row), unreadCount };
    },

    async markUnread(auth: CompanyAuth, chatId: string) {
      const row = await inbox.markUnread(auth.companyId, chatId);
      if (!row) {
        if (!(await inbox.findRow(auth.companyId, { chatId }))) throw chatGone();
        throw new AppError("CONFLICT", "This chat is already unread.");
      }
      return actionResponse(auth.companyId, row);
    },

    async setFlag(auth: CompanyAuth, chatId: string, isFlagged: boolean) {
      return actionResponse(auth.companyId, await inbox.setFlag(auth.companyId, chatId, isFlagged));
    },

    async setResolved(auth: CompanyAuth, chatId: string, resolved: boolean) {
      return statusActionResponse(auth.companyId, await inbox.setResolved(auth.companyId, chatId, resolved));
    },

    async setTicketStatus(auth: CompanyAuth, chatId: string, status: Extract<ChatStatus, "ticket" | "human">) {
      return statusActionResponse(auth.companyId, await inbox.setStatus(auth.companyId, chatId, status));
    },

    /** The chat's customer in the connected shop, by the e-mail address stored on the chat. */
    async shopifyCustomer(auth: CompanyAuth, chatId: string): Promise<ShopifyCustomerResponse> {
      const chat = await deps.chats.findChat(auth.companyId, chatId);
      if (!chat) throw chatGone();
      const none = { id: null, name: null, adminURL: null };
      const email = typeof chat.customer.email === "string" ? chat.customer.email.trim() : "";
      if (!(await inbox.hasIntegration(auth.companyId, "shopify"))) return { status: "not_connected", ...none };
      if (!email) return { status: "no_email", ...none };
      let found: ShopCustomerResult;
      try {
        found = await deps.findShopCustomer(auth.companyId, email);
      } catch (error) {
        if (error instanceof IntegrationError) {
          throw new AppError(error.kind === "rate_limited" ? "TOO_MANY_REQUESTS" : "UNAVAILABLE", error.message);
        }
        throw error;
      }
      if (found.kind !== "found") return { status: found.kind, ...none };
      return { status: "found", id: found.id, name: found.name, adminURL: found.adminUrl };
    },
  };
}

export type InboxService = ReturnType<typeof createInboxService>;

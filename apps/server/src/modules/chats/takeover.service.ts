import type { ChatActionResponse, ChatStatus, StaffMessageRequest, StaffMessageResponse } from "@harbor/contract/chat";
import { AppError } from "../../platform/errors";
import type { CompanyAuth } from "../../platform/session";
import type { ChatEvents } from "./chat-events";
import { isVisibleToVisitor, toChatMessage, toInboxChat, toVisitorMessage } from "./chat-mappers";
import type { ChatMessageRow, ChatsRepository } from "./chats.repository";
import type { InboxChatRow, InboxRepository } from "./inbox.repository";

const chatGone = () => new AppError("NOT_FOUND", "This chat no longer exists.");

type StaffMessageKind = "agent_reply" | "internal_note";

/**
 * Human takeover (inbox issue point 4, beyond the spec): staff reply to the visitor and write
 * notes only staff see, and move a chat between the AI (`open`) and a person (`human`); while a
 * person has it the AI stays silent (the answer pipeline checks the status).
 *
 * A ticket chat keeps `ticket` through all of this: the ticket is the stronger state (it shows as
 * Ticket Raised and someone owes the visitor a follow-up), and replying is how that follow-up is
 * given. Only the ticket toggle and resolving end it, so a reply never hides an open ticket.
 */
export function createTakeoverService(deps: {
  inbox: InboxRepository;
  chats: ChatsRepository;
  chatEvents: ChatEvents;
}) {
  const { inbox, chats, chatEvents } = deps;

  async function withUnreadCount(companyId: string, row: InboxChatRow) {
    return { chat: toInboxChat(row), unreadCount: await inbox.countUnread(companyId) };
  }

  /** Tells the company's dashboards of the new row, and the widget when the status moved. */
  function announce(companyId: string, answer: ChatActionResponse, previous: InboxChatRow) {
    chatEvents.chatUpdated(companyId, answer);
    if (answer.chat.status !== previous.status || answer.chat.resolved !== previous.resolved) {
      chatEvents.chatStatusChanged({
        chatID: answer.chat.chatID,
        status: answer.chat.status,
        resolved: answer.chat.resolved,
      });
    }
  }

  /** open → human or human → open; already there answers the chat as it is, and says nothing. */
  async function switchStatus(auth: CompanyAuth, chatId: string, change: { from: ChatStatus; to: ChatStatus }) {
    const previous = await inbox.findRow(auth.companyId, { chatId });
    if (!previous) throw chatGone();
    const changed = await inbox.switchStatus(auth.companyId, chatId, change);
    if (!changed) return withUnreadCount(auth.companyId, previous);
    const answer = await withUnreadCount(auth.companyId, changed);
    announce(auth.companyId, answer, previous);
    return answer;
  }

  /** Stores once per client id; a chat deleted meanwhile fails the insert (its foreign key) and is a 404. */
  async function storeOnce(auth: CompanyAuth, request: StaffMessageRequest, messageType: StaffMessageKind) {
    try {
      return await chats.insertMessageOnce({
        companyId: auth.companyId,
        chatId: request.chatID,
        message: request.message,
        messageType,
        senderRole: "agent",
        // The name this company knows the sender by: visitors see it, and no other company can change it.
        messageData: { senderName: auth.displayName, senderUserID: auth.userId },
        clientMessageId: request.clientMessageID,
      });
    } catch (error) {
      if (!(await inbox.findRow(auth.companyId, { chatId: request.chatID }))) throw chatGone();
      throw error;
    }
  }

  async function sendStaffMessage(
    auth: CompanyAuth,
    request: StaffMessageRequest,
    messageType: StaffMessageKind,
  ): Promise<StaffMessageResponse> {
    const previous = await inbox.findRow(auth.companyId, { chatId: request.chatID });
    if (!previous) throw chatGone();
    // The chat is taken over before the reply is stored, so a question arriving in between is
    // not answered by the AI as well.
    if (messageType === "agent_reply" && previous.status === "open") {
      await inbox.switchStatus(auth.companyId, request.chatID, { from: "open", to: "human" });
    }
    const stored = await storeOnce(auth, request, messageType);
    if (stored.row.messageType !== messageType) {
      throw new AppError("CONFLICT", "This message was already sent as another kind of message.");
    }
    const row = await inbox.findRow(auth.companyId, { chatId: request.chatID });
    if (!row) throw chatGone();
    const answer = await withUnreadCount(auth.companyId, row);
    // A replayed send answers what was stored; its events went out with the first copy.
    if (stored.isNew) announceMessage(auth.companyId, stored.row);
    if (stored.isNew || row.status !== previous.status) announce(auth.companyId, answer, previous);
    return { message: toChatMessage(stored.row), ...answer };
  }

  function announceMessage(companyId: string, row: ChatMessageRow) {
    chatEvents.messageStored(companyId, {
      chatID: row.chatId,
      staffMessage: toChatMessage(row),
      // A note is for staff only; a reply reaches the widget with the agent's name.
      visitorMessage: isVisibleToVisitor(row) ? toVisitorMessage(row) : null,
    });
  }

  return {
    /** POST /api/chat/chat/reply: to the visitor; takes the chat over from the AI. */
    reply: (auth: CompanyAuth, request: StaffMessageRequest) => sendStaffMessage(auth, request, "agent_reply"),

    /** POST /api/chat/chat/note: for staff only; the status stays as it is. */
    note: (auth: CompanyAuth, request: StaffMessageRequest) => sendStaffMessage(auth, request, "internal_note"),

    /** POST /api/chat/chat/take-over: a person has the chat; the AI stays silent. */
    takeOver: (auth: CompanyAuth, chatId: string) => switchStatus(auth, chatId, { from: "open", to: "human" }),

    /** POST /api/chat/chat/hand-back: the AI answers the visitor again. */
    handBack: (auth: CompanyAuth, chatId: string) => switchStatus(auth, chatId, { from: "human", to: "open" }),
  };
}

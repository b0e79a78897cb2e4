import type { ChatMessage, Customer, InboxChat, MessageType } from "@harbor/contract/chat";
import { readMessageData, visitorMessageDataOf } from "@harbor/contract/message-data";
import type { VisitorMessage } from "@harbor/contract/widget";
import type { ChatMessageRow } from "./chats.repository";
import type { InboxChatRow } from "./inbox.repository";

/** The list shows the start of the latest message; the chat view has the whole text. */
const LAST_MESSAGE_CUT = 140;

/** Message types a visitor never sees (staff notes; engine bookkeeping). */
const STAFF_ONLY_TYPES: ReadonlySet<string> = new Set(["internal_note", "condition", "email_trigger", "auth_event"]);

export const isoTime = (value: Date | string) => new Date(value).toISOString();

export const textOrNull = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : null);

/** The stored customer is free-form JSON (pre-chat form, widget, integrations); the contract is not. */
export function toCustomer(stored: Record<string, unknown>): Customer {
  const number = stored.number as { countryCallingCode?: unknown; number?: unknown } | null | undefined;
  const hasNumber = typeof number?.countryCallingCode === "string" && typeof number.number === "string";
  return {
    name: textOrNull(stored.name),
    email: textOrNull(stored.email),
    number: hasNumber ? { countryCallingCode: String(number.countryCallingCode), number: String(number.number) } : null,
    location: textOrNull(stored.location),
  };
}

function cut(text: string) {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > LAST_MESSAGE_CUT ? `${flat.slice(0, LAST_MESSAGE_CUT - 1).trimEnd()}…` : flat;
}

export function toInboxChat(row: InboxChatRow): InboxChat {
  return {
    _id: row.id,
    chatID: row.id,
    ticketID: row.ticket_id,
    resolved: row.resolved,
    status: row.status,
    isFlagged: row.is_flagged,
    chatRead: row.chat_read,
    isEnded: row.is_ended,
    createdAt: isoTime(row.created_at),
    lastMessageAt: isoTime(row.last_message_at),
    customer: toCustomer(row.customer),
    lastMessage: cut(row.last_message ?? ""),
  };
}

/** A stored message as staff see it (the dashboard's chat panel and the /staff channel). */
/** The columns a staff view of a message needs (the chat view's own query selects only these). */
type StaffMessageColumns = Pick<
  ChatMessageRow,
  "id" | "message" | "messageType" | "senderRole" | "eventType" | "messageData" | "references"
> & { createdAt: Date | string };

export function toChatMessage(row: StaffMessageColumns): ChatMessage {
  const data = readMessageData(row.messageData);
  return {
    _id: row.id,
    message: row.message,
    // Written only by this server, from the contract's enums.
    messageType: row.messageType as MessageType,
    senderRole: row.senderRole as ChatMessage["senderRole"],
    timestamp: isoTime(row.createdAt),
    eventType: row.eventType,
    messageData: data,
    references: row.references,
    senderName: textOrNull(data.senderName),
  };
}

export const isVisibleToVisitor = (row: Pick<ChatMessageRow, "messageType">) => !STAFF_ONLY_TYPES.has(row.messageType);

/** A stored message as the visitor sees it: only what the widget shows, no staff-only data. */
export function toVisitorMessage(row: ChatMessageRow): VisitorMessage {
  const data = readMessageData(row.messageData);
  return {
    _id: row.id,
    clientMessageID: row.clientMessageId,
    message: row.message,
    messageType: row.messageType,
    senderRole: row.senderRole as VisitorMessage["senderRole"],
    senderName: textOrNull(data.senderName),
    timestamp: isoTime(row.createdAt),
    eventType: row.eventType,
    // The engine's bookkeeping and which staff user wrote a reply (the name stays) stay on the server.
    messageData: visitorMessageDataOf(data),
    references: row.references,
  };
}

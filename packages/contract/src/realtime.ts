import { z } from "zod";
import { visitorLanguageSchema } from "./ai-agent";
import type { ChatMessage, InboxChat } from "./chat";
import { idSchema } from "./common";
import { VISITOR_ATTACHMENTS_MAX, VISITOR_MESSAGE_MAX, VISITOR_TYPING_MS } from "./constants";
import { BUBBLE_TEXT_MAX, CUSTOM_REPLY_FORM_VALUE_MAX, graphIdSchema } from "./custom-reply-actions";
import { visitorAttachmentSchema } from "./message-data";
import { QUICK_REPLIES } from "./turn";
import {
  type TicketConfirmation,
  ticketFormSchema,
  type VisitorChat,
  type VisitorMessage,
  visitorCustomerSchema,
} from "./widget";

/**
 * The realtime channel (socket.io; ARCHITECTURE.md "The realtime channel"). Two namespaces:
 * `/visitor` for the widget and `/staff` for the dashboard. Client events carry an ack callback
 * that answers `{ ok: true, data }` or `{ ok: false, message }`; every payload is checked against
 * these schemas on the server.
 */

export type Ack<T> = { ok: true; data: T } | { ok: false; message: string };

/** A client id: the visitor's message keeps it, so a retried send is stored once. */
export const clientMessageIdSchema = z.string().trim().min(8).max(64);

// ── /visitor: client → server ───────────────────────────────────────────────────────────────

/** The handshake's `auth`: which widget, and the token GET /api/widget/get issued. */
export const visitorHandshakeSchema = z.object({
  widgetID: z.string().trim().min(1).max(64),
  visitorToken: z.string().min(10).max(300),
});
export type VisitorHandshake = z.infer<typeof visitorHandshakeSchema>;

/**
 * join-chat-room: follow a chat. `afterMessageID` is the newest message the client holds; the ack
 * carries the chat with only the messages after it (all of them when absent) — what it missed.
 */
export const joinChatRoomSchema = z.object({ chatID: idSchema, afterMessageID: idSchema.optional() });

/** ask-question: `chatID` null starts a chat. The stored question comes back in the ack. */
export const askQuestionSchema = z.object({
  chatID: idSchema.nullable(),
  clientMessageID: clientMessageIdSchema,
  question: z
    .string()
    .trim()
    .min(1, "Type a question")
    .max(VISITOR_MESSAGE_MAX, `A message can be at most ${VISITOR_MESSAGE_MAX} characters`),
  language: visitorLanguageSchema.optional(),
  /** Files uploaded first through POST /api/widget/upload; they are stored with the message (messageData.attachments). */
  attachments: z.array(visitorAttachmentSchema).max(VISITOR_ATTACHMENTS_MAX).optional(),
  /** A button under an offer ("Yes, connect me" / "No thanks"): the answer to it, whatever the text says. */
  quickReply: z.enum(QUICK_REPLIES).optional(),
  /**
   * The visitor chose the Self Serve Portal's custom-reply link with this id (the question is its
   * title): the link's workflow runs instead of the title being answered as a question.
   */
  portalLinkID: idSchema.optional(),
  /**
   * The visitor chose the portal's suggested question with this id (the question is its text) and
   * it names a custom reply: the reply runs, or, when it cannot, the text is answered as a question.
   */
  suggestedQuestionID: idSchema.optional(),
});
export type AskQuestion = z.infer<typeof askQuestionSchema>;
export type AskQuestionAck = { chatID: string; ticketID: string; message: VisitorMessage };

/**
 * add-event: what the visitor does besides asking. IS_RESOLVED / RAISE_TICKET are the spec's
 * system messages; NEED_HELP is "No, I need help" (hands off to a person); FEEDBACK the stars.
 */
export const visitorEventSchema = z.discriminatedUnion("event", [
  z.object({ event: z.literal("IS_RESOLVED"), chatID: idSchema, clientMessageID: clientMessageIdSchema }),
  z.object({ event: z.literal("NEED_HELP"), chatID: idSchema, clientMessageID: clientMessageIdSchema }),
  z.object({
    event: z.literal("RAISE_TICKET"),
    chatID: idSchema,
    clientMessageID: clientMessageIdSchema,
    form: ticketFormSchema,
  }),
  z.object({
    event: z.literal("FEEDBACK"),
    chatID: idSchema,
    clientMessageID: clientMessageIdSchema,
    rating: z.number().int().min(1).max(5),
  }),
  z.object({
    event: z.literal("PRE_CHAT_FORM"),
    chatID: idSchema,
    clientMessageID: clientMessageIdSchema,
    customer: visitorCustomerSchema,
  }),
  /** The visitor chose a bubble of a custom reply's answer_bubbles action (by its value). */
  z.object({
    event: z.literal("CUSTOM_REPLY_ANSWER"),
    chatID: idSchema,
    clientMessageID: clientMessageIdSchema,
    actionID: graphIdSchema,
    value: z.string().trim().min(1).max(BUBBLE_TEXT_MAX),
  }),
  /** The visitor sent a custom reply's form: its values by data-model key. */
  z.object({
    event: z.literal("CUSTOM_REPLY_FORM"),
    chatID: idSchema,
    clientMessageID: clientMessageIdSchema,
    actionID: graphIdSchema,
    values: z.record(z.string().max(40), z.string().trim().max(CUSTOM_REPLY_FORM_VALUE_MAX)),
  }),
]);
export type VisitorEvent = z.infer<typeof visitorEventSchema>;
/** RAISE_TICKET answers the confirmation; the others the stored event message. */
export type AddEventAck = { message: VisitorMessage; ticket: TicketConfirmation | null };

/** restart-chat: the visitor leaves the chat (it is completed); the next question starts a new one. */
export const restartChatSchema = z.object({ chatID: idSchema });
/** reset-answer: stop the answer being written for this chat (the visitor navigated away or cancelled). */
export const resetAnswerSchema = z.object({ chatID: idSchema });
/** continue-chat: reopen a completed chat to ask more in it. */
export const continueChatSchema = z.object({ chatID: idSchema });
/** send-ai-chat-history: mail the transcript to the visitor's address. */
export const sendChatHistorySchema = z.object({ chatID: idSchema, email: z.email() });
/** typing: the visitor is typing (shown to staff). */
export const visitorTypingSchema = z.object({ chatID: idSchema, isTyping: z.boolean() });

export type VisitorClientEvents = {
  "join-chat-room": (payload: z.input<typeof joinChatRoomSchema>, ack: (result: Ack<VisitorChat>) => void) => void;
  "ask-question": (payload: z.input<typeof askQuestionSchema>, ack: (result: Ack<AskQuestionAck>) => void) => void;
  "add-event": (payload: z.input<typeof visitorEventSchema>, ack: (result: Ack<AddEventAck>) => void) => void;
  "restart-chat": (payload: z.input<typeof restartChatSchema>, ack: (result: Ack<null>) => void) => void;
  "reset-answer": (payload: z.input<typeof resetAnswerSchema>, ack: (result: Ack<null>) => void) => void;
  "continue-chat": (payload: z.input<typeof continueChatSchema>, ack: (result: Ack<VisitorChat>) => void) => void;
  "send-ai-chat-history": (payload: z.input<typeof sendChatHistorySchema>, ack: (result: Ack<null>) => void) => void;
  typing: (payload: z.input<typeof visitorTypingSchema>) => void;
};

// ── /visitor: server → client ───────────────────────────────────────────────────────────────

export type AnswerPhase = "understanding" | "writing";

export type VisitorServerEvents = {
  /** A stored message of a joined chat: the visitor's own (echo to other tabs), the AI's, an agent's, a system event. */
  "chat-message": (payload: { chatID: string; message: VisitorMessage }) => void;
  /** "Understanding question" then "Writing a response". */
  "answer-phase": (payload: { chatID: string; questionID: string; phase: AnswerPhase }) => void;
  /** Streamed answer text; append in order. */
  "answer-chunk": (payload: { chatID: string; questionID: string; text: string }) => void;
  /** The final answer differs from what streamed: show this text instead. */
  "answer-replace": (payload: { chatID: string; questionID: string; text: string }) => void;
  /** A staff member is (or stopped) typing. */
  "agent-typing": (payload: { chatID: string; name: string; isTyping: boolean }) => void;
  /** Status changed (a person took over, handed back, resolved, ticket). */
  "chat-status": (payload: { chatID: string; status: "open" | "human" | "ticket"; resolved: boolean }) => void;
  /** Something failed after the ack (the answer could not be written): show the error screen. */
  "chat-error": (payload: { chatID: string | null; message: string }) => void;
  /** The shop switched the widget off: the chat is over, no answer follows, and the server closes the socket. */
  "widget-closed": (payload: { message: string }) => void;
};

// ── /staff ──────────────────────────────────────────────────────────────────────────────────

/** staff-typing: a staff member types in a chat's reply box (shown in the widget with their name). */
export const staffTypingSchema = z.object({ chatID: idSchema, isTyping: z.boolean() });

export type StaffClientEvents = {
  "staff-typing": (payload: z.input<typeof staffTypingSchema>) => void;
};

/** Everything the dashboard of one company hears; nothing of another company ever arrives. */
export type StaffServerEvents = {
  /** A chat was created or changed (new message, status, read state): its inbox row, and the unread count. */
  "chat-updated": (payload: { chat: InboxChat; unreadCount: number }) => void;
  /** A stored message of any chat of the company (staff view: notes included). */
  "chat-message": (payload: { chatID: string; message: ChatMessage }) => void;
  "chat-deleted": (payload: { chatID: string; unreadCount: number }) => void;
  /** The visitor is typing; cleared after VISITOR_TYPING_MS without news. */
  "visitor-typing": (payload: { chatID: string; isTyping: boolean }) => void;
  "agent-typing": (payload: { chatID: string; userID: string; name: string; isTyping: boolean }) => void;
};

export type { ChatMessage, InboxChat, TicketConfirmation, VisitorChat, VisitorMessage };
export { VISITOR_TYPING_MS };

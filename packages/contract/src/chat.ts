import { z } from "zod";
import { referenceSchema } from "./ai-agent";
import { idSchema } from "./common";
import { messageDataSchema } from "./message-data";

/** Inbox limits (spec part 1 §9). */
export const INBOX_PAGE_SIZE = 20;
export const CHAT_MESSAGES_WINDOW = 20;
export const CHAT_SUMMARY_CUT = 500;
export const DEFAULT_CUSTOMER_NAME = "Customer";
export const STAFF_REPLY_MAX = 5000;

/** Stored chat status: the AI handles it (`open`), a human does (`human`), or a ticket was raised. */
export const chatStatusSchema = z.enum(["open", "human", "ticket"]);
export type ChatStatus = z.infer<typeof chatStatusSchema>;

/** The inbox menu's status filter (spec part 1 §2): handoff = a human or a ticket has it. */
export const inboxStatusFilterSchema = z.enum(["open", "resolved", "handoff", "flagged"]);
export type InboxStatusFilter = z.infer<typeof inboxStatusFilterSchema>;

export const messageTypeSchema = z.enum([
  "question",
  "answer",
  "answer_bubbles",
  "form",
  "integration_event",
  "widget_event",
  "email_trigger",
  "auth_event",
  "condition",
  /** A staff member's reply (human takeover) and a staff-only note: beyond the spec. */
  "agent_reply",
  "internal_note",
]);
export type MessageType = z.infer<typeof messageTypeSchema>;

export const senderRoleSchema = z.enum(["customer", "ai", "agent", "system"]);

export const chatMessageSchema = z.object({
  _id: idSchema,
  message: z.string(),
  messageType: messageTypeSchema,
  senderRole: senderRoleSchema,
  /** ISO 8601. */
  timestamp: z.string(),
  eventType: z.string().nullable(),
  /** What the message carries beside its text, by kind (message-data.ts), as readMessageData reads the stored row. */
  messageData: messageDataSchema,
  references: z.array(referenceSchema),
  /** Staff replies and notes: who wrote them. */
  senderName: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const customerSchema = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  number: z.object({ countryCallingCode: z.string(), number: z.string() }).nullable(),
  location: z.string().nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

export const aiAnalysisEntrySchema = z.object({
  _id: idSchema,
  shortenedCustomerMessage: z.string(),
  questionCategory: z.string().nullable(),
  selectedIntent: z.string().nullable(),
});
export type AiAnalysisEntry = z.infer<typeof aiAnalysisEntrySchema>;

/** One row of the inbox list. */
export const inboxChatSchema = z.object({
  _id: idSchema,
  chatID: idSchema,
  ticketID: z.string(),
  resolved: z.boolean(),
  status: chatStatusSchema,
  isFlagged: z.boolean(),
  chatRead: z.boolean(),
  /** The visitor ended the chat in the widget (Yes, thank you / restart); resolving is staff's. */
  isEnded: z.boolean(),
  createdAt: z.string(),
  lastMessageAt: z.string(),
  customer: customerSchema,
  /** The latest message's text, cut for the list. */
  lastMessage: z.string(),
});
export type InboxChat = z.infer<typeof inboxChatSchema>;

export const inboxLanguageFilterSchema = z.enum(["en", "nl", "he", "other"]);
export type InboxLanguageFilter = z.infer<typeof inboxLanguageFilterSchema>;
/** A calendar day; a day that does not exist (30 February) is refused, not read by the database. */
const inboxDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Dates are YYYY-MM-DD")
  .refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    { message: "Not a calendar date" },
  );

export const inboxRequestSchema = z.object({
  pageNumber: z.number().int().min(1).max(100_000).default(1),
  category: z.string().trim().max(200).optional(),
  status: inboxStatusFilterSchema.optional(),
  customReply: z.string().trim().max(200).optional(),
  unreadChats: z.boolean().default(false),
  /**
   * Not in the spec (issue 18 item 6): analytics figures open the inbox on their chats, those in a
   * visitor language ("other": none of en, nl, he) started from `createdFrom` to `createdTo`,
   * calendar days of the company's reporting time zone, both included.
   */
  language: inboxLanguageFilterSchema.optional(),
  createdFrom: inboxDaySchema.optional(),
  createdTo: inboxDaySchema.optional(),
});
export type InboxRequest = z.input<typeof inboxRequestSchema>;

export const inboxResponseSchema = z.object({
  inbox: z.array(inboxChatSchema),
  totalCount: z.number().int(),
  /** Unread chats of the whole workspace, whatever the filter. */
  unreadCount: z.number().int(),
});
export type InboxResponse = z.infer<typeof inboxResponseSchema>;

export const inboxCategoriesSchema = z.object({
  aiCategories: z.array(z.object({ title: z.string() })),
  customReplies: z.array(z.object({ _id: idSchema, name: z.string() })),
  suggestedQuestions: z.array(z.object({ _id: idSchema, question: z.string() })),
});
export type InboxCategories = z.infer<typeof inboxCategoriesSchema>;

/**
 * POST /api/chat/: one chat by id, or by ticket ID; `before` pages older messages (scroll up).
 * Opening a chat marks it read (spec part 1 §2); reading it again while it is open (a refetch,
 * older messages) sends `isOpening: false` and leaves it as it is, so Mark as unread sticks.
 */
export const getChatRequestSchema = z
  .object({
    chatID: idSchema.optional(),
    ticketID: z.string().trim().min(1).max(40).optional(),
    before: idSchema.optional(),
    isOpening: z.boolean().optional(),
  })
  .refine((request) => Boolean(request.chatID) !== Boolean(request.ticketID), {
    message: "Send either chatID or ticketID",
  });
export type GetChatRequest = z.infer<typeof getChatRequestSchema>;

export const chatSchema = inboxChatSchema.extend({
  /** The newest CHAT_MESSAGES_WINDOW messages (or those before `before`), oldest first. */
  messages: z.array(chatMessageSchema),
  hasOlderMessages: z.boolean(),
  /** The company's own hosts: only addresses on these are links in an answer (answer-links.ts, decision 030). */
  linkHosts: z.array(z.string()),
  analysis: z.object({ summary: z.string() }),
  aiAnalysis: z.array(aiAnalysisEntrySchema),
  workflows: z.object({
    preChat: z.object({
      isCompleted: z.boolean(),
      fields: z.array(z.object({ key: z.string(), title: z.string(), value: z.string() })),
    }),
  }),
});
export type Chat = z.infer<typeof chatSchema>;

export const chatIdRequestSchema = z.object({ chatID: idSchema });
export const toggleFlagRequestSchema = z.object({ chatID: idSchema, isFlagged: z.boolean() });
export const toggleResolutionRequestSchema = z.object({ chatID: idSchema, resolved: z.boolean() });
/** The ticket toggle (path not in the spec: POST /api/chat/chat/toggle-ticket): ticket ↔ human. */
export const toggleTicketRequestSchema = z.object({ chatID: idSchema, status: z.enum(["ticket", "human"]) });

/** What chat actions answer: the chat's row as the list shows it, and the workspace's unread count. */
export const chatActionResponseSchema = z.object({ chat: inboxChatSchema, unreadCount: z.number().int() });
export type ChatActionResponse = z.infer<typeof chatActionResponseSchema>;

/**
 * POST /api/chat/shopify/get-customer: the chat's customer, looked up in the connected shop by the
 * e-mail address stored on the chat (the spec's `customer` is accepted and not trusted: the
 * server reads the chat of the session's company).
 */
export const shopifyCustomerRequestSchema = z.object({
  chatID: idSchema,
  customer: customerSchema.partial().optional(),
});
/**
 * `found` with the shop's customer id and the link to them in the shop admin; otherwise why not
 * (no shop connected, no e-mail on the chat, no such customer) — each an answer, not an error.
 */
export const shopifyCustomerResponseSchema = z.object({
  status: z.enum(["found", "not_found", "no_email", "not_connected"]),
  id: z.string().nullable(),
  name: z.string().nullable(),
  adminURL: z.string().nullable(),
});
export type ShopifyCustomerResponse = z.infer<typeof shopifyCustomerResponseSchema>;

/**
 * Human takeover (beyond the spec; paths chosen in its style): a reply takes the chat over
 * (status human, the AI stays silent) and reaches the widget; a note is for staff only.
 * `clientMessageID` makes a retried send store once.
 */
export const staffMessageRequestSchema = z.object({
  chatID: idSchema,
  clientMessageID: z.string().trim().min(8).max(64),
  message: z
    .string()
    .trim()
    .min(1, "Write a message")
    .max(STAFF_REPLY_MAX, `A message can be at most ${STAFF_REPLY_MAX} characters`),
});
export type StaffMessageRequest = z.infer<typeof staffMessageRequestSchema>;
/** POST /api/chat/chat/reply and /api/chat/chat/note answer the stored message and the chat's row. */
export const staffMessageResponseSchema = z.object({
  message: chatMessageSchema,
  chat: inboxChatSchema,
  unreadCount: z.number().int(),
});
export type StaffMessageResponse = z.infer<typeof staffMessageResponseSchema>;
/** POST /api/chat/chat/take-over (status human) and /api/chat/chat/hand-back (status open: the AI answers again). */
export const takeoverRequestSchema = chatIdRequestSchema;

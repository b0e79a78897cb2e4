import { z } from "zod";
import { answerOutcomeSchema, visitorLanguageSchema } from "./ai-agent";
import type { MessageType } from "./chat";
import { orderCardSchema as lookedUpOrderSchema, orderActionSchema } from "./orders";
import { QUICK_REPLIES, type TurnRecord, turnOf } from "./turn";

/*
 * A stored message's `messageData`: the one shape of what a message carries beside its text
 * (spec part 1 §3), written by the server and shown by the inbox and the widget. Each part is
 * optional; which parts a message may carry depends on its kind (`messageDataOfKindSchema`,
 * what the server's writers are typed with). Stored rows are read with `readMessageData`, which
 * keeps what is readable and drops a part in an older or broken shape (decision 034), so what the
 * API and the realtime channels send is always this shape. The widget imports the types only.
 */

/*
 * No transforms here: the server's response serializer encodes with these schemas, which a
 * one-way transform refuses. What an older row needs to fit is done by readMessageData.
 */
const text = z.string().nullish();

/**
 * POST /api/widget/upload answers one of these; a visitor's question stores the files it carries
 * (`attachments`).
 */
export const visitorAttachmentSchema = z.object({
  url: z.string().max(500),
  name: z.string().max(200),
  contentType: z.string().max(120),
  byteSize: z.number().int().min(0),
});
export type VisitorAttachment = z.infer<typeof visitorAttachmentSchema>;

/** Answer-bubble choices (spec part 1 §3): each sends its words as the visitor's reply. */
export const answerBubblesSchema = z.object({
  bubbles: z.array(z.object({ message: z.string(), value: text })),
});

export const formValueSchema = z.union([z.string(), z.number(), z.boolean()]).nullish();
export type FormValue = z.infer<typeof formValueSchema>;

/**
 * A form sent in the chat: its fields, or (the widget's pre-chat and ticket forms) only the values
 * the visitor sent, by key.
 */
export const messageFormSchema = z.object({
  title: text,
  description: text,
  fields: z
    .array(
      z.object({
        key: z.string(),
        title: z.string(),
        fieldType: text,
        required: z.boolean().nullish(),
        /** The earliest date a date field takes; its shape is not pinned down, so only a date text is used. */
        minDates: z.unknown().optional(),
      }),
    )
    .nullish(),
  values: z.record(z.string(), formValueSchema).nullish(),
});
export type MessageForm = z.infer<typeof messageFormSchema>;

/** The values a visitor sent with a form (spec part 1 §3: dataModel, fields with key). */
export const dataModelSchema = z.object({
  fields: z.array(z.object({ key: z.string(), value: formValueSchema })),
});
export type DataModel = z.infer<typeof dataModelSchema>;

/** A link to the shop's customer portal, where the customer manages orders and subscriptions. */
export const customerPortalSchema = z.object({ url: z.string(), title: text, description: text });
export type CustomerPortal = z.infer<typeof customerPortalSchema>;

export const orderItemSchema = z.object({ title: z.string(), variantTitle: text, imageSrc: text });
export type OrderItem = z.infer<typeof orderItemSchema>;

export const fulfillmentSchema = z.object({
  status: text,
  shipmentStatus: text,
  updatedAt: text,
  company: text,
  trackingNumber: text,
  trackingURL: text,
  items: z.array(orderItemSchema).nullish(),
});
export type Fulfillment = z.infer<typeof fulfillmentSchema>;

/** An order the AI looked up (`responseFields.order`, spec part 1 §3). */
export const orderCardSchema = z.object({
  order: z.object({ name: z.string(), createdAt: text, financialStatus: text }),
  customer: z.object({ name: text, email: text }).nullish(),
  fulfillments: z.array(fulfillmentSchema).nullish(),
  processingItems: z.array(orderItemSchema).nullish(),
  refunds: z.array(z.object({ products: z.array(orderItemSchema).nullish() })).nullish(),
});
export type OrderCard = z.infer<typeof orderCardSchema>;

/** One of the visitor's subscriptions as Recharge names its fields (`rechargeData.subscriptions`). */
export const subscriptionSchema = z.object({
  product_title: z.string(),
  variant_title: text,
  image_src: text,
  quantity: z.number(),
  price: z.union([z.string(), z.number()]),
  presentment_currency: z.string(),
  next_charge_scheduled_at: text,
  order_interval_frequency: z.union([z.string(), z.number()]),
  order_interval_unit: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/**
 * A chat handed off to a help desk (issue #17 item 7): the ticket made there for it, or why none
 * was (staff only: a help desk's agent link means nothing to the visitor).
 */
export const handoffTicketSchema = z.object({
  app: z.enum(["zendesk", "gorgias"]),
  /** `created`, `failed` (the help desk refused or could not be reached) or `skipped` (nothing to file it under). */
  status: z.enum(["created", "failed", "skipped"]),
  /** The help desk's ticket number. */
  ticketID: text,
  /** The ticket in the help desk's agent view. */
  url: text,
  /** The status the ticket was made with (the handoff settings' chat-history ticket status). */
  ticketStatus: text,
  /** Why it failed or was skipped, for staff. */
  reason: text,
});
export type HandoffTicket = z.infer<typeof handoffTicketSchema>;

/** `turn` on an AI reply: checked by turn.ts's reader, the one rule for it (readMessageData also fills in what an older row lacks). */
const turnSchema = z.custom<TurnRecord>((value) => turnOf({ turn: value }) !== null, { message: "Not a turn record" });

/** Every part a message can carry. */
export const messageDataSchema = z.object({
  // A visitor's question.
  attachments: z.array(visitorAttachmentSchema).optional(),
  /** The button under an offer the visitor pressed ("Yes, connect me"). */
  quickReply: z.enum(QUICK_REPLIES).optional(),
  /** The visitor stopped the answer to this question; it is not answered again on reconnect. */
  answerStopped: z.boolean().optional(),

  // An AI answer.
  /** The question this answers. */
  questionID: z.string().optional(),
  /** Why the engine answered as it did (staff only). */
  outcome: answerOutcomeSchema.optional(),
  language: visitorLanguageSchema.optional(),
  /** What the AI understood and did (turn.ts): the widget chooses the resolve question and offer buttons by it. */
  turn: turnSchema.optional(),
  /** The answer quotes help text in this language, not the visitor's ("en"). */
  quotedLanguage: z.string().optional(),
  /** The AI analysis entry of this answer (staff only). */
  analysisID: z.string().optional(),
  /** The custom reply that sent this message (the inbox's custom-reply filter reads it in SQL). */
  customReplyID: z.string().optional(),
  /**
   * Which action of the custom reply the message is (sent, or the visitor's answer to it): the
   * widget answers a bubble or form by it, and knows it answered when its answer follows.
   */
  customReplyStep: z.object({ nodeID: z.string(), actionID: z.string() }).optional(),
  /** A file a custom reply sends (message_file). */
  file: z.object({ url: z.string(), contentType: z.string() }).optional(),
  answerBubbles: answerBubblesSchema.optional(),
  customerPortal: customerPortalSchema.optional(),
  /** An order the AI looked up. */
  responseFields: z.object({ order: orderCardSchema }).optional(),
  rechargeData: z.object({ subscriptions: z.array(subscriptionSchema) }).optional(),
  /** An order the AI looked up in the shop and proved the visitor's (orders.ts). */
  order: lookedUpOrderSchema.optional(),

  // A form the AI sent, or one the visitor filled in.
  form: messageFormSchema.optional(),
  dataModel: dataModelSchema.optional(),

  // Events.
  widgetEvent: z
    .object({
      event: z.enum(["end_chat", "handoff"]),
      /** A custom reply's handoff: where to (WhatsApp with its number, or the Zendesk team). */
      appType: z.enum(["whatsapp", "zendesk-classic"]).optional(),
      number: z.string().optional(),
    })
    .optional(),
  /** What a visitor asked of their order through the widget (a cancellation request), for staff to review. */
  orderAction: orderActionSchema.optional(),
  handoffTicket: handoffTicketSchema.optional(),
  /** The stars of a FEEDBACK event. */
  rating: z.number().int().min(1).max(5).optional(),
  integrationEvent: z.looseObject({ event: z.string(), appType: z.string().optional() }).optional(),
  emailTrigger: z.looseObject({ event: z.string(), to: z.string().optional() }).optional(),
  authEvent: z.looseObject({ event: z.string(), method: z.string().optional() }).optional(),
  condition: z
    .looseObject({ field: z.string(), operator: z.string(), value: z.unknown(), result: z.boolean() })
    .optional(),

  // Staff replies and notes.
  senderName: z.string().optional(),
  /** Who wrote it (staff only; the visitor sees the name). */
  senderUserID: z.string().optional(),
});
export type MessageData = z.output<typeof messageDataSchema>;
type MessagePart = keyof MessageData;

/** A kind of message with the parts it may carry (each strict: a part of another kind is refused). */
const kind = <K extends MessageType, P extends Partial<Record<MessagePart, true>>>(messageType: K, parts: P) =>
  z.object({
    messageType: z.literal(messageType),
    messageData: messageDataSchema
      .pick(parts as P & Record<Exclude<keyof P, MessagePart>, never>)
      .strict()
      .optional(),
  });

/**
 * A message as the server writes it: its kind, and only the parts that kind carries (an answer
 * with a form's values, or a question with an order card, is refused).
 */
export const messageDataOfKindSchema = z.discriminatedUnion("messageType", [
  // A visitor's question, or their answer to a custom reply's bubbles (customReplyStep names which).
  kind("question", {
    attachments: true,
    quickReply: true,
    answerStopped: true,
    customReplyID: true,
    customReplyStep: true,
    dataModel: true,
  }),
  kind("answer", {
    questionID: true,
    outcome: true,
    language: true,
    turn: true,
    quotedLanguage: true,
    analysisID: true,
    customReplyID: true,
    customReplyStep: true,
    file: true,
    customerPortal: true,
    responseFields: true,
    rechargeData: true,
    order: true,
  }),
  kind("answer_bubbles", { questionID: true, customReplyID: true, customReplyStep: true, answerBubbles: true }),
  kind("form", { form: true, dataModel: true, customReplyID: true, customReplyStep: true }),
  kind("integration_event", { integrationEvent: true, responseFields: true, rechargeData: true, order: true }),
  kind("widget_event", {
    widgetEvent: true,
    rating: true,
    orderAction: true,
    handoffTicket: true,
    customReplyID: true,
    customReplyStep: true,
  }),
  kind("email_trigger", { emailTrigger: true, customReplyID: true, customReplyStep: true }),
  kind("auth_event", { authEvent: true }),
  kind("condition", { condition: true, customReplyID: true, customReplyStep: true }),
  kind("agent_reply", { senderName: true, senderUserID: true, customReplyID: true }),
  kind("internal_note", { senderName: true, senderUserID: true }),
]);
type MessageOfKind = z.input<typeof messageDataOfKindSchema>;
/** What a writer of a message of kind K may put in its messageData. */
export type MessageDataOf<K extends MessageType> = NonNullable<
  Extract<MessageOfKind, { messageType: K }>["messageData"]
>;
// Every kind of message has its list of parts (this fails to compile when a kind is added without one).
const everyKindHasParts: Exclude<MessageType, MessageOfKind["messageType"]> extends never ? true : never = true;
void everyKindHasParts;

/** A message's kind with its data, as writers pass them: `{ messageType: "form", messageData: { form } }`. */
export type MessageWithData = { [K in MessageType]: { messageType: K; messageData?: MessageDataOf<K> } }[MessageType];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The items of a list that are readable: one broken subscription does not hide the others. */
function readableItems<T>(schema: z.ZodType<T>, value: unknown): T[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const read = schema.safeParse(item);
    return read.success ? [read.data] : [];
  });
}

/**
 * Parts read by a rule of their own: a list keeps its readable items when some are not (one broken
 * subscription does not hide the others); a turn from an older version gets what it lacks.
 */
const PART_READERS: Partial<Record<MessagePart, (value: unknown) => unknown>> = {
  attachments: (value) => {
    const files = readableItems(visitorAttachmentSchema, value);
    return files.length > 0 ? files : undefined;
  },
  rechargeData: (value) => {
    const subscriptions = readableItems(subscriptionSchema, isRecord(value) ? value.subscriptions : null);
    return subscriptions.length > 0 ? { subscriptions } : undefined;
  },
  turn: (value) => turnOf({ turn: value }) ?? undefined,
};

const PARTS = Object.keys(messageDataSchema.shape) as MessagePart[];

/**
 * A stored message's data, as this version reads it. Rows are never migrated: a row written by an
 * older version, or by hand, may hold a part in another shape. Each part is read on its own; one
 * that does not fit is left out (a list keeps its readable items), unknown keys are dropped, and a
 * row that is not an object reads as no parts. The result always fits `messageDataSchema`.
 */
export function readMessageData(stored: unknown): MessageData {
  if (!isRecord(stored)) return {};
  const data: Record<string, unknown> = {};
  for (const part of PARTS) {
    const value = stored[part];
    if (value === undefined || value === null) continue;
    const readPart = PART_READERS[part];
    if (readPart) {
      const read = readPart(value);
      if (read !== undefined) data[part] = read;
      continue;
    }
    const read = (messageDataSchema.shape[part] as z.ZodType).safeParse(value);
    if (read.success) data[part] = read.data;
  }
  return data as MessageData;
}

/** The parts that stay on the server: the engine's bookkeeping, which staff user wrote a reply, help-desk tickets. */
const STAFF_ONLY_PARTS = ["outcome", "analysisID", "senderUserID", "handoffTicket"] as const;

/** A message's data as the visitor receives it (the staff-only parts taken out). */
export const visitorMessageDataSchema = messageDataSchema.omit({
  outcome: true,
  analysisID: true,
  senderUserID: true,
  handoffTicket: true,
});
export type VisitorMessageData = z.output<typeof visitorMessageDataSchema>;

export function visitorMessageDataOf(data: MessageData): VisitorMessageData {
  const visible: Record<string, unknown> = { ...data };
  for (const part of STAFF_ONLY_PARTS) delete visible[part];
  return visible as VisitorMessageData;
}

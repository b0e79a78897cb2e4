import type { MessageForm, VisitorMessageData } from "@harbor/contract/message-data";

/*
 * What the widget shows of a message's data. The shape is the contract's (message-data.ts; only
 * its types are imported, the visitor's download has no room for zod): the server reads each
 * stored row with readMessageData before sending it, so a part in an older or broken shape never
 * arrives here.
 */

export type FormField = Pick<NonNullable<MessageForm["fields"]>[number], "key" | "title"> & {
  /** A custom reply's form may leave a field optional; the pre-chat form's are all required. */
  isOptional?: boolean;
};

const shownValue = (value: unknown): string | null =>
  typeof value === "number" ? String(value) : typeof value === "string" && value.trim() ? value : null;

/** The parts of one message the widget shows, with empty lists where a part is absent. */
export function shownParts(data: VisitorMessageData) {
  const { form } = data;
  return {
    /** Answer-bubble choices: each sends its words as the visitor's reply. */
    choices: (data.answerBubbles?.bubbles ?? []).flatMap((bubble) => (bubble.message.trim() ? [bubble.message] : [])),
    form: form && {
      title: form.title ?? null,
      description: form.description ?? null,
      fields: (form.fields ?? []).map(
        ({ key, title, required }): FormField => ({ key, title, ...(required === false ? { isOptional: true } : {}) }),
      ),
      /** What the visitor sent (pre-chat details, a ticket request), by field key. */
      values: Object.entries(form.values ?? {}).flatMap(([key, value]): [string, string][] => {
        const shown = shownValue(value);
        return shown ? [[key, shown]] : [];
      }),
    },
    // An AI answer carries its looked-up order in `order`; custom replies in `responseFields.order`.
    order: data.order ?? data.responseFields?.order ?? null,
    subscriptions: data.rechargeData?.subscriptions ?? [],
    attachments: data.attachments ?? [],
    /** Answer bubbles with the value each sends (a custom reply's step answers by value). */
    bubbles: (data.answerBubbles?.bubbles ?? []).flatMap((bubble) =>
      bubble.message.trim() ? [{ message: bubble.message, value: bubble.value ?? bubble.message }] : [],
    ),
    /** The custom reply's action this message is: its bubbles and form answer through add-event. */
    step: data.customReplyStep ?? null,
    /** A file a custom reply sent. */
    file: data.file ?? null,
    /** A custom reply's end of chat or handoff (WhatsApp with its number, or the team). */
    widgetEvent: data.widgetEvent ?? null,
    /** The stars of a FEEDBACK event. */
    rating: data.rating ?? null,
    /** An answer that quotes help text in another language than the visitor's says which ("en"). */
    quotedLanguage: data.quotedLanguage ?? null,
  };
}

export type VisitorEventType =
  | "IS_RESOLVED"
  | "NEED_HELP"
  | "FEEDBACK"
  | "PRE_CHAT_FORM"
  | "RAISE_TICKET"
  | "ORDER_CANCELLATION_REQUESTED"
  | "SUBSCRIPTION_CHANGED"
  | "ORDER_ADDRESS_CHANGED"
  | "ORDER_ISSUE_REPORTED";

/**
 * Which of the visitor's actions a stored message records. The server names it in `eventType`;
 * where that is missing (the server stored events without it at one time) it is read from what
 * the event stored with the message, so the chat still shows and continues right.
 */
export function visitorEventOf(message: {
  senderRole: string;
  eventType: string | null;
  messageData: VisitorMessageData;
}) {
  if (message.senderRole !== "customer") return null;
  if (message.eventType) return message.eventType as VisitorEventType;
  const data = message.messageData;
  if (data.widgetEvent?.event === "end_chat") return "IS_RESOLVED";
  if (data.widgetEvent?.event === "handoff") return "NEED_HELP";
  if (typeof data.rating === "number") return "FEEDBACK";
  if (data.form) return data.form.values && "message" in data.form.values ? "RAISE_TICKET" : "PRE_CHAT_FORM";
  return null;
}

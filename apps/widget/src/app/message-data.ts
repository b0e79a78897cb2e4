import type { VisitorAttachment } from "@harbor/contract/widget";

/*
 * A message's messageData is untyped in the contract (one bag per message type; spec part 1 §3).
 * These read the parts the widget shows, by hand rather than with zod (the visitor's download has
 * no room for it): a part in an unknown shape is left out instead of breaking the chat.
 */

type Data = Record<string, unknown>;

const isData = (value: unknown): value is Data => typeof value === "object" && value !== null && !Array.isArray(value);
const list = (value: unknown): Data[] => (Array.isArray(value) ? value.filter(isData) : []);
const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value : null);
const textOrNumber = (value: unknown): string | null => (typeof value === "number" ? String(value) : text(value));

export type OrderItem = { title: string; variant: string | null; image: string | null };
export type Fulfillment = {
  status: string | null;
  shipmentStatus: string | null;
  company: string | null;
  trackingNumber: string | null;
  trackingURL: string | null;
  items: OrderItem[];
};
export type OrderCard = {
  name: string;
  createdAt: string | null;
  financialStatus: string | null;
  fulfillments: Fulfillment[];
  processingItems: OrderItem[];
  refundedItems: OrderItem[];
};
export type Subscription = {
  title: string;
  variant: string | null;
  image: string | null;
  quantity: number;
  price: string;
  currency: string;
  nextCharge: string | null;
  frequency: number;
  unit: string;
};
export type FormField = { key: string; title: string };

const items = (value: unknown): OrderItem[] =>
  list(value).flatMap((item) => {
    const title = text(item.title);
    return title ? [{ title, variant: text(item.variantTitle), image: text(item.imageSrc) }] : [];
  });

function readOrder(value: unknown): OrderCard | null {
  if (!isData(value) || !isData(value.order)) return null;
  const name = textOrNumber(value.order.name);
  if (!name) return null;
  return {
    name,
    createdAt: text(value.order.createdAt),
    financialStatus: text(value.order.financialStatus),
    fulfillments: list(value.fulfillments).map((fulfillment) => ({
      status: text(fulfillment.status),
      shipmentStatus: text(fulfillment.shipmentStatus),
      company: text(fulfillment.company),
      trackingNumber: textOrNumber(fulfillment.trackingNumber),
      trackingURL: text(fulfillment.trackingURL),
      items: items(fulfillment.items),
    })),
    processingItems: items(value.processingItems),
    refundedItems: list(value.refunds).flatMap((refund) => items(refund.products)),
  };
}

function readSubscriptions(value: unknown): Subscription[] {
  return list(isData(value) ? value.subscriptions : null).flatMap((item) => {
    const title = text(item.product_title);
    const price = textOrNumber(item.price);
    const currency = text(item.presentment_currency);
    const frequency = Number(item.order_interval_frequency);
    const unit = text(item.order_interval_unit);
    if (!title || !price || !currency || !unit || !(frequency > 0)) return [];
    return [
      {
        title,
        variant: text(item.variant_title),
        image: text(item.image_src),
        quantity: Number(item.quantity) || 1,
        price,
        currency,
        nextCharge: text(item.next_charge_scheduled_at),
        frequency,
        unit,
      },
    ];
  });
}

/** The parts of one message the widget shows; absent or unreadable parts are empty. */
export function readMessageData(data: Data) {
  const form = isData(data.form) ? data.form : null;
  return {
    /** Answer-bubble choices: each sends its words as the visitor's reply. */
    choices: list(isData(data.answerBubbles) ? data.answerBubbles.bubbles : null).flatMap((bubble) => {
      const message = text(bubble.message);
      return message ? [message] : [];
    }),
    form: form && {
      title: text(form.title),
      description: text(form.description),
      fields: list(form.fields).flatMap((field): FormField[] => {
        const key = text(field.key);
        const title = text(field.title);
        return key && title ? [{ key, title }] : [];
      }),
      /** What the visitor sent (pre-chat details, a ticket request), by field key. */
      values: Object.entries(isData(form.values) ? form.values : {}).flatMap(([key, value]): [string, string][] => {
        const shown = textOrNumber(value);
        return shown ? [[key, shown]] : [];
      }),
    },
    // An AI answer carries its looked-up order in `order`; custom replies in `responseFields.order`.
    order: readOrder(data.order ?? (isData(data.responseFields) ? data.responseFields.order : null)),
    subscriptions: readSubscriptions(data.rechargeData),
    attachments: list(data.attachments).flatMap((file): VisitorAttachment[] => {
      const url = text(file.url);
      return url ? [{ url, name: text(file.name) ?? url, contentType: text(file.contentType) ?? "", byteSize: 0 }] : [];
    }),
    /** The stars of a FEEDBACK event. */
    rating: typeof data.rating === "number" ? data.rating : null,
    /** An answer that quotes help text in another language than the visitor's says which ("en"). */
    quotedLanguage: text(data.quotedLanguage),
  };
}

export type MessageData = ReturnType<typeof readMessageData>;

export type VisitorEventType = "IS_RESOLVED" | "NEED_HELP" | "FEEDBACK" | "PRE_CHAT_FORM" | "RAISE_TICKET";

/**
 * Which of the visitor's actions a stored message records. The server names it in `eventType`;
 * where that is missing (the server stores events without it at the time of writing) it is read
 * from what the event stored with the message, so the chat still shows and continues right.
 */
export function visitorEventOf(message: { senderRole: string; eventType: string | null; messageData: Data }) {
  if (message.senderRole !== "customer") return null;
  if (message.eventType) return message.eventType as VisitorEventType;
  const data = message.messageData;
  const widgetEvent = isData(data.widgetEvent) ? data.widgetEvent.event : null;
  if (widgetEvent === "end_chat") return "IS_RESOLVED";
  if (widgetEvent === "handoff") return "NEED_HELP";
  if (typeof data.rating === "number") return "FEEDBACK";
  if (isData(data.form))
    return isData(data.form.values) && "message" in data.form.values ? "RAISE_TICKET" : "PRE_CHAT_FORM";
  return null;
}

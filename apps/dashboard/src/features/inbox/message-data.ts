import type { ChatMessage, MessageType } from "@harbor/contract/chat";
import { z } from "zod";

/*
 * messageData is untyped in the contract (one bag per message type). These are the shapes the
 * chat panel knows how to show (spec part 1 §3); each part is read on its own with safeParse, so a
 * part in an unknown shape is skipped rather than breaking the whole chat.
 */

/** Types that are events, not chat (spec part 1 §2, chat message rendering). */
export const HIDDEN_MESSAGE_TYPES: ReadonlySet<MessageType> = new Set([
  "widget_event",
  "integration_event",
  "email_trigger",
  "auth_event",
  "condition",
]);

export function isShownMessage(message: ChatMessage): boolean {
  // An order action (a visitor's cancellation request) is an event staff must see.
  return !HIDDEN_MESSAGE_TYPES.has(message.messageType) || message.messageData.orderAction !== undefined;
}

const text = z.string().nullish();

const answerBubblesSchema = z.object({
  bubbles: z.array(z.object({ message: z.string(), value: z.string().nullish() })),
});

const formValue = z.union([z.string(), z.number(), z.boolean()]).nullish();
export type FormValue = z.infer<typeof formValue>;

const formSchema = z.object({
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
  /** The values as the widget stores its pre-chat and ticket forms: by key, without field definitions. */
  values: z.record(z.string(), formValue).nullish(),
});

/** The values a visitor sent with a form (spec part 1 §3: dataModel, fields with key). */
const dataModelSchema = z.object({
  fields: z.array(z.object({ key: z.string(), value: formValue })),
});

/** A link to the shop's customer portal, where the customer manages orders and subscriptions. */
const customerPortalSchema = z.object({ url: z.string(), title: text, description: text });
export type CustomerPortal = z.infer<typeof customerPortalSchema>;

const orderItemSchema = z.object({ title: z.string(), variantTitle: text, imageSrc: text });
export type OrderItem = z.infer<typeof orderItemSchema>;

const fulfillmentSchema = z.object({
  status: text,
  shipmentStatus: text,
  updatedAt: text,
  company: text,
  trackingNumber: text,
  trackingURL: text,
  items: z.array(orderItemSchema).nullish(),
});
export type Fulfillment = z.infer<typeof fulfillmentSchema>;

const orderCardSchema = z.object({
  order: z.object({ name: z.string(), createdAt: text, financialStatus: text }),
  customer: z.object({ name: text, email: text }).nullish(),
  fulfillments: z.array(fulfillmentSchema).nullish(),
  processingItems: z.array(orderItemSchema).nullish(),
  refunds: z.array(z.object({ products: z.array(orderItemSchema).nullish() })).nullish(),
});
export type OrderCard = z.infer<typeof orderCardSchema>;

const subscriptionSchema = z.object({
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

function read<T>(schema: z.ZodType<T>, value: unknown): T | null {
  if (value === undefined || value === null) return null;
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
}

/** The parts of one message's data that the panel shows; absent or unknown parts are null. */
export function readMessageData(data: Record<string, unknown>) {
  const responseFields = read(z.object({ order: z.unknown() }), data.responseFields);
  const recharge = read(z.object({ subscriptions: z.array(z.unknown()) }), data.rechargeData);
  return {
    answerBubbles: read(answerBubblesSchema, data.answerBubbles),
    form: read(formSchema, data.form),
    dataModel: read(dataModelSchema, data.dataModel),
    customerPortal: read(customerPortalSchema, data.customerPortal),
    // An AI answer carries its looked-up order in `order`; custom replies in `responseFields.order`.
    order: read(orderCardSchema, data.order ?? responseFields?.order),
    // One broken subscription does not hide the others.
    subscriptions: (recharge?.subscriptions ?? []).flatMap((item) => {
      const subscription = read(subscriptionSchema, item);
      return subscription ? [subscription] : [];
    }),
  };
}

type MessageData = ReturnType<typeof readMessageData>;

export type FormEntry = {
  key: string;
  title: string;
  value: FormValue;
  fieldType: string | null;
  minDate: string | null;
};

const titleOfKey = (key: string) => {
  const words = key.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * A form's fields, each with the value sent for it. A form stored without field definitions (the
 * widget's pre-chat and ticket forms keep only `values`) lists those values under their keys.
 */
export function formEntries(form: NonNullable<MessageData["form"]>, dataModel: MessageData["dataModel"]): FormEntry[] {
  const values = new Map<string, FormValue>(Object.entries(form.values ?? {}));
  for (const field of dataModel?.fields ?? []) values.set(field.key, field.value);
  const fields = form.fields ?? [];
  if (fields.length === 0) {
    return [...values].map(([key, value]) => ({ key, title: titleOfKey(key), value, fieldType: null, minDate: null }));
  }
  return fields.map((field) => ({
    key: field.key,
    title: field.title,
    value: values.get(field.key) ?? null,
    fieldType: field.fieldType ?? null,
    minDate: typeof field.minDates === "string" ? field.minDates : null,
  }));
}

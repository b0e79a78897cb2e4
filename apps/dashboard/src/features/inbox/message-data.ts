import type { ChatMessage, MessageType } from "@harbor/contract/chat";
import type { DataModel, FormValue, MessageForm } from "@harbor/contract/message-data";

/*
 * How the chat panel shows a message's data (spec part 1 §3). The shape is the contract's
 * (message-data.ts); the server reads each stored row with its readMessageData, so a part in an
 * older or broken shape never arrives here.
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
  // An order action (a visitor's cancellation request) and a help-desk ticket are events staff
  // must see, and so is a custom reply's step (the branch it took, the mail it sent, how it
  // ended): the workflow reads.
  const data = message.messageData;
  return (
    !HIDDEN_MESSAGE_TYPES.has(message.messageType) ||
    data.orderAction !== undefined ||
    data.handoffTicket !== undefined ||
    isWorkflowStep(message)
  );
}

/** An event a custom reply stored (condition, email trigger, end of chat or handoff). */
export function isWorkflowStep(message: ChatMessage): boolean {
  return HIDDEN_MESSAGE_TYPES.has(message.messageType) && message.messageData.customReplyID !== undefined;
}

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
export function formEntries(form: MessageForm, dataModel: DataModel | undefined): FormEntry[] {
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

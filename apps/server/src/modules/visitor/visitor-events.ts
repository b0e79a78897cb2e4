import type { VisitorEvent } from "@harbor/contract/realtime";
import type { TicketConfirmation, VisitorChat, VisitorCustomer, VisitorMessage } from "@harbor/contract/widget";
import type { AgentSettings } from "../ai-agent/ai-agent.module";
import { type ChatsRepository, toVisitorMessage } from "../chats/chats.module";
import type { HandoffTrigger } from "./handoff-tickets.repository";
import type { VisitorRepository } from "./visitor.repository";
import type { VisitorAnswers } from "./visitor-answers";
import type { VisitorChatChanges } from "./visitor-chat-changes";
import type { VisitorCustomReplies } from "./visitor-custom-replies";
import type { VisitorMail } from "./visitor-mail.service";
import { toVisitorChat, type VisitorScope, type VisitorScopes } from "./visitor-scope";

/**
 * The visitor's actions on a chat besides asking: the five widget events (resolved, need help,
 * feedback, the pre-chat form, a ticket), leaving, stopping an answer, continuing an ended chat,
 * the customer's details and "Did this resolve your question?".
 */
export function createVisitorEvents(deps: {
  scopes: VisitorScopes;
  changes: VisitorChatChanges;
  answers: VisitorAnswers;
  customReplies: VisitorCustomReplies;
  mail: VisitorMail;
  visitors: VisitorRepository;
  chats: ChatsRepository;
  settingsFor(companyId: string): Promise<AgentSettings>;
  /** The chat was handed off: a help desk may get a ticket for it (handoff-tickets.ts). */
  handedOff(scope: VisitorScope, chatId: string, trigger: HandoffTrigger): Promise<void>;
  now: () => Date;
}) {
  const { changes, now } = deps;

  /**
   * The stored customer with the pre-chat form marked done and its answers kept as the form asked
   * them (title and value per field), so the inbox shows the card even after the form changes.
   */
  async function withPreChat(scope: VisitorScope, customer: Record<string, unknown>) {
    const form = (await deps.settingsFor(scope.companyId)).workflows.preChatForm;
    const answers = (customer.fields as Record<string, string> | undefined) ?? {};
    const answerFor = (key: string) => {
      const direct = customer[key];
      if (typeof direct === "string") return direct;
      if (key === "phone" || key === "number") {
        const number = customer.number as { countryCallingCode?: string; number?: string } | undefined;
        if (number?.number) return `${number.countryCallingCode ?? ""} ${number.number}`.trim();
      }
      return answers[key] ?? "";
    };
    const fields = form.fields
      .filter((field) => field.isActive)
      .map((field) => ({ key: field.key, title: field.title, value: answerFor(field.key) }))
      .filter((field) => field.value !== "");
    return { ...customer, preChatCompleted: true, preChat: { isCompleted: true, fields } };
  }

  return {
    /** The visitor's other actions; see visitorEventSchema. */
    async addEvent(
      scope: VisitorScope,
      event: VisitorEvent,
    ): Promise<{ message: VisitorMessage; ticket: TicketConfirmation | null }> {
      if (event.event === "CUSTOM_REPLY_ANSWER" || event.event === "CUSTOM_REPLY_FORM") {
        return { message: await deps.customReplies.answer(scope, event), ticket: null };
      }
      const chat = await deps.scopes.visitorChat(scope, event.chatID);
      const clientMessageId = event.clientMessageID;
      switch (event.event) {
        case "IS_RESOLVED": {
          const { row } = await changes.storeEvent(scope, chat, {
            clientMessageId,
            messageType: "widget_event",
            eventType: "IS_RESOLVED",
            message: "Yes, thank you",
            messageData: { widgetEvent: { event: "end_chat" } },
          });
          await changes.changeChat(scope, chat, { resolved: true, completedAt: chat.completedAt ?? now() });
          return { message: toVisitorMessage(row), ticket: null };
        }
        case "NEED_HELP": {
          const { row } = await changes.storeEvent(scope, chat, {
            clientMessageId,
            messageType: "widget_event",
            eventType: "NEED_HELP",
            message: "No, I need help",
            messageData: { widgetEvent: { event: "handoff" } },
          });
          // A person is asked for: the chat shows under Handoffs and the AI waits for them.
          if (chat.status === "open") await changes.changeChat(scope, chat, { status: "human", resolved: false });
          await deps.handedOff(scope, chat.id, "agent");
          return { message: toVisitorMessage(row), ticket: null };
        }
        case "FEEDBACK": {
          const { row } = await changes.storeEvent(scope, chat, {
            clientMessageId,
            messageType: "widget_event",
            eventType: "FEEDBACK",
            message: `${event.rating} / 5`,
            messageData: { rating: event.rating },
          });
          await changes.changeChat(scope, chat, { rating: event.rating });
          return { message: toVisitorMessage(row), ticket: null };
        }
        case "PRE_CHAT_FORM": {
          const customer = mergeCustomer(chat.customer, event.customer);
          const { row } = await changes.storeEvent(scope, chat, {
            clientMessageId,
            messageType: "form",
            eventType: "PRE_CHAT_FORM",
            message: "Customer details",
            messageData: { form: { title: "Customer details", values: formValues(event.customer) } },
          });
          await changes.changeChat(scope, chat, { customer: await withPreChat(scope, customer) });
          return { message: toVisitorMessage(row), ticket: null };
        }
        case "RAISE_TICKET": {
          const form = event.form;
          const { row, isNew } = await changes.storeEvent(scope, chat, {
            clientMessageId,
            messageType: "form",
            eventType: "RAISE_TICKET",
            message: form.message,
            messageData: {
              form: {
                title: "Ticket request",
                values: { name: form.name, email: form.email, number: form.number, message: form.message },
              },
            },
          });
          const updated = await changes.changeChat(scope, chat, {
            status: "ticket",
            resolved: false,
            customer: mergeCustomer(chat.customer, { name: form.name || undefined, email: form.email }),
          });
          const ticket: TicketConfirmation = {
            ticketID: updated.ticketId,
            summary: updated.summary || form.message,
            message: form.message,
            email: form.email,
          };
          // Mails go once, with the first copy of the request (a retried send repeats none).
          if (isNew) await deps.mail.sendTicketMails(scope, updated, ticket);
          await deps.handedOff(scope, chat.id, "ticket");
          return { message: toVisitorMessage(row), ticket };
        }
      }
    },

    /** The visitor leaves the chat: it is completed, and the next question starts a new one. */
    async restartChat(scope: VisitorScope, chatId: string) {
      const chat = await deps.scopes.visitorChat(scope, chatId);
      deps.answers.stop(chat.id);
      if (!chat.completedAt) await changes.changeChat(scope, chat, { completedAt: now() });
    },

    /** Stops the answer being written (its partial text is not stored). */
    async resetAnswer(scope: VisitorScope, chatId: string) {
      const chat = await deps.scopes.visitorChat(scope, chatId);
      deps.answers.stop(chat.id);
      await deps.visitors.markAnswerStopped(scope.companyId, chat.id);
    },

    /** Reopens a completed chat so the visitor can ask more in it. */
    async continueChat(scope: VisitorScope, chatId: string): Promise<VisitorChat> {
      let chat = await deps.scopes.visitorChat(scope, chatId);
      if (chat.completedAt) chat = await changes.changeChat(scope, chat, { completedAt: null, resolved: false });
      return toVisitorChat(chat, await deps.chats.messagesAfter(scope.companyId, chat.id));
    },

    /** POST /api/widget/save-customer: the pre-chat form's answers, merged into what is stored. */
    async saveCustomer(scope: VisitorScope, chatId: string, customer: VisitorCustomer) {
      const chat = await deps.scopes.visitorChat(scope, chatId);
      await changes.changeChat(scope, chat, {
        customer: await withPreChat(scope, mergeCustomer(chat.customer, customer)),
      });
      return null;
    },

    /** POST /api/widget/resolve-chat: "Did this resolve your question?" answered, with stars when given. */
    async resolveChat(scope: VisitorScope, chatId: string, resolved: boolean, rating?: number) {
      const chat = await deps.scopes.visitorChat(scope, chatId);
      await changes.changeChat(scope, chat, {
        resolved,
        ...(resolved ? { completedAt: chat.completedAt ?? now() } : {}),
        ...(rating !== undefined ? { rating } : {}),
      });
      return null;
    },
  };
}

/** Only fields the visitor filled in replace stored ones; the rest of the stored customer stays. */
function mergeCustomer(stored: Record<string, unknown>, customer: VisitorCustomer): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...stored };
  if (customer.name) merged.name = customer.name;
  if (customer.email) merged.email = customer.email;
  if (customer.number) merged.number = customer.number;
  if (customer.fields) merged.fields = { ...((stored.fields as Record<string, string>) ?? {}), ...customer.fields };
  return merged;
}

function formValues(customer: VisitorCustomer): Record<string, string> {
  const values: Record<string, string> = { ...(customer.fields ?? {}) };
  if (customer.name) values.name = customer.name;
  if (customer.email) values.email = customer.email;
  if (customer.number) values.number = `${customer.number.countryCallingCode} ${customer.number.number}`;
  return values;
}
export type VisitorEvents = ReturnType<typeof createVisitorEvents>;

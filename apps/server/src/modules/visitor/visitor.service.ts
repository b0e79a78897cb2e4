import type { VisitorLanguage } from "@harbor/contract/ai-agent";
import type { AnswerPhase, AskQuestion, VisitorEvent } from "@harbor/contract/realtime";
import type {
  TicketConfirmation,
  VisitorAttachment,
  VisitorChat,
  VisitorCustomer,
  VisitorMessage,
  WidgetGetResponse,
} from "@harbor/contract/widget";
import type { FastifyBaseLogger } from "fastify";
import { type AnswerPipeline, isHandledByPerson } from "../../ai/pipeline/answer-pipeline";
import type { StoredWidgetSettings } from "../../db/schema/widgets";
import { AppError } from "../../platform/errors";
import type { Mailer } from "../../platform/mailer";
import type { AgentSettings } from "../ai-agent/ai-agent.service";
import type { ChatEvents } from "../chats/chat-events";
import { isVisibleToVisitor, toChatMessage, toInboxChat, toVisitorMessage } from "../chats/chat-mappers";
import type { ChatMessageRow, ChatRow, ChatsRepository } from "../chats/chats.repository";
import type { InboxRepository } from "../chats/inbox.repository";
import type { WidgetRepository } from "../widget-settings/widget.repository";
import { toPublicWidget } from "./public-widget";
import type { VisitorRepository } from "./visitor.repository";
import { composeTicketMails, composeTranscriptMail } from "./visitor-mails";
import type { VisitorTokens } from "./visitor-tokens";

/** Who is asking: a visitor of one widget of one company (from the token the server issued). */
export type VisitorScope = {
  companyId: string;
  widgetId: string;
  visitorId: string;
  settings: StoredWidgetSettings;
};

/** Where answer progress goes: every tab the visitor has open on the chat (the /visitor room). */
export type VisitorBroadcast = {
  phase(chatID: string, payload: { questionID: string; phase: AnswerPhase }): void;
  chunk(chatID: string, payload: { questionID: string; text: string }): void;
  replace(chatID: string, payload: { questionID: string; text: string }): void;
  error(chatID: string, message: string): void;
};

export const widgetNotFound = () => new AppError("NOT_FOUND", "This chat widget does not exist.");
export const widgetSwitchedOff = () => new AppError("FORBIDDEN", "This chat widget is switched off.");
/** A 401: the widget answers it by asking POST /api/widget/get for a new token, without troubling the visitor. */
const sessionExpired = () => new AppError("UNAUTHORIZED", "Your chat session has expired. Please restart the chat.");
const chatNotFound = () => new AppError("NOT_FOUND", "This chat does not exist.");
const chatEnded = () => new AppError("CONFLICT", "This chat has ended. Start a new chat to ask more.");

/** What the error screen says when an answer fails after the question was accepted. */
const ANSWER_FAILED = "Our servers hiccuped. Please restart the chat to continue";

const PHASE_NAMES: Record<"understanding" | "writing", AnswerPhase> = {
  understanding: "understanding",
  writing: "writing",
};

export function createVisitorService(deps: {
  widgets: WidgetRepository;
  tokens: VisitorTokens;
  visitors: VisitorRepository;
  chats: ChatsRepository;
  inbox: InboxRepository;
  settingsFor(companyId: string): Promise<AgentSettings>;
  pipeline: AnswerPipeline;
  chatEvents: ChatEvents;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { widgets, tokens, visitors, chats, inbox, chatEvents, log } = deps;
  const now = deps.now ?? (() => new Date());
  /** One answer at a time per chat, in the order questions arrived (on this node). */
  const answerQueues = new Map<string, Promise<void>>();
  /** The answer being written per chat, so reset-answer can stop it. */
  const answering = new Map<string, AbortController>();
  /** Each visitor's questions, taken in order. */
  const askQueues = new Map<string, Promise<void>>();
  /** Broadcast is attached by the realtime hub (it needs the socket server, made after this). */
  let broadcast: VisitorBroadcast | null = null;

  async function widgetScope(widgetId: string) {
    const widget = await widgets.findByWidgetId(widgetId);
    if (!widget) throw widgetNotFound();
    if (!widget.settings.isActive) throw widgetSwitchedOff();
    return widget;
  }

  async function resolveScope(widgetId: string, visitorToken: string): Promise<VisitorScope> {
    const widget = await widgetScope(widgetId);
    const visitorId = tokens.verify(widget.widgetId, visitorToken);
    if (!visitorId) throw sessionExpired();
    return { companyId: widget.companyId, widgetId: widget.widgetId, visitorId, settings: widget.settings };
  }

  async function visitorChat(scope: VisitorScope, chatId: string) {
    const chat = await visitors.findVisitorChat(scope.companyId, scope.visitorId, chatId);
    if (!chat) throw chatNotFound();
    return chat;
  }

  function toVisitorChat(chat: ChatRow, messages: ChatMessageRow[]): VisitorChat {
    return {
      chatID: chat.id,
      ticketID: chat.ticketId,
      status: chat.status as VisitorChat["status"],
      resolved: chat.resolved,
      isCompleted: chat.completedAt !== null,
      preChatCompleted: chat.customer.preChatCompleted === true,
      messages: messages.filter(isVisibleToVisitor).map(toVisitorMessage),
    };
  }

  /** Staff dashboards of the company hear of the chat's new row (and new message, when there is one). */
  async function tellStaff(companyId: string, chatId: string, message?: ChatMessageRow) {
    try {
      if (message) {
        chatEvents.messageStored(companyId, {
          chatID: chatId,
          staffMessage: toChatMessage(message),
          visitorMessage: isVisibleToVisitor(message) ? toVisitorMessage(message) : null,
        });
      }
      const found = await inbox.findRowAndUnreadCount(companyId, chatId);
      if (found) chatEvents.chatUpdated(companyId, { chat: toInboxChat(found.row), unreadCount: found.unreadCount });
    } catch (error) {
      log.warn({ err: error }, "telling staff of a chat change failed");
    }
  }

  async function storeEvent(
    scope: VisitorScope,
    chat: ChatRow,
    options: {
      clientMessageId: string;
      messageType: string;
      eventType: string;
      message: string;
      messageData?: Record<string, unknown>;
    },
  ) {
    const stored = await chats.insertMessageOnce({
      companyId: scope.companyId,
      chatId: chat.id,
      message: options.message,
      messageType: options.messageType,
      senderRole: "customer",
      messageData: options.messageData,
      eventType: options.eventType,
      clientMessageId: options.clientMessageId,
    });
    if (stored.isNew) await tellStaff(scope.companyId, chat.id, stored.row);
    return stored;
  }

  async function changeChat(
    scope: VisitorScope,
    chat: ChatRow,
    change: Parameters<VisitorRepository["updateChat"]>[2],
  ) {
    const updated = (await visitors.updateChat(scope.companyId, chat.id, change)) ?? chat;
    if (updated.status !== chat.status || updated.resolved !== chat.resolved) {
      chatEvents.chatStatusChanged({
        chatID: chat.id,
        status: updated.status as VisitorChat["status"],
        resolved: updated.resolved,
      });
    }
    await tellStaff(scope.companyId, chat.id);
    return updated;
  }

  /** Runs the pipeline on a stored question; progress goes to the chat's room, the result to everyone. */
  function answer(scope: VisitorScope, chat: ChatRow, question: ChatMessageRow, language?: VisitorLanguage) {
    const previous = answerQueues.get(chat.id) ?? Promise.resolve();
    const next = previous.then(async () => {
      const controller = new AbortController();
      answering.set(chat.id, controller);
      const questionID = question.id;
      try {
        await deps.pipeline.answerInChat({
          companyId: scope.companyId,
          chatId: chat.id,
          question: question.message,
          questionMessage: question,
          language,
          signal: controller.signal,
          onEvent: (event) => {
            if (controller.signal.aborted) return;
            if (event.type === "phase") broadcast?.phase(chat.id, { questionID, phase: PHASE_NAMES[event.phase] });
            if (event.type === "chunk") broadcast?.chunk(chat.id, { questionID, text: event.text });
            if (event.type === "replace") broadcast?.replace(chat.id, { questionID, text: event.text });
          },
          onAnswerStored: (stored) => void tellStaff(scope.companyId, chat.id, stored),
        });
      } catch (error) {
        if (controller.signal.aborted) return;
        log.error({ err: error, chatId: chat.id }, "answering a visitor's question failed");
        broadcast?.error(chat.id, ANSWER_FAILED);
      } finally {
        if (answering.get(chat.id) === controller) answering.delete(chat.id);
      }
    });
    const settled = next.catch(() => undefined);
    answerQueues.set(chat.id, settled);
    void settled.then(() => {
      if (answerQueues.get(chat.id) === settled) answerQueues.delete(chat.id);
    });
    return settled;
  }

  /** Answers a question whose answer never came (the server stopped mid-answer), when the AI has the chat. */
  async function answerIfUnanswered(scope: VisitorScope, chat: ChatRow, question: ChatMessageRow) {
    if (chat.status !== "open" || chat.completedAt || answerQueues.has(chat.id)) return;
    if (question.messageData.answerStopped === true) return;
    if (await visitors.hasReplyAfter(scope.companyId, chat.id, question)) return;
    void answer(scope, chat, question);
  }

  async function sendMail(mail: Parameters<Mailer["send"]>[0], what: string) {
    try {
      await deps.mailer.send(mail);
      return true;
    } catch (error) {
      log.error({ err: error }, `sending the ${what} mail failed`);
      return false;
    }
  }

  /**
   * Stores the question once per client id (a retry answers the stored one), tells staff, then
   * answers in the background unless a person has the chat. The ack carries the stored question.
   */
  async function takeQuestion(scope: VisitorScope, input: AskQuestion, onChat?: (chatId: string) => void) {
    const replayed = await visitors.findVisitorMessageByClientId(
      scope.companyId,
      scope.visitorId,
      input.clientMessageID,
    );
    let chat: ChatRow;
    if (replayed) {
      chat = await visitorChat(scope, replayed.chatId);
      onChat?.(chat.id);
      await answerIfUnanswered(scope, chat, replayed);
      return { chatID: chat.id, ticketID: chat.ticketId, message: toVisitorMessage(replayed) };
    }
    if (input.chatID) {
      chat = await visitorChat(scope, input.chatID);
      if (chat.completedAt) throw chatEnded();
    } else {
      chat = await chats.createChat(scope.companyId, {
        visitorId: scope.visitorId,
        language: input.language ?? scope.settings.language ?? undefined,
      });
    }
    // The asking socket follows the chat before anything about it is emitted.
    onChat?.(chat.id);
    const attachments: VisitorAttachment[] = input.attachments ?? [];
    // Only files this server stored (POST /api/widget/upload): staff open these links.
    if (attachments.some((file) => !file.url.startsWith(`${deps.publicUrl}/api/files/`))) {
      throw new AppError("BAD_REQUEST", "Attach files through the widget's upload.");
    }
    const stored = await chats.insertMessageOnce({
      companyId: scope.companyId,
      chatId: chat.id,
      message: input.question,
      messageType: "question",
      senderRole: "customer",
      messageData: attachments.length > 0 ? { attachments } : {},
      clientMessageId: input.clientMessageID,
    });
    await tellStaff(scope.companyId, chat.id, stored.row);
    if (!isHandledByPerson(chat.status)) void answer(scope, chat, stored.row, input.language);
    return { chatID: chat.id, ticketID: chat.ticketId, message: toVisitorMessage(stored.row) };
  }

  return {
    resolveScope,

    attachBroadcast(target: VisitorBroadcast) {
      broadcast = target;
    },

    /** POST /api/widget/get: the widget as visitors see it, a token for this visitor, and their open chat. */
    async getWidget(request: { widgetID: string; visitorToken?: string }): Promise<WidgetGetResponse> {
      const widget = await widgetScope(request.widgetID);
      // Every page view renews a valid token (same visitor, new expiry); a missing, foreign or
      // expired one gets a new visitor, whose widget simply starts afresh.
      const knownVisitorId = tokens.verify(widget.widgetId, request.visitorToken);
      const { visitorId, token: visitorToken } = knownVisitorId
        ? { visitorId: knownVisitorId, token: tokens.renew(widget.widgetId, knownVisitorId) }
        : tokens.issue(widget.widgetId);
      const [agent, activeChatID] = await Promise.all([
        deps.settingsFor(widget.companyId),
        visitors.findActiveChat(widget.companyId, visitorId),
      ]);
      return {
        widget: toPublicWidget({ widgetId: widget.widgetId, settings: widget.settings, agent, now: now() }),
        visitorToken,
        activeChatID,
      };
    },

    /** A chat of this visitor with its messages after `afterMessageId` (all when absent). */
    async getChat(scope: VisitorScope, chatId: string, afterMessageId?: string): Promise<VisitorChat> {
      const chat = await visitorChat(scope, chatId);
      const messages = await chats.messagesAfter(scope.companyId, chat.id, afterMessageId);
      const last = messages.at(-1);
      if (last && last.senderRole === "customer" && last.messageType === "question") {
        await answerIfUnanswered(scope, chat, last);
      }
      return toVisitorChat(chat, messages);
    },

    /** ask-question: see takeQuestion. */
    ask(scope: VisitorScope, input: AskQuestion, onChat?: (chatId: string) => void) {
      // One visitor's questions are taken one at a time (on this node): a first question sent
      // twice at once must find the chat its first copy created, not make a second one.
      const key = `${scope.widgetId}:${scope.visitorId}`;
      const previous = askQueues.get(key) ?? Promise.resolve();
      const result = previous.then(() => takeQuestion(scope, input, onChat));
      const settled = result.then(
        () => undefined,
        () => undefined,
      );
      askQueues.set(key, settled);
      void settled.then(() => {
        if (askQueues.get(key) === settled) askQueues.delete(key);
      });
      return result;
    },

    /** The visitor's other actions; see visitorEventSchema. */
    async addEvent(
      scope: VisitorScope,
      event: VisitorEvent,
    ): Promise<{ message: VisitorMessage; ticket: TicketConfirmation | null }> {
      const chat = await visitorChat(scope, event.chatID);
      const clientMessageId = event.clientMessageID;
      switch (event.event) {
        case "IS_RESOLVED": {
          const { row } = await storeEvent(scope, chat, {
            clientMessageId,
            messageType: "widget_event",
            eventType: "IS_RESOLVED",
            message: "Yes, thank you",
            messageData: { widgetEvent: { event: "end_chat" } },
          });
          await changeChat(scope, chat, { resolved: true, completedAt: chat.completedAt ?? now() });
          return { message: toVisitorMessage(row), ticket: null };
        }
        case "NEED_HELP": {
          const { row } = await storeEvent(scope, chat, {
            clientMessageId,
            messageType: "widget_event",
            eventType: "NEED_HELP",
            message: "No, I need help",
            messageData: { widgetEvent: { event: "handoff" } },
          });
          // A person is asked for: the chat shows under Handoffs and the AI waits for them.
          if (chat.status === "open") await changeChat(scope, chat, { status: "human", resolved: false });
          return { message: toVisitorMessage(row), ticket: null };
        }
        case "FEEDBACK": {
          const { row } = await storeEvent(scope, chat, {
            clientMessageId,
            messageType: "widget_event",
            eventType: "FEEDBACK",
            message: `${event.rating} / 5`,
            messageData: { rating: event.rating },
          });
          await changeChat(scope, chat, { rating: event.rating });
          return { message: toVisitorMessage(row), ticket: null };
        }
        case "PRE_CHAT_FORM": {
          const customer = mergeCustomer(chat.customer, event.customer);
          const { row } = await storeEvent(scope, chat, {
            clientMessageId,
            messageType: "form",
            eventType: "PRE_CHAT_FORM",
            message: "Customer details",
            messageData: { form: { title: "Customer details", values: formValues(event.customer) } },
          });
          await changeChat(scope, chat, { customer: await withPreChat(scope, customer) });
          return { message: toVisitorMessage(row), ticket: null };
        }
        case "RAISE_TICKET": {
          const form = event.form;
          const { row, isNew } = await storeEvent(scope, chat, {
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
          const updated = await changeChat(scope, chat, {
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
          if (isNew) await sendTicketMails(scope, updated, ticket);
          return { message: toVisitorMessage(row), ticket };
        }
      }
    },

    /** The visitor leaves the chat: it is completed, and the next question starts a new one. */
    async restartChat(scope: VisitorScope, chatId: string) {
      const chat = await visitorChat(scope, chatId);
      answering.get(chat.id)?.abort();
      if (!chat.completedAt) await changeChat(scope, chat, { completedAt: now() });
    },

    /** Stops the answer being written (its partial text is not stored). */
    async resetAnswer(scope: VisitorScope, chatId: string) {
      const chat = await visitorChat(scope, chatId);
      answering.get(chat.id)?.abort();
      await visitors.markAnswerStopped(scope.companyId, chat.id);
    },

    /** Reopens a completed chat so the visitor can ask more in it. */
    async continueChat(scope: VisitorScope, chatId: string): Promise<VisitorChat> {
      let chat = await visitorChat(scope, chatId);
      if (chat.completedAt) chat = await changeChat(scope, chat, { completedAt: null, resolved: false });
      return toVisitorChat(chat, await chats.messagesAfter(scope.companyId, chat.id));
    },

    /** POST /api/widget/save-customer: the pre-chat form's answers, merged into what is stored. */
    async saveCustomer(scope: VisitorScope, chatId: string, customer: VisitorCustomer) {
      const chat = await visitorChat(scope, chatId);
      await changeChat(scope, chat, {
        customer: await withPreChat(scope, mergeCustomer(chat.customer, customer)),
      });
      return null;
    },

    /** POST /api/widget/resolve-chat: "Did this resolve your question?" answered, with stars when given. */
    async resolveChat(scope: VisitorScope, chatId: string, resolved: boolean, rating?: number) {
      const chat = await visitorChat(scope, chatId);
      await changeChat(scope, chat, {
        resolved,
        ...(resolved ? { completedAt: chat.completedAt ?? now() } : {}),
        ...(rating !== undefined ? { rating } : {}),
      });
      return null;
    },

    /** send-ai-chat-history: the transcript, to an address the visitor typed. */
    async sendTranscript(scope: VisitorScope, chatId: string, email: string) {
      const chat = await visitorChat(scope, chatId);
      const messages = (await chats.messagesAfter(scope.companyId, chat.id)).filter(isVisibleToVisitor);
      const agent = await deps.settingsFor(scope.companyId);
      const isSent = await sendMail(
        composeTranscriptMail({ to: email, chat, messages, companyName: agent.company.name }),
        "transcript",
      );
      if (!isSent) throw new AppError("UNAVAILABLE", "The transcript could not be sent. Please try again later.");
      return null;
    },

    /** For the staff channel: staff typing is relayed only for chats of their own company. */
    async chatBelongsTo(companyId: string, chatId: string) {
      return (await chats.findChat(companyId, chatId)) !== null;
    },

    /** Waits for answers being written (tests, shutdown). */
    async drain() {
      await Promise.all([...answerQueues.values()]);
    },
  };

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

  async function sendTicketMails(scope: VisitorScope, chat: ChatRow, ticket: TicketConfirmation) {
    const messages = (await chats.messagesAfter(scope.companyId, chat.id)).filter(isVisibleToVisitor);
    const agent = await deps.settingsFor(scope.companyId);
    const ticketChannel = scope.settings.handoff.channels.ticket;
    const teamAddress = ticketChannel.appType === "email" ? ticketChannel.attributes[0]?.notificationEmail : "";
    const mails = composeTicketMails({
      chat,
      ticket,
      messages,
      companyName: agent.company.name,
      teamAddress: teamAddress || null,
    });
    for (const mail of mails) await sendMail(mail, "ticket");
  }
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

export type VisitorService = ReturnType<typeof createVisitorService>;

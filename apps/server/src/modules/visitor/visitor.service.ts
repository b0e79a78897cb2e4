import type { VisitorAttachment } from "@harbor/contract/message-data";
import type { AskQuestion } from "@harbor/contract/realtime";
import type { VisitorChat, WidgetGetResponse } from "@harbor/contract/widget";
import { addressLimitKey } from "../../platform/client-address";
import { AppError } from "../../platform/errors";
import type { AgentSettings } from "../ai-agent/ai-agent.module";
import {
  type ChatMessageRow,
  type ChatRow,
  type ChatsRepository,
  HISTORY_TURNS,
  isHandledByPerson,
  toVisitorMessage,
} from "../chats/chats.module";
import { toPublicWidget } from "./public-widget";
import type { VisitorRepository } from "./visitor.repository";
import type { VisitorAnswers } from "./visitor-answers";
import type { VisitorChatChanges } from "./visitor-chat-changes";
import type { VisitorCustomReplies } from "./visitor-custom-replies";
import type { VisitorEvents } from "./visitor-events";
import type { VisitorFiles } from "./visitor-files";
import { tooManyNewVisitors, type VisitorLimiters } from "./visitor-limits";
import type { VisitorMail } from "./visitor-mail.service";
import { toVisitorChat, type VisitorScope, type VisitorScopes } from "./visitor-scope";
import type { VisitorTokens } from "./visitor-tokens";

export type { VisitorScope } from "./visitor-scope";
export { widgetNotFound, widgetSwitchedOff } from "./visitor-scope";

/**
 * The custom reply the visitor's portal click names: a link's, or a suggested question's. Looked
 * up in the stored settings (the browser never sees reply ids); the runner checks the reply is the
 * company's and switched on. A switched-off portal, or an id that names nothing, runs no reply.
 */
function portalReplyId(
  portal: VisitorScope["settings"]["selfServicePortal"],
  input: Pick<AskQuestion, "portalLinkID" | "suggestedQuestionID">,
): string | undefined {
  if (!portal.isActive) return undefined;
  if (input.portalLinkID) return portal.customReplies.find((link) => link._id === input.portalLinkID)?.customReplyID;
  if (input.suggestedQuestionID) {
    return (
      portal.suggestedQuestions.find((question) => question._id === input.suggestedQuestionID)?.customReplyID ??
      undefined
    );
  }
  return undefined;
}

const chatEnded = () => new AppError("CONFLICT", "This chat has ended. Start a new chat to ask more.");

/**
 * Everything a visitor does through the widget (REST and the /visitor channel): the widget and a
 * token, their chats, questions (stored once per client id, then answered in the background), and
 * the actions of visitor-events.ts. The parts live beside it: scope, chat changes, answer
 * scheduling, mail.
 */
export function createVisitorService(deps: {
  scopes: VisitorScopes;
  changes: VisitorChatChanges;
  answers: VisitorAnswers;
  customReplies: VisitorCustomReplies;
  events: VisitorEvents;
  mail: VisitorMail;
  tokens: VisitorTokens;
  limiters: VisitorLimiters;
  visitors: VisitorRepository;
  chats: ChatsRepository;
  settingsFor(companyId: string): Promise<AgentSettings>;
  files: VisitorFiles;
  linkHostsFor(companyId: string): Promise<string[]>;
  publicUrl: string;
  now: () => Date;
}) {
  const { scopes, changes, answers, visitors, chats } = deps;
  /** Each visitor's questions, taken in order. */
  const askQueues = new Map<string, Promise<void>>();

  /**
   * Stores the question once per client id (a retry answers the stored one), tells staff, then
   * answers in the background unless a person has the chat. The ack carries the stored question.
   */
  async function takeQuestion(scope: VisitorScope, input: AskQuestion, onChat?: (chatId: string) => void) {
    const found = await findChatAndReplay(scope, input);
    let chat: ChatRow;
    if (found.replayed) {
      const { replayed } = found;
      chat = found.chat?.id === replayed.chatId ? found.chat : await scopes.visitorChat(scope, replayed.chatId);
      onChat?.(chat.id);
      await answers.answerIfUnanswered(scope, chat, replayed);
      return { chatID: chat.id, ticketID: chat.ticketId, message: toVisitorMessage(replayed) };
    }
    const attachments: VisitorAttachment[] = input.attachments ?? [];
    // Only this visitor's own uploads (POST /api/widget/upload), not yet in another chat.
    await deps.files.checkAttachable(scope, input.chatID, attachments);
    if (found.chat) {
      chat = found.chat;
      if (chat.completedAt) throw chatEnded();
    } else {
      // Opened by this question's client id: the same first question on another node at once
      // gets this chat back, not a second one (decision 073).
      chat = await chats.createChat(scope.companyId, {
        visitorId: scope.visitorId,
        language: input.language ?? scope.settings.language ?? undefined,
        openingClientMessageId: input.clientMessageID,
      });
    }
    // The asking socket follows the chat before anything about it is emitted.
    onChat?.(chat.id);
    const stored = await chats.insertMessageOnce(
      {
        companyId: scope.companyId,
        chatId: chat.id,
        message: input.question,
        messageType: "question",
        senderRole: "customer",
        messageData: {
          ...(attachments.length > 0 ? { attachments } : {}),
          ...(input.quickReply ? { quickReply: input.quickReply } : {}),
        },
        clientMessageId: input.clientMessageID,
      },
      // findChatAndReplay above looked for it in every chat of the visitor. The turns before it
      // come with the write, so answering need not read the chat again.
      { isLookedUp: true, turnsBefore: HISTORY_TURNS },
    );
    const ack = { chatID: chat.id, ticketID: chat.ticketId, message: toVisitorMessage(stored.row) };
    // Another node stored the same question a moment ago (the visitor's send reached both): that
    // node tells staff and answers it; this one only acknowledges.
    if (!stored.isNew) return ack;
    await deps.files.attach(scope, chat.id, attachments);
    await changes.tellStaff(scope.companyId, chat.id, stored.row, stored.inbox);
    // Writing again in a chat staff resolved reopens it, as a reply does in any helpdesk: it is back
    // under Open for the team, not an unread dot under Resolved. After tellStaff, whose inbox row
    // was read with the message, still resolved: staff hear the reopened row last.
    if (chat.resolved) chat = await changes.changeChat(scope, chat, { resolved: false });
    if (!isHandledByPerson(chat.status)) {
      // A typed question while a custom reply waits for a bubble or form: the visitor moved on.
      await deps.customReplies.abandon(scope, chat);
      // A portal link or suggested question naming a custom reply runs its workflow; its text is
      // not answered as a question (unless the reply cannot run: the runner falls back to that).
      const replyId = portalReplyId(scope.settings.selfServicePortal, input);
      if (replyId) void deps.customReplies.start(scope, chat, replyId, stored.row);
      else void answers.answer(scope, chat, stored.row, input.language, true, stored.turnsBefore);
    }
    return ack;
  }

  /**
   * The question's chat (null for a first question: none yet) and the message already stored with
   * its client id, if it was sent before. With a chat id both come from one statement; the replayed
   * message's row, rare, is a read of its own.
   */
  async function findChatAndReplay(
    scope: VisitorScope,
    input: AskQuestion,
  ): Promise<{ chat: ChatRow | null; replayed: ChatMessageRow | null }> {
    const { companyId, visitorId } = scope;
    if (input.chatID) {
      const found = await visitors.findVisitorChatAndClientMessage(
        companyId,
        visitorId,
        input.chatID,
        input.clientMessageID,
      );
      if (found) {
        const replayed = found.replayedId ? await visitors.findMessage(companyId, found.replayedId) : null;
        return { chat: found.chat, replayed };
      }
    }
    const replayed = await visitors.findVisitorMessageByClientId(companyId, visitorId, input.clientMessageID);
    if (replayed) return { chat: null, replayed };
    // A chat id that is not this visitor's: not found, as before.
    if (input.chatID) return { chat: await scopes.visitorChat(scope, input.chatID), replayed: null };
    return { chat: null, replayed: null };
  }

  return {
    resolveScope: scopes.resolveScope,
    currentScope: scopes.current,

    /** POST /api/widget/get: the widget as visitors see it, a token for this visitor, and their open chat. */
    async getWidget(request: {
      widgetID: string;
      visitorToken?: string;
      clientAddress: string;
    }): Promise<WidgetGetResponse> {
      const widget = await scopes.widgetScope(request.widgetID);
      // Every page view renews a valid token (same visitor, new expiry); a missing, foreign or
      // expired one gets a new visitor, whose widget simply starts afresh. New visitors are what
      // a script mints to escape the per-visitor limits, so they count against the address.
      const knownVisitorId = deps.tokens.verify(widget.widgetId, request.visitorToken);
      if (
        !knownVisitorId &&
        !(await deps.limiters.newVisitorsPerAddress.take(addressLimitKey(request.clientAddress)))
      ) {
        throw tooManyNewVisitors();
      }
      const { visitorId, token: visitorToken } = knownVisitorId
        ? { visitorId: knownVisitorId, token: deps.tokens.renew(widget.widgetId, knownVisitorId) }
        : deps.tokens.issue(widget.widgetId);
      const [agent, activeChatID, linkHosts] = await Promise.all([
        deps.settingsFor(widget.companyId),
        visitors.findActiveChat(widget.companyId, visitorId),
        deps.linkHostsFor(widget.companyId),
      ]);
      return {
        widget: toPublicWidget({
          widgetId: widget.widgetId,
          settings: widget.settings,
          agent,
          linkHosts,
          now: deps.now(),
        }),
        visitorToken,
        activeChatID,
      };
    },

    /** A chat of this visitor with its messages after `afterMessageId` (all when absent). */
    async getChat(scope: VisitorScope, chatId: string, afterMessageId?: string): Promise<VisitorChat> {
      const chat = await scopes.visitorChat(scope, chatId);
      const messages = await chats.messagesAfter(scope.companyId, chat.id, afterMessageId);
      // Nothing after the visitor's last message: that message is the chat's last. It may be a
      // question whose ack came and whose answer never did (its node died between the two; the
      // widget rejoins after the last message it holds), so it is read to be answered here.
      const last =
        messages.at(-1) ??
        (afterMessageId ? await chats.findMessage(scope.companyId, chat.id, afterMessageId) : undefined);
      if (last && last.senderRole === "customer" && last.messageType === "question") {
        await answers.answerIfUnanswered(scope, chat, last);
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

    ...deps.events,

    /** send-ai-chat-history: the transcript, to the address the visitor gave in this chat's form. */
    async sendTranscript(scope: VisitorScope, chatId: string, email: string) {
      const chat = await scopes.visitorChat(scope, chatId);
      await deps.mail.sendTranscript(scope, chat, email);
      return null;
    },

    /** Waits for answers being written and custom replies' steps (tests, shutdown). */
    async drain() {
      await answers.drain();
      await deps.customReplies.drain();
      await answers.drain();
    },
  };
}

export type VisitorService = ReturnType<typeof createVisitorService>;

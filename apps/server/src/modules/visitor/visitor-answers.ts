import type { VisitorLanguage } from "@harbor/contract/ai-agent";
import { readMessageData } from "@harbor/contract/message-data";
import type { AnswerPhase } from "@harbor/contract/realtime";
import type { FastifyBaseLogger } from "fastify";
import { type VisitorNamespace, visitorChatRoom } from "../../platform/realtime/realtime-hub";
import type { ChatAnswering, ChatMessageRow, ChatRow, ChatTurn, InboxRowAndUnreadCount } from "../chats/chats.module";
import type { VisitorRepository } from "./visitor.repository";
import type { VisitorScope } from "./visitor-scope";

/** Where answer progress goes: every tab the visitor has open on the chat (the /visitor room). */
export type VisitorBroadcast = {
  phase(chatID: string, payload: { questionID: string; phase: AnswerPhase }): void;
  chunk(chatID: string, payload: { questionID: string; text: string }): void;
  replace(chatID: string, payload: { questionID: string; text: string }): void;
  error(chatID: string, message: string): void;
};

export function createVisitorBroadcast(visitors: VisitorNamespace): VisitorBroadcast {
  const room = (chatID: string) => visitors.to(visitorChatRoom(chatID));
  return {
    phase: (chatID, payload) => room(chatID).emit("answer-phase", { chatID, ...payload }),
    chunk: (chatID, payload) => room(chatID).emit("answer-chunk", { chatID, ...payload }),
    replace: (chatID, payload) => room(chatID).emit("answer-replace", { chatID, ...payload }),
    error: (chatID, message) => room(chatID).emit("chat-error", { chatID, message }),
  };
}

/**
 * Answer chunks written in one turn of the event loop go out as one `answer-chunk`. The local
 * engine yields its six-word pieces back to back, and a frame per piece (a write to every tab's
 * socket) cost more server CPU than composing the answer (decision 053); a remote model's tokens
 * arrive turns apart and still go out as they come. `flush` sends what waits at once, so a phase,
 * a replace or the stored answer never overtakes the text before it.
 */
export function coalescedChunks(send: (text: string) => void) {
  let pending = "";
  let timer: NodeJS.Immediate | null = null;
  const flush = () => {
    if (timer) clearImmediate(timer);
    timer = null;
    if (!pending) return;
    const text = pending;
    pending = "";
    send(text);
  };
  return {
    add(text: string) {
      pending += text;
      timer ??= setImmediate(flush);
    },
    flush,
  };
}

/** What the error screen says when an answer fails after the question was accepted. */
const ANSWER_FAILED = "Our servers hiccuped. Please restart the chat to continue";

/**
 * Answer scheduling on this node: one answer at a time per chat, in the order questions arrived,
 * each stoppable (reset-answer), its progress streamed to the chat's room, and a question whose
 * answer never came (the server stopped mid-answer) answered when the visitor comes back.
 */
export function createVisitorAnswers(deps: {
  chatAnswering: ChatAnswering;
  visitors: VisitorRepository;
  broadcast: VisitorBroadcast;
  /** The stored answer goes to the company's staff at once (the summary follows later). */
  onAnswerStored(companyId: string, chatId: string, answer: ChatMessageRow, inbox: InboxRowAndUnreadCount | null): void;
  /** The reply handed the chat to a person (asked for in words, a photo of damage, order details). */
  onHandsOff(scope: VisitorScope, chatId: string): Promise<void>;
  /** The question was classified into a category or intent with an active custom reply: it runs. */
  onCustomReply(scope: VisitorScope, chat: ChatRow, question: ChatMessageRow, customReplyID: string): void;
  log: FastifyBaseLogger;
}) {
  const { broadcast, log } = deps;
  const answerQueues = new Map<string, Promise<void>>();
  /** The answer being written per chat, so reset-answer (or the widget's switch-off) can stop it. */
  const answering = new Map<string, { controller: AbortController; widgetId: string }>();

  /**
   * `routeToCustomReplies` false: a reply that could not run falls back to this answer.
   * `turnsBefore`: the chat's turns before the question, as the question's own write read them;
   * with them `chat` (read before that write) is not read again — unless an answer of this chat
   * was still being written then, which changes both (decision 073).
   */
  function answer(
    scope: VisitorScope,
    chat: ChatRow,
    question: ChatMessageRow,
    language?: VisitorLanguage,
    routeToCustomReplies = true,
    turnsBefore?: ChatTurn[] | null,
  ) {
    const queued = answerQueues.get(chat.id);
    const chatBeforeQuestion = !queued && turnsBefore ? { chat, turnsBefore } : undefined;
    const previous = queued ?? Promise.resolve();
    const next = previous.then(async () => {
      const controller = new AbortController();
      const writing = { controller, widgetId: scope.widgetId };
      answering.set(chat.id, writing);
      const questionID = question.id;
      const chunks = coalescedChunks((text) => {
        if (!controller.signal.aborted) broadcast.chunk(chat.id, { questionID, text });
      });
      try {
        const answered = await deps.chatAnswering.answerInChat({
          companyId: scope.companyId,
          chatId: chat.id,
          question: question.message,
          questionMessage: question,
          language,
          signal: controller.signal,
          routeToCustomReplies,
          chatBeforeQuestion,
          onEvent: (event) => {
            if (controller.signal.aborted) return;
            if (event.type === "chunk") return chunks.add(event.text);
            chunks.flush();
            if (event.type === "phase") broadcast.phase(chat.id, { questionID, phase: event.phase });
            if (event.type === "replace") broadcast.replace(chat.id, { questionID, text: event.text });
          },
          onAnswerStored: (stored, inbox) => {
            chunks.flush();
            deps.onAnswerStored(scope.companyId, chat.id, stored, inbox);
          },
        });
        if (answered.handsOff) await deps.onHandsOff(scope, chat.id);
        if (answered.customReplyID) deps.onCustomReply(scope, chat, question, answered.customReplyID);
      } catch (error) {
        if (controller.signal.aborted) return;
        chunks.flush();
        log.error({ err: error, chatId: chat.id }, "answering a visitor's question failed");
        broadcast.error(chat.id, ANSWER_FAILED);
      } finally {
        chunks.flush();
        if (answering.get(chat.id) === writing) answering.delete(chat.id);
      }
    });
    const settled = next.catch(() => undefined);
    answerQueues.set(chat.id, settled);
    void settled.then(() => {
      if (answerQueues.get(chat.id) === settled) answerQueues.delete(chat.id);
    });
    return settled;
  }

  return {
    /** Answers a stored question in the background. */
    answer,

    /** Answers a question whose answer never came, when the AI has the chat. */
    async answerIfUnanswered(scope: VisitorScope, chat: ChatRow, question: ChatMessageRow) {
      if (chat.status !== "open" || chat.completedAt || answerQueues.has(chat.id)) return;
      const data = readMessageData(question.messageData);
      // A visitor's answer to a custom reply's bubbles is the reply's to go on with, not a question.
      if (data.answerStopped === true || data.customReplyStep) return;
      if (await deps.visitors.hasReplyAfter(scope.companyId, chat.id, question)) return;
      void answer(scope, chat, question);
    },

    /** Stops the answer being written in the chat, if any (its partial text is not stored). */
    stop(chatId: string) {
      answering.get(chatId)?.controller.abort();
    },

    /** Stops every answer this node is writing for the widget's visitors (it was switched off). */
    stopWidget(widgetId: string) {
      for (const writing of answering.values()) {
        if (writing.widgetId === widgetId) writing.controller.abort();
      }
    },

    /** Waits for answers being written (tests, shutdown). */
    async drain() {
      await Promise.all([...answerQueues.values()]);
    },
  };
}

export type VisitorAnswers = ReturnType<typeof createVisitorAnswers>;

import type { AnswerOutcome, VisitorLanguage } from "@harbor/contract/ai-agent";
import type { RetrievedChunk } from "@harbor/contract/knowledge";
import { readMessageData } from "@harbor/contract/message-data";
import { EMPTY_DIALOGUE_STATE, type TurnRecord, turnOf } from "@harbor/contract/turn";
import type { FastifyBaseLogger } from "fastify";
import type { Classification, ConversationTurn, Summarizer, TokenUsage } from "../../ai/answer/answer-types";
import {
  type AnswerPipeline,
  citedDocumentIds,
  citedTitles,
  type PipelineEvent,
} from "../../ai/pipeline/answer-pipeline";
import type { AnswerStore } from "./answer-store";
import type { ChatMessageRow, ChatRow, ChatsRepository, ChatTurn } from "./chats.repository";
import type { InboxRowAndUnreadCount } from "./inbox.repository";

export type ChatAnswer = {
  question: ChatMessageRow;
  /** Null while a human handles the chat. */
  answer: ChatMessageRow | null;
  outcome: AnswerOutcome;
  classification: Classification | null;
  /** The passages retrieved for the question, best first (empty when no answer was written). */
  passages: RetrievedChunk[];
  /** How the turn was understood and what the reply did (null while a person has the chat). */
  turn: TurnRecord | null;
  /** The reply hands the chat to a person: the caller moves it to the team. */
  handsOff: boolean;
  /** The question was classified into a category or intent with this custom reply: nothing was answered. */
  customReplyID: string | null;
  usage: TokenUsage[];
};

/**
 * A person has the chat — taken over (`human`) or a raised ticket (`ticket`) — so the AI stays
 * silent until it is handed back; a visitor's follow-up to a ticket waits for the team.
 */
export function isHandledByPerson(status: string) {
  return status === "human" || status === "ticket";
}

/** The turns an answer is given as history; a stored question's write reads them (see ChatsRepository). */
export const HISTORY_TURNS = 6;

/**
 * Answering in a chat: the chat's history goes to the engine, and what the answer leaves behind
 * is stored (the answer message with its references, the analysis entry, token usage, documents'
 * times_used, then the running summary). The engine itself stores nothing.
 */
export function createChatAnswering(deps: {
  pipeline: AnswerPipeline;
  summarizer: Summarizer;
  chats: ChatsRepository;
  answerStore: AnswerStore;
  log: FastifyBaseLogger;
}) {
  /** The chat and its turns before the question: as the caller knows them, or read now. */
  async function chatAndHistory(options: {
    companyId: string;
    chatId: string;
    questionMessage?: ChatMessageRow;
    chatBeforeQuestion?: { chat: ChatRow; turnsBefore: ChatTurn[] };
  }) {
    const { companyId, chatId } = options;
    if (options.questionMessage && options.chatBeforeQuestion) {
      return { chat: options.chatBeforeQuestion.chat, turns: [...options.chatBeforeQuestion.turnsBefore] };
    }
    const found = await deps.chats.findChatWithRecentTurns(companyId, chatId, HISTORY_TURNS + 1);
    if (!found) throw new Error(`Chat ${chatId} not found in company ${companyId}`);
    const { chat, turns } = found;
    // A question stored beforehand is the newest turn; it is the question, not its history.
    if (options.questionMessage && turns.at(-1)?.senderRole === "customer") turns.pop();
    return { chat, turns };
  }

  return {
    /**
     * Answers a visitor's question in a chat: stores the question (unless stored already), then,
     * unless a person has the chat, the answer. Events stream while the answer is written.
     */
    async answerInChat(options: {
      companyId: string;
      chatId: string;
      question: string;
      /** The question as already stored (the visitor channel stores it first, once per client id). */
      questionMessage?: ChatMessageRow;
      language?: VisitorLanguage;
      onEvent?: (event: PipelineEvent) => void;
      /**
       * The answer is stored (with the chat's inbox row as it now is): the caller may send it on now. The running summary is written after
       * this (with a remote model it is a second call), so nobody waits for it.
       */
      onAnswerStored?: (answer: ChatMessageRow, inbox: InboxRowAndUnreadCount | null) => void;
      /** A question classified into a category or intent with a custom reply is left to it (see ChatAnswer). */
      routeToCustomReplies?: boolean;
      /** A custom reply's AI answer: its sources and instruction, and the step the answer is. */
      customReplyAnswer?: {
        customReplyID: string;
        step: { nodeID: string; actionID: string };
        sourceIds: string[];
        instruction: string;
      };
      signal?: AbortSignal;
      /**
       * The chat as the caller read it before storing `questionMessage`, and the turns that
       * statement answered from before the question (`turnsBefore` of insertMessageOnce), when
       * nothing was written in the chat since: the chat is not read again (decision 073).
       */
      chatBeforeQuestion?: { chat: ChatRow; turnsBefore: ChatTurn[] };
    }): Promise<ChatAnswer> {
      const { companyId, chatId } = options;
      const { chat, turns } = await chatAndHistory(options);
      const history = turns.slice(-HISTORY_TURNS).map(
        (turn): ConversationTurn => ({
          role: turn.senderRole === "customer" ? "visitor" : "assistant",
          text: turn.message,
        }),
      );
      const questionMessage =
        options.questionMessage ??
        (await deps.chats.insertMessage({
          companyId,
          chatId,
          message: options.question,
          messageType: "question",
          senderRole: "customer",
        }));
      if (isHandledByPerson(chat.status)) {
        return {
          question: questionMessage,
          answer: null,
          outcome: "human-handling",
          classification: null,
          passages: [],
          turn: null,
          handsOff: false,
          customReplyID: null,
          usage: [],
        };
      }

      // The dialogue state lives on the AI's last reply; the question says if it has a file or a button's answer.
      const lastReply = turns.findLast((turn) => turn.senderRole === "ai");
      const questionData = readMessageData(questionMessage.messageData);
      const result = await deps.pipeline.answer({
        companyId,
        question: options.question,
        language: options.language ?? (chat.language as VisitorLanguage | null) ?? undefined,
        history,
        state: turnOf(lastReply?.messageData)?.state ?? EMPTY_DIALOGUE_STATE,
        hasAttachment: (questionData.attachments?.length ?? 0) > 0,
        quickReply: questionData.quickReply,
        // Failed order lookups count against the visitor across their chats.
        askerKey: chat.visitorId ? `visitor:${chat.visitorId}` : `chat:${chatId}`,
        routeToCustomReplies: options.routeToCustomReplies ?? false,
        ...(options.customReplyAnswer
          ? {
              restrict: {
                sourceIds: options.customReplyAnswer.sourceIds,
                instruction: options.customReplyAnswer.instruction,
              },
            }
          : {}),
        onEvent: options.onEvent,
        signal: options.signal,
      });
      if (result.customReplyID) {
        await deps.answerStore.storeRouting({
          companyId,
          chatId,
          questionMessageId: questionMessage.id,
          analysis: {
            shortenedCustomerMessage: result.classification.shortenedCustomerMessage,
            questionCategory: result.classification.questionCategory,
            selectedIntent: result.classification.selectedIntent,
          },
          usage: result.usage,
        });
        return {
          question: questionMessage,
          answer: null,
          outcome: result.outcome,
          classification: result.classification,
          passages: [],
          turn: null,
          handsOff: false,
          customReplyID: result.customReplyID,
          usage: result.usage,
        };
      }
      // A stopped answer is not stored (the local engine does not watch the signal while it writes).
      options.signal?.throwIfAborted();
      // A hello or a thank-you adds nothing to what the chat is about.
      const isSummarized = result.turn.outcome !== "acknowledged";
      const summaryInput = {
        previousSummary: chat.summary,
        question: options.question,
        answer: result.text,
        language: result.language,
        outcome: result.outcome,
        sourceTitles: citedTitles(result),
        signal: options.signal,
      };
      /** Fails quietly: the previous summary stays. */
      const summarize = async () => {
        try {
          return await deps.summarizer.summarize(summaryInput);
        } catch (error) {
          deps.log.warn({ err: error }, "chat summary update failed; the previous summary stays");
          return null;
        }
      };
      // An instant summary goes into the answer's own statement: one write, one round of the
      // analytics triggers, instead of two (decision 064).
      const instantSummary = isSummarized && deps.summarizer.isInstant ? await summarize() : null;
      const { message: answerMessage, inbox } = await deps.answerStore.storeAnswer({
        companyId,
        chatId,
        questionMessageId: questionMessage.id,
        text: result.text,
        messageData: {
          questionID: questionMessage.id,
          outcome: result.outcome,
          language: result.language,
          turn: result.turn,
          ...(result.orderCard ? { order: result.orderCard } : {}),
          ...(result.quotedLanguage ? { quotedLanguage: result.quotedLanguage } : {}),
          ...(options.customReplyAnswer
            ? {
                customReplyID: options.customReplyAnswer.customReplyID,
                customReplyStep: options.customReplyAnswer.step,
              }
            : {}),
        },
        references: result.references,
        analysis: {
          shortenedCustomerMessage: result.classification.shortenedCustomerMessage,
          questionCategory: result.classification.questionCategory,
          selectedIntent: result.classification.selectedIntent,
        },
        usage: [...result.usage, ...(instantSummary?.usage ?? [])],
        citedDocumentIds: citedDocumentIds(result),
        ...(instantSummary ? { summary: instantSummary.summary } : {}),
      });
      options.onAnswerStored?.(answerMessage, inbox);
      const usage = [...result.usage, ...(instantSummary?.usage ?? [])];
      if (isSummarized && !deps.summarizer.isInstant) {
        const summary = await summarize();
        if (summary) {
          usage.push(...summary.usage);
          try {
            await deps.answerStore.storeSummary({ companyId, chatId, summary: summary.summary, usage: summary.usage });
          } catch (error) {
            deps.log.warn({ err: error }, "chat summary update failed; the previous summary stays");
          }
        }
      }
      return {
        question: questionMessage,
        answer: answerMessage,
        outcome: result.outcome,
        classification: result.classification,
        passages: result.passages,
        turn: result.turn,
        handsOff: result.handsOff,
        customReplyID: null,
        usage,
      };
    },
  };
}

export type ChatAnswering = ReturnType<typeof createChatAnswering>;

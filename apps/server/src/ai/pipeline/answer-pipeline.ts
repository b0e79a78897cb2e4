import type { AnswerOutcome, PlaygroundResponse, Reference, VisitorLanguage } from "@harbor/contract/ai-agent";
import type { RetrievedChunk } from "@harbor/contract/knowledge";
import { splitIntoBubbles } from "@harbor/contract/sentences";
import type { FastifyBaseLogger } from "fastify";
import type { AgentSettings } from "../../modules/ai-agent/ai-agent.service";
import type { AnswerStore } from "../../modules/chats/answer-store";
import type { ChatMessageRow, ChatsRepository } from "../../modules/chats/chats.repository";
import type {
  Answerer,
  Classification,
  Classifier,
  ConversationTurn,
  Summarizer,
  TokenUsage,
} from "../answer/answer-types";
import { detectLanguage } from "../retrieval/detect-language";

/** Passages handed to the answerer; the local one re-ranks their sentences. */
const PASSAGE_LIMIT = 6;
/** Earlier question/answer messages given as context to the answerer. */
const HISTORY_TURNS = 6;

export type PipelinePhase = "understanding" | "writing";
/**
 * `chunk`s stream the answer as it is written; `replace` says the final text differs from what
 * streamed (an output guard withdrew it, or a decline was decided after streaming began).
 */
export type PipelineEvent =
  | { type: "phase"; phase: PipelinePhase }
  | { type: "chunk"; text: string }
  | { type: "replace"; text: string };

/** Sentences the engine says itself, per visitor language (never invented facts). */
export type FixedReplies = (language: VisitorLanguage) => { needsOrder: string; providerFailed: string };

export type PipelineDeps = {
  retrieve(options: { companyId: string; query: string; limit: number }): Promise<RetrievedChunk[]>;
  settingsFor(companyId: string): Promise<AgentSettings>;
  answerer: Answerer;
  classifier: Classifier;
  summarizer: Summarizer;
  fixedReplies: FixedReplies;
  chats: ChatsRepository;
  answerStore: AnswerStore;
  log: FastifyBaseLogger;
};

export type ChatAnswer = {
  question: ChatMessageRow;
  /** Null while a human handles the chat. */
  answer: ChatMessageRow | null;
  outcome: AnswerOutcome;
  classification: Classification | null;
  usage: TokenUsage[];
};

type RunResult = {
  language: VisitorLanguage;
  outcome: AnswerOutcome;
  text: string;
  bubbles: string[];
  references: Reference[];
  passages: RetrievedChunk[];
  citedChunkIds: string[];
  classification: Classification;
  usage: TokenUsage[];
  timings: { retrieveMs: number; answerMs: number; totalMs: number };
};

/**
 * A person has the chat — taken over (`human`) or a raised ticket (`ticket`) — so the AI stays
 * silent until it is handed back; a visitor's follow-up to a ticket waits for the team.
 */
export function isHandledByPerson(status: string) {
  return status === "human" || status === "ticket";
}

export function visitorLanguageOf(question: string): VisitorLanguage {
  const detected = detectLanguage(question);
  return detected === "nl" || detected === "he" ? detected : "en";
}

const normalizeSpace = (text: string) => text.replace(/\s+/g, " ").trim();

const elapsed = (since: number) => Math.round((performance.now() - since) * 10) / 10;

/**
 * One visitor question, end to end (ARCHITECTURE.md, "The AI engine"): classify and retrieve in
 * parallel → answer (streamed) → guard → bubbles → references. `answerInChat` also stores the
 * messages, the analysis entry, the running summary, token usage and documents' times_used;
 * `preview` (the admin playground) stores nothing but token usage.
 */
export function createAnswerPipeline(deps: PipelineDeps) {
  /** Documents behind the cited passages, once each, in citation order. */
  function referencesOf(passages: RetrievedChunk[], citedChunkIds: string[], showSources: boolean): Reference[] {
    if (!showSources) return [];
    const seen = new Set<string>();
    const references: Reference[] = [];
    for (const chunkId of citedChunkIds) {
      const passage = passages.find((p) => p.chunkId === chunkId);
      if (!passage?.showAsSource || seen.has(passage.documentId)) continue;
      seen.add(passage.documentId);
      references.push({
        url: passage.url,
        title: passage.title,
        image: passage.sourceType === "shopify-products" ? passage.image : null,
        sourceType: passage.sourceType,
      });
    }
    return references;
  }

  async function run(options: {
    companyId: string;
    question: string;
    language?: VisitorLanguage;
    history: ConversationTurn[];
    onEvent?: (event: PipelineEvent) => void;
    signal?: AbortSignal;
  }): Promise<RunResult> {
    const started = performance.now();
    const { companyId, question } = options;
    const language = options.language ?? visitorLanguageOf(question);
    const emit = options.onEvent ?? (() => {});
    emit({ type: "phase", phase: "understanding" });

    // Retrieval needs nothing else, so it starts first; classification waits for the categories.
    const retrieveStarted = performance.now();
    let retrieveMs = 0;
    const retrieving = deps.retrieve({ companyId, query: question, limit: PASSAGE_LIMIT }).then((found) => {
      retrieveMs = elapsed(retrieveStarted);
      return found;
    });
    // Awaited below; if loading the settings fails first, its own failure must not go unhandled.
    retrieving.catch(() => {});
    const settings = await deps.settingsFor(companyId);
    const categories = settings.categories;
    const [passages, classification] = await Promise.all([
      retrieving,
      deps.classifier.classify({ question, language, categories, signal: options.signal }).catch((error: unknown) => {
        // A failed classification must not cost the visitor the answer; the analysis just stays empty.
        deps.log.warn({ err: error }, "question classification failed");
        return {
          questionCategory: null,
          selectedIntent: null,
          shortenedCustomerMessage: question.slice(0, 120),
          isOrderSpecific: false,
          usage: [],
        } satisfies Classification;
      }),
    ]);

    emit({ type: "phase", phase: "writing" });
    const answerStarted = performance.now();
    const usage = [...classification.usage];
    let text: string;
    let outcome: AnswerOutcome;
    let citedChunkIds: string[] = [];
    if (classification.isOrderSpecific) {
      // The knowledge base can't know the visitor's own order: offer the order flow, never guess.
      text = deps.fixedReplies(language).needsOrder;
      outcome = "needs-order";
      emit({ type: "chunk", text });
    } else {
      try {
        const stream = deps.answerer.answer({
          question,
          language,
          persona: settings.persona,
          company: settings.company,
          answerRules: settings.answerRules,
          passages,
          history: options.history,
          signal: options.signal,
        });
        let streamed = "";
        let step = await stream.next();
        while (!step.done) {
          streamed += step.value;
          emit({ type: "chunk", text: step.value });
          step = await stream.next();
        }
        const result = step.value;
        // The result's text is authoritative: send it when nothing streamed, or correct the stream.
        if (!streamed) emit({ type: "chunk", text: result.text });
        else if (normalizeSpace(streamed) !== normalizeSpace(result.text)) emit({ type: "replace", text: result.text });
        text = result.text;
        outcome = result.outcome;
        citedChunkIds = result.citedChunkIds;
        usage.push(...result.usage);
      } catch (error) {
        // Stopped by the caller (the visitor's reset-answer): no degraded answer, nothing to say.
        if (options.signal?.aborted) throw error;
        deps.log.error({ err: error }, "answering failed; the visitor gets the degraded answer");
        text = deps.fixedReplies(language).providerFailed;
        outcome = "provider-failed";
        emit({ type: "chunk", text });
      }
    }
    const answerMs = elapsed(answerStarted);
    return {
      language,
      outcome,
      text,
      bubbles: splitIntoBubbles(text),
      references:
        outcome === "answered" ? referencesOf(passages, citedChunkIds, settings.workflows.showSources.isActive) : [],
      passages,
      citedChunkIds: outcome === "answered" ? citedChunkIds : [],
      classification,
      usage,
      timings: { retrieveMs, answerMs, totalMs: elapsed(started) },
    };
  }

  function citedDocumentIds(result: RunResult) {
    const ids = new Set<string>();
    for (const chunkId of result.citedChunkIds) {
      const passage = result.passages.find((p) => p.chunkId === chunkId);
      if (passage) ids.add(passage.documentId);
    }
    return [...ids];
  }

  return {
    /** The admin playground: the answer a visitor would get, with what led to it; no chat is created. */
    async preview(options: {
      companyId: string;
      question: string;
      language?: VisitorLanguage;
    }): Promise<PlaygroundResponse> {
      const result = await run({ ...options, history: [] });
      await deps.chats.recordUsage({
        companyId: options.companyId,
        chatId: null,
        purpose: "playground",
        usage: result.usage,
      });
      const cited = new Set(result.citedChunkIds);
      return {
        language: result.language,
        outcome: result.outcome,
        bubbles: result.bubbles,
        references: result.references,
        questionCategory: result.classification.questionCategory,
        selectedIntent: result.classification.selectedIntent,
        passages: result.passages.map((p) => ({
          title: p.title,
          content: p.content,
          url: p.url,
          sourceType: p.sourceType,
          score: p.score,
          isCited: cited.has(p.chunkId),
        })),
        usage: result.usage,
        timings: result.timings,
      };
    },

    /**
     * Answers a visitor's question in a chat: stores the question, then (unless a human has taken
     * the chat over) the answer with its references, the analysis entry, the running summary, token
     * usage and times_used. Events stream while the answer is written.
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
       * The answer is stored: the caller may send it on now. The running summary is written after
       * this (with a remote model it is a second call), so nobody waits for it.
       */
      onAnswerStored?: (answer: ChatMessageRow) => void;
      signal?: AbortSignal;
    }): Promise<ChatAnswer> {
      const { companyId, chatId } = options;
      const chat = await deps.chats.findChat(companyId, chatId);
      if (!chat) throw new Error(`Chat ${chatId} not found in company ${companyId}`);
      const turns = await deps.chats.recentTurns(companyId, chatId, HISTORY_TURNS + 1);
      // A question stored beforehand is the newest turn; it is the question, not its history.
      if (options.questionMessage && turns.at(-1)?.senderRole === "customer") turns.pop();
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
        return { question: questionMessage, answer: null, outcome: "human-handling", classification: null, usage: [] };
      }

      const result = await run({
        ...options,
        language: options.language ?? (chat.language as VisitorLanguage | null) ?? undefined,
        history,
      });
      // A stopped answer is not stored (the local engine does not watch the signal while it writes).
      options.signal?.throwIfAborted();
      const answerMessage = await deps.answerStore.storeAnswer({
        companyId,
        chatId,
        questionMessageId: questionMessage.id,
        text: result.text,
        messageData: { questionID: questionMessage.id, outcome: result.outcome, language: result.language },
        references: result.references,
        analysis: {
          shortenedCustomerMessage: result.classification.shortenedCustomerMessage,
          questionCategory: result.classification.questionCategory,
          selectedIntent: result.classification.selectedIntent,
        },
        usage: result.usage,
        citedDocumentIds: citedDocumentIds(result),
      });
      options.onAnswerStored?.(answerMessage);
      const usage = [...result.usage];
      try {
        const summary = await deps.summarizer.summarize({
          previousSummary: chat.summary,
          question: options.question,
          answer: result.text,
          language: result.language,
          signal: options.signal,
        });
        usage.push(...summary.usage);
        await deps.answerStore.storeSummary({ companyId, chatId, summary: summary.summary, usage: summary.usage });
      } catch (error) {
        deps.log.warn({ err: error }, "chat summary update failed; the previous summary stays");
      }
      return {
        question: questionMessage,
        answer: answerMessage,
        outcome: result.outcome,
        classification: result.classification,
        usage,
      };
    },
  };
}

export type AnswerPipeline = ReturnType<typeof createAnswerPipeline>;

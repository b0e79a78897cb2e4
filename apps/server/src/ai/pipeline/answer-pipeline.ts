import type { AnswerOutcome, PlaygroundResponse, Reference, VisitorLanguage } from "@harbor/contract/ai-agent";
import type { RetrievedChunk } from "@harbor/contract/knowledge";
import { splitIntoBubbles } from "@harbor/contract/sentences";
import type { Answerer, Classification, Classifier, ConversationTurn, TokenUsage } from "../answer/answer-types";
import { detectLanguage } from "../retrieval/detect-language";
import type { EngineLog, EngineSettingsReader, PassageRetriever } from "./engine-ports";

/** Passages handed to the answerer; the local one re-ranks their sentences. */
const PASSAGE_LIMIT = 6;

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

/** What the engine needs from the rest of the server, as ports it owns (engine-ports.ts). */
export type PipelineDeps = {
  retrieve: PassageRetriever;
  settingsFor: EngineSettingsReader;
  answerer: Answerer;
  classifier: Classifier;
  fixedReplies: FixedReplies;
  log: EngineLog;
};

/** One question answered: the text, how it came about, and what it cost. Nothing is stored. */
export type EngineAnswer = {
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

export function visitorLanguageOf(question: string): VisitorLanguage {
  const detected = detectLanguage(question);
  return detected === "nl" || detected === "he" ? detected : "en";
}

const normalizeSpace = (text: string) => text.replace(/\s+/g, " ").trim();

const elapsed = (since: number) => Math.round((performance.now() - since) * 10) / 10;

/**
 * One visitor question, end to end (docs/ARCHITECTURE.md, "The AI engine"): classify and retrieve
 * in parallel → answer (streamed) → guard → bubbles → references. The engine stores nothing: the
 * chats module stores a chat's answers (chat-answering.service.ts), the AI agent module records
 * the playground's usage.
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
  }): Promise<EngineAnswer> {
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

  return {
    answer: run,

    /** The admin playground: the answer a visitor would get, with what led to it. */
    async preview(options: {
      companyId: string;
      question: string;
      language?: VisitorLanguage;
    }): Promise<{ response: PlaygroundResponse; usage: TokenUsage[] }> {
      const result = await run({ ...options, history: [] });
      const cited = new Set(result.citedChunkIds);
      return {
        usage: result.usage,
        response: {
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
        },
      };
    },
  };
}

/** Documents behind an answer's cited passages, once each. */
export function citedDocumentIds(result: Pick<EngineAnswer, "citedChunkIds" | "passages">) {
  const ids = new Set<string>();
  for (const chunkId of result.citedChunkIds) {
    const passage = result.passages.find((p) => p.chunkId === chunkId);
    if (passage) ids.add(passage.documentId);
  }
  return [...ids];
}

export type AnswerPipeline = ReturnType<typeof createAnswerPipeline>;

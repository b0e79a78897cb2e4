import type { AnswerOutcome, PlaygroundResponse, Reference, VisitorLanguage } from "@harbor/contract/ai-agent";
import type { RetrievedChunk } from "@harbor/contract/knowledge";
import type { OrderCard } from "@harbor/contract/orders";
import { splitIntoBubbles } from "@harbor/contract/sentences";
import {
  type AnswerGrounds,
  type DialogueState,
  EMPTY_DIALOGUE_STATE,
  type QuickReply,
  type TurnRecord,
} from "@harbor/contract/turn";
import type { Answerer, Classification, Classifier, ConversationTurn, TokenUsage } from "../answer/answer-types";
import { detectLanguage } from "../retrieval/detect-language";
import { orderLookupReply } from "../turn/order-lookup-reply";
import { answeredTurn, planTurn, repliedTurn, type TurnPlan } from "../turn/plan-turn";
import { type QuestionPart, questionParts } from "../turn/split-question";
import { type TurnUnderstanding, understandTurn } from "../turn/understand-turn";
import {
  customReplyRouteOf,
  type EngineLog,
  type EngineSettingsReader,
  type OrderLookup,
  type PassageRetriever,
} from "./engine-ports";

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
export type FixedReplies = (language: VisitorLanguage) => {
  needsOrder: string;
  providerFailed: string;
  /** One part of a compound question went unanswered; `{part}` is that part. */
  partNotFound: string;
};

const fillPart = (template: string, part: string) =>
  template.replace("{part}", part.replace(/\s*\([^)]*\)$/, "").replace(/[?？]+$/, ""));

/** What the engine needs from the rest of the server, as ports it owns (engine-ports.ts). */
export type PipelineDeps = {
  retrieve: PassageRetriever;
  settingsFor: EngineSettingsReader;
  answerer: Answerer;
  classifier: Classifier;
  fixedReplies: FixedReplies;
  /** Absent: no order can be looked up, and a complete order reference goes to a person. */
  orderLookup?: OrderLookup;
  log: EngineLog;
};

/** One turn answered: the text, how it came about, and what it cost. Nothing is stored. */
export type EngineAnswer = {
  /** The turn as understood, what the reply did, and the dialogue state after it. */
  turn: TurnRecord;
  /** The reply hands the chat to a person: the caller moves it to the team. */
  handsOff: boolean;
  language: VisitorLanguage;
  outcome: AnswerOutcome;
  text: string;
  bubbles: string[];
  /** A looked-up order, shown as a card under the reply (stored as `messageData.order`). */
  orderCard: OrderCard | null;
  /** The answer quotes the shop's knowledge in this language, not the visitor's (stored as `messageData.quotedLanguage`). */
  quotedLanguage?: VisitorLanguage;
  references: Reference[];
  passages: RetrievedChunk[];
  citedChunkIds: string[];
  classification: Classification;
  usage: TokenUsage[];
  timings: { retrieveMs: number; answerMs: number; totalMs: number };
  /**
   * The question was classified into a category or intent that runs this custom reply: nothing
   * was written (the text is empty) and the caller runs the workflow instead.
   */
  customReplyID: string | null;
};

export function visitorLanguageOf(question: string): VisitorLanguage {
  const detected = detectLanguage(question);
  return detected === "nl" || detected === "he" ? detected : "en";
}

const normalizeSpace = (text: string) => text.replace(/\s+/g, " ").trim();

type ReplyPlan = Extract<TurnPlan, { kind: "reply" }>;
type PlanAfterLookup = Exclude<TurnPlan, { kind: "lookup" }>;

/** The engine's outcome for a reply of the conversation's own. */
function outcomeOfReply(plan: ReplyPlan): AnswerOutcome {
  if (plan.orderCard) return "answered";
  if (plan.outcome === "order_flow") return "needs-order";
  if (plan.handsOff) return "handoff";
  return "conversation";
}

const elapsed = (since: number) => Math.round((performance.now() - since) * 10) / 10;

/**
 * One visitor question, end to end (docs/ARCHITECTURE.md, "The AI engine"): retrieve → answer
 * (streamed) → guard → bubbles → references, with the classification beside them (awaited before
 * the answer only when a custom reply could be routed to). The engine stores nothing: the
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
    /** What the chat remembers from its last reply (an offer, order details asked for). */
    state?: DialogueState;
    /** The message carries a file (usually a photo of the problem). */
    hasAttachment?: boolean;
    /** The visitor pressed a button under an offer instead of typing. */
    quickReply?: QuickReply;
    /** Whose failed order lookups are counted (the chat's visitor); without it, the company's playground. */
    askerKey?: string;
    /** A classification into a category or intent with a custom reply routes to it (visitor chats). */
    routeToCustomReplies?: boolean;
    /** A custom reply's AI answer: only these knowledge sources, and the admin's instruction. */
    restrict?: { sourceIds: string[]; instruction: string };
    onEvent?: (event: PipelineEvent) => void;
    signal?: AbortSignal;
  }): Promise<EngineAnswer> {
    const started = performance.now();
    const { companyId } = options;
    const language = options.language ?? visitorLanguageOf(options.question);
    const state = options.state ?? EMPTY_DIALOGUE_STATE;
    const emit = options.onEvent ?? (() => {});
    emit({ type: "phase", phase: "understanding" });

    // The turn first: a hello, a "yes please", a request for a person or order details need no
    // knowledge search, and a greeting in front of a question is not part of the question.
    const understanding = understandTurn({
      text: options.question,
      language,
      state,
      hasAttachment: options.hasAttachment ?? false,
      quickReply: options.quickReply,
    });
    const settingsLoading = deps.settingsFor(companyId);
    const isFirstReply = !options.history.some((turn) => turn.role === "assistant");
    const planFor = async (turn: TurnUnderstanding): Promise<PlanAfterLookup> => {
      const planned = planTurn(turn, {
        state,
        language,
        personaName: (await settingsLoading).persona.name,
        isFirstReply,
      });
      return planned.kind === "lookup" ? lookUpOrder(planned) : planned;
    };
    /** The order looked up in the shop (when there is one) and the reply to what was found. */
    const lookUpOrder = async (plan: Extract<TurnPlan, { kind: "lookup" }>): Promise<ReplyPlan> => {
      const result = deps.orderLookup
        ? await deps.orderLookup({
            companyId,
            askerKey: options.askerKey ?? "playground",
            reference: plan.order,
          })
        : ({ kind: "not_connected" } as const);
      const reply = orderLookupReply(result, { intent: plan.intent, order: plan.order, language });
      return {
        kind: "reply",
        intent: plan.intent,
        outcome: reply.outcome,
        text: reply.text,
        state: reply.state,
        handsOff: reply.handsOff,
        ...(reply.orderCard ? { orderCard: reply.orderCard } : {}),
        isAnswered: reply.isAnswered,
      };
    };
    let plan = await planFor(understanding);
    const question = plan.kind === "answer" && plan.question ? plan.question : options.question;
    // An extractive engine answers a compound question part by part; a model reads it whole.
    const askedParts: QuestionPart[] =
      plan.kind === "answer" && deps.answerer.isExtractive
        ? questionParts(question)
        : [{ text: question, isFollowUp: false }];
    const partQuestions = askedParts.map((part) => part.text);

    // Retrieval needs nothing else, so it starts first; classification waits for the categories.
    const retrieveStarted = performance.now();
    let retrieveMs = 0;
    let partPassages: RetrievedChunk[][] = [];
    const retrieving =
      plan.kind === "answer"
        ? Promise.all(
            partQuestions.map((part) =>
              deps.retrieve({
                companyId,
                query: part,
                limit: PASSAGE_LIMIT,
                ...(options.restrict?.sourceIds.length ? { sourceIds: options.restrict.sourceIds } : {}),
              }),
            ),
          ).then((found) => {
            retrieveMs = elapsed(retrieveStarted);
            partPassages = found;
            // Each part's best first, then the next part's (the record keeps what every part read).
            const byChunk = new Map(found.flat().map((passage) => [passage.chunkId, passage] as const));
            return [...byChunk.values()];
          })
        : Promise.resolve([]);
    // Awaited below; if loading the settings fails first, its own failure must not go unhandled.
    retrieving.catch(() => {});
    const settings = await settingsLoading;
    const noClassification: Classification = {
      questionCategory: null,
      selectedIntent: null,
      shortenedCustomerMessage: options.question.slice(0, 120),
      isOrderSpecific: understanding.isAboutOwnOrder,
      usage: [],
    };
    // A new order question ("where is my parcel?") goes to the shop's own order workflow when the
    // admin routed its category or intent to a custom reply: their configuration wins over the
    // built-in order flow (decision 056). Not a visitor answering what the order flow asked, and
    // not a question that already gives the order's details: those are looked up at once.
    const mayRouteOrderQuestion =
      options.routeToCustomReplies === true &&
      plan.kind === "reply" &&
      plan.outcome === "order_flow" &&
      understanding.intent === "order_question" &&
      state.awaiting !== "order_details" &&
      (settings.customReplyRoutes?.length ?? 0) > 0;
    const classifying =
      plan.kind === "reply" && !mayRouteOrderQuestion
        ? Promise.resolve(noClassification)
        : deps.classifier
            .classify({ question, language, categories: settings.categories, signal: options.signal })
            .catch((error: unknown) => {
              // A failed classification must not cost the visitor the answer; the analysis just stays empty.
              deps.log.warn({ err: error }, "question classification failed");
              return noClassification;
            });
    // A remote model's classifier may see an order question the patterns missed: the order flow then.
    const orderPlanAfter = async (found: Classification): Promise<PlanAfterLookup | null> =>
      plan.kind === "answer" && plan.intent === "question" && found.isOrderSpecific
        ? planFor({ ...understanding, intent: "order_question", isAboutOwnOrder: true })
        : null;
    // With a remote model the classification is a model round trip of its own. Only a custom reply
    // it could route to has to be known before a word is written (issue #20 item 5); otherwise the
    // answer starts as soon as its passages are found, and the classification (the chat's analysis,
    // a late order verdict) is awaited beside it.
    const mustRouteFirst =
      mayRouteOrderQuestion ||
      (options.routeToCustomReplies === true &&
        plan.kind === "answer" &&
        (settings.customReplyRoutes?.length ?? 0) > 0);
    // Set before any later reaction to `classifying` runs (reactions run in the order they were added).
    let isClassified = false;
    void classifying.then(() => {
      isClassified = true;
    });
    let classification = noClassification;
    const [passages] = await Promise.all([retrieving, mustRouteFirst ? classifying : null]);
    // A classification in by the time the passages are is used before writing, as it always was.
    if (isClassified) {
      classification = await classifying;
      plan = (await orderPlanAfter(classification)) ?? plan;
    }

    emit({ type: "phase", phase: "writing" });
    const answerStarted = performance.now();
    const usage = [...classification.usage];
    const done = (
      result: Omit<
        EngineAnswer,
        "language" | "bubbles" | "passages" | "classification" | "usage" | "timings" | "orderCard" | "customReplyID"
      > & { orderCard?: OrderCard; customReplyID?: string },
    ): EngineAnswer => ({
      ...result,
      orderCard: result.orderCard ?? null,
      customReplyID: result.customReplyID ?? null,
      language,
      bubbles: splitIntoBubbles(result.text),
      passages,
      classification,
      usage,
      timings: { retrieveMs, answerMs: elapsed(answerStarted), totalMs: elapsed(started) },
    });

    /** The conversation's own reply (order flow, order card, handoff, small talk) as the answer. */
    const doneWithReply = (reply: ReplyPlan) =>
      done({
        outcome: outcomeOfReply(reply),
        text: reply.text,
        references: [],
        citedChunkIds: [],
        turn: repliedTurn(reply),
        handsOff: reply.handsOff,
        orderCard: reply.orderCard,
      });

    const customReplyID = mustRouteFirst ? customReplyRouteOf(settings.customReplyRoutes, classification) : null;
    if (customReplyID) {
      return done({
        outcome: "answered",
        text: "",
        references: [],
        citedChunkIds: [],
        // The reply's own steps ask and tell now: nothing stays awaited from the built-in order flow.
        turn:
          plan.kind === "answer"
            ? answeredTurn(plan, { isAnswered: true })
            : {
                intent: plan.intent,
                outcome: "answered",
                state: { ...EMPTY_DIALOGUE_STATE, order: state.order },
                resolvePrompt: false,
              },
        handsOff: false,
        customReplyID,
      });
    }

    if (plan.kind === "reply") {
      emit({ type: "chunk", text: plan.text });
      return doneWithReply(plan);
    }

    /** Stops the answer being written when a late classification turns the question into an order question. */
    const overtaken = new AbortController();
    const answerSignal = options.signal ? AbortSignal.any([options.signal, overtaken.signal]) : overtaken.signal;
    let hasStreamed = false;
    /** One question (or part) answered from its passages; `stream` sends its text as it is written. */
    const answerOne = async (part: string, found: RetrievedChunk[], stream: boolean) => {
      const generator = deps.answerer.answer({
        question: part,
        language,
        persona: settings.persona,
        company: settings.company,
        answerRules: options.restrict?.instruction
          ? [
              ...settings.answerRules,
              { title: "Instruction for this answer", description: options.restrict.instruction },
            ]
          : settings.answerRules,
        passages: found,
        history: options.history,
        signal: answerSignal,
      });
      let streamed = "";
      let step = await generator.next();
      while (!step.done) {
        streamed += step.value;
        if (stream && !overtaken.signal.aborted) {
          hasStreamed = true;
          emit({ type: "chunk", text: step.value });
        }
        step = await generator.next();
      }
      usage.push(...step.value.usage);
      return { ...step.value, streamed };
    };

    let text: string;
    let outcome: AnswerOutcome;
    let citedChunkIds: string[] = [];
    let parts: TurnRecord["parts"];
    let grounds: AnswerGrounds[] = [];
    let quotedLanguage: VisitorLanguage | undefined;
    const answering =
      partQuestions.length > 1 ? answerParts(askedParts, partPassages, answerOne) : answerOne(question, passages, true);
    if (!isClassified) {
      // Awaited below unless overtaken; a failure while the classification is awaited is not unhandled.
      answering.catch(() => {});
      classification = await classifying;
      usage.unshift(...classification.usage);
      const orderPlan = await orderPlanAfter(classification);
      if (orderPlan?.kind === "reply") {
        overtaken.abort();
        emit(hasStreamed ? { type: "replace", text: orderPlan.text } : { type: "chunk", text: orderPlan.text });
        return doneWithReply(orderPlan);
      }
      if (orderPlan) plan = orderPlan;
    }
    try {
      const result = await answering;
      text = result.text;
      outcome = result.outcome;
      citedChunkIds = result.citedChunkIds;
      parts = "parts" in result ? result.parts : undefined;
      grounds = "partGrounds" in result ? result.partGrounds : result.grounds ? [result.grounds] : [];
      quotedLanguage = result.quotedLanguage;
      // The answerer saw an order question after all: the order flow, never a guessed status.
      if (outcome === "needs-order") {
        const orderPlan = await planFor({ ...understanding, intent: "order_question", isAboutOwnOrder: true });
        if (orderPlan.kind === "reply") {
          emit({ type: "replace", text: orderPlan.text });
          return doneWithReply(orderPlan);
        }
      }
      // The result's text is authoritative: send it when nothing streamed, or correct the stream.
      if (!result.streamed) emit({ type: "chunk", text });
      else if (normalizeSpace(result.streamed) !== normalizeSpace(text)) emit({ type: "replace", text });
    } catch (error) {
      // Stopped by the caller (the visitor's reset-answer): no degraded answer, nothing to say.
      if (options.signal?.aborted) throw error;
      deps.log.error({ err: error }, "answering failed; the visitor gets the degraded answer");
      text = deps.fixedReplies(language).providerFailed;
      outcome = "provider-failed";
      emit({ type: "chunk", text });
    }
    const isAnswered = outcome === "answered";
    const turn = { ...answeredTurn(plan, { isAnswered, parts }), ...(grounds.length > 0 ? { grounds } : {}) };
    return done({
      outcome,
      text,
      references: isAnswered ? referencesOf(passages, citedChunkIds, settings.workflows.showSources.isActive) : [],
      citedChunkIds: isAnswered ? citedChunkIds : [],
      ...(isAnswered && quotedLanguage ? { quotedLanguage } : {}),
      // A part left unanswered leaves a person on offer, instead of asking whether it all resolved.
      turn:
        parts && parts.answered < parts.asked
          ? { ...turn, resolvePrompt: false, state: { ...turn.state, offer: "handoff" } }
          : turn,
      handsOff: false,
    });

    /**
     * A compound question, part by part: each part answered from its own passages, or said to be
     * unanswered, in one reply. Declined only when no part could be answered. A follow-up that
     * could not be answered ("Is there a charge?" after "Will you take away my old washing
     * machine?") leaves the part it follows up on unanswered too: together they ask one thing
     * about one subject, and half of it ("we take it away", without the cost) is an answer a
     * visitor would act on wrongly (decision 079).
     */
    async function answerParts(
      partsAsked: QuestionPart[],
      foundPerPart: RetrievedChunk[][],
      answer: typeof answerOne,
    ): Promise<{
      text: string;
      outcome: AnswerOutcome;
      citedChunkIds: string[];
      streamed: string;
      parts: NonNullable<TurnRecord["parts"]>;
      partGrounds: AnswerGrounds[];
      quotedLanguage?: VisitorLanguage;
    }> {
      const questions = partsAsked.map((part) => part.text);
      const results: Awaited<ReturnType<typeof answer>>[] = [];
      for (const [index, part] of questions.entries())
        results.push(await answer(part, foundPerPart[index] ?? [], false));
      const partGrounds = results.flatMap((result) => (result.grounds ? [result.grounds] : []));
      // The reply of the first part that declined by itself, should no part be answered.
      const firstDeclined = results.find((result) => result.outcome !== "answered") ?? results[0];
      // From the last part back, so a declined follow-up of a follow-up reaches the part they both ask about.
      for (let index = results.length - 1; index > 0; index--) {
        const previous = results[index - 1];
        if (previous && partsAsked[index]?.isFollowUp && results[index]?.outcome !== "answered") {
          results[index - 1] = { ...previous, outcome: "no-match", citedChunkIds: [] };
        }
      }
      const answered = results.filter((result) => result.outcome === "answered");
      if (answered.length === 0) {
        const first = firstDeclined as (typeof results)[number];
        return { ...first, streamed: "", parts: { asked: questions.length, answered: 0 }, partGrounds };
      }
      const sentences = new Set<string>();
      const pieces = results.map((result, index) => {
        if (result.outcome !== "answered") {
          return fillPart(deps.fixedReplies(language).partNotFound, questions[index] ?? "");
        }
        // A part that carried the previous one's words may repeat its facts: each sentence once.
        const fresh = result.text.split(/(?<=[.!?])\s+/).filter((sentence) => !sentences.has(sentence));
        for (const sentence of fresh) sentences.add(sentence);
        return fresh.join(" ");
      });
      return {
        text: pieces.filter(Boolean).join("\n\n"),
        outcome: "answered",
        citedChunkIds: [...new Set(answered.flatMap((result) => result.citedChunkIds))],
        streamed: "",
        parts: { asked: questions.length, answered: answered.length },
        partGrounds,
        // One part quoting the English help text is enough for the reader to be told.
        ...(answered.some((result) => result.quotedLanguage)
          ? { quotedLanguage: answered.find((result) => result.quotedLanguage)?.quotedLanguage }
          : {}),
      };
    }
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
          grounds: result.turn.grounds ?? [],
          usage: result.usage,
          timings: result.timings,
        },
      };
    },
  };
}

type CitingAnswer = Pick<EngineAnswer, "citedChunkIds" | "passages">;

/** The passages an answer quotes, in the order it quotes them. */
function citedPassages(result: CitingAnswer): RetrievedChunk[] {
  return result.citedChunkIds.flatMap((chunkId) => result.passages.filter((p) => p.chunkId === chunkId).slice(0, 1));
}

/** Documents behind an answer's cited passages, once each. */
export function citedDocumentIds(result: CitingAnswer) {
  return [...new Set(citedPassages(result).map((passage) => passage.documentId))];
}

export type AnswerPipeline = ReturnType<typeof createAnswerPipeline>;

/** The titles of the pages an answer quotes, once each, in the order it quotes them (for the chat's summary). */
export function citedTitles(result: CitingAnswer) {
  return [...new Set(citedPassages(result).map((passage) => passage.title))];
}

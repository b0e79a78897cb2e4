import type { AgentCompany, AnswerOutcome, Persona, VisitorLanguage } from "@harbor/contract/ai-agent";
import type { RetrievedChunk } from "@harbor/contract/knowledge";
import type { AnswerGrounds } from "@harbor/contract/turn";

/** Tokens one provider call used; the local engine reports its own work the same way (model "local"). */
export type TokenUsage = { model: string; inputTokens: number; outputTokens: number };

export type ConversationTurn = { role: "visitor" | "assistant"; text: string };

export type QuestionCategoryOption = {
  title: string;
  description: string;
  intents: string[];
};

/** Everything an answerer may use to answer one visitor question. All of it is data, never instructions. */
export type AnswerInput = {
  question: string;
  language: VisitorLanguage;
  persona: Persona;
  company: AgentCompany;
  /** Active answer rules only, in the admin's words. */
  answerRules: { title: string; description: string }[];
  /** Best first. */
  passages: RetrievedChunk[];
  /** Earlier turns of the same chat, oldest first (bounded by the caller). */
  history: ConversationTurn[];
  signal?: AbortSignal;
};

export type AnswerResult = {
  text: string;
  outcome: AnswerOutcome;
  /** Passages the answer is built on (chunk ids); their documents become references. */
  citedChunkIds: string[];
  usage: TokenUsage[];
  /** Why it answered or declined (the extractive engine; a model's reasons are its own). */
  grounds?: AnswerGrounds;
  /** The answer quotes the knowledge in this language, not the visitor's (the extractive engine). */
  quotedLanguage?: VisitorLanguage;
};

/**
 * Turns retrieved passages into an answer. `stream` yields text as it is produced; its return
 * value is the final result (the text there is authoritative: a guard may have replaced it).
 */
export type Answerer = {
  model: string;
  /** Quotes the knowledge base instead of writing: a compound question is answered part by part. */
  isExtractive?: boolean;
  answer(input: AnswerInput): AsyncGenerator<string, AnswerResult, void>;
};

export type Classification = {
  questionCategory: string | null;
  selectedIntent: string | null;
  /** A short restatement of the visitor's message for the inbox's analysis list. */
  shortenedCustomerMessage: string;
  /** The question is about the visitor's own order (status, tracking, cancel, refund of *their* order). */
  isOrderSpecific: boolean;
  usage: TokenUsage[];
};

export type Classifier = {
  classify(input: {
    question: string;
    language: VisitorLanguage;
    categories: QuestionCategoryOption[];
    signal?: AbortSignal;
  }): Promise<Classification>;
};

/** Keeps a chat's running summary current after each answered question. */
export type Summarizer = {
  /**
   * The summary is written at once on this thread, no model called (the local engine's): the chat
   * stores it with the answer, in the answer's own statement (decision 064). A remote model's
   * summary is a second call, written after the answer has gone out.
   */
  isInstant?: boolean;
  summarize(input: {
    previousSummary: string;
    question: string;
    answer: string;
    language: VisitorLanguage;
    /** What became of the question: answered, not found, the order flow, a person. */
    outcome: AnswerOutcome;
    /** The titles of the pages the answer quotes, best first. */
    sourceTitles: string[];
    signal?: AbortSignal;
  }): Promise<{ summary: string; usage: TokenUsage[] }>;
};

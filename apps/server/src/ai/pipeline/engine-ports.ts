import type { AgentCompany, Persona } from "@harbor/contract/ai-agent";
import type { RetrievedChunk } from "@harbor/contract/knowledge";
import type { QuestionCategoryOption } from "../answer/answer-types";

/**
 * The engine's ports: what it needs from the rest of the server, in its own terms. The composition
 * root (app.ts) plugs the modules in; nothing under ai/ imports a module (enforced by the lint's
 * dependency rules, .dependency-cruiser.cjs).
 */

/** A company's searchable passages for a question, best first (the knowledge module's search). */
export type PassageRetriever = (options: {
  companyId: string;
  query: string;
  limit: number;
}) => Promise<RetrievedChunk[]>;

/** How a company wants its AI to answer (the AI agent module's settings). */
export type EngineSettings = {
  persona: Persona;
  company: AgentCompany;
  /** Active answer rules only, in the admin's words. */
  answerRules: { title: string; description: string }[];
  /** The company's question categories with their intents, for classification. */
  categories: QuestionCategoryOption[];
  workflows: { showSources: { isActive: boolean } };
};

export type EngineSettingsReader = (companyId: string) => Promise<EngineSettings>;

/** The engine logs what it survives (a failed classification, a failed provider call). */
export type EngineLog = {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
};

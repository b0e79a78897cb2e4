import type { AgentCompany, Persona } from "@harbor/contract/ai-agent";
import type { RetrievedChunk } from "@harbor/contract/knowledge";
import type { OrderCard } from "@harbor/contract/orders";
import type { OrderReference } from "@harbor/contract/turn";
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
  /** Only passages of these knowledge sources (a custom reply's AI answer limited to its sources). */
  sourceIds?: string[];
}) => Promise<RetrievedChunk[]>;

/** How a company wants its AI to answer (the AI agent module's settings). */
export type EngineSettings = {
  persona: Persona;
  company: AgentCompany;
  /** Active answer rules only, in the admin's words. */
  answerRules: { title: string; description: string }[];
  /** The company's question categories with their intents, for classification. */
  categories: QuestionCategoryOption[];
  /**
   * The active custom replies that categories and intents run: a question classified into one
   * starts its workflow instead of being answered (the visitor module runs it).
   */
  customReplyRoutes?: CustomReplyRoute[];
  workflows: { showSources: { isActive: boolean } };
};

/** A category (with `intent` null) or one of its intents, and the custom reply it runs. */
export type CustomReplyRoute = { category: string; intent: string | null; customReplyID: string };

/** The reply a classification routes to: the intent's own first, else the category's. */
export function customReplyRouteOf(
  routes: CustomReplyRoute[] | undefined,
  classification: { questionCategory: string | null; selectedIntent: string | null },
): string | null {
  if (!routes || !classification.questionCategory) return null;
  const inCategory = routes.filter((route) => route.category === classification.questionCategory);
  const byIntent = classification.selectedIntent
    ? inCategory.find((route) => route.intent === classification.selectedIntent)
    : undefined;
  return (byIntent ?? inCategory.find((route) => route.intent === null))?.customReplyID ?? null;
}

export type EngineSettingsReader = (companyId: string) => Promise<EngineSettings>;

/** The engine logs what it survives (a failed classification, a failed provider call). */
export type EngineLog = {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
};

/**
 * What looking up a visitor's order came to. `not_found` covers both an unknown order and contact
 * details that do not match it: the visitor cannot tell which, so order numbers cannot be probed.
 * `locked`: too many failed attempts from this visitor lately; no lookup was made.
 */
export type OrderLookupResult =
  | { kind: "found"; card: OrderCard }
  | { kind: "not_found"; attemptsLeft: number }
  | { kind: "locked" }
  | { kind: "not_connected" }
  | { kind: "unavailable" };

/** Finds a visitor's order in the company's shop and checks it is theirs (the orders module). */
export type OrderLookup = (options: {
  companyId: string;
  /** Whose attempts are counted (the chat's visitor, else the chat). */
  askerKey: string;
  reference: OrderReference;
}) => Promise<OrderLookupResult>;

import type { AnswerEngine } from "@harbor/contract/ai-agent";
import type { Database } from "../../db/client";
import type { FileStore } from "../../platform/files/file-store";
import type { HarborModule } from "../../platform/harbor-module";
import { createAiAgentRepository } from "./ai-agent.repository";
import { aiAgentRoutes, type Playground } from "./ai-agent.routes";
import { createAiAgentService } from "./ai-agent.service";

export type { AiAgentRepository } from "./ai-agent.repository";
export type { Playground } from "./ai-agent.routes";
export type { AgentSettings, AiAgentService } from "./ai-agent.service";

/**
 * How the AI answers: persona, company facts, answer rules, workflows, categories, the playground.
 * `settingsFor` is what the AI engine reads (its EngineSettingsReader port).
 */
export function createAiAgentModule(deps: {
  db: Database;
  publicUrl: string;
  /** Who answers visitors: the dashboard says which answer rules the built-in engine ignores. */
  engine: AnswerEngine;
  playground: Playground;
  /** Where stored files' bytes are (GET /api/files/:id streams them from it). */
  fileStore: FileStore;
}) {
  const aiAgentRepository = createAiAgentRepository(deps.db);
  const aiAgentService = createAiAgentService({
    repository: aiAgentRepository,
    publicUrl: deps.publicUrl,
    engine: deps.engine,
    fileStore: deps.fileStore,
  });
  const module: HarborModule = {
    name: "ai-agent",
    plugin: async (app) =>
      aiAgentRoutes(app, { aiAgentService, playground: deps.playground, fileStore: deps.fileStore }),
  };
  return { module, aiAgentRepository, aiAgentService };
}

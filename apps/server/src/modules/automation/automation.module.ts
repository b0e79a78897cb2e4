import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import type { FileStore } from "../../platform/files/file-store";
import type { HarborModule } from "../../platform/harbor-module";
import { automationRoutes } from "./automation.routes";
import { createCustomRepliesRepository } from "./custom-replies.repository";
import { createCustomRepliesService } from "./custom-replies.service";
import { createCustomReplyFiles } from "./custom-reply-files";
import type { DataModelRow } from "./data-models.repository";
import { createDataModelsRepository } from "./data-models.repository";
import { createDataModelsService } from "./data-models.service";
import { createQuestionCategoriesRepository } from "./question-categories.repository";
import { createQuestionCategoriesService } from "./question-categories.service";

/** Reply uploads no reply names, past their grace period, every hour. */
export const SWEEP_REPLY_FILES_SCHEDULE = "automation.sweep-reply-files";
const SWEEP_REPLY_FILES_CRON = "23 * * * *";

/**
 * Automated replies: question categories with their intents, custom replies (workflow graphs),
 * data models (spec part 2 §2.2, §7). The AI engine reads categories through the AI agent
 * module's settings, which this module tells to forget a company's settings after a change.
 */
export function createAutomationModule(deps: {
  db: Database;
  /** Forgets the engine's cached settings of a company (the AI agent module's `forgetSettings`). */
  onSettingsChanged: (companyId: string) => void;
  /** The company's data models, the Customer model made on first read (the AI agent module's). */
  listDataModels: (companyId: string) => Promise<DataModelRow[]>;
  /** Where the files replies send are stored (served by GET /api/files/:id). */
  fileStore: FileStore;
  publicUrl: string;
  log?: Pick<FastifyBaseLogger, "info">;
}) {
  const customRepliesRepository = createCustomRepliesRepository(deps.db);
  const categories = createQuestionCategoriesService({
    categories: createQuestionCategoriesRepository(deps.db),
    customReplies: customRepliesRepository,
    onChanged: deps.onSettingsChanged,
  });
  const customReplies = createCustomRepliesService({
    customReplies: customRepliesRepository,
    onChanged: deps.onSettingsChanged,
  });
  const dataModels = createDataModelsService({
    dataModels: createDataModelsRepository(deps.db),
    listDataModels: deps.listDataModels,
  });
  const replyFiles = createCustomReplyFiles({
    db: deps.db,
    store: deps.fileStore,
    publicUrl: deps.publicUrl,
    log: deps.log,
  });
  const module: HarborModule = {
    name: "automation",
    plugin: async (app) => automationRoutes(app, { categories, customReplies, dataModels, replyFiles }),
    schedules: [
      {
        name: SWEEP_REPLY_FILES_SCHEDULE,
        cron: SWEEP_REPLY_FILES_CRON,
        run: async () => void (await replyFiles.sweepUnused()),
      },
    ],
  };
  return {
    module,
    /** A switched-on custom reply of the company with its graph as stored, or null (the visitor module runs it). */
    async findActiveCustomReply(companyId: string, replyId: string) {
      const row = await customRepliesRepository.find(companyId, replyId);
      return row?.isActive ? { id: row.id, name: row.name, nodes: row.nodes as unknown } : null;
    },
  };
}

import {
  type AgentCompany,
  type AiAgent,
  ANSWER_RULES_MAX,
  type AnswerEngine,
  type AnswerRule,
  type Persona,
  personaSchema,
  type SaveAnswerRuleRequest,
  type Workflows,
  workflowsSchema,
} from "@harbor/contract/ai-agent";
import type { QuestionCategoryOption } from "../../ai/answer/answer-types";
import type { CustomReplyRoute } from "../../ai/pipeline/engine-ports";
import { AppError } from "../../platform/errors";
import { type FileStore, storeSmallFile } from "../../platform/files/file-store";
import type { CompanyAuth } from "../../platform/session";
import { DEFAULT_PERSONA, DEFAULT_WORKFLOWS } from "./ai-agent.defaults";
import type { AgentRow, AiAgentRepository, AnswerRuleRow } from "./ai-agent.repository";

const toAnswerRule = (row: AnswerRuleRow): AnswerRule => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  isActive: row.isActive,
});

/** What the AI engine needs to answer for a company: persona, profile, active rules, workflows, categories. */
export type AgentSettings = {
  persona: Persona;
  company: AgentCompany;
  answerRules: { title: string; description: string }[];
  workflows: Workflows;
  categories: QuestionCategoryOption[];
  /** Active categories and intents that run a switched-on custom reply. */
  customReplyRoutes: CustomReplyRoute[];
};

/**
 * How long the engine may answer with settings read earlier. Saves on this node clear them at
 * once; the bound covers saves made on another node of a scaled deployment.
 */
const SETTINGS_TTL_MS = 10_000;

export function createAiAgentService(deps: {
  repository: AiAgentRepository;
  publicUrl: string;
  engine: AnswerEngine;
  fileStore: FileStore;
}) {
  const { repository } = deps;

  /**
   * The widget shows the picture on the shop's own pages, so it gets an absolute address; the
   * dashboard gets a path on its own origin, which works on whichever host it was opened (an
   * absolute PUBLIC_URL address on another host is blocked by the dashboard's CSP).
   */
  const fileUrls = {
    absolute: (fileId: string) => `${deps.publicUrl}/api/files/${fileId}`,
    relative: (fileId: string) => `/api/files/${fileId}`,
  };

  /** Stored JSON is re-read through the contract so a row written by an older version still fits. */
  function personaOf(row: AgentRow | null, fileUrl: (fileId: string) => string): Persona {
    if (!row) return DEFAULT_PERSONA;
    const parsed = personaSchema.safeParse({ ...row.persona, thumbnailURL: null });
    const persona = parsed.success ? parsed.data : DEFAULT_PERSONA;
    return { ...persona, thumbnailURL: row.thumbnailFileId ? fileUrl(row.thumbnailFileId) : null };
  }

  function workflowsOf(row: AgentRow | null): Workflows {
    const parsed = workflowsSchema.safeParse(row?.workflows);
    return parsed.success ? parsed.data : DEFAULT_WORKFLOWS;
  }

  async function companyOf(companyId: string): Promise<AgentCompany> {
    const company = await repository.findCompanyProfile(companyId);
    if (!company) throw new AppError("NOT_FOUND", "This workspace no longer exists.");
    return company;
  }

  const settingsCache = new Map<string, { settings: Promise<AgentSettings>; expiresAt: number }>();

  async function loadSettings(companyId: string): Promise<AgentSettings> {
    const [row, company, rules, categories, activeReplies] = await Promise.all([
      repository.findAgent(companyId),
      companyOf(companyId),
      repository.listAnswerRules(companyId),
      repository.listActiveCategories(companyId),
      repository.listActiveCustomReplyIds(companyId),
    ]);
    const customReplyRoutes: CustomReplyRoute[] = categories.flatMap((category) => [
      ...category.intents
        .filter((intent) => intent.isActive && intent.customReplyID && activeReplies.has(intent.customReplyID))
        .map((intent) => ({
          category: category.title,
          intent: intent.title,
          customReplyID: intent.customReplyID as string,
        })),
      ...(category.customReplyId && activeReplies.has(category.customReplyId)
        ? [{ category: category.title, intent: null, customReplyID: category.customReplyId }]
        : []),
    ]);
    return {
      persona: personaOf(row, fileUrls.absolute),
      company,
      answerRules: rules.filter((rule) => rule.isActive).map(({ title, description }) => ({ title, description })),
      workflows: workflowsOf(row),
      categories: categories.map((category) => ({
        title: category.title,
        description: category.description,
        intents: category.intents.filter((intent) => intent.isActive).map((intent) => intent.title),
      })),
      customReplyRoutes,
    };
  }

  /** Runs a write, then forgets the cached settings (after, so a read racing the write can't re-cache the old ones). */
  async function changing<T>(companyId: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      settingsCache.delete(companyId);
    }
  }

  async function getAgent(auth: CompanyAuth): Promise<AiAgent> {
    const [row, company, rules] = await Promise.all([
      repository.findAgent(auth.companyId),
      companyOf(auth.companyId),
      repository.listAnswerRules(auth.companyId),
    ]);
    return {
      persona: personaOf(row, fileUrls.relative),
      company,
      answerRules: rules.map(toAnswerRule),
      workflows: workflowsOf(row),
      engine: deps.engine,
    };
  }

  return {
    getAgent,

    /** Read for every visitor question, so kept briefly per company (SETTINGS_TTL_MS). */
    settingsFor(companyId: string): Promise<AgentSettings> {
      const cached = settingsCache.get(companyId);
      if (cached && cached.expiresAt > Date.now()) return cached.settings;
      const settings = loadSettings(companyId);
      settingsCache.set(companyId, { settings, expiresAt: Date.now() + SETTINGS_TTL_MS });
      settings.catch(() => settingsCache.delete(companyId));
      return settings;
    },

    /** Called after anything the settings hold changes (the automation module's saves too). */
    forgetSettings(companyId: string) {
      settingsCache.delete(companyId);
    },

    async savePersona(
      auth: CompanyAuth,
      input: { persona: Persona; company: AgentCompany; picture?: { contentType: string; bytes: Buffer } },
    ) {
      const { thumbnailURL: _ignored, ...persona } = input.persona;
      const { picture } = input;
      const newPicture = picture && {
        id: await storeSmallFile(deps.fileStore, picture.bytes),
        contentType: picture.contentType,
        byteSize: picture.bytes.length,
      };
      await changing(auth.companyId, () =>
        repository.savePersona({
          companyId: auth.companyId,
          persona,
          company: input.company,
          defaultWorkflows: DEFAULT_WORKFLOWS,
          newPicture,
        }),
      );
      return getAgent(auth);
    },

    async saveWorkflows(auth: CompanyAuth, workflows: Workflows) {
      // Ids picked in dropdowns must be this company's: another company's data model or reply is refused.
      const [models, replies] = await Promise.all([
        repository.listDataModels(auth.companyId),
        repository.listCustomReplies(auth.companyId),
      ]);
      const dataModelId = workflows.preChatForm.dataModelID;
      if (dataModelId && !models.some((model) => model.id === dataModelId)) {
        throw new AppError("BAD_REQUEST", "workflows.preChatForm.dataModelID: Choose one of your data models");
      }
      for (const key of ["positiveReply", "negativeReply"] as const) {
        const replyId = workflows.standardReplies[key].customReplyID;
        if (replyId && !replies.some((reply) => reply.id === replyId)) {
          throw new AppError(
            "BAD_REQUEST",
            `workflows.standardReplies.${key}.customReplyID: Choose one of your custom replies`,
          );
        }
      }
      await changing(auth.companyId, () =>
        repository.saveWorkflows({ companyId: auth.companyId, workflows, defaultPersona: DEFAULT_PERSONA }),
      );
      return getAgent(auth);
    },

    async saveAnswerRule(
      auth: CompanyAuth,
      request: Required<Omit<SaveAnswerRuleRequest, "ruleID">> & { ruleID?: string },
    ) {
      const rule = { title: request.title, description: request.description, isActive: request.isActive };
      const ruleId = request.ruleID;
      if (ruleId) {
        const row = await changing(auth.companyId, () => repository.updateAnswerRule(auth.companyId, ruleId, rule));
        if (!row) throw new AppError("NOT_FOUND", "This answer rule no longer exists.");
        return toAnswerRule(row);
      }
      if ((await repository.countAnswerRules(auth.companyId)) >= ANSWER_RULES_MAX) {
        throw new AppError("CONFLICT", `A workspace can have at most ${ANSWER_RULES_MAX} answer rules.`);
      }
      return toAnswerRule(await changing(auth.companyId, () => repository.insertAnswerRule(auth.companyId, rule)));
    },

    async deleteAnswerRule(auth: CompanyAuth, ruleId: string) {
      if (!(await changing(auth.companyId, () => repository.deleteAnswerRule(auth.companyId, ruleId)))) {
        throw new AppError("NOT_FOUND", "This answer rule no longer exists.");
      }
    },

    async findFile(fileId: string) {
      return repository.findFile(fileId);
    },
  };
}

export type AiAgentService = ReturnType<typeof createAiAgentService>;

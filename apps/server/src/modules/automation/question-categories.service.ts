import { randomUUID } from "node:crypto";
import {
  CATEGORIES_MAX,
  INTENTS_MAX,
  type Intent,
  type QuestionCategory,
  type saveIntentRequestSchema,
  type saveQuestionCategoryRequestSchema,
} from "@harbor/contract/automation";
import type { z } from "zod";
import { AppError } from "../../platform/errors";
import type { CompanyAuth } from "../../platform/session";
import type { CustomRepliesRepository } from "./custom-replies.repository";
import type { QuestionCategoriesRepository, QuestionCategoryRow } from "./question-categories.repository";

type SaveCategory = z.output<typeof saveQuestionCategoryRequestSchema>;
type SaveIntent = z.output<typeof saveIntentRequestSchema>;

const toCategory = (row: QuestionCategoryRow): QuestionCategory => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  customReplyID: row.customReplyId,
  isActive: row.isActive,
  intents: row.intents,
  createdAt: row.createdAt.toISOString(),
});

const sameText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: "accent" }) === 0;
const categoryGone = () => new AppError("NOT_FOUND", "This category no longer exists.");
const intentGone = () => new AppError("NOT_FOUND", "This intent no longer exists.");

/**
 * Question categories and intents (spec part 2 §3–§5). The classifier routes by category title,
 * and the inbox files chats under it, so titles are unique in a company (decision 038).
 */
export function createQuestionCategoriesService(deps: {
  categories: QuestionCategoriesRepository;
  customReplies: CustomRepliesRepository;
  /** The engine reads categories through cached settings; this forgets them after a change. */
  onChanged: (companyId: string) => void;
}) {
  const { categories } = deps;

  async function changing<T>(companyId: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      deps.onChanged(companyId);
    }
  }

  async function checkReply(companyId: string, replyId: string | null, field: string) {
    if (replyId && !(await deps.customReplies.existingIds(companyId, [replyId])).has(replyId)) {
      throw new AppError("BAD_REQUEST", `${field}: Choose one of your custom replies`);
    }
  }

  return {
    async all(auth: CompanyAuth): Promise<QuestionCategory[]> {
      return (await categories.list(auth.companyId)).map(toCategory);
    },

    async get(auth: CompanyAuth, categoryId: string): Promise<QuestionCategory> {
      const row = await categories.find(auth.companyId, categoryId);
      if (!row) throw categoryGone();
      return toCategory(row);
    },

    /** Creates without an id, updates with one (spec part 2 §4). */
    async save(auth: CompanyAuth, request: SaveCategory): Promise<QuestionCategory> {
      const { companyId } = auth;
      const categoryId = request.questionCategoryID;
      await checkReply(companyId, request.customReplyID, "customReplyID");
      const existing = await categories.list(companyId);
      if (existing.some((row) => row.id !== categoryId && sameText(row.title, request.title))) {
        throw new AppError("CONFLICT", `A category named "${request.title}" already exists.`);
      }
      const fields = {
        title: request.title,
        description: request.description,
        customReplyId: request.customReplyID,
        isActive: request.isActive,
      };
      if (categoryId) {
        const row = await changing(companyId, () => categories.update(companyId, categoryId, fields));
        if (!row) throw categoryGone();
        return toCategory(row);
      }
      if (existing.length >= CATEGORIES_MAX) {
        throw new AppError("CONFLICT", `A workspace can have at most ${CATEGORIES_MAX} question categories.`);
      }
      return toCategory(await changing(companyId, () => categories.insert(companyId, fields)));
    },

    async delete(auth: CompanyAuth, categoryId: string) {
      if (!(await changing(auth.companyId, () => categories.delete(auth.companyId, categoryId)))) throw categoryGone();
    },

    /** Adds the intent without an id, changes it with one; answers the intent as saved. */
    async saveIntent(auth: CompanyAuth, request: SaveIntent): Promise<Intent> {
      const { companyId } = auth;
      await checkReply(companyId, request.intent.customReplyID, "intent.customReplyID");
      const saved: Intent = {
        _id: request.intent._id ?? randomUUID(),
        title: request.intent.title,
        customReplyID: request.intent.customReplyID,
        isActive: request.intent.isActive,
      };
      const row = await changing(companyId, () =>
        categories.changeIntents(companyId, request.questionCategoryID, (intents) => {
          if (intents.some((intent) => intent._id !== saved._id && sameText(intent.title, saved.title))) {
            throw new AppError("CONFLICT", "This category already has that intent.");
          }
          if (request.intent._id) {
            if (!intents.some((intent) => intent._id === saved._id)) throw intentGone();
            return intents.map((intent) => (intent._id === saved._id ? saved : intent));
          }
          if (intents.length >= INTENTS_MAX) {
            throw new AppError("CONFLICT", `A category can have at most ${INTENTS_MAX} intents.`);
          }
          return [...intents, saved];
        }),
      );
      if (!row) throw categoryGone();
      return saved;
    },

    async deleteIntent(auth: CompanyAuth, request: { questionCategoryID: string; intentID: string }) {
      const row = await changing(auth.companyId, () =>
        categories.changeIntents(auth.companyId, request.questionCategoryID, (intents) => {
          if (!intents.some((intent) => intent._id === request.intentID)) throw intentGone();
          return intents.filter((intent) => intent._id !== request.intentID);
        }),
      );
      if (!row) throw categoryGone();
    },
  };
}

export type QuestionCategoriesService = ReturnType<typeof createQuestionCategoriesService>;

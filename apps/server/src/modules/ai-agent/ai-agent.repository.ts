import type { AgentCompany, Persona, Workflows } from "@harbor/contract/ai-agent";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  aiAgents,
  answerRules,
  companies,
  customReplies,
  dataModels,
  questionCategories,
  storedFiles,
} from "../../db/schema/index";
import { CUSTOMER_DATA_MODEL } from "./ai-agent.defaults";

export type AgentRow = typeof aiAgents.$inferSelect;
export type AnswerRuleRow = typeof answerRules.$inferSelect;

/** Everything here is scoped by companyId: a row of another company is never read or written. */
export function createAiAgentRepository(db: Database) {
  return {
    async findAgent(companyId: string) {
      const [row] = await db.select().from(aiAgents).where(eq(aiAgents.companyId, companyId)).limit(1);
      return row ?? null;
    },

    async findCompanyProfile(companyId: string): Promise<AgentCompany | null> {
      const [row] = await db
        .select({ name: companies.name, description: companies.description, industry: companies.industry })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1);
      return row ?? null;
    },

    /**
     * Saves persona and company profile together; a new picture is stored in the same
     * transaction and the old one removed, so a failed save leaves the previous picture.
     */
    async savePersona(options: {
      companyId: string;
      persona: Omit<Persona, "thumbnailURL">;
      company: AgentCompany;
      defaultWorkflows: Workflows;
      /** A picture already in the file store under `id`. */
      newPicture?: { id: string; contentType: string; byteSize: number };
    }) {
      const { companyId } = options;
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ thumbnailFileId: aiAgents.thumbnailFileId })
          .from(aiAgents)
          .where(eq(aiAgents.companyId, companyId))
          .for("update");
        let thumbnailFileId = current?.thumbnailFileId ?? null;
        if (options.newPicture) {
          const [file] = await tx
            .insert(storedFiles)
            .values({ companyId, ...options.newPicture })
            .returning({ id: storedFiles.id });
          if (thumbnailFileId) {
            await tx
              .delete(storedFiles)
              .where(and(eq(storedFiles.id, thumbnailFileId), eq(storedFiles.companyId, companyId)));
          }
          thumbnailFileId = file?.id ?? null;
        }
        await tx
          .insert(aiAgents)
          .values({ companyId, persona: options.persona, workflows: options.defaultWorkflows, thumbnailFileId })
          .onConflictDoUpdate({
            target: aiAgents.companyId,
            set: { persona: options.persona, thumbnailFileId, updatedAt: sql`now()` },
          });
        await tx
          .update(companies)
          .set({
            name: options.company.name,
            description: options.company.description,
            industry: options.company.industry,
          })
          .where(eq(companies.id, companyId));
      });
    },

    async saveWorkflows(options: { companyId: string; workflows: Workflows; defaultPersona: Persona }) {
      const { thumbnailURL: _unused, ...persona } = options.defaultPersona;
      await db
        .insert(aiAgents)
        .values({ companyId: options.companyId, persona, workflows: options.workflows })
        .onConflictDoUpdate({
          target: aiAgents.companyId,
          set: { workflows: options.workflows, updatedAt: sql`now()` },
        });
    },

    async findFile(fileId: string) {
      const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, fileId)).limit(1);
      return row ?? null;
    },

    async listAnswerRules(companyId: string) {
      return db
        .select()
        .from(answerRules)
        .where(eq(answerRules.companyId, companyId))
        .orderBy(asc(answerRules.createdAt), asc(answerRules.id));
    },

    async countAnswerRules(companyId: string) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(answerRules)
        .where(eq(answerRules.companyId, companyId));
      return row?.count ?? 0;
    },

    async insertAnswerRule(companyId: string, rule: { title: string; description: string; isActive: boolean }) {
      const [row] = await db
        .insert(answerRules)
        .values({ companyId, ...rule })
        .returning();
      if (!row) throw new Error("Answer rule insert returned no row");
      return row;
    },

    /** Null when the rule doesn't exist in this company. */
    async updateAnswerRule(
      companyId: string,
      ruleId: string,
      rule: { title: string; description: string; isActive: boolean },
    ) {
      const [row] = await db
        .update(answerRules)
        .set(rule)
        .where(and(eq(answerRules.id, ruleId), eq(answerRules.companyId, companyId)))
        .returning();
      return row ?? null;
    },

    async deleteAnswerRule(companyId: string, ruleId: string) {
      const deleted = await db
        .delete(answerRules)
        .where(and(eq(answerRules.id, ruleId), eq(answerRules.companyId, companyId)))
        .returning({ id: answerRules.id });
      return deleted.length > 0;
    },

    /** The company's data models; the Customer model is created on first use (idempotent under races). */
    async listDataModels(companyId: string) {
      await db
        .insert(dataModels)
        .values({ companyId, name: CUSTOMER_DATA_MODEL.name, fields: CUSTOMER_DATA_MODEL.fields })
        .onConflictDoNothing();
      return db
        .select()
        .from(dataModels)
        .where(eq(dataModels.companyId, companyId))
        .orderBy(asc(dataModels.createdAt), asc(dataModels.id));
    },

    async listCustomReplies(companyId: string) {
      return db
        .select({ id: customReplies.id, name: customReplies.name })
        .from(customReplies)
        .where(eq(customReplies.companyId, companyId))
        .orderBy(asc(customReplies.name), asc(customReplies.id));
    },

    async listActiveCategories(companyId: string) {
      return db
        .select()
        .from(questionCategories)
        .where(and(eq(questionCategories.companyId, companyId), eq(questionCategories.isActive, true)))
        .orderBy(asc(questionCategories.createdAt));
    },

    /** Ids of the company's switched-on custom replies (only these run when a question is classified). */
    async listActiveCustomReplyIds(companyId: string) {
      const rows = await db
        .select({ id: customReplies.id })
        .from(customReplies)
        .where(and(eq(customReplies.companyId, companyId), eq(customReplies.isActive, true)));
      return new Set(rows.map((row) => row.id));
    },
  };
}

export type AiAgentRepository = ReturnType<typeof createAiAgentRepository>;

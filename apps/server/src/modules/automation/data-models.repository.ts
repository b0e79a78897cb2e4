import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { dataModels } from "../../db/schema/index";

export type DataModelRow = typeof dataModels.$inferSelect;
export type DataModelFields = { name: string; fields: { key: string; title: string }[] };

/**
 * Writes of data models; every query is scoped by companyId. The list is the AI agent module's
 * (it makes the Customer model on first read), handed to the automation module by app.ts.
 */
export function createDataModelsRepository(db: Database) {
  const inCompany = (companyId: string, modelId: string) =>
    and(eq(dataModels.id, modelId), eq(dataModels.companyId, companyId));

  return {
    async find(companyId: string, modelId: string) {
      const [row] = await db.select().from(dataModels).where(inCompany(companyId, modelId)).limit(1);
      return row ?? null;
    },

    /** Null when the company already has a model of that name (the unique index decides, races included). */
    async insert(companyId: string, fields: DataModelFields) {
      const [row] = await db
        .insert(dataModels)
        .values({ companyId, ...fields })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    /** "missing" when it is not this company's; "name-taken" when another model has the name. */
    async update(companyId: string, modelId: string, fields: DataModelFields) {
      const [taken] = await db
        .select({ id: dataModels.id })
        .from(dataModels)
        .where(
          and(
            eq(dataModels.companyId, companyId),
            eq(dataModels.name, fields.name),
            sql`${dataModels.id} <> ${modelId}`,
          ),
        )
        .limit(1);
      if (taken) return "name-taken" as const;
      const [row] = await db.update(dataModels).set(fields).where(inCompany(companyId, modelId)).returning();
      return row ?? ("missing" as const);
    },
  };
}

export type DataModelsRepository = ReturnType<typeof createDataModelsRepository>;

import type { DataModel } from "@harbor/contract/ai-agent";
import { DATA_MODELS_MAX, type saveDataModelRequestSchema } from "@harbor/contract/automation";
import type { z } from "zod";
import { AppError } from "../../platform/errors";
import type { CompanyAuth } from "../../platform/session";
import type { DataModelRow, DataModelsRepository } from "./data-models.repository";

type SaveDataModel = z.output<typeof saveDataModelRequestSchema>;

const toDataModel = (row: DataModelRow): DataModel => ({ _id: row.id, name: row.name, fields: row.fields });

/**
 * Data models: the fields forms and answer bubbles fill and e-mail triggers read. A saved model
 * keeps every key it had (titles may change, fields may be added): the pre-chat form, custom
 * replies and chats already stored refer to keys (decision 038).
 */
export function createDataModelsService(deps: {
  dataModels: DataModelsRepository;
  /** The company's models, the Customer model made on first read (the AI agent module's). */
  listDataModels: (companyId: string) => Promise<DataModelRow[]>;
}) {
  const nameTaken = (name: string) => new AppError("CONFLICT", `A data model named "${name}" already exists.`);

  return {
    async all(auth: CompanyAuth): Promise<DataModel[]> {
      return (await deps.listDataModels(auth.companyId)).map(toDataModel);
    },

    async save(auth: CompanyAuth, request: SaveDataModel): Promise<DataModel> {
      const { companyId } = auth;
      const fields = { name: request.name, fields: request.fields };
      const modelId = request.dataModelID;
      if (modelId) {
        const current = await deps.dataModels.find(companyId, modelId);
        if (!current) throw new AppError("NOT_FOUND", "This data model no longer exists.");
        const keys = new Set(request.fields.map((field) => field.key));
        const dropped = current.fields.filter((field) => !keys.has(field.key)).map((field) => field.key);
        if (dropped.length > 0) {
          throw new AppError(
            "BAD_REQUEST",
            `fields: Keep the fields ${dropped.join(", ")}; forms and chats refer to them`,
          );
        }
        const row = await deps.dataModels.update(companyId, modelId, fields);
        if (row === "name-taken") throw nameTaken(request.name);
        if (row === "missing") throw new AppError("NOT_FOUND", "This data model no longer exists.");
        return toDataModel(row);
      }
      // Reading the list first makes the Customer model, so its name is taken like any other.
      if ((await deps.listDataModels(companyId)).length >= DATA_MODELS_MAX) {
        throw new AppError("CONFLICT", `A workspace can have at most ${DATA_MODELS_MAX} data models.`);
      }
      const row = await deps.dataModels.insert(companyId, fields);
      if (!row) throw nameTaken(request.name);
      return toDataModel(row);
    },
  };
}

export type DataModelsService = ReturnType<typeof createDataModelsService>;

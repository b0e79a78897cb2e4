import type { DataModel } from "@harbor/contract/ai-agent";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export const dataModelsQueryKey = ["data-models"] as const;

export async function getDataModels(): Promise<DataModel[]> {
  const { data } = await apiRequest<DataModel[]>("/data-model/all");
  return data;
}

export const dataModelsQueryOptions = () => queryOptions({ queryKey: dataModelsQueryKey, queryFn: getDataModels });

export function useDataModels() {
  return useQuery(dataModelsQueryOptions());
}

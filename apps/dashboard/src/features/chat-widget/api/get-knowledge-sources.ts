import type { CompanyWithSources } from "@harbor/contract/knowledge";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

/** The knowledge base sources AI search may answer from (the knowledge base area reads the same call). */
export const knowledgeSourcesQueryKey = ["knowledge-base", "sources"] as const;

export async function getKnowledgeSources(): Promise<CompanyWithSources> {
  const { data } = await apiRequest<CompanyWithSources>("/document/sources");
  return data;
}

export const knowledgeSourcesQueryOptions = () =>
  queryOptions({ queryKey: knowledgeSourcesQueryKey, queryFn: getKnowledgeSources });

export function useKnowledgeSources() {
  return useQuery(knowledgeSourcesQueryOptions());
}

import type { CompanyWithSources, Source } from "@harbor/contract/knowledge";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export const sourcesQueryKey = ["knowledge-base", "sources"] as const;

/** While a source is syncing the list is read again this often, so Syncing turns Active by itself. */
export const SOURCES_SYNC_POLL_MS = 3000;

export async function getSources(): Promise<CompanyWithSources> {
  const { data } = await apiRequest<CompanyWithSources>("/document/sources");
  return data;
}

export function isAnySourceSyncing(sources: Source[] | undefined): boolean {
  return sources?.some((source) => source.integrationStatus.inProgress) ?? false;
}

export const sourcesQueryOptions = () =>
  queryOptions({
    queryKey: sourcesQueryKey,
    queryFn: getSources,
    refetchInterval: (query) => (isAnySourceSyncing(query.state.data?.sources) ? SOURCES_SYNC_POLL_MS : false),
  });

export function useSources() {
  return useQuery(sourcesQueryOptions());
}

/** The source every company has for the articles written in Harbor. */
export function findArticlesSource(sources: Source[]): Source | undefined {
  return sources.find((source) => source.sourceType === "macha-article");
}

import type { AnalyticsRange, SourceInsight } from "@harbor/contract/analytics";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export const sourceInsightsQueryKey = (range: AnalyticsRange) => ["analytics", "sources", range] as const;

export async function getSourceInsights(range: AnalyticsRange): Promise<SourceInsight[]> {
  const { data } = await apiRequest<SourceInsight[]>("/document/analytics/sources", { body: range });
  return data;
}

export const sourceInsightsQueryOptions = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: sourceInsightsQueryKey(range),
    queryFn: () => getSourceInsights(range),
    placeholderData: keepPreviousData,
  });

export function useSourceInsights(range: AnalyticsRange) {
  return useQuery(sourceInsightsQueryOptions(range));
}

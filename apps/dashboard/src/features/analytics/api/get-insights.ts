import type { AnalyticsRange, Insights } from "@harbor/contract/analytics";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export const insightsQueryKey = (range: AnalyticsRange) => ["analytics", "insights", range] as const;

export async function getInsights(range: AnalyticsRange): Promise<Insights> {
  const { data } = await apiRequest<Insights>("/chat/get-analytics", { body: range });
  return data;
}

// A failed call leaves the previous figures on screen (spec part 2 §8).
export const insightsQueryOptions = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: insightsQueryKey(range),
    queryFn: () => getInsights(range),
    placeholderData: keepPreviousData,
  });

export function useInsights(range: AnalyticsRange) {
  return useQuery(insightsQueryOptions(range));
}

import type { AnalyticsRange, TokenUsageResponse } from "@harbor/contract/analytics";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export const tokenUsageQueryKey = (range: AnalyticsRange) => ["analytics", "token-usage", range] as const;

export async function getTokenUsage(range: AnalyticsRange): Promise<TokenUsageResponse> {
  const { data } = await apiRequest<TokenUsageResponse>("/chat/get-token-usage", { body: range });
  return data;
}

export const tokenUsageQueryOptions = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: tokenUsageQueryKey(range),
    queryFn: () => getTokenUsage(range),
    placeholderData: keepPreviousData,
  });

export function useTokenUsage(range: AnalyticsRange) {
  return useQuery(tokenUsageQueryOptions(range));
}

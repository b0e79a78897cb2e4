import type { AnalyticsRange, CostAndSpeed } from "@harbor/contract/analytics";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export const costAndSpeedQueryKey = (range: AnalyticsRange) => ["analytics", "cost-and-speed", range] as const;

export async function getCostAndSpeed(range: AnalyticsRange): Promise<CostAndSpeed> {
  const { data } = await apiRequest<CostAndSpeed>("/analytics/cost-and-speed", { body: range });
  return data;
}

export const costAndSpeedQueryOptions = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: costAndSpeedQueryKey(range),
    queryFn: () => getCostAndSpeed(range),
    placeholderData: keepPreviousData,
  });

export function useCostAndSpeed(range: AnalyticsRange) {
  return useQuery(costAndSpeedQueryOptions(range));
}

import type { AnalyticsRange, UnansweredQuestions } from "@harbor/contract/analytics";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export const unansweredQuestionsQueryKey = (range: AnalyticsRange) => ["analytics", "unanswered", range] as const;

export async function getUnansweredQuestions(range: AnalyticsRange): Promise<UnansweredQuestions> {
  const { data } = await apiRequest<UnansweredQuestions>("/analytics/unanswered-questions", { body: range });
  return data;
}

export const unansweredQuestionsQueryOptions = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: unansweredQuestionsQueryKey(range),
    queryFn: () => getUnansweredQuestions(range),
    placeholderData: keepPreviousData,
  });

export function useUnansweredQuestions(range: AnalyticsRange) {
  return useQuery(unansweredQuestionsQueryOptions(range));
}

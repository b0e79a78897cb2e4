import type { QuestionCategory } from "@harbor/contract/automation";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export const questionCategoryQueryKey = (categoryId: string) =>
  ["automation", "question-category", categoryId] as const;

export async function getQuestionCategory(categoryId: string): Promise<QuestionCategory> {
  const { data } = await apiRequest<QuestionCategory>("/question-category/get", {
    body: { questionCategoryID: categoryId },
  });
  return data;
}

export const questionCategoryQueryOptions = (categoryId: string) =>
  queryOptions({ queryKey: questionCategoryQueryKey(categoryId), queryFn: () => getQuestionCategory(categoryId) });

/** One category with its intents (the intents page). */
export function useQuestionCategory(categoryId: string) {
  return useQuery(questionCategoryQueryOptions(categoryId));
}

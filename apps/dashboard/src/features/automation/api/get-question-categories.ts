import type { QuestionCategory } from "@harbor/contract/automation";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export const questionCategoriesQueryKey = ["automation", "question-categories"] as const;

export async function getQuestionCategories(): Promise<QuestionCategory[]> {
  const { data } = await apiRequest<QuestionCategory[]>("/question-category/all");
  return data;
}

export const questionCategoriesQueryOptions = () =>
  queryOptions({ queryKey: questionCategoriesQueryKey, queryFn: getQuestionCategories });

export function useQuestionCategories() {
  return useQuery(questionCategoriesQueryOptions());
}

/** The saved record replaces its old version in a list, or joins the end of it when it is new (spec part 2 §4). */
export function withSaved<T extends { _id: string }>(list: T[], saved: T): T[] {
  return list.some((item) => item._id === saved._id)
    ? list.map((item) => (item._id === saved._id ? saved : item))
    : [...list, saved];
}

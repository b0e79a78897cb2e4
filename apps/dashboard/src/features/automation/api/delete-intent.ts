import type { QuestionCategory } from "@harbor/contract/automation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { questionCategoriesQueryKey } from "./get-question-categories";
import { questionCategoryQueryKey } from "./get-question-category";

export function deleteIntent(request: { questionCategoryID: string; intentID: string }) {
  return apiRequest<null>("/question-category/intent/delete", { method: "POST", body: request });
}

export function useDeleteIntent(categoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (intentId: string) => deleteIntent({ questionCategoryID: categoryId, intentID: intentId }),
    onSuccess: (_, intentId) => {
      const without = (category: QuestionCategory) => ({
        ...category,
        intents: category.intents.filter((intent) => intent._id !== intentId),
      });
      queryClient.setQueryData<QuestionCategory>(
        questionCategoryQueryKey(categoryId),
        (category) => category && without(category),
      );
      queryClient.setQueryData<QuestionCategory[]>(questionCategoriesQueryKey, (list) =>
        list?.map((category) => (category._id === categoryId ? without(category) : category)),
      );
    },
  });
}

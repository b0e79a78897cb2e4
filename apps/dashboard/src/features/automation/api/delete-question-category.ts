import type { QuestionCategory } from "@harbor/contract/automation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { questionCategoriesQueryKey } from "./get-question-categories";
import { questionCategoryQueryKey } from "./get-question-category";

export function deleteQuestionCategory(categoryId: string) {
  return apiRequest<null>("/question-category/delete", { method: "POST", body: { questionCategoryID: categoryId } });
}

export function useDeleteQuestionCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestionCategory,
    onSuccess: (_, categoryId) => {
      queryClient.setQueryData<QuestionCategory[]>(questionCategoriesQueryKey, (list) =>
        list?.filter((category) => category._id !== categoryId),
      );
      queryClient.removeQueries({ queryKey: questionCategoryQueryKey(categoryId) });
      void queryClient.invalidateQueries({ queryKey: ["inbox", "categories"] });
    },
  });
}

import type { QuestionCategory, SaveQuestionCategoryRequest } from "@harbor/contract/automation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { questionCategoriesQueryKey, withSaved } from "./get-question-categories";
import { questionCategoryQueryKey } from "./get-question-category";

/** Creates without an id (/add), updates with one (/update). */
export function saveQuestionCategory(request: SaveQuestionCategoryRequest) {
  const path = request.questionCategoryID ? "/question-category/update" : "/question-category/add";
  return apiRequest<QuestionCategory>(path, { method: "POST", body: request });
}

export function useSaveQuestionCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveQuestionCategory,
    onSuccess: ({ data }) => {
      queryClient.setQueryData<QuestionCategory[]>(questionCategoriesQueryKey, (list) => list && withSaved(list, data));
      queryClient.setQueryData(questionCategoryQueryKey(data._id), data);
      // The inbox menu lists categories by title.
      void queryClient.invalidateQueries({ queryKey: ["inbox", "categories"] });
    },
  });
}

import type { Intent, QuestionCategory, SaveIntentRequest } from "@harbor/contract/automation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { questionCategoriesQueryKey, withSaved } from "./get-question-categories";
import { questionCategoryQueryKey } from "./get-question-category";

/** Adds without an intent id (/intent/add), updates with one (/intent/update). */
export function saveIntent(request: SaveIntentRequest) {
  const path = request.intent._id ? "/question-category/intent/update" : "/question-category/intent/add";
  return apiRequest<Intent>(path, { method: "POST", body: request });
}

const withIntent = (category: QuestionCategory, intent: Intent) => ({
  ...category,
  intents: withSaved(category.intents, intent),
});

export function useSaveIntent(categoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveIntent,
    onSuccess: ({ data }) => {
      queryClient.setQueryData<QuestionCategory>(
        questionCategoryQueryKey(categoryId),
        (category) => category && withIntent(category, data),
      );
      queryClient.setQueryData<QuestionCategory[]>(questionCategoriesQueryKey, (list) =>
        list?.map((category) => (category._id === categoryId ? withIntent(category, data) : category)),
      );
    },
  });
}

import type { SuggestedQuestionMove, WidgetSettings } from "@harbor/contract/widget";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { applyMove } from "../suggested-question-tree";
import { widgetSettingsQueryKey } from "./get-widget-settings";

export function moveSuggestedQuestion(move: SuggestedQuestionMove) {
  return apiRequest<WidgetSettings>("/widget-settings/suggested-question/move", { method: "POST", body: move });
}

/** A drop shows at once; if the server refuses it, the list goes back to what it was. */
export function useMoveSuggestedQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveSuggestedQuestion,
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: widgetSettingsQueryKey });
      const previous = queryClient.getQueryData<WidgetSettings>(widgetSettingsQueryKey);
      if (previous) {
        const suggestedQuestions = applyMove(previous.selfServicePortal.suggestedQuestions, move);
        queryClient.setQueryData<WidgetSettings>(widgetSettingsQueryKey, {
          ...previous,
          selfServicePortal: { ...previous.selfServicePortal, suggestedQuestions },
        });
      }
      return { previous };
    },
    onError: (_error, _move, context) => {
      if (context?.previous) queryClient.setQueryData(widgetSettingsQueryKey, context.previous);
    },
    onSuccess: ({ data }) => queryClient.setQueryData(widgetSettingsQueryKey, data),
  });
}

import type { SuggestedQuestionSaveRequest, WidgetSettings } from "@harbor/contract/widget";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { widgetSettingsQueryKey } from "./get-widget-settings";

/** A suggested question: added without questionID, changed with it. */
export function saveSuggestedQuestion(request: SuggestedQuestionSaveRequest) {
  return apiRequest<WidgetSettings>("/widget-settings/suggested-question/save", { method: "POST", body: request });
}

export function useSaveSuggestedQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSuggestedQuestion,
    onSuccess: ({ data }) => queryClient.setQueryData(widgetSettingsQueryKey, data),
  });
}

import type { WidgetSettings } from "@harbor/contract/widget";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { widgetSettingsQueryKey } from "./get-widget-settings";

export function deleteSuggestedQuestion(request: { questionID: string }) {
  return apiRequest<WidgetSettings>("/widget-settings/suggested-question/delete", { method: "POST", body: request });
}

export function useDeleteSuggestedQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSuggestedQuestion,
    onSuccess: ({ data }) => queryClient.setQueryData(widgetSettingsQueryKey, data),
  });
}

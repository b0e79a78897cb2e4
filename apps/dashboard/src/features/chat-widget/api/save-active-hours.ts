import type { AvailableHours, WidgetSettings } from "@harbor/contract/widget";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { widgetSettingsQueryKey } from "./get-widget-settings";

export function saveActiveHours(availableHours: AvailableHours) {
  return apiRequest<WidgetSettings>("/widget-settings/active-hours/save", { method: "POST", body: availableHours });
}

export function useSaveActiveHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveActiveHours,
    onSuccess: ({ data }) => queryClient.setQueryData(widgetSettingsQueryKey, data),
  });
}

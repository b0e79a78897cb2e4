import type { WidgetSettings } from "@harbor/contract/widget";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { widgetSettingsQueryKey } from "./get-widget-settings";

export function deletePortalLink(request: { replyID: string }) {
  return apiRequest<WidgetSettings>("/widget-settings/custom-reply/delete", { method: "POST", body: request });
}

export function useDeletePortalLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePortalLink,
    onSuccess: ({ data }) => queryClient.setQueryData(widgetSettingsQueryKey, data),
  });
}

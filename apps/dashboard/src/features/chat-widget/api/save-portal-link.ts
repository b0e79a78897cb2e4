import type { PortalLinkSaveRequest, WidgetSettings } from "@harbor/contract/widget";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { widgetSettingsQueryKey } from "./get-widget-settings";

/** A portal link to a custom reply: added without replyID, changed with it. */
export function savePortalLink(request: PortalLinkSaveRequest) {
  return apiRequest<WidgetSettings>("/widget-settings/custom-reply/save", { method: "POST", body: request });
}

export function useSavePortalLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePortalLink,
    onSuccess: ({ data }) => queryClient.setQueryData(widgetSettingsQueryKey, data),
  });
}

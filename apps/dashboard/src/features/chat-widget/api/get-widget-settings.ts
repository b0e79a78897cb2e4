import type { WidgetSettings } from "@harbor/contract/widget";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export const widgetSettingsQueryKey = ["widget-settings"] as const;

export async function getWidgetSettings(): Promise<WidgetSettings> {
  const { data } = await apiRequest<WidgetSettings>("/widget-settings/");
  return data;
}

export const widgetSettingsQueryOptions = () =>
  queryOptions({ queryKey: widgetSettingsQueryKey, queryFn: getWidgetSettings });

export function useWidgetSettings() {
  return useQuery(widgetSettingsQueryOptions());
}

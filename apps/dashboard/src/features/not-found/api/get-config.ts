import type { PublicConfig } from "@harbor/contract/platform";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

/** Public app configuration (where unknown paths send the browser). */
export async function getConfig(): Promise<PublicConfig> {
  const { data } = await apiRequest<PublicConfig>("/config");
  return data;
}

export const configQueryOptions = () =>
  queryOptions({ queryKey: ["config"], queryFn: getConfig, staleTime: Number.POSITIVE_INFINITY });

export function useConfig() {
  return useQuery(configQueryOptions());
}

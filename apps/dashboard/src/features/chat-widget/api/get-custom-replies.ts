import type { CustomReplySummary } from "@harbor/contract/ai-agent";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

/** The company's custom replies, for the portal links' dropdown. */
export const customRepliesQueryKey = ["custom-replies"] as const;

export async function getCustomReplies(): Promise<CustomReplySummary[]> {
  const { data } = await apiRequest<CustomReplySummary[]>("/custom-reply/all");
  return data;
}

export const customRepliesQueryOptions = () =>
  queryOptions({ queryKey: customRepliesQueryKey, queryFn: getCustomReplies });

export function useCustomReplies() {
  return useQuery(customRepliesQueryOptions());
}

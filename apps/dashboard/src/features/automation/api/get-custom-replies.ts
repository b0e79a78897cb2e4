import type { CustomReplyListItem } from "@harbor/contract/automation";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

/** The same key as the AI agent's and chat widget's reply pickers: one list, refreshed together. */
export const customRepliesQueryKey = ["custom-replies"] as const;

export async function getCustomReplies(): Promise<CustomReplyListItem[]> {
  const { data } = await apiRequest<CustomReplyListItem[]>("/custom-reply/all");
  return data;
}

export const customRepliesQueryOptions = () =>
  queryOptions({ queryKey: customRepliesQueryKey, queryFn: getCustomReplies });

/** The company's custom replies, by name. */
export function useCustomReplies() {
  return useQuery(customRepliesQueryOptions());
}

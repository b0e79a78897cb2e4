import type { InboxCategories } from "@harbor/contract/chat";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export const inboxCategoriesQueryKey = ["inbox", "categories"] as const;

export async function getInboxCategories(): Promise<InboxCategories> {
  const { data } = await apiRequest<InboxCategories>("/chat/inbox/categories");
  return data;
}

export const inboxCategoriesQueryOptions = () =>
  queryOptions({ queryKey: inboxCategoriesQueryKey, queryFn: getInboxCategories });

/** The menu's AI Conversations and Custom Replies groups. */
export function useInboxCategories() {
  return useQuery(inboxCategoriesQueryOptions());
}

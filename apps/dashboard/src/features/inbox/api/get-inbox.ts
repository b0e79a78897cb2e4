import type { ChatActionResponse, InboxChat, InboxRequest, InboxResponse } from "@harbor/contract/chat";
import { type QueryClient, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import type { InboxFilter } from "../inbox-filter";
import { applyChatRow, type ChatRowUpdate, type InboxPages, removeChatRow } from "../live-inbox";
import { patchChatInCache } from "./get-chat";

/** Every loaded list (any menu entry, all or unread). */
export const inboxListsKey = ["inbox", "lists"] as const;

export const inboxListQueryKey = (filter: InboxFilter) => [...inboxListsKey, filter] as const;

export async function getInbox(request: InboxRequest): Promise<InboxResponse> {
  const { data } = await apiRequest<InboxResponse>("/chat/inbox", { method: "POST", body: request });
  return data;
}

/**
 * The inbox list, a page at a time (spec part 1 §4, lists): there is a next page until one comes
 * back empty. Another filter is another key, so the list starts over at page 1; gcTime 0 drops
 * lists nobody shows, so going back to one starts over too.
 */
export function useInboxList(filter: InboxFilter) {
  return useInfiniteQuery({
    queryKey: inboxListQueryKey(filter),
    queryFn: ({ pageParam }) =>
      getInbox({
        pageNumber: pageParam,
        category: filter.category,
        status: filter.status,
        customReply: filter.customReply,
        language: filter.language,
        createdFrom: filter.createdFrom,
        createdTo: filter.createdTo,
        unreadChats: filter.isUnreadOnly,
      }),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageNumber) =>
      lastPage.inbox.length === 0 ? undefined : lastPageNumber + 1,
    gcTime: 0,
  });
}

function updateLoadedLists(
  queryClient: QueryClient,
  update: (page: InboxResponse, index: number) => InboxResponse,
): void {
  queryClient.setQueriesData<InboxPages>({ queryKey: inboxListsKey }, (lists) =>
    lists ? { ...lists, pages: lists.pages.map(update) } : lists,
  );
}

/** The loaded row of a chat, if any list has it. */
export function findChatInLists(queryClient: QueryClient, chatID: string): InboxChat | undefined {
  for (const [, lists] of queryClient.getQueriesData<InboxPages>({ queryKey: inboxListsKey })) {
    const row = lists?.pages.flatMap((page) => page.inbox).find((chat) => chat.chatID === chatID);
    if (row) return row;
  }
  return undefined;
}

/** A chat action's answer: its row in every loaded list and in the open chat, and the unread count. */
export function applyChatActionAnswer(queryClient: QueryClient, { chat, unreadCount }: ChatActionResponse): void {
  updateLoadedLists(queryClient, (page) => ({
    ...page,
    unreadCount,
    inbox: page.inbox.map((row) => (row.chatID === chat.chatID ? chat : row)),
  }));
  patchChatInCache(queryClient, chat);
}

export function removeChatFromLists(
  queryClient: QueryClient,
  { chatID, unreadCount }: { chatID: string; unreadCount?: number },
) {
  updateLoadedLists(queryClient, (page) => ({
    ...page,
    unreadCount: unreadCount ?? page.unreadCount,
    totalCount: page.inbox.some((row) => row.chatID === chatID) ? page.totalCount - 1 : page.totalCount,
    inbox: page.inbox.filter((row) => row.chatID !== chatID),
  }));
}

/**
 * Opening a chat marks it read on the server (spec part 1 §4). The chat call answers no count, so
 * a row the lists had as unread turns read and the count drops by one; a chat no list has is
 * counted by reading the lists again.
 */
export function markOpenedChatRead(queryClient: QueryClient, chatID: string): void {
  const row = findChatInLists(queryClient, chatID);
  if (!row) {
    void queryClient.invalidateQueries({ queryKey: inboxListsKey });
    return;
  }
  if (row.chatRead) return;
  updateLoadedLists(queryClient, (page) => ({
    ...page,
    unreadCount: Math.max(0, page.unreadCount - 1),
    inbox: page.inbox.map((item) => (item.chatID === chatID ? { ...item, chatRead: true } : item)),
  }));
}

/**
 * A failed chat action shows nothing (spec part 1 §8), but is logged, and the lists and the open
 * chat are read again so the screen matches the server.
 */
export function onChatActionError(queryClient: QueryClient, action: string) {
  return (error: unknown) => {
    console.error(`Chat action ${action} failed`, error);
    void queryClient.invalidateQueries({ queryKey: ["inbox"] });
  };
}

/**
 * A chat's new row from the live channel or a sent reply, in every loaded list (the rules are in
 * live-inbox.ts: it may move to the top, or the list is read again) and in the open chat.
 */
export function applyChatRowToCaches(queryClient: QueryClient, update: ChatRowUpdate): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: inboxListsKey })) {
    const lists = query.state.data as InboxPages | undefined;
    if (!lists) continue;
    const change = applyChatRow(lists, query.queryKey[2] as InboxFilter, update);
    if (change === "refetch") void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    else queryClient.setQueryData(query.queryKey, change);
  }
  patchChatInCache(queryClient, update.chat);
}

/** chat-deleted from the live channel: the row leaves every loaded list. */
export function applyChatDeletedToLists(queryClient: QueryClient, update: { chatID: string; unreadCount: number }) {
  queryClient.setQueriesData<InboxPages>({ queryKey: inboxListsKey }, (lists) =>
    lists ? removeChatRow(lists, update) : lists,
  );
}

import type { Chat, ChatMessage, GetChatRequest, InboxChat } from "@harbor/contract/chat";
import { type QueryClient, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { appendChatMessage, type ChatPages } from "../live-inbox";

/** Every open chat. */
export const chatsKey = ["inbox", "chat"] as const;

export const chatQueryKey = (ticketID: string) => [...chatsKey, ticketID] as const;

export async function getChat(request: GetChatRequest): Promise<Chat> {
  const { data } = await apiRequest<Chat>("/chat/", { method: "POST", body: request });
  return data;
}

/**
 * One chat by its ticket ID: the first page holds the chat and its newest 20 messages; each next
 * page the 20 before the oldest one loaded (scrolling up). Only the first read opens it, which
 * marks it read; a refetch while it stays open (live events, a reconnect) says `isOpening: false`,
 * so it cannot undo Mark as unread. gcTime 0 drops it on close, so opening it again marks it read.
 */
export function useChat(ticketID: string | null) {
  return useInfiniteQuery({
    queryKey: chatQueryKey(ticketID ?? ""),
    queryFn: ({ pageParam, client, queryKey }) => {
      if (pageParam) return getChat({ chatID: pageParam.chatID, before: pageParam.before });
      const isOpening = client.getQueryData(queryKey) === undefined;
      return getChat(isOpening ? { ticketID: ticketID ?? "" } : { ticketID: ticketID ?? "", isOpening: false });
    },
    initialPageParam: null as { chatID: string; before: string } | null,
    getNextPageParam: (lastPage) => {
      const oldest = lastPage.messages[0];
      return lastPage.hasOlderMessages && oldest ? { chatID: lastPage.chatID, before: oldest._id } : undefined;
    },
    enabled: Boolean(ticketID),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/** The open chat's messages, oldest first, over every loaded page. */
export function messagesOf(pages: Chat[]) {
  return [...pages].reverse().flatMap((page) => page.messages);
}

/** Puts a chat action's answer (the list row) into the open chat, keeping its messages. */
export function patchChatInCache(queryClient: QueryClient, row: InboxChat): void {
  queryClient.setQueriesData<ChatPages>({ queryKey: chatsKey }, (chat) =>
    chat?.pages[0]?.chatID === row.chatID
      ? { ...chat, pages: chat.pages.map((page) => ({ ...page, ...row, messages: page.messages })) }
      : chat,
  );
}

/** A stored message (live, or a sent reply's answer) at the end of the open chat, once. */
export function appendMessageToOpenChat(queryClient: QueryClient, update: { chatID: string; message: ChatMessage }) {
  queryClient.setQueriesData<ChatPages>({ queryKey: chatsKey }, (chat) =>
    chat ? appendChatMessage(chat, update) : chat,
  );
}

/**
 * A visitor wrote in the chat open on screen: it is being read, so it is opened again on the
 * server (marking it read) instead of turning unread behind the reader's back. The server tells
 * every dashboard, this one included, that it is read.
 */
export function markOpenChatReadAgain(queryClient: QueryClient, chatID: string) {
  const isOpen = queryClient
    .getQueriesData<ChatPages>({ queryKey: chatsKey })
    .some(([, chat]) => chat?.pages[0]?.chatID === chatID);
  if (isOpen) void getChat({ chatID }).catch(() => undefined);
}

/** The open chat was deleted elsewhere: reading it again answers 404, and the panel says so. */
export function refetchChatIfOpen(queryClient: QueryClient, chatID: string) {
  void queryClient.invalidateQueries({
    queryKey: chatsKey,
    predicate: (query) => (query.state.data as ChatPages | undefined)?.pages[0]?.chatID === chatID,
  });
}

import type { Chat, ChatMessage, InboxChat, InboxResponse } from "@harbor/contract/chat";
import type { InfiniteData } from "@tanstack/react-query";
import { type InboxFilter, isAnalyticsFilter } from "./inbox-filter";

/*
 * How the live inbox (the /staff channel) changes what is loaded. Pure functions over the query
 * caches' data, so each rule is tested on its own; use-live-inbox.ts applies them to the caches.
 */

export type InboxPages = InfiniteData<InboxResponse, number>;
export type ChatPages = InfiniteData<Chat, { chatID: string; before: string } | null>;
export type ChatRowUpdate = { chat: InboxChat; unreadCount: number };

/** A list's new data, or "refetch" where the change cannot be placed without the server. */
export type ListChange = InboxPages | "refetch";

/**
 * Whether a row belongs in a list of this filter. "unknown": everything the row tells matches,
 * but a category or custom reply entry needs the chat's analyses or messages, which it lacks.
 */
export function matchesFilter(chat: InboxChat, filter: InboxFilter): "yes" | "no" | "unknown" {
  if (filter.isUnreadOnly && chat.chatRead) return "no";
  if (filter.status === "open" && chat.resolved) return "no";
  if (filter.status === "resolved" && !chat.resolved) return "no";
  if (filter.status === "flagged" && !chat.isFlagged) return "no";
  if (filter.status === "handoff" && chat.status === "open") return "no";
  // The row carries neither the visitor's language nor the reporting zone's days: the server decides.
  return filter.category || filter.customReply || isAnalyticsFilter(filter) ? "unknown" : "yes";
}

const isSameRow = (a: InboxChat, b: InboxChat) => JSON.stringify(a) === JSON.stringify(b);

function withUnreadCount(lists: InboxPages, unreadCount: number): InboxPages {
  return { ...lists, pages: lists.pages.map((page) => ({ ...page, unreadCount })) };
}

/**
 * A chat's new row (chat-updated, or a reply's answer) in one loaded list:
 * - a row the list has is replaced, and moves to the top when it has a newer message; if it no
 *   longer belongs to the filter (resolved in Open, say), the list is read again. Turning read
 *   keeps it in an Unread list, as opening a chat does, until the list is read again;
 * - a row the list lacks goes on top when it belongs there and is the newest; anywhere else
 *   (or where it cannot be told) the list is read again;
 * - the unread count is the workspace's, so every list takes it.
 */
export function applyChatRow(lists: InboxPages, filter: InboxFilter, { chat, unreadCount }: ChatRowUpdate): ListChange {
  const counted = withUnreadCount(lists, unreadCount);
  const rows = lists.pages.flatMap((page) => page.inbox);
  const current = rows.find((row) => row.chatID === chat.chatID);
  if (current) {
    if (isSameRow(current, chat)) return counted;
    if (matchesFilter(chat, { ...filter, isUnreadOnly: false }) === "no") return "refetch";
    if (chat.lastMessageAt > current.lastMessageAt) return moveToTop(counted, chat);
    return {
      ...counted,
      pages: counted.pages.map((page) => ({
        ...page,
        inbox: page.inbox.map((row) => (row.chatID === chat.chatID ? chat : row)),
      })),
    };
  }
  const match = matchesFilter(chat, filter);
  if (match === "no") return counted;
  const newest = rows[0];
  if (match === "unknown" || (newest && chat.lastMessageAt < newest.lastMessageAt)) return "refetch";
  const added = moveToTop(counted, chat);
  return { ...added, pages: added.pages.map((page) => ({ ...page, totalCount: page.totalCount + 1 })) };
}

function moveToTop(lists: InboxPages, chat: InboxChat): InboxPages {
  return {
    ...lists,
    pages: lists.pages.map((page, index) => {
      const others = page.inbox.filter((row) => row.chatID !== chat.chatID);
      return { ...page, inbox: index === 0 ? [chat, ...others] : others };
    }),
  };
}

/** chat-deleted: the row leaves the list, and the count follows. */
export function removeChatRow(lists: InboxPages, update: { chatID: string; unreadCount: number }): InboxPages {
  return {
    ...lists,
    pages: lists.pages.map((page) => {
      const inbox = page.inbox.filter((row) => row.chatID !== update.chatID);
      const totalCount = inbox.length === page.inbox.length ? page.totalCount : page.totalCount - 1;
      return { ...page, inbox, totalCount, unreadCount: update.unreadCount };
    }),
  };
}

/** chat-message (or a sent reply): appended to the open chat once; another chat's is ignored. */
export function appendChatMessage(chat: ChatPages, update: { chatID: string; message: ChatMessage }): ChatPages {
  const [newest, ...older] = chat.pages;
  if (!newest || newest.chatID !== update.chatID) return chat;
  const isKnown = chat.pages.some((page) => page.messages.some((message) => message._id === update.message._id));
  if (isKnown) return chat;
  return { ...chat, pages: [{ ...newest, messages: [...newest.messages, update.message] }, ...older] };
}

/** Pages are asked for by number, so a chat that moved to the top can come again on the next page. */
export function uniqueChats(chats: InboxChat[]): InboxChat[] {
  const seen = new Set<string>();
  return chats.filter((chat) => !seen.has(chat.chatID) && Boolean(seen.add(chat.chatID)));
}

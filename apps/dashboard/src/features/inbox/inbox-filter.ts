import {
  type InboxLanguageFilter,
  type InboxStatusFilter,
  inboxLanguageFilterSchema,
  inboxStatusFilterSchema,
} from "@harbor/contract/chat";

/** What the list shows: one menu entry (from the URL) and the All / Unread toggle. */
export type InboxFilter = {
  category?: string;
  status?: InboxStatusFilter;
  customReply?: string;
  /** From an analytics figure (issue 18 item 6): a visitor language and the days the chats started. */
  language?: InboxLanguageFilter;
  createdFrom?: string;
  createdTo?: string;
  isUnreadOnly: boolean;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayFrom = (value: string | null) => (value && DAY.test(value) ? value : undefined);

/** The menu entry in the URL; an unknown status means All messages. */
export function menuFilterFromSearch(search: URLSearchParams): Omit<InboxFilter, "isUnreadOnly"> {
  const status = inboxStatusFilterSchema.safeParse(search.get("status"));
  const language = inboxLanguageFilterSchema.safeParse(search.get("language"));
  return {
    category: search.get("category") || undefined,
    status: status.success ? status.data : undefined,
    customReply: search.get("customReply") || undefined,
    language: language.success ? language.data : undefined,
    createdFrom: dayFrom(search.get("from")),
    createdTo: dayFrom(search.get("to")),
  };
}

/** Whether the list is narrowed to an analytics figure's chats (language or start days). */
export const isAnalyticsFilter = (filter: Omit<InboxFilter, "isUnreadOnly">) =>
  Boolean(filter.language || filter.createdFrom || filter.createdTo);

/** The same menu entry without the analytics figure's language and days. */
export function withoutAnalyticsFilter(search: URLSearchParams): string {
  const next = new URLSearchParams(search);
  for (const key of ["language", "from", "to"]) next.delete(key);
  const query = next.toString();
  return query ? `?${query}` : "?";
}

/** The same menu entry with another chat open (or none). */
export function withTicket(search: URLSearchParams, ticketID: string | null): string {
  const next = new URLSearchParams(search);
  if (ticketID) next.set("ticketID", ticketID);
  else next.delete("ticketID");
  const query = next.toString();
  return query ? `?${query}` : "?";
}

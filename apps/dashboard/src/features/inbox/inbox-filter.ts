import { type InboxStatusFilter, inboxStatusFilterSchema } from "@harbor/contract/chat";

/** What the list shows: one menu entry (from the URL) and the All / Unread toggle. */
export type InboxFilter = {
  category?: string;
  status?: InboxStatusFilter;
  customReply?: string;
  isUnreadOnly: boolean;
};

/** The menu entry in the URL; an unknown status means All messages. */
export function menuFilterFromSearch(search: URLSearchParams): Omit<InboxFilter, "isUnreadOnly"> {
  const status = inboxStatusFilterSchema.safeParse(search.get("status"));
  return {
    category: search.get("category") || undefined,
    status: status.success ? status.data : undefined,
    customReply: search.get("customReply") || undefined,
  };
}

/** The same menu entry with another chat open (or none). */
export function withTicket(search: URLSearchParams, ticketID: string | null): string {
  const next = new URLSearchParams(search);
  if (ticketID) next.set("ticketID", ticketID);
  else next.delete("ticketID");
  const query = next.toString();
  return query ? `?${query}` : "?";
}

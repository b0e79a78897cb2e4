import type { AnalyticsRange } from "@harbor/contract/analytics";
import type { InboxStatusFilter } from "@harbor/contract/chat";

/**
 * The inbox filtered to a figure's chats (issue 18 item 6): the chats started in the range (days
 * of the reporting zone) and, where the figure is narrower, a menu entry or a visitor language.
 */
export function inboxPath(
  range: AnalyticsRange,
  filter: { status?: InboxStatusFilter; category?: string; customReply?: string; language?: string } = {},
): string {
  const search = new URLSearchParams();
  if (filter.status) search.set("status", filter.status);
  if (filter.category) search.set("category", filter.category);
  if (filter.customReply) search.set("customReply", filter.customReply);
  if (filter.language) search.set("language", filter.language);
  search.set("from", range.startDate);
  search.set("to", range.endDate);
  return `/inbox?${search.toString()}`;
}

import type { Role } from "@harbor/contract/common";
import { CHAT_WIDGET_PATH } from "../../../features/chat-widget/paths";
import { texts } from "../../../lib/texts";

export type NavItem = { label: string; to: string };

/** Header menu entries of the areas that exist so far; all but the inbox are for admins only. */
export function navItemsFor(role: Role | null): NavItem[] {
  const items: NavItem[] = [{ label: texts.shell.menu.inbox, to: "/inbox" }];
  if (role === "admin") {
    items.push({ label: texts.shell.menu.aiAgent, to: "/ai-agent" });
    items.push({ label: texts.shell.menu.knowledgeBase, to: "/knowledge-base" });
    items.push({ label: texts.chatWidget.title, to: CHAT_WIDGET_PATH });
    items.push({ label: texts.shell.menu.settings, to: "/settings" });
  }
  return items;
}

import type { Role } from "@harbor/contract/common";
import { ANALYTICS_PATH } from "../../../features/analytics/paths";
import { AUTOMATION_PATH } from "../../../features/automation/paths";
import { CHAT_WIDGET_PATH } from "../../../features/chat-widget/paths";
import { texts } from "../../../lib/texts";

export type NavItem = { label: string; to: string };

/** Header menu entries of the areas that exist so far; all but the inbox are for admins only. */
export function navItemsFor(role: Role | null): NavItem[] {
  const items: NavItem[] = [{ label: texts.shell.menu.inbox, to: "/inbox" }];
  if (role === "admin") {
    items.push({ label: texts.shell.menu.aiAgent, to: "/ai-agent" });
    items.push({ label: texts.shell.menu.knowledgeBase, to: "/knowledge-base" });
    // Spec part 1 §2: "Automated Replies" follows the knowledge base.
    items.push({ label: texts.automation.title, to: AUTOMATION_PATH });
    items.push({ label: texts.chatWidget.title, to: CHAT_WIDGET_PATH });
    items.push({ label: texts.analytics.title, to: ANALYTICS_PATH });
    items.push({ label: texts.shell.menu.settings, to: "/settings" });
  }
  return items;
}

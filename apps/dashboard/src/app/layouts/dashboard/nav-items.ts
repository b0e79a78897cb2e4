import type { Role } from "@harbor/contract/common";
import { texts } from "../../../lib/texts";

export type NavItem = { label: string; to: string };

/** Header menu entries of the areas that exist so far; Knowledge Base and Settings are for admins only. */
export function navItemsFor(role: Role | null): NavItem[] {
  const items: NavItem[] = [{ label: texts.shell.menu.inbox, to: "/inbox" }];
  if (role === "admin") {
    items.push({ label: texts.shell.menu.knowledgeBase, to: "/knowledge-base" });
    items.push({ label: texts.shell.menu.settings, to: "/settings" });
  }
  return items;
}

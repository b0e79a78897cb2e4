import { IconArticle, IconDatabase } from "@tabler/icons-react";
import { texts } from "../../lib/texts";
import { type SideMenuItem, SideMenuLayout } from "./side-menu-layout";

const t = texts.knowledgeBase;
const KNOWLEDGE_BASE_MENU: SideMenuItem[] = [
  { label: t.menu.sources, to: "/knowledge-base/sources", icon: IconDatabase },
  { label: t.menu.articles, to: "/knowledge-base/articles", icon: IconArticle },
];

export function KnowledgeBaseLayout() {
  return <SideMenuLayout title={t.title} menuLabel={t.menuLabel} items={KNOWLEDGE_BASE_MENU} />;
}

import { IconCategory, IconRoute } from "@tabler/icons-react";
import { CUSTOM_REPLIES_PATH, QUESTION_CATEGORIES_PATH } from "../../features/automation/paths";
import { texts } from "../../lib/texts";
import { type SideMenuItem, SideMenuLayout } from "./side-menu-layout";

const t = texts.automation;

const AUTOMATION_MENU: SideMenuItem[] = [
  { label: t.menu.questionCategories, to: QUESTION_CATEGORIES_PATH, icon: IconCategory },
  { label: t.menu.customReplies, to: CUSTOM_REPLIES_PATH, icon: IconRoute },
];

/** The Automation area (spec part 2 §2.2): side menu group with Question Categories and Custom Replies. */
export function AutomationLayout() {
  return <SideMenuLayout title={t.title} menuLabel={t.menuLabel} items={AUTOMATION_MENU} />;
}

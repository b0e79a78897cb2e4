import { IconCategory, IconRoute } from "@tabler/icons-react";
import { automationTexts as t } from "../../features/automation/automation-texts";
import { CUSTOM_REPLIES_PATH, QUESTION_CATEGORIES_PATH } from "../../features/automation/paths";
import { type SideMenuItem, SideMenuLayout } from "./side-menu-layout";

const AUTOMATION_MENU: SideMenuItem[] = [
  { label: t.menu.questionCategories, to: QUESTION_CATEGORIES_PATH, icon: IconCategory },
  { label: t.menu.customReplies, to: CUSTOM_REPLIES_PATH, icon: IconRoute },
];

/** The Automation area (spec part 2 §2.2): side menu group with Question Categories and Custom Replies. */
export function AutomationLayout() {
  return <SideMenuLayout title={t.title} menuLabel={t.menuLabel} items={AUTOMATION_MENU} />;
}

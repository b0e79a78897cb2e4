import { IconListCheck, IconMessageQuestion, IconRoute, IconUserCircle } from "@tabler/icons-react";
import { ANSWER_RULES_PATH, PERSONA_PATH, PLAYGROUND_PATH, WORKFLOWS_PATH } from "../../features/ai-agent/paths";
import { texts } from "../../lib/texts";
import { type SideMenuItem, SideMenuLayout } from "./side-menu-layout";

const t = texts.aiAgent;
const AI_AGENT_MENU: SideMenuItem[] = [
  { label: t.menu.persona, to: PERSONA_PATH, icon: IconUserCircle },
  { label: t.menu.answerRules, to: ANSWER_RULES_PATH, icon: IconListCheck },
  { label: t.menu.workflows, to: WORKFLOWS_PATH, icon: IconRoute },
  { label: t.menu.playground, to: PLAYGROUND_PATH, icon: IconMessageQuestion },
];

export function AiAgentLayout() {
  return <SideMenuLayout title={t.title} menuLabel={t.menuLabel} items={AI_AGENT_MENU} />;
}

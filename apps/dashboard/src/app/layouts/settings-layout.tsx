import { IconPlugConnected, IconUsers } from "@tabler/icons-react";
import { texts } from "../../lib/texts";
import { type SideMenuItem, SideMenuLayout } from "./side-menu-layout";

const SETTINGS_MENU: SideMenuItem[] = [
  { label: texts.settings.menu.userAccess, to: "/settings/user-access", icon: IconUsers },
  { label: texts.settings.menu.integrations, to: "/settings/integrations", icon: IconPlugConnected },
];

export function SettingsLayout() {
  return <SideMenuLayout title={texts.settings.title} menuLabel={texts.settings.menuLabel} items={SETTINGS_MENU} />;
}

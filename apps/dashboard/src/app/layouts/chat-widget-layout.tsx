import { IconClock, IconCode, IconHeadset, IconLifebuoy, IconPalette, IconShoppingBag } from "@tabler/icons-react";
import {
  ACTIVATION_PATH,
  ACTIVE_HOURS_PATH,
  APPEARANCE_PATH,
  HANDOFF_PATH,
  SELF_SERVE_PORTAL_PATH,
  SHOPIFY_PORTAL_PATH,
} from "../../features/chat-widget/paths";
import { texts } from "../../lib/texts";
import { type SideMenuItem, SideMenuLayout } from "./side-menu-layout";

const t = texts.chatWidget;
const CHAT_WIDGET_MENU: SideMenuItem[] = [
  { label: t.menu.appearance, to: APPEARANCE_PATH, icon: IconPalette },
  { label: t.menu.selfServePortal, to: SELF_SERVE_PORTAL_PATH, icon: IconLifebuoy },
  { label: t.menu.handoff, to: HANDOFF_PATH, icon: IconHeadset },
  { label: t.menu.activeHours, to: ACTIVE_HOURS_PATH, icon: IconClock },
  { label: t.menu.activation, to: ACTIVATION_PATH, icon: IconCode },
  { label: t.menu.shopifyPortal, to: SHOPIFY_PORTAL_PATH, icon: IconShoppingBag },
];

/** The Chat Widget area (spec part 2 §2.3); each page reads the widget settings through the shared query. */
export function ChatWidgetLayout() {
  return <SideMenuLayout title={t.title} menuLabel={t.menuLabel} items={CHAT_WIDGET_MENU} />;
}

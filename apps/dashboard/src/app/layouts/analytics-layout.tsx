import { IconBulb, IconCoins, IconDatabase, IconGauge, IconMessageQuestion } from "@tabler/icons-react";
import { AnalyticsRangeProvider } from "../../features/analytics/components/analytics-range";
import {
  ANALYTICS_SOURCES_PATH,
  COST_AND_SPEED_PATH,
  INSIGHTS_PATH,
  TOKEN_USAGE_PATH,
  UNANSWERED_PATH,
} from "../../features/analytics/paths";
import { texts } from "../../lib/texts";
import { type SideMenuItem, SideMenuLayout } from "./side-menu-layout";

const t = texts.analytics;
const ANALYTICS_MENU: SideMenuItem[] = [
  { label: t.menu.insights, to: INSIGHTS_PATH, icon: IconBulb },
  { label: t.menu.unanswered, to: UNANSWERED_PATH, icon: IconMessageQuestion },
  { label: t.menu.sources, to: ANALYTICS_SOURCES_PATH, icon: IconDatabase },
  { label: t.menu.tokenUsage, to: TOKEN_USAGE_PATH, icon: IconCoins },
  { label: t.menu.costAndSpeed, to: COST_AND_SPEED_PATH, icon: IconGauge },
];

/** The Analytics area (spec part 2 §2.4); its pages share one date range. */
export function AnalyticsLayout() {
  return (
    <AnalyticsRangeProvider>
      <SideMenuLayout title={t.title} menuLabel={t.menuLabel} items={ANALYTICS_MENU} />
    </AnalyticsRangeProvider>
  );
}

import type { AnalyticsRange } from "@harbor/contract/analytics";
import { DEFAULT_REPORTING_TIME_ZONE } from "@harbor/contract/reporting-time-zones";
import { createContext, type ReactNode, useContext, useMemo, useState } from "react";
import { useReportingTimeZone } from "../api/get-reporting-time-zone";
import { monthRange, presetRange, type RangePreset, todayIn } from "../lib/date-ranges";

/** What the admin chose: a quick choice, a custom pair of days, or a month (spec part 2 §2.4). */
export type RangeChoice =
  | { kind: "preset"; preset: RangePreset }
  | { kind: "custom"; range: AnalyticsRange }
  | { kind: "month"; month: string };

type AnalyticsRangeState = {
  choice: RangeChoice;
  range: AnalyticsRange;
  /** Today in the company's reporting zone: no later day may be chosen. */
  today: string;
  timeZone: string;
  choose(choice: RangeChoice): void;
};

const AnalyticsRangeContext = createContext<AnalyticsRangeState | null>(null);

/**
 * The range the Analytics pages share, so moving between Insights, Sources and Token Usage keeps
 * it. Days are the company's reporting zone's (decision 039), so "Today" is the shop's today.
 */
export function AnalyticsRangeProvider({ children }: { children: ReactNode }) {
  const zone = useReportingTimeZone();
  const timeZone = zone.data?.timeZone ?? DEFAULT_REPORTING_TIME_ZONE;
  const today = todayIn(timeZone);
  const [choice, choose] = useState<RangeChoice>({ kind: "preset", preset: "last-30-days" });
  const value = useMemo<AnalyticsRangeState>(() => {
    const range =
      choice.kind === "preset"
        ? presetRange(choice.preset, today)
        : choice.kind === "month"
          ? monthRange(choice.month, today)
          : choice.range;
    return { choice, range, today, timeZone, choose };
  }, [choice, today, timeZone]);
  return <AnalyticsRangeContext.Provider value={value}>{children}</AnalyticsRangeContext.Provider>;
}

export function useAnalyticsRange(): AnalyticsRangeState {
  const state = useContext(AnalyticsRangeContext);
  if (!state) throw new Error("useAnalyticsRange is used outside AnalyticsRangeProvider");
  return state;
}

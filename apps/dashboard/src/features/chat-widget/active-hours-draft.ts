import type { AvailableHours } from "@harbor/contract/widget";
import { hasSlotProblems, type LocalDay, toLocalSchedule, toUtcSchedule } from "./time-slots";

/** The Active Hours page's form: the schedule in the browser's local time. */
export type ActiveHoursDraft = { isActive: boolean; showHandoff: boolean; days: LocalDay[] };

export function activeHoursDraftFrom(hours: AvailableHours, offsetMinutes: number): ActiveHoursDraft {
  return {
    isActive: hours.isActive,
    showHandoff: hours.showHandoff,
    days: toLocalSchedule(hours.availableDays, offsetMinutes),
  };
}

/**
 * The hours to save, in UTC. While hours are off the scheduler is hidden and not checked, so the
 * stored schedule is kept as it was rather than saving a half-edited one.
 */
export function toAvailableHours(options: {
  draft: ActiveHoursDraft;
  stored: AvailableHours;
  offsetMinutes: number;
}): AvailableHours {
  const { draft, stored, offsetMinutes } = options;
  return {
    isActive: draft.isActive,
    showHandoff: draft.isActive ? draft.showHandoff : stored.showHandoff,
    availableDays: draft.isActive ? toUtcSchedule(draft.days, offsetMinutes) : stored.availableDays,
  };
}

/** Problems to show before saving: only while the scheduler is shown. */
export function validateActiveHoursDraft(message: string) {
  return (draft: ActiveHoursDraft): Record<string, string> =>
    draft.isActive && hasSlotProblems(draft.days) ? { days: message } : {};
}

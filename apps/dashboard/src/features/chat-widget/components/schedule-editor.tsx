import { TIME_SLOTS_PER_DAY_MAX } from "@harbor/contract/widget";
import { ActionIcon, Button, Fieldset, Group, NativeSelect, Stack, Switch, Text } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { texts } from "../../../lib/texts";
import {
  DEFAULT_SLOT,
  END_CHOICES,
  formatTime12h,
  type LocalDay,
  type LocalSlot,
  START_CHOICES,
  slotProblems,
} from "../time-slots";

const t = texts.chatWidget.schedule;
const START_OPTIONS = START_CHOICES.map((minutes) => ({ value: String(minutes), label: formatTime12h(minutes) }));
const END_OPTIONS = END_CHOICES.map((minutes) => ({
  value: String(minutes),
  label: minutes === 24 * 60 ? `${formatTime12h(minutes)} ${t.nextDay}` : formatTime12h(minutes),
}));

/** The browser's time zone for the hint, e.g. "Europe/Amsterdam, GMT+2". */
function timeZoneName(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offset = new Intl.DateTimeFormat("en", { timeZoneName: "shortOffset" })
    .formatToParts(new Date())
    .find((part) => part.type === "timeZoneName")?.value;
  return offset ? `${zone}, ${offset}` : zone;
}

type ScheduleEditorProps = {
  legend: string;
  days: LocalDay[];
  onChange: (days: LocalDay[]) => void;
  /** A problem with the schedule as a whole (e.g. "Schedule is required"). */
  error?: string | null;
};

/**
 * The weekly scheduler (spec part 2 §4): a switch per day, an off day reads Unavailable, an on day
 * holds one or more 15-minute slots in local time, and always keeps at least one.
 */
export function ScheduleEditor({ legend, days, onChange, error }: ScheduleEditorProps) {
  const changeDay = (index: number, change: (day: LocalDay) => LocalDay) =>
    onChange(days.map((day, dayIndex) => (dayIndex === index ? change(day) : day)));

  return (
    <Fieldset legend={legend} variant="unstyled">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t.timeZone(timeZoneName())}
        </Text>
        {error ? (
          // Focusable and marked invalid, so a failed save can move to it (useSettingsForm).
          <Text size="sm" c="var(--mantine-color-error)" role="alert" tabIndex={-1} data-invalid="true">
            {error}
          </Text>
        ) : null}
        {days.map((day, dayIndex) => {
          const dayName = t.days[day.day];
          const problems = slotProblems(day);
          const setSlot = (slotIndex: number, slot: LocalSlot) =>
            changeDay(dayIndex, (current) => ({
              ...current,
              timeSlots: current.timeSlots.map((existing, index) => (index === slotIndex ? slot : existing)),
            }));
          return (
            <Group
              key={day.day}
              align="flex-start"
              gap="md"
              wrap="wrap"
              py="xs"
              style={{ borderTop: dayIndex === 0 ? undefined : "1px solid var(--mantine-color-gray-3)" }}
            >
              <Switch
                label={dayName}
                checked={day.isActive}
                w={140}
                mt={6}
                onChange={(event) => {
                  const isActive = event.currentTarget.checked;
                  // Switched on with no slot kept from before: it starts with the default one.
                  changeDay(dayIndex, (current) => ({
                    ...current,
                    isActive,
                    timeSlots: isActive && current.timeSlots.length === 0 ? [DEFAULT_SLOT] : current.timeSlots,
                  }));
                }}
              />
              {day.isActive ? (
                <Stack gap="xs" flex={1} miw={240}>
                  {day.timeSlots.map((slot, slotIndex) => {
                    const position = slotIndex + 1;
                    const problem = problems.get(slotIndex);
                    const problemID = `${day.day}-slot-${position}-problem`;
                    return (
                      // Slots have no id; their position is what the user sees and edits.
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above
                      <Stack key={slotIndex} gap={4}>
                        <Group role="group" aria-label={t.slot(dayName, position)} gap="xs" wrap="nowrap">
                          <NativeSelect
                            aria-label={t.start(dayName, position)}
                            data={START_OPTIONS}
                            value={String(slot.start)}
                            error={Boolean(problem)}
                            aria-describedby={problem ? problemID : undefined}
                            onChange={(event) =>
                              setSlot(slotIndex, { ...slot, start: Number(event.currentTarget.value) })
                            }
                            flex={1}
                          />
                          <Text size="sm" aria-hidden>
                            {t.to}
                          </Text>
                          <NativeSelect
                            aria-label={t.end(dayName, position)}
                            data={END_OPTIONS}
                            value={String(slot.end)}
                            error={Boolean(problem)}
                            aria-describedby={problem ? problemID : undefined}
                            onChange={(event) =>
                              setSlot(slotIndex, { ...slot, end: Number(event.currentTarget.value) })
                            }
                            flex={1}
                          />
                          {day.timeSlots.length > 1 ? (
                            <ActionIcon
                              variant="subtle"
                              color="red.9"
                              size="lg"
                              aria-label={t.remove(dayName, position)}
                              onClick={() =>
                                changeDay(dayIndex, (current) => ({
                                  ...current,
                                  timeSlots: current.timeSlots.filter((_, index) => index !== slotIndex),
                                }))
                              }
                            >
                              <IconTrash size={18} aria-hidden />
                            </ActionIcon>
                          ) : null}
                        </Group>
                        {problem ? (
                          <Text id={problemID} size="xs" c="var(--mantine-color-error)">
                            {problem === "overlap" ? t.overlap : t.endBeforeStart}
                          </Text>
                        ) : null}
                      </Stack>
                    );
                  })}
                  {day.timeSlots.length < TIME_SLOTS_PER_DAY_MAX ? (
                    <Group>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        leftSection={<IconPlus size={14} aria-hidden />}
                        aria-label={t.add(dayName)}
                        onClick={() =>
                          changeDay(dayIndex, (current) => ({
                            ...current,
                            timeSlots: [...current.timeSlots, nextSlot(current.timeSlots)],
                          }))
                        }
                      >
                        {t.addShort}
                      </Button>
                    </Group>
                  ) : null}
                </Stack>
              ) : (
                <Text size="sm" c="dimmed" mt={6}>
                  {t.unavailable}
                </Text>
              )}
            </Group>
          );
        })}
      </Stack>
    </Fieldset>
  );
}

/** A new slot starts an hour after the day's last one ends, when that still fits in the day. */
function nextSlot(slots: LocalSlot[]): LocalSlot {
  const lastEnd = Math.max(0, ...slots.map((slot) => slot.end));
  const start = lastEnd + 60;
  return start + 60 <= 24 * 60 ? { start, end: start + 60 } : DEFAULT_SLOT;
}

import { Button, Group, NativeSelect, Popover, Stack, Text, TextInput } from "@mantine/core";
import { IconCalendar } from "@tabler/icons-react";
import { useState } from "react";
import { texts } from "../../../lib/texts";
import { monthLabel, type RangePreset, rangeLabel, reportMonths } from "../lib/date-ranges";
import { useAnalyticsRange } from "./analytics-range";

const t = texts.analytics.dateSelector;

const PRESETS: { preset: RangePreset; label: string }[] = [
  { preset: "last-30-days", label: t.lastThirtyDays },
  { preset: "today", label: t.today },
  { preset: "yesterday", label: t.yesterday },
  { preset: "last-week", label: t.lastWeek },
];

/**
 * The date selector (spec part 2 §2.4): the range's label opens Today, Yesterday, Last Week and a
 * Custom Range of two days no later than today with "Get Insights"; beside it, the months from
 * March 2024 to this one, newest first.
 */
export function DateRangeSelector() {
  const { choice, range, today, choose } = useAnalyticsRange();
  const [isOpen, setIsOpen] = useState(false);
  const [isCustom, setIsCustom] = useState(false);
  const [start, setStart] = useState(range.startDate);
  const [end, setEnd] = useState(range.endDate);
  const label = rangeLabel(range);
  const error = start > today || end > today ? t.futureDate : start && end && start > end ? t.startAfterEnd : null;

  function pick(preset: RangePreset) {
    choose({ kind: "preset", preset });
    setIsCustom(false);
    setIsOpen(false);
  }

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Popover
        opened={isOpen}
        onChange={setIsOpen}
        position="bottom-start"
        trapFocus
        shadow="md"
        withinPortal
        // happy-dom has no layout, and a target that seems off screen would hide the dropdown there.
        hideDetached={false}
      >
        <Popover.Target>
          <Button
            variant="default"
            leftSection={<IconCalendar size={16} aria-hidden />}
            onClick={() => setIsOpen((open) => !open)}
            aria-label={t.button(label)}
            aria-expanded={isOpen}
          >
            {label}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap={4} miw={240}>
            {PRESETS.map(({ preset, label: presetLabel }) => (
              <Button
                key={preset}
                variant={choice.kind === "preset" && choice.preset === preset && !isCustom ? "light" : "subtle"}
                justify="flex-start"
                onClick={() => pick(preset)}
              >
                {presetLabel}
              </Button>
            ))}
            <Button
              variant={isCustom || choice.kind === "custom" ? "light" : "subtle"}
              justify="flex-start"
              onClick={() => {
                setStart(range.startDate);
                setEnd(range.endDate);
                setIsCustom(true);
              }}
            >
              {t.customRange}
            </Button>
            {isCustom ? (
              <Stack gap="xs" pt="xs">
                <TextInput
                  type="date"
                  label={t.startDate}
                  value={start}
                  max={today}
                  onChange={(event) => setStart(event.currentTarget.value)}
                />
                <TextInput
                  type="date"
                  label={t.endDate}
                  value={end}
                  max={today}
                  onChange={(event) => setEnd(event.currentTarget.value)}
                />
                {error ? (
                  <Text c="red.8" size="sm" role="alert">
                    {error}
                  </Text>
                ) : null}
                <Button
                  disabled={!start || !end || error !== null}
                  onClick={() => {
                    choose({ kind: "custom", range: { startDate: start, endDate: end } });
                    setIsOpen(false);
                  }}
                >
                  {t.getInsights}
                </Button>
              </Stack>
            ) : null}
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <NativeSelect
        aria-label={t.month}
        data={[
          { value: "", label: t.monthPlaceholder, disabled: true },
          ...reportMonths(today).map((month) => ({ value: month, label: monthLabel(month) })),
        ]}
        value={choice.kind === "month" ? choice.month : ""}
        onChange={(event) => {
          const month = event.currentTarget.value;
          if (month) choose({ kind: "month", month });
        }}
        w={180}
      />
    </Group>
  );
}

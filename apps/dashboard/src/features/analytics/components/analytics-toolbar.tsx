import { Group } from "@mantine/core";
import { DateRangeSelector } from "./date-range-selector";
import { TimeZoneSelect } from "./time-zone-select";

/** Above every analytics page: the range and the zone its days are read in. */
export function AnalyticsToolbar() {
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <DateRangeSelector />
      <TimeZoneSelect />
    </Group>
  );
}

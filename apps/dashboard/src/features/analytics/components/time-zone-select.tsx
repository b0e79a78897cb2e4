import { REPORTING_TIME_ZONES, timeZoneLabel } from "@harbor/contract/reporting-time-zones";
import { NativeSelect } from "@mantine/core";
import { useMemo } from "react";
import { errorMessage } from "../../../lib/api-client";
import { notifyError } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { useSetReportingTimeZone } from "../api/set-reporting-time-zone";
import { useAnalyticsRange } from "./analytics-range";

/** The company's reporting time zone (decision 039): the zone every analytics day is read in. */
export function TimeZoneSelect() {
  const { timeZone } = useAnalyticsRange();
  const setZone = useSetReportingTimeZone();
  const options = useMemo(() => REPORTING_TIME_ZONES.map((zone) => ({ value: zone, label: timeZoneLabel(zone) })), []);
  return (
    <NativeSelect
      label={texts.analytics.dateSelector.timeZone}
      data={options}
      value={timeZone}
      disabled={setZone.isPending}
      onChange={(event) => {
        const zone = event.currentTarget.value;
        if (!zone || zone === timeZone) return;
        setZone.mutate(
          { timeZone: zone as (typeof REPORTING_TIME_ZONES)[number] },
          { onError: (error) => notifyError({ message: errorMessage(error) }) },
        );
      }}
      w={{ base: "100%", xs: 300 }}
    />
  );
}

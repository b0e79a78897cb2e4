import type { CostAndSpeed } from "@harbor/contract/analytics";
import { LineChart } from "@mantine/charts";
import { texts } from "../../../lib/texts";
import { monthDay } from "../lib/analytics-format";

const t = texts.analytics.costAndSpeed;

/** Median and p95 answer time per day, in seconds; a picture of the table beside it (inert). */
export function LatencyChart({ days }: { days: CostAndSpeed["latencyByDay"] }) {
  const data = days.map((day) => ({ day: monthDay(day.date), p50: day.p50Ms / 1000, p95: day.p95Ms / 1000 }));
  return (
    <div inert>
      <LineChart
        h={260}
        data={data}
        dataKey="day"
        withLegend
        unit=" s"
        valueFormatter={(value) => value.toFixed(1)}
        series={[
          { name: "p50", label: t.seriesMedian, color: "indigo.9" },
          { name: "p95", label: t.seriesP95, color: "indigo.4" },
        ]}
      />
    </div>
  );
}

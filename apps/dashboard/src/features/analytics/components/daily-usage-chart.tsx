import type { TokenUsageResponse } from "@harbor/contract/analytics";
import { BarChart } from "@mantine/charts";
import { Table, VisuallyHidden } from "@mantine/core";
import { texts } from "../../../lib/texts";
import { abbreviated, CHART_SHADES, monthDay, withThousands } from "../lib/analytics-format";

const t = texts.analytics.tokenUsage;

/**
 * The daily column chart, one column per model, days labelled "MMM D". Model names may hold dots
 * (recharts reads a dotted key as a path), so the series are keyed by position and labelled by name.
 * The same figures are in a table for screen readers.
 */
export function DailyUsageChart({ usage }: { usage: TokenUsageResponse }) {
  const models = usage.overallUsage.map((entry) => entry.model);
  const data = usage.dailyUsage.map((day) => {
    const row: Record<string, string | number> = { day: monthDay(day.date) };
    for (const [index, model] of models.entries()) {
      row[`model${index}`] = day.usage.find((entry) => entry.model === model)?.tokensUsed ?? 0;
    }
    return row;
  });
  const series = models.map((model, index) => ({
    name: `model${index}`,
    label: model,
    color: CHART_SHADES[index % CHART_SHADES.length],
  }));
  return (
    <>
      <div inert>
        <BarChart
          h={300}
          data={data}
          dataKey="day"
          series={series}
          withLegend
          valueFormatter={withThousands}
          yAxisProps={{ tickFormatter: (value: number) => abbreviated(value) }}
        />
      </div>
      <VisuallyHidden>
        <Table>
          <caption>{t.daily}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              {models.map((model) => (
                <th key={model} scope="col">
                  {model}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {usage.dailyUsage.map((day) => (
              <tr key={day.date}>
                <th scope="row">{monthDay(day.date)}</th>
                {models.map((model) => (
                  <td key={model}>
                    {withThousands(day.usage.find((entry) => entry.model === model)?.tokensUsed ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </>
  );
}

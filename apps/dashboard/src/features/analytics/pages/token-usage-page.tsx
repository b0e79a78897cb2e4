import type { TokenUsageResponse } from "@harbor/contract/analytics";
import { DonutChart } from "@mantine/charts";
import { SimpleGrid, Skeleton, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { PageHeader } from "../../../components/page-header";
import { texts } from "../../../lib/texts";
import { useTokenUsage } from "../api/get-token-usage";
import { useAnalyticsRange } from "../components/analytics-range";
import { AnalyticsToolbar } from "../components/analytics-toolbar";
import { DailyUsageChart } from "../components/daily-usage-chart";
import { TableSection as Section } from "../components/table-section";
import { CHART_SHADES, withThousands } from "../lib/analytics-format";
import type { CsvCell } from "../lib/csv";
import { useLastData } from "../lib/use-last-data";

const t = texts.analytics.tokenUsage;

function UsageTables({ usage }: { usage: TokenUsageResponse }) {
  if (usage.overallUsage.length === 0) {
    return <Text c="dimmed">{t.noData}</Text>;
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Section
        title={t.overall}
        csv={() => [
          [t.columns.model, t.columns.tokens],
          ...usage.overallUsage.map((row) => [row.model, row.tokensUsed]),
        ]}
      >
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.columns.model}</Table.Th>
              <Table.Th ta="right">{t.columns.tokens}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {usage.overallUsage.map((row) => (
              <Table.Tr key={row.model}>
                <Table.Td>{row.model}</Table.Td>
                <Table.Td ta="right">{withThousands(row.tokensUsed)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      <Section
        title={t.byModel}
        csv={() => [
          [t.columns.model, t.columns.input, t.columns.output],
          ...usage.usageByModel.map((row) => [row.model, row.inputTokens, row.outputTokens]),
        ]}
      >
        <Stack gap="md">
          {/* inert: the table beside it carries the same figures; the chart is a picture of them. */}
          <div inert>
            <DonutChart
              size={120}
              thickness={20}
              valueFormatter={withThousands}
              data={usage.usageByModel.map((row, index) => ({
                name: row.model,
                value: row.tokensUsed,
                color: CHART_SHADES[index % CHART_SHADES.length] ?? "indigo.5",
              }))}
            />
          </div>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.columns.model}</Table.Th>
                <Table.Th ta="right">{t.columns.input}</Table.Th>
                <Table.Th ta="right">{t.columns.output}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {usage.usageByModel.map((row) => (
                <Table.Tr key={row.model}>
                  <Table.Td>{row.model}</Table.Td>
                  <Table.Td ta="right">{withThousands(row.inputTokens)}</Table.Td>
                  <Table.Td ta="right">{withThousands(row.outputTokens)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Section>
      <Section
        title={t.perChat}
        csv={() => [
          [t.columns.model, t.columns.chats, t.columns.average],
          ...usage.usageByConversation.map((row) => [row.model, row.chats, row.averageTokensPerChat]),
        ]}
      >
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.columns.model}</Table.Th>
              <Table.Th ta="right">{t.columns.chats}</Table.Th>
              <Table.Th ta="right">{t.columns.average}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {usage.usageByConversation.map((row) => (
              <Table.Tr key={row.model}>
                <Table.Td>{row.model}</Table.Td>
                <Table.Td ta="right">{withThousands(row.chats)}</Table.Td>
                <Table.Td ta="right">{withThousands(row.averageTokensPerChat)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
    </SimpleGrid>
  );
}

/** One row per day, one column per model, as the chart shows them. */
function dailyCsv(usage: TokenUsageResponse): CsvCell[][] {
  const models = usage.overallUsage.map((entry) => entry.model);
  return [
    [t.columns.date, ...models],
    ...usage.dailyUsage.map((day) => [
      day.date,
      ...models.map((model) => day.usage.find((entry) => entry.model === model)?.tokensUsed ?? 0),
    ]),
  ];
}

function TokenUsageSkeleton() {
  return (
    <Stack role="status" aria-busy="true">
      <VisuallyHidden>{t.loading}</VisuallyHidden>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {[1, 2, 3].map((key) => (
          <Skeleton key={key} h={140} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={300} radius="md" />
    </Stack>
  );
}

/** Token Usage (spec part 2 §2.4): totals per model, per chat, and a daily chart per model. */
export function TokenUsagePage() {
  const { range } = useAnalyticsRange();
  const usage = useTokenUsage(range);
  const data = useLastData(usage.data);
  return (
    <Stack>
      <PageHeader title={t.title} description={t.description} />
      <AnalyticsToolbar />
      {data ? (
        <>
          <UsageTables usage={data} />
          <Section title={t.daily} csv={data.dailyUsage.length > 0 ? () => dailyCsv(data) : undefined}>
            {data.dailyUsage.length === 0 ? <Text c="dimmed">{t.noDaily}</Text> : <DailyUsageChart usage={data} />}
          </Section>
        </>
      ) : usage.isError ? (
        <Text c="red.8">{texts.analytics.loadFailed}</Text>
      ) : (
        <TokenUsageSkeleton />
      )}
    </Stack>
  );
}

import type { TokenUsageResponse } from "@harbor/contract/analytics";
import { DonutChart } from "@mantine/charts";
import { Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import { PageHeader } from "../../../components/page-header";
import { texts } from "../../../lib/texts";
import { useTokenUsage } from "../api/get-token-usage";
import { useAnalyticsRange } from "../components/analytics-range";
import { AnalyticsToolbar } from "../components/analytics-toolbar";
import { DailyUsageChart } from "../components/daily-usage-chart";
import { CHART_SHADES, withThousands } from "../lib/analytics-format";
import { useLastData } from "../lib/use-last-data";

const t = texts.analytics.tokenUsage;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function UsageTables({ usage }: { usage: TokenUsageResponse }) {
  if (usage.overallUsage.length === 0) {
    return <Text c="dimmed">{t.noData}</Text>;
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Section title={t.overall}>
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
      <Section title={t.byModel}>
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
      <Section title={t.perChat}>
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
          <Section title={t.daily}>
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

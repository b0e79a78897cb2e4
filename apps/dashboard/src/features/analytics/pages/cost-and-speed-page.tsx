import type { AnalyticsRange, CostAndSpeed } from "@harbor/contract/analytics";
import { Alert, Anchor, SimpleGrid, Skeleton, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { texts } from "../../../lib/texts";
import { useCostAndSpeed } from "../api/get-cost-and-speed";
import { useAnalyticsRange } from "../components/analytics-range";
import { AnalyticsToolbar } from "../components/analytics-toolbar";
import { FigureCard } from "../components/figure-card";
import { LatencyChart } from "../components/latency-chart";
import { ModelPricesSection } from "../components/model-prices-section";
import { ScrollableTable } from "../components/scrollable-table";
import { TableSection } from "../components/table-section";
import { longDay, withThousands } from "../lib/analytics-format";
import { inboxPath } from "../lib/inbox-links";
import { useLastData } from "../lib/use-last-data";

const t = texts.analytics.costAndSpeed;
const { columns } = t;
const languageName = (code: string) => texts.analytics.unanswered.languageNames[code] ?? code;

const DOLLARS = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});
/** $1.11, $0.185, $0.0028: up to four decimals, so a chat's fraction of a cent still shows. */
const dollars = (value: number | null) => (value === null ? t.notAvailable : DOLLARS.format(value));
const seconds = (ms: number) => (ms / 1000).toFixed(1);

function CostByModel({ data }: { data: CostAndSpeed }) {
  const rows = data.costByModel;
  return (
    <TableSection
      title={t.byModel}
      csv={
        rows.length > 0
          ? () => [
              [columns.model, columns.input, columns.output, columns.cost],
              ...rows.map((row) => [row.model, row.inputTokens, row.outputTokens, row.cost]),
            ]
          : undefined
      }
    >
      {rows.length === 0 ? (
        <Text c="dimmed">{t.noCost}</Text>
      ) : (
        <ScrollableTable label={t.byModel} minWidth={420}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{columns.model}</Table.Th>
              <Table.Th ta="right">{columns.input}</Table.Th>
              <Table.Th ta="right">{columns.output}</Table.Th>
              <Table.Th ta="right">{columns.cost}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.model}>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{row.model}</Table.Td>
                <Table.Td ta="right">{withThousands(row.inputTokens)}</Table.Td>
                <Table.Td ta="right">{withThousands(row.outputTokens)}</Table.Td>
                <Table.Td ta="right">{row.cost === null ? t.noPrice : dollars(row.cost)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollableTable>
      )}
    </TableSection>
  );
}

function Latency({ data }: { data: CostAndSpeed }) {
  const days = data.latencyByDay;
  return (
    <TableSection
      title={t.latency}
      csv={
        days.length > 0
          ? () => [
              [columns.date, columns.answers, columns.median, columns.p95],
              ...days.map((day) => [day.date, day.answers, seconds(day.p50Ms), seconds(day.p95Ms)]),
            ]
          : undefined
      }
    >
      <Text size="sm" c="dimmed" mb="sm">
        {t.latencyHelp}
      </Text>
      {days.length === 0 ? (
        <Text c="dimmed">{t.noLatency}</Text>
      ) : (
        <>
          <LatencyChart days={days} />
          <VisuallyHidden>
            <Table>
              <caption>{t.latency}</caption>
              <thead>
                <tr>
                  <th scope="col">{columns.date}</th>
                  <th scope="col">{columns.answers}</th>
                  <th scope="col">{columns.median}</th>
                  <th scope="col">{columns.p95}</th>
                </tr>
              </thead>
              <tbody>
                {days.map((day) => (
                  <tr key={day.date}>
                    <th scope="row">{longDay(day.date)}</th>
                    <td>{withThousands(day.answers)}</td>
                    <td>{seconds(day.p50Ms)}</td>
                    <td>{seconds(day.p95Ms)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </VisuallyHidden>
        </>
      )}
    </TableSection>
  );
}

/** A count that opens the inbox filtered to the same chats; a plain 0 when there are none. */
function InboxCount({ value, label, to }: { value: string; label: string; to: string }) {
  if (value === "0" || value === "0%") return <>{value}</>;
  return (
    <Anchor component={Link} to={to} aria-label={texts.analytics.openInInbox(label)}>
      {value}
    </Anchor>
  );
}

function Quality({ data, range }: { data: CostAndSpeed; range: AnalyticsRange }) {
  const rows = data.qualityByLanguage;
  return (
    <TableSection
      title={t.quality}
      csv={() => [
        [columns.language, columns.conversations, columns.resolutionRate, columns.handoffRate, columns.averageRating],
        ...rows.map((row) => [
          languageName(row.language),
          row.conversations,
          `${row.resolutionRate}%`,
          `${row.handoffRate}%`,
          row.averageRating,
        ]),
      ]}
    >
      <ScrollableTable label={t.quality} minWidth={520}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{columns.language}</Table.Th>
            <Table.Th ta="right">{columns.conversations}</Table.Th>
            <Table.Th ta="right">{columns.resolutionRate}</Table.Th>
            <Table.Th ta="right">{columns.handoffRate}</Table.Th>
            <Table.Th ta="right">{columns.averageRating}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const name = languageName(row.language);
            return (
              <Table.Tr key={row.language}>
                <Table.Td>{name}</Table.Td>
                <Table.Td ta="right">
                  <InboxCount
                    value={withThousands(row.conversations)}
                    label={`${name} ${columns.conversations.toLowerCase()}`}
                    to={inboxPath(range, { language: row.language })}
                  />
                </Table.Td>
                <Table.Td ta="right">{row.resolutionRate}%</Table.Td>
                <Table.Td ta="right">
                  <InboxCount
                    value={`${row.handoffRate}%`}
                    label={`${name} handoffs`}
                    to={inboxPath(range, { language: row.language, status: "handoff" })}
                  />
                </Table.Td>
                <Table.Td ta="right">{row.averageRating ?? t.notAvailable}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </ScrollableTable>
    </TableSection>
  );
}

function CostAndSpeedFigures({ data, range }: { data: CostAndSpeed; range: AnalyticsRange }) {
  const unpriced = data.costByModel.filter((row) => row.cost === null).map((row) => row.model);
  const { figures } = t;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <FigureCard label={figures.totalCost.label} help={figures.totalCost.help} value={dollars(data.totalCost)} />
        <FigureCard
          label={figures.perConversation.label}
          help={figures.perConversation.help}
          value={dollars(data.costPerConversation)}
        />
        <FigureCard
          label={figures.perResolution.label}
          help={figures.perResolution.help}
          value={dollars(data.costPerResolution)}
        />
      </SimpleGrid>
      <Text size="sm">
        <InboxCount
          value={t.conversationsLink(data.conversations)}
          label={t.conversationsLink(data.conversations)}
          to={inboxPath(range)}
        />
      </Text>
      {unpriced.length > 0 ? (
        <Alert color="orange" icon={<IconAlertTriangle aria-hidden />}>
          {t.unpriced(unpriced.join(", "))}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <CostByModel data={data} />
        <Quality data={data} range={range} />
      </SimpleGrid>
      <Latency data={data} />
    </Stack>
  );
}

function CostAndSpeedSkeleton() {
  return (
    <Stack role="status" aria-busy="true">
      <VisuallyHidden>{t.loading}</VisuallyHidden>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {[1, 2, 3].map((key) => (
          <Skeleton key={key} h={96} radius="md" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {[1, 2].map((key) => (
          <Skeleton key={key} h={180} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={300} radius="md" />
    </Stack>
  );
}

/**
 * Cost and Speed (issue 18 item 5, decision 046): cost per conversation and per resolution at the
 * company's model prices, answer time per day, and outcomes per visitor language.
 */
export function CostAndSpeedPage() {
  const { range } = useAnalyticsRange();
  const query = useCostAndSpeed(range);
  const data = useLastData(query.data);
  return (
    <Stack>
      <PageHeader title={t.title} description={t.description} />
      <AnalyticsToolbar />
      {data ? (
        <CostAndSpeedFigures data={data} range={range} />
      ) : query.isError ? (
        <Text c="red.8">{texts.analytics.loadFailed}</Text>
      ) : (
        <CostAndSpeedSkeleton />
      )}
      <ModelPricesSection />
    </Stack>
  );
}

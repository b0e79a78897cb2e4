import type { SourceInsight } from "@harbor/contract/analytics";
import { safeHttpURL } from "@harbor/contract/answer-links";
import { Anchor, Group, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconDatabaseOff } from "@tabler/icons-react";
import { Link } from "react-router";
import { EmptyState } from "../../../components/empty-state";
import { PageHeader } from "../../../components/page-header";
import { texts } from "../../../lib/texts";
import { useSourceInsights } from "../api/get-source-insights";
import { useAnalyticsRange } from "../components/analytics-range";
import { AnalyticsToolbar } from "../components/analytics-toolbar";
import { ExportCsvButton } from "../components/export-csv-button";
import { SourceLogo } from "../components/source-logo";
import { truncatedPercent, withThousands } from "../lib/analytics-format";
import { useLastData } from "../lib/use-last-data";

const t = texts.analytics.sources;

/** View: the document's page in a new tab, or the article editor when it has no address (spec §2.4). */
function DocumentLink({ document }: { document: SourceInsight["documents"][number] }) {
  const url = document.url ? safeHttpURL(document.url) : null;
  if (url) {
    return (
      <Anchor href={url} target="_blank" rel="noopener noreferrer" aria-label={t.viewDocument(document.title)}>
        {t.view}
      </Anchor>
    );
  }
  return (
    <Anchor
      component={Link}
      to={`/knowledge-base/articles/add/${encodeURIComponent(document.referenceID)}`}
      aria-label={t.viewDocument(document.title)}
    >
      {t.view}
    </Anchor>
  );
}

function SourceCard({ source }: { source: SourceInsight }) {
  const used = source.documents.reduce((sum, document) => sum + document.timesUsed, 0);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={source.title}>
      <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
        <Group gap="sm" wrap="nowrap">
          <SourceLogo sourceType={source.sourceType} />
          <div>
            <Title order={3} size="h5">
              {source.title}
            </Title>
            <Text size="sm" c="dimmed">
              {t.documentCount(source.documentCount)}
            </Text>
          </div>
        </Group>
        {source.documents.length > 0 ? (
          <ExportCsvButton
            title={source.title}
            isRanged={false}
            rows={() => [
              [t.columns.name, t.columns.usedInAnswers, t.columns.percentage, t.columns.link],
              ...source.documents.map((document) => [
                document.title,
                document.timesUsed,
                `${truncatedPercent(document.timesUsed, used)}%`,
                document.url ?? "",
              ]),
            ]}
          />
        ) : null}
      </Group>
      {source.documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.empty}
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.columns.name}</Table.Th>
              <Table.Th ta="right">{t.columns.usedInAnswers}</Table.Th>
              <Table.Th ta="right">{t.columns.percentage}</Table.Th>
              <Table.Th>{t.columns.link}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {source.documents.map((document) => (
              <Table.Tr key={document.referenceID}>
                <Table.Td>{document.title}</Table.Td>
                <Table.Td ta="right">{withThousands(document.timesUsed)}</Table.Td>
                <Table.Td ta="right">{truncatedPercent(document.timesUsed, used)}%</Table.Td>
                <Table.Td>
                  <DocumentLink document={document} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

function SourcesSkeleton() {
  return (
    <Stack role="status" aria-busy="true">
      <VisuallyHidden>{t.loading}</VisuallyHidden>
      {[1, 2].map((key) => (
        <Skeleton key={key} h={160} radius="md" />
      ))}
    </Stack>
  );
}

/** Sources (spec part 2 §2.4): per source, the documents the AI used in answers. */
export function AnalyticsSourcesPage() {
  const { range } = useAnalyticsRange();
  const sources = useSourceInsights(range);
  const data = useLastData(sources.data);
  return (
    <Stack>
      <PageHeader title={t.title} description={t.description} />
      <AnalyticsToolbar />
      <Text size="sm" c="dimmed">
        {t.allTime}
      </Text>
      {data ? (
        data.length === 0 ? (
          <EmptyState icon={<IconDatabaseOff size={28} />} title={t.noSources} text={t.noSourcesText} />
        ) : (
          data.map((source) => <SourceCard key={source.sourceID} source={source} />)
        )
      ) : sources.isError ? (
        <Text c="red.8">{texts.analytics.loadFailed}</Text>
      ) : (
        <SourcesSkeleton />
      )}
    </Stack>
  );
}

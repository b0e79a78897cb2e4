import type { UnansweredGroup } from "@harbor/contract/analytics";
import { Badge, Button, Group, List, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconMessageCheck, IconPencilPlus } from "@tabler/icons-react";
import { Link } from "react-router";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailure } from "../../../components/load-failure";
import { PageHeader } from "../../../components/page-header";
import { texts } from "../../../lib/texts";
import { useUnansweredQuestions } from "../api/get-unanswered-questions";
import { useAnalyticsRange } from "../components/analytics-range";
import { AnalyticsToolbar } from "../components/analytics-toolbar";
import { ExportCsvButton } from "../components/export-csv-button";
import type { CsvCell } from "../lib/csv";

const t = texts.analytics.unanswered;

/** The knowledge base's new-article editor with the question as its title. */
const writeArticlePath = (question: string) => `/knowledge-base/articles/add?title=${encodeURIComponent(question)}`;

const languageName = (code: string) => t.languageNames[code] ?? code;
const dayOf = (iso: string) => iso.slice(0, 10);

function GroupCard({ group }: { group: UnansweredGroup }) {
  const reasons = [
    group.reasons.declined > 0 ? t.reasons.declined(group.reasons.declined) : null,
    group.reasons.handedOff > 0 ? t.reasons.handedOff(group.reasons.handedOff) : null,
    group.reasons.ratedLow > 0 ? t.reasons.ratedLow(group.reasons.ratedLow) : null,
  ].filter((reason) => reason !== null);
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={group.question}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={6} style={{ flex: "1 1 16rem", minWidth: 0 }}>
          <Title order={3} size="h5" style={{ overflowWrap: "anywhere" }}>
            {group.question}
          </Title>
          <Group gap="xs">
            <Badge variant="light" color="blue" c="blue.9" tt="none">
              {t.asked(group.count)}
            </Badge>
            <Text size="sm" c="dimmed">
              {t.languages}: {group.languages.map(languageName).join(", ")}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {[...reasons, t.lastAsked(dayOf(group.lastAskedAt))].join(" · ")}
          </Text>
        </Stack>
        <Button
          component={Link}
          to={writeArticlePath(group.question)}
          variant="light"
          leftSection={<IconPencilPlus size={16} aria-hidden />}
          aria-label={t.writeArticleFor(group.question)}
        >
          {t.writeArticle}
        </Button>
      </Group>
      {group.examples.length > 0 && (
        <Stack gap={4} mt="sm">
          <Text size="sm" fw={600}>
            {t.examples}
          </Text>
          <List size="sm" spacing={2}>
            {group.examples.map((example) => (
              <List.Item key={example} style={{ overflowWrap: "anywhere" }}>
                {example}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Paper>
  );
}

/** One row per group: its question, count, reasons, languages, last asked day and other wordings. */
function unansweredCsv(groups: UnansweredGroup[]): CsvCell[][] {
  const { csvColumns } = t;
  return [
    [
      csvColumns.question,
      csvColumns.count,
      csvColumns.declined,
      csvColumns.handedOff,
      csvColumns.ratedLow,
      csvColumns.languages,
      csvColumns.lastAsked,
      csvColumns.examples,
    ],
    ...groups.map((group) => [
      group.question,
      group.count,
      group.reasons.declined,
      group.reasons.handedOff,
      group.reasons.ratedLow,
      group.languages.map(languageName).join(", "),
      dayOf(group.lastAskedAt),
      group.examples.join("\n"),
    ]),
  ];
}

function UnansweredSkeleton() {
  return (
    <Stack role="status" aria-busy="true">
      <VisuallyHidden>{t.loading}</VisuallyHidden>
      {[1, 2, 3].map((key) => (
        <Skeleton key={key} h={110} radius="md" />
      ))}
    </Stack>
  );
}

/**
 * Unanswered questions (issue 18, decision 042): what the AI failed on in the range, grouped by
 * topic, most asked first, each with a way to write the article that answers it.
 */
export function UnansweredQuestionsPage() {
  const { range } = useAnalyticsRange();
  const query = useUnansweredQuestions(range);
  const data = query.data;
  return (
    <Stack>
      <PageHeader title={t.title} description={t.description} />
      <AnalyticsToolbar />
      {data ? (
        <>
          {data.answeredSince > 0 && (
            <Text size="sm" c="dimmed">
              {t.answeredSince(data.answeredSince)}
            </Text>
          )}
          {data.groups.length === 0 ? (
            <EmptyState icon={<IconMessageCheck size={28} />} title={t.empty} text={t.emptyText} />
          ) : (
            <Stack gap="sm" aria-label={t.title} component="section">
              <Group justify="flex-end">
                <ExportCsvButton title={t.title} rows={() => unansweredCsv(data.groups)} />
              </Group>
              {data.groups.map((group) => (
                <GroupCard key={group.question} group={group} />
              ))}
            </Stack>
          )}
        </>
      ) : query.isError ? (
        <LoadFailure error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <UnansweredSkeleton />
      )}
    </Stack>
  );
}

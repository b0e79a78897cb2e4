import type { AnalyticsRange, Insights } from "@harbor/contract/analytics";
import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { texts } from "../../../lib/texts";
import { useInsights } from "../api/get-insights";
import { useAnalyticsRange } from "../components/analytics-range";
import { AnalyticsToolbar } from "../components/analytics-toolbar";
import { CountsCard } from "../components/counts-card";
import { FigureCard } from "../components/figure-card";
import { abbreviated } from "../lib/analytics-format";
import { inboxPath } from "../lib/inbox-links";
import { useLastData } from "../lib/use-last-data";

const t = texts.analytics.insights;

const CARDS = [
  ["aiCategories", t.cards.aiCategories],
  ["openChats", t.cards.openChats],
  ["resolvedChats", t.cards.resolvedChats],
  ["customReplies", t.cards.customReplies],
  ["suggestedQuestions", t.cards.suggestedQuestions],
] as const;

function InsightsSkeleton() {
  return (
    <Stack role="status" aria-busy="true">
      <VisuallyHidden>{t.loading}</VisuallyHidden>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {[1, 2, 3, 4].map((key) => (
          <Skeleton key={key} h={96} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={20} w={260} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {[1, 2, 3, 4].map((key) => (
          <Skeleton key={key} h={180} radius="md" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function InsightsFigures({ insights, range }: { insights: Insights; range: AnalyticsRange }) {
  const deflections = insights.totalConversations - insights.totalHandoffs - insights.totalResolutions;
  const { breakdown, figures } = t;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <FigureCard
          label={figures.total.label}
          help={figures.total.help}
          value={abbreviated(insights.totalConversations)}
        />
        <FigureCard
          label={figures.deflections.label}
          help={figures.deflections.help}
          value={abbreviated(deflections)}
        />
        <FigureCard
          label={figures.resolutions.label}
          help={figures.resolutions.help}
          value={abbreviated(insights.totalResolutions)}
        />
        <FigureCard
          label={figures.handoffs.label}
          help={figures.handoffs.help}
          value={abbreviated(insights.totalHandoffs)}
        />
      </SimpleGrid>
      <Text c="dimmed">{t.averageMessages(insights.averageMessagesCount)}</Text>
      <Group gap="lg">
        {insights.totalConversations > 0 ? (
          <Anchor component={Link} to={inboxPath(range)} size="sm">
            {t.openConversations(insights.totalConversations)}
          </Anchor>
        ) : null}
        {insights.totalHandoffs > 0 ? (
          <Anchor component={Link} to={inboxPath(range, { status: "handoff" })} size="sm">
            {t.openHandoffs(insights.totalHandoffs)}
          </Anchor>
        ) : null}
      </Group>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="resolution-breakdown">
        <Title order={3} size="h5" mb="sm" id="resolution-breakdown">
          {breakdown.title}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <FigureCard
            label={breakdown.confirmed.label}
            help={breakdown.confirmed.help}
            value={abbreviated(insights.resolutions.confirmed)}
          />
          <FigureCard
            label={breakdown.assumed.label}
            help={breakdown.assumed.help}
            value={abbreviated(insights.resolutions.assumed)}
          />
          <FigureCard
            label={breakdown.handedOff.label}
            help={breakdown.handedOff.help}
            value={abbreviated(insights.resolutions.handedOff)}
          />
          <FigureCard
            label={breakdown.reopened.label}
            help={breakdown.reopened.help}
            value={abbreviated(insights.resolutions.reopened)}
          />
        </SimpleGrid>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {CARDS.map(([key, title]) => (
          <CountsCard
            key={key}
            title={title}
            counts={insights[key]}
            total={insights.totalConversations}
            inboxPathOf={
              key === "aiCategories"
                ? (name) => inboxPath(range, { category: name })
                : key === "customReplies"
                  ? (name) => inboxPath(range, { customReply: name })
                  : undefined
            }
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** Insights (spec part 2 §2.4): the period's conversations, how they ended, and the five cards. */
export function InsightsPage() {
  const { range } = useAnalyticsRange();
  const insights = useInsights(range);
  const data = useLastData(insights.data);
  return (
    <Stack>
      <PageHeader title={t.title} description={t.description} />
      <AnalyticsToolbar />
      {data ? (
        <InsightsFigures insights={data} range={range} />
      ) : insights.isError ? (
        <Text c="red.8">{texts.analytics.loadFailed}</Text>
      ) : (
        <InsightsSkeleton />
      )}
    </Stack>
  );
}

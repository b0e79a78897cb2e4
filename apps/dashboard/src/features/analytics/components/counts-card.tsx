import { Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { texts } from "../../../lib/texts";
import { abbreviated, splitCamelCase, truncatedPercent } from "../lib/analytics-format";
import { ExportCsvButton } from "./export-csv-button";

const t = texts.analytics.insights;

/**
 * A card of names and their chats (spec part 2 §2.4): the name with camel case split into words,
 * the count labelled "chats" and its truncated share of the period's conversations, largest first.
 * With `inboxPathOf`, each name opens the inbox filtered to its chats.
 */
export function CountsCard({
  title,
  counts,
  total,
  inboxPathOf,
}: {
  title: string;
  counts: Record<string, number>;
  total: number;
  inboxPathOf?: (name: string) => string;
}) {
  const rows = Object.entries(counts).sort(([nameA, a], [nameB, b]) => b - a || nameA.localeCompare(nameB));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        {rows.length > 0 ? (
          <ExportCsvButton
            title={title}
            rows={() => [
              [t.csvColumns.name, t.csvColumns.chats, t.csvColumns.percentage],
              ...rows.map(([name, count]) => [name, count, `${truncatedPercent(count, total)}%`]),
            ]}
          />
        ) : null}
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t.empty}
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {rows.map(([name, count]) => (
            <Group key={name} component="li" justify="space-between" wrap="nowrap" gap="sm">
              {inboxPathOf ? (
                <Anchor
                  component={Link}
                  to={inboxPathOf(name)}
                  size="sm"
                  truncate
                  aria-label={texts.analytics.openInInbox(`${splitCamelCase(name)} chats`)}
                >
                  {splitCamelCase(name)}
                </Anchor>
              ) : (
                <Text size="sm" truncate>
                  {splitCamelCase(name)}
                </Text>
              )}
              <Group gap="sm" wrap="nowrap">
                <Text size="sm" fw={600}>
                  {abbreviated(count)} {t.chats}
                </Text>
                <Text size="sm" c="dimmed" w={44} ta="right">
                  {truncatedPercent(count, total)}%
                </Text>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

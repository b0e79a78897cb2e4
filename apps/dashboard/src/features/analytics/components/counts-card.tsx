import { Group, Paper, Stack, Text, Title } from "@mantine/core";
import { texts } from "../../../lib/texts";
import { abbreviated, splitCamelCase, truncatedPercent } from "../lib/analytics-format";

const t = texts.analytics.insights;

/**
 * A card of names and their chats (spec part 2 §2.4): the name with camel case split into words,
 * the count labelled "chats" and its truncated share of the period's conversations, largest first.
 */
export function CountsCard({ title, counts, total }: { title: string; counts: Record<string, number>; total: number }) {
  const rows = Object.entries(counts).sort(([nameA, a], [nameB, b]) => b - a || nameA.localeCompare(nameB));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t.empty}
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {rows.map(([name, count]) => (
            <Group key={name} component="li" justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" truncate>
                {splitCamelCase(name)}
              </Text>
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

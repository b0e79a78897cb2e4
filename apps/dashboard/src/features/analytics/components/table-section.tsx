import { Group, Paper, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { CsvCell } from "../lib/csv";
import { ExportCsvButton } from "./export-csv-button";

/** A titled box of one table with its "Export CSV" (omitted while there is nothing to export). */
export function TableSection({
  title,
  csv,
  isRanged,
  children,
}: {
  title: string;
  csv?: () => CsvCell[][];
  isRanged?: boolean;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        {csv ? <ExportCsvButton title={title} rows={csv} isRanged={isRanged} /> : null}
      </Group>
      {children}
    </Paper>
  );
}

import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { texts } from "../../../lib/texts";
import { type CsvCell, csvFileName, downloadCsv } from "../lib/csv";
import { useAnalyticsRange } from "./analytics-range";

/**
 * "Export CSV" for one table: the loaded figures as a file named by the table and the range, made
 * in the browser (issue 18 item 6). `rows` is called on click, header row first.
 */
export function ExportCsvButton({
  title,
  rows,
  isRanged = true,
}: {
  title: string;
  rows: () => CsvCell[][];
  /** False for figures the range does not narrow (Sources), so the file name claims no range. */
  isRanged?: boolean;
}) {
  const { range } = useAnalyticsRange();
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconDownload size={14} aria-hidden />}
      aria-label={texts.analytics.exportCsvOf(title)}
      onClick={() => downloadCsv(csvFileName(title, isRanged ? range : undefined), rows())}
    >
      {texts.analytics.exportCsv}
    </Button>
  );
}

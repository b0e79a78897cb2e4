import type { Source } from "@harbor/contract/knowledge";
import { Anchor, Button, Text, VisuallyHidden } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { Link, useNavigate } from "react-router";
import { type ResponsiveColumn, ResponsiveTable } from "../../../components/responsive-table";
import { texts } from "../../../lib/texts";
import { sourcePath } from "../paths";
import { formatDate, sourceAction, sourceStatus } from "../source-rules";
import { SourceStatusBadge } from "./source-status-badge";
import { SourceSyncProblems } from "./source-sync-problems";

const t = texts.knowledgeBase.sources;
const kb = texts.knowledgeBase;

type SourcesTableProps = {
  sources: Source[];
  onResync: (source: Source) => void;
  /** The source whose resync call is on its way, if any. */
  resyncingID: string | null;
  onShowPageErrors: (source: Source) => void;
};

/**
 * The company's sources. A row opens the source's documents; the name is a real link, so the row
 * is reached and opened with the keyboard too.
 */
export function SourcesTable({ sources, onResync, resyncingID, onShowPageErrors }: SourcesTableProps) {
  const navigate = useNavigate();
  const columns: ResponsiveColumn<Source>[] = [
    {
      key: "name",
      header: t.columns.name,
      cell: (source) => (
        <>
          <Anchor
            component={Link}
            to={sourcePath(source._id)}
            fw={600}
            onClick={(event) => event.stopPropagation()}
            style={{ overflowWrap: "anywhere" }}
          >
            {source.name}
          </Anchor>
          <SourceSyncProblems source={source} onShowPageErrors={onShowPageErrors} />
        </>
      ),
    },
    { key: "type", header: t.columns.type, cell: (source) => kb.sourceTypes[source.sourceType] },
    { key: "documents", header: t.columns.documents, align: "right", cell: (source) => source.documentCount },
    { key: "frequency", header: t.columns.frequency, cell: (source) => kb.frequencies[source.updateFrequency] },
    {
      key: "lastUpdated",
      header: t.columns.lastUpdated,
      cell: (source) =>
        formatDate(source.integrationStatus.lastSyncedAt ?? source.updatedAt, { withTime: true }) ?? kb.notSyncedYet,
    },
    { key: "status", header: t.columns.status, cell: (source) => <SourceStatusBadge source={source} /> },
    {
      key: "actions",
      header: <VisuallyHidden>{t.columns.actions}</VisuallyHidden>,
      cell: (source) => {
        const action = sourceAction(source);
        if (action === "auto")
          return (
            <Text size="sm" c="dimmed" title={t.autoLabel}>
              {t.auto}
            </Text>
          );
        if (action !== "resync") return null;
        return (
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconRefresh size={14} aria-hidden />}
            aria-label={t.resyncLabel(source.name)}
            disabled={sourceStatus(source) === "syncing"}
            loading={resyncingID === source._id}
            onClick={(event) => {
              event.stopPropagation();
              onResync(source);
            }}
          >
            {t.resync}
          </Button>
        );
      },
    },
  ];
  return (
    <ResponsiveTable
      rows={sources}
      rowKey={(source) => source._id}
      columns={columns}
      label={t.listLabel}
      onRowClick={(source) => navigate(sourcePath(source._id))}
      rowAttributes={(source) => ({ "data-source-id": source._id })}
      minWidth={860}
    />
  );
}

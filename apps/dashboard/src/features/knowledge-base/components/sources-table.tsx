import type { Source } from "@harbor/contract/knowledge";
import { Anchor, Button, Table, Text, VisuallyHidden } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { Link, useNavigate } from "react-router";
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
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.columns.name}</Table.Th>
            <Table.Th>{t.columns.type}</Table.Th>
            <Table.Th ta="right">{t.columns.documents}</Table.Th>
            <Table.Th>{t.columns.frequency}</Table.Th>
            <Table.Th>{t.columns.lastUpdated}</Table.Th>
            <Table.Th>{t.columns.status}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t.columns.actions}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sources.map((source) => {
            const action = sourceAction(source);
            const lastUpdated = formatDate(source.integrationStatus.lastSyncedAt ?? source.updatedAt, {
              withTime: true,
            });
            return (
              <Table.Tr
                key={source._id}
                data-source-id={source._id}
                style={{ cursor: "pointer" }}
                onClick={() => navigate(sourcePath(source._id))}
              >
                <Table.Td maw={280}>
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
                </Table.Td>
                <Table.Td>{kb.sourceTypes[source.sourceType]}</Table.Td>
                <Table.Td ta="right">{source.documentCount}</Table.Td>
                <Table.Td>{kb.frequencies[source.updateFrequency]}</Table.Td>
                <Table.Td>{lastUpdated ?? kb.notSyncedYet}</Table.Td>
                <Table.Td>
                  <SourceStatusBadge source={source} />
                </Table.Td>
                <Table.Td>
                  {action === "auto" ? (
                    <Text size="sm" c="dimmed" title={t.autoLabel}>
                      {t.auto}
                    </Text>
                  ) : action === "resync" ? (
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
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

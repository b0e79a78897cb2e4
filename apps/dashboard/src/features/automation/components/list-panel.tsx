import { Button, Paper, Stack, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { EmptyState } from "../../../components/empty-state";
import { PageLoader } from "../../../components/page-loader";
import { LoadFailure } from "./load-failure";

type ListQuery = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

type ListPanelProps = {
  query: ListQuery;
  loadingLabel: string;
  count: number;
  /** "Showing N category/categories" under the table. */
  showing: string;
  empty: { icon: ReactNode; title: string; text: string; addLabel: string; onAdd: () => void };
  /** The table (and whatever goes above it), shown when the list has items. */
  children: ReactNode;
};

/**
 * The panel every automation list sits in: loading, a failure with Retry, the zero state with
 * its Add button, or the table with its count (spec part 2 §2.2).
 */
export function ListPanel({ query, loadingLabel, count, showing, empty, children }: ListPanelProps) {
  return (
    <Paper withBorder radius="lg" p="md">
      {query.isPending ? (
        <PageLoader label={loadingLabel} />
      ) : query.isError ? (
        <LoadFailure error={query.error} onRetry={() => void query.refetch()} />
      ) : count === 0 ? (
        <EmptyState
          icon={empty.icon}
          title={empty.title}
          text={empty.text}
          headingOrder={3}
          action={
            <Button variant="light" leftSection={<IconPlus size={18} aria-hidden />} onClick={empty.onAdd}>
              {empty.addLabel}
            </Button>
          }
        />
      ) : (
        <Stack>
          {children}
          <Text size="sm" c="dimmed">
            {showing}
          </Text>
        </Stack>
      )}
    </Paper>
  );
}

/** The header's Add button of an automation list. */
export function AddButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled: boolean }) {
  return (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onClick} disabled={disabled}>
      {label}
    </Button>
  );
}

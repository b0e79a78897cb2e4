import { Box, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ReactNode } from "react";

/** Below this width a row becomes a card: a table's columns would be clipped or scrolled sideways. */
export const CARD_LAYOUT_QUERY = "(max-width: 37.5em)"; // 600 px

export type ResponsiveColumn<Row> = {
  key: string;
  /** The column's header; in a card, the label before the value (`cardLabel` when the header is hidden). */
  header: ReactNode;
  cardLabel?: string;
  cell: (row: Row) => ReactNode;
  /** A card has room for the whole value (a full description rather than two clamped lines). */
  cardCell?: (row: Row) => ReactNode;
  width?: number | string;
  align?: "right";
};

type ResponsiveTableProps<Row> = {
  rows: Row[];
  rowKey: (row: Row) => string;
  /** The first column is the row's name: a card's title. */
  columns: ResponsiveColumn<Row>[];
  /** The list of cards is named like the table's content. */
  label: string;
  onRowClick?: (row: Row) => void;
  /** Data attributes a row (or card) carries, e.g. `{ "data-rule-id": id }`. */
  rowAttributes?: (row: Row) => Record<`data-${string}`, string>;
  /** The table's own minimum width; it scrolls sideways between 600 px and this width. */
  minWidth?: number;
  /** When the caller scrolls the table itself (a document list that loads more near its bottom). */
  isInScrollContainer?: boolean;
};

/**
 * One table for the dashboard's lists (answer rules, sources, documents): a table on wider screens,
 * a list of cards under 600 px where every column's label and value wrap at word boundaries.
 * A row or card opens with a click anywhere on it; its name cell holds the keyboard's link or button.
 */
export function ResponsiveTable<Row>(props: ResponsiveTableProps<Row>) {
  const isCards = useMediaQuery(CARD_LAYOUT_QUERY, false, { getInitialValueInEffect: false });
  return isCards ? <CardList {...props} /> : <RowTable {...props} />;
}

function RowTable<Row>({
  rows,
  rowKey,
  columns,
  onRowClick,
  rowAttributes,
  minWidth,
  isInScrollContainer,
}: ResponsiveTableProps<Row>) {
  const table = (
    <Table
      verticalSpacing="sm"
      highlightOnHover
      stickyHeader={isInScrollContainer}
      miw={isInScrollContainer ? minWidth : undefined}
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.key} w={column.width} ta={column.align}>
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr
            key={rowKey(row)}
            {...rowAttributes?.(row)}
            style={onRowClick ? { cursor: "pointer" } : undefined}
            onClick={onRowClick ? () => onRowClick(row) : undefined}
          >
            {columns.map((column) => (
              <Table.Td key={column.key} ta={column.align}>
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  if (isInScrollContainer || minWidth === undefined) return table;
  return <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>;
}

function CardList<Row>({ rows, rowKey, columns, label, onRowClick, rowAttributes }: ResponsiveTableProps<Row>) {
  const [title, ...details] = columns;
  return (
    <Stack component="ul" gap="sm" aria-label={label} m={0} p={0} style={{ listStyle: "none" }} data-layout="cards">
      {rows.map((row) => (
        <Paper
          component="li"
          key={rowKey(row)}
          withBorder
          radius="md"
          p="sm"
          {...rowAttributes?.(row)}
          style={onRowClick ? { cursor: "pointer" } : undefined}
          onClick={onRowClick ? () => onRowClick(row) : undefined}
        >
          <Stack gap={6}>
            {title ? <Box>{(title.cardCell ?? title.cell)(row)}</Box> : null}
            {details.map((column) => {
              const cardLabel = column.cardLabel ?? (typeof column.header === "string" ? column.header : undefined);
              return (
                <Group key={column.key} gap="xs" align="baseline" wrap="nowrap">
                  {cardLabel ? (
                    <Text size="xs" c="dimmed" fw={600} miw={96} style={{ flexShrink: 0 }}>
                      {cardLabel}
                    </Text>
                  ) : null}
                  <Box miw={0} flex={1} fz="sm" style={{ overflowWrap: "break-word" }}>
                    {(column.cardCell ?? column.cell)(row)}
                  </Box>
                </Group>
              );
            })}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

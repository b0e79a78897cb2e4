import { Table } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A table that scrolls sideways on a phone. Its scrolling viewport takes focus (named like the
 * table), so a keyboard can scroll it too; axe's scrollable-region-focusable asks for that.
 */
export function ScrollableTable({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: "group", "aria-label": label } }}
    >
      <Table>{children}</Table>
    </Table.ScrollContainer>
  );
}

import { ActionIcon, Tooltip } from "@mantine/core";
import type { ReactNode } from "react";

/** One icon button of a table row, named by its tooltip and its accessible label alike. */
export function RowAction({
  label,
  icon,
  onClick,
  isDestructive = false,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  isDestructive?: boolean;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={isDestructive ? "red.9" : undefined} aria-label={label} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

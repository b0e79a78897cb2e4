import { Badge } from "@mantine/core";
import { texts } from "../../../lib/texts";

const t = texts.automation;

export function StatusBadge({ isActive }: { isActive: boolean }) {
  return (
    <Badge variant="dot" tt="none" color={isActive ? "green" : "gray"}>
      {isActive ? t.status.active : t.status.inactive}
    </Badge>
  );
}

import { Badge } from "@mantine/core";
import { automationTexts as t } from "../automation-texts";

export function StatusBadge({ isActive }: { isActive: boolean }) {
  return (
    <Badge variant="dot" tt="none" color={isActive ? "green" : "gray"}>
      {isActive ? t.status.active : t.status.inactive}
    </Badge>
  );
}

import type { Source } from "@harbor/contract/knowledge";
import { Badge } from "@mantine/core";
import { texts } from "../../../lib/texts";
import { type SourceStatus, sourceStatus } from "../source-rules";

/** The dot variant keeps the text black, so the label stays readable whatever the colour. */
const COLORS: Record<SourceStatus, string> = { syncing: "blue", failed: "red", active: "green", inactive: "gray" };

export function SourceStatusBadge({ source }: { source: Source }) {
  const status = sourceStatus(source);
  return (
    // At least as wide as its label: a narrow table column must not cut it to "Acti…".
    <Badge variant="dot" color={COLORS[status]} data-status={status} tt="none" miw="max-content">
      {texts.knowledgeBase.sourceStatus[status]}
    </Badge>
  );
}

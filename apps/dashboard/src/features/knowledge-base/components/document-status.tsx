import type { KnowledgeDocument } from "@harbor/contract/knowledge";
import { Badge, Group } from "@mantine/core";
import { texts } from "../../../lib/texts";
import { documentStatus, hasSourceLink, type DocumentStatus as Status } from "../source-rules";

const t = texts.knowledgeBase.documentStatus;
const COLORS: Record<Status, string> = { waiting: "yellow", active: "green", inactive: "gray" };

/** Waiting for upload, Active or Inactive; and, except for articles, Show as source or Hide Source. */
export function DocumentStatusBadges({ document }: { document: KnowledgeDocument }) {
  const status = documentStatus(document);
  return (
    <Group gap={6}>
      <Badge variant="dot" color={COLORS[status]} tt="none" data-status={status}>
        {t[status]}
      </Badge>
      {hasSourceLink(document.source_type) ? (
        <Badge variant="dot" color={document.show_as_source ? "blue" : "gray"} tt="none">
          {document.show_as_source ? t.shownAsSource : t.hiddenAsSource}
        </Badge>
      ) : null}
    </Group>
  );
}

import type { CustomReplyListItem, Intent } from "@harbor/contract/automation";
import { Anchor, Group, Table } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { texts } from "../../../lib/texts";
import { replyName } from "./custom-reply-select";
import { RowAction } from "./row-action";
import { StatusBadge } from "./status-badge";

const t = texts.automation.intents;

type IntentsTableProps = {
  intents: Intent[];
  replies: CustomReplyListItem[];
  onOpen: (intent: Intent) => void;
  onDelete: (intent: Intent) => void;
};

/** Title, Custom Reply, Status; the title opens the intent, the bin asks before deleting. */
export function IntentsTable({ intents, replies, onOpen, onDelete }: IntentsTableProps) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.columns.title}</Table.Th>
            <Table.Th>{t.columns.customReply}</Table.Th>
            <Table.Th w={110}>{t.columns.status}</Table.Th>
            <Table.Th w={80}>{t.columns.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {intents.map((intent) => {
            const actions = t.actions(intent.title);
            return (
              <Table.Tr key={intent._id}>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    ta="left"
                    fw={600}
                    aria-label={actions.open}
                    onClick={() => onOpen(intent)}
                    style={{ overflowWrap: "anywhere" }}
                  >
                    {intent.title}
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{replyName(replies, intent.customReplyID)}</Table.Td>
                <Table.Td>
                  <StatusBadge isActive={intent.isActive} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <RowAction
                      label={actions.delete}
                      icon={<IconTrash size={18} aria-hidden />}
                      onClick={() => onDelete(intent)}
                      isDestructive
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

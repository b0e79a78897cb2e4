import type { CustomReplyListItem } from "@harbor/contract/automation";
import { Group, Table, Text } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { texts } from "../../../lib/texts";
import { RowAction } from "./row-action";
import { StatusBadge } from "./status-badge";

const t = texts.automation.customReplies;

type CustomRepliesTableProps = {
  replies: CustomReplyListItem[];
  onEdit: (reply: CustomReplyListItem) => void;
  onDelete: (reply: CustomReplyListItem) => void;
};

/** Name, Number of Nodes, Status, in the order given (the server sorts by name). */
export function CustomRepliesTable({ replies, onEdit, onDelete }: CustomRepliesTableProps) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.columns.name}</Table.Th>
            <Table.Th w={160}>{t.columns.nodes}</Table.Th>
            <Table.Th w={110}>{t.columns.status}</Table.Th>
            <Table.Th w={100}>{t.columns.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {replies.map((reply) => {
            const actions = t.actions(reply.name);
            return (
              <Table.Tr key={reply._id}>
                <Table.Td>
                  <Text fw={600} size="sm" style={{ overflowWrap: "anywhere" }}>
                    {reply.name}
                  </Text>
                </Table.Td>
                <Table.Td>{reply.nodeCount}</Table.Td>
                <Table.Td>
                  <StatusBadge isActive={reply.isActive} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <RowAction
                      label={actions.edit}
                      icon={<IconPencil size={18} aria-hidden />}
                      onClick={() => onEdit(reply)}
                    />
                    <RowAction
                      label={actions.delete}
                      icon={<IconTrash size={18} aria-hidden />}
                      onClick={() => onDelete(reply)}
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

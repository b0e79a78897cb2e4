import type { CustomReplyListItem, QuestionCategory } from "@harbor/contract/automation";
import { ActionIcon, Anchor, Group, Table, Tooltip } from "@mantine/core";
import { IconListDetails, IconPencil, IconTrash } from "@tabler/icons-react";
import { Link } from "react-router";
import { texts } from "../../../lib/texts";
import { categoryIntentsPath } from "../paths";
import { replyName } from "./custom-reply-select";
import { RowAction } from "./row-action";
import { StatusBadge } from "./status-badge";

const t = texts.automation.categories;

type CategoriesTableProps = {
  categories: QuestionCategory[];
  replies: CustomReplyListItem[];
  onEdit: (category: QuestionCategory) => void;
  onDelete: (category: QuestionCategory) => void;
};

/** Name, Intents, Custom Reply, Status; each row's actions are named buttons (Tab, Enter). */
export function CategoriesTable({ categories, replies, onEdit, onDelete }: CategoriesTableProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.columns.name}</Table.Th>
            <Table.Th w={90}>{t.columns.intents}</Table.Th>
            <Table.Th>{t.columns.customReply}</Table.Th>
            <Table.Th w={110}>{t.columns.status}</Table.Th>
            <Table.Th w={130}>{t.columns.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {categories.map((category) => {
            const actions = t.actions(category.title);
            return (
              <Table.Tr key={category._id}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={categoryIntentsPath(category._id)}
                    fw={600}
                    style={{ overflowWrap: "anywhere" }}
                  >
                    {category.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>{category.intents.length}</Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{replyName(replies, category.customReplyID)}</Table.Td>
                <Table.Td>
                  <StatusBadge isActive={category.isActive} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={actions.intents}>
                      <ActionIcon
                        component={Link}
                        to={categoryIntentsPath(category._id)}
                        variant="subtle"
                        aria-label={actions.intents}
                      >
                        <IconListDetails size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <RowAction
                      label={actions.edit}
                      icon={<IconPencil size={18} aria-hidden />}
                      onClick={() => onEdit(category)}
                    />
                    <RowAction
                      label={actions.delete}
                      icon={<IconTrash size={18} aria-hidden />}
                      onClick={() => onDelete(category)}
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

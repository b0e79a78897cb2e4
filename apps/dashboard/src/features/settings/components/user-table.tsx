import type { TeamMember } from "@harbor/contract/user";
import { ActionIcon, Badge, Group, Table, Text, VisuallyHidden } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { texts } from "../../../lib/texts";

const t = texts.settings.userAccess;

type UserTableProps = {
  users: TeamMember[];
  onEdit: (user: TeamMember) => void;
  onDelete: (user: TeamMember) => void;
};

/**
 * The team list: members, and the people invited who have not accepted yet. Admins cannot be
 * edited or deleted here, so their rows have no actions; any invitation can be edited or withdrawn.
 */
export function UserTable({ users, onEdit, onDelete }: UserTableProps) {
  return (
    <>
      <Table verticalSpacing="sm" horizontalSpacing="sm" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.columns.name}</Table.Th>
            <Table.Th visibleFrom="sm">{t.columns.email}</Table.Th>
            <Table.Th w={90}>{t.columns.role}</Table.Th>
            <Table.Th w={88}>
              <VisuallyHidden>{t.columns.actions}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user._id}>
              <Table.Td style={{ overflowWrap: "anywhere" }}>
                {user.name}
                {user.status === "invited" ? (
                  <Badge variant="light" color="gray" c="gray.8" tt="none" ml={8} title={t.invitedHint}>
                    {t.invited}
                  </Badge>
                ) : null}
                {/* On narrow screens the e-mail column is hidden and the address sits under the name. */}
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {user.email}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm" style={{ overflowWrap: "anywhere" }}>
                {user.email}
              </Table.Td>
              <Table.Td>{t.roles[user.role]}</Table.Td>
              <Table.Td>
                {user.role === "admin" && user.status === "active" ? null : (
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon variant="subtle" size="lg" aria-label={t.edit(user.name)} onClick={() => onEdit(user)}>
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      size="lg"
                      aria-label={user.status === "invited" ? t.withdraw(user.name) : t.delete(user.name)}
                      onClick={() => onDelete(user)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed" mt="sm" data-testid="user-count">
        {t.footer(users.length)}
      </Text>
    </>
  );
}

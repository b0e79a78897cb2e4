import type { TeamMember } from "@harbor/contract/user";
import { Alert, Button, Paper, Stack } from "@mantine/core";
import { IconAlertCircle, IconPlus, IconUsers } from "@tabler/icons-react";
import { useState } from "react";
import { EmptyState } from "../../../components/empty-state";
import { PageHeader } from "../../../components/page-header";
import { PageLoader } from "../../../components/page-loader";
import { errorMessage } from "../../../lib/api-client";
import { texts } from "../../../lib/texts";
import { useUsers } from "../api/get-users";
import { DeleteUserModal } from "../components/delete-user-modal";
import { UserModal } from "../components/user-modal";
import { UserTable } from "../components/user-table";

const t = texts.settings.userAccess;

/** The user stays set while a modal closes, so its title does not change during the fade-out. */
type ModalState = { isOpen: boolean; user: TeamMember | null };
const CLOSED: ModalState = { isOpen: false, user: null };

export function UserAccessPage() {
  const users = useUsers();
  const [userModal, setUserModal] = useState<ModalState>(CLOSED);
  const [deleteModal, setDeleteModal] = useState<ModalState>(CLOSED);

  return (
    <Stack>
      <PageHeader
        title={t.title}
        description={t.description}
        action={
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setUserModal({ isOpen: true, user: null })}
          >
            {t.addUser}
          </Button>
        }
      />
      <Paper withBorder radius="lg" p="md">
        {users.isPending ? (
          <PageLoader label={t.loading} />
        ) : users.isError ? (
          <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
            {errorMessage(users.error)}
          </Alert>
        ) : users.data.length === 0 ? (
          <EmptyState icon={<IconUsers size={30} />} title={t.emptyTitle} text={t.emptyText} headingOrder={3} />
        ) : (
          <UserTable
            users={users.data}
            onEdit={(user) => setUserModal({ isOpen: true, user })}
            onDelete={(user) => setDeleteModal({ isOpen: true, user })}
          />
        )}
      </Paper>
      <UserModal
        opened={userModal.isOpen}
        user={userModal.user}
        onClose={() => setUserModal((state) => ({ ...state, isOpen: false }))}
      />
      <DeleteUserModal
        opened={deleteModal.isOpen}
        user={deleteModal.user}
        onClose={() => setDeleteModal((state) => ({ ...state, isOpen: false }))}
      />
    </Stack>
  );
}

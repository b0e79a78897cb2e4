import type { TeamMember } from "@harbor/contract/user";
import { Button, Group, Modal, Text } from "@mantine/core";
import { errorMessage } from "../../../lib/api-client";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { useDeleteUser } from "../api/delete-user";

const t = texts.settings.userAccess;

type DeleteUserModalProps = { opened: boolean; user: TeamMember | null; onClose: () => void };

/** Removes a member, or withdraws an invitation (the same call; the wording says which). */
export function DeleteUserModal({ opened, user, onClose }: DeleteUserModalProps) {
  const deleteUser = useDeleteUser();
  const isInvitation = user?.status === "invited";

  const confirm = () => {
    if (!opened || !user || deleteUser.isPending) return;
    deleteUser.mutate(
      { userID: user._id },
      {
        onSuccess: () => {
          notifySuccess({ message: isInvitation ? t.withdrawn : t.deleted });
          onClose();
        },
        onError: (error) => notifyError({ message: errorMessage(error) }),
      },
    );
  };

  return (
    <Modal
      opened={opened && user !== null}
      onClose={onClose}
      title={user ? (isInvitation ? t.withdrawTitle(user.name) : t.deleteTitle(user.name)) : ""}
      centered
    >
      <Text>{isInvitation ? t.withdrawText : t.deleteText}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus>
          {texts.common.cancel}
        </Button>
        <Button color="red.9" onClick={confirm} loading={deleteUser.isPending}>
          {isInvitation ? t.withdrawConfirm : t.deleteConfirm}
        </Button>
      </Group>
    </Modal>
  );
}

import type { Role } from "@harbor/contract/common";
import { newTeamMemberSchema, type TeamMember } from "@harbor/contract/user";
import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { ModalFormError } from "../../../components/modal-form/modal-form-error";
import { useModalForm } from "../../../components/modal-form/use-modal-form";
import { UnsavedChangesModal } from "../../../components/unsaved-changes-guard/unsaved-changes-modal";
import { useUnsavedChangesGuard } from "../../../components/unsaved-changes-guard/use-unsaved-changes-guard";
import { notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { zodFormValidator } from "../../../lib/zod-form";
import { useAddUsers } from "../api/add-users";
import { useUpdateUser } from "../api/update-user";

const t = texts.settings.userAccess;
const ROLE_OPTIONS: { value: Role; label: string }[] = [
  { value: "agent", label: t.roles.agent },
  { value: "admin", label: t.roles.admin },
];

type UserModalProps = {
  opened: boolean;
  /** The user to edit; null adds a new one. */
  user: TeamMember | null;
  onClose: () => void;
};

export function UserModal({ opened, user, onClose }: UserModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={user ? t.modal.editTitle : t.modal.addTitle} centered>
      {opened ? <UserForm key={user?._id ?? "new"} user={user} onDone={onClose} /> : null}
    </Modal>
  );
}

type UserFormValues = { name: string; email: string; role: Role };

function UserForm({ user, onDone }: { user: TeamMember | null; onDone: () => void }) {
  const addUsers = useAddUsers();
  const updateUser = useUpdateUser();
  const { form, isDirty, onSubmit } = useModalForm<UserFormValues>({
    initialValues: { name: user?.name ?? "", email: user?.email ?? "", role: user?.role ?? "agent" },
    validate: zodFormValidator(newTeamMemberSchema),
    // Its Submit is never off, so an unchanged edit is sent as well.
    requireChanges: false,
    save: async (values, form) => {
      const name = values.name.trim();
      if (user) {
        await updateUser.mutateAsync({ userID: user._id, name, role: values.role });
        notifySuccess({ message: t.updated });
      } else {
        await addUsers.mutateAsync({
          users: [{ name, email: values.email.trim().toLowerCase(), role: values.role }],
        });
        notifySuccess({ message: t.added });
      }
      form.resetDirty();
      onDone();
    },
  });
  const guard = useUnsavedChangesGuard({ isDirty });
  const isPending = addUsers.isPending || updateUser.isPending;
  const failure = addUsers.error ?? updateUser.error;

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack>
        <ModalFormError error={failure} />
        {user ? null : (
          <Text size="sm" c="dimmed">
            {t.modal.invitationNote}
          </Text>
        )}
        <TextInput
          label={t.modal.name}
          description={t.modal.nameDescription}
          placeholder={t.modal.namePlaceholder}
          required
          data-autofocus
          autoComplete="off"
          {...form.getInputProps("name")}
        />
        <TextInput
          label={t.modal.email}
          placeholder={t.modal.emailPlaceholder}
          type="email"
          required
          readOnly={user !== null}
          variant={user ? "filled" : "default"}
          description={user ? t.modal.emailLocked : undefined}
          autoComplete="off"
          {...form.getInputProps("email")}
        />
        <NativeSelect label={t.modal.role} required data={ROLE_OPTIONS} {...form.getInputProps("role")} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            {texts.common.cancel}
          </Button>
          <Button type="submit" loading={isPending}>
            {user ? t.modal.submitEdit : t.modal.submitAdd}
          </Button>
        </Group>
      </Stack>
      <UnsavedChangesModal guard={guard} />
    </form>
  );
}

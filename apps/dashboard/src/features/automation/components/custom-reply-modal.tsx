import { CUSTOM_REPLY_NAME_MAX, type CustomReply, saveCustomReplyRequestSchema } from "@harbor/contract/automation";
import { Button, Group, Modal, Stack, Switch, Text, TextInput } from "@mantine/core";
import { ModalFormError } from "../../../components/modal-form/modal-form-error";
import { useModalForm } from "../../../components/modal-form/use-modal-form";
import { notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { zodFormValidator } from "../../../lib/zod-form";
import { useSaveCustomReply } from "../api/save-custom-reply";

const t = texts.automation.customReplies;

type CustomReplyModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The new, empty reply was made: the list opens it in the flow editor. */
  onCreated: (reply: CustomReply) => void;
};

/**
 * Names a new reply and switches it on or off; its steps are built in the flow editor, which
 * opens once it is made (decision 044).
 */
export function CustomReplyModal({ opened, onClose, onCreated }: CustomReplyModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={t.modal.addTitle} centered>
      {opened ? <CustomReplyForm onCancel={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}

type CustomReplyFormValues = { name: string; isActive: boolean };

function CustomReplyForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (reply: CustomReply) => void }) {
  const save = useSaveCustomReply();
  const { form, isDirty, onSubmit } = useModalForm<CustomReplyFormValues>({
    initialValues: { name: "", isActive: true },
    validate: zodFormValidator(saveCustomReplyRequestSchema),
    save: async (values) => {
      const { data } = await save.mutateAsync({ name: values.name.trim(), isActive: values.isActive });
      notifySuccess({ message: t.saved });
      onCreated(data);
    },
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack>
        <ModalFormError error={save.error} />
        <TextInput
          label={t.modal.name}
          required
          data-autofocus
          autoComplete="off"
          maxLength={CUSTOM_REPLY_NAME_MAX}
          {...form.getInputProps("name")}
        />
        <Switch label={t.modal.active} {...form.getInputProps("isActive", { type: "checkbox" })} />
        <Text size="sm" c="dimmed">
          {t.editorNext}
        </Text>
        <Group justify="flex-end" mt="sm" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {texts.automation.cancel}
          </Button>
          <Button type="submit" disabled={!isDirty} loading={save.isPending}>
            {texts.automation.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import {
  CUSTOM_REPLY_NAME_MAX,
  type CustomReplyListItem,
  saveCustomReplyRequestSchema,
} from "@harbor/contract/automation";
import { Alert, Button, Group, Modal, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertCircle } from "@tabler/icons-react";
import { useRef } from "react";
import { errorMessage } from "../../../lib/api-client";
import { notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { zodFormValidator } from "../../../lib/zod-form";
import { useSaveCustomReply } from "../api/save-custom-reply";

const t = texts.automation.customReplies;

type CustomReplyModalProps = {
  opened: boolean;
  /** The reply to rename or switch; null adds a new, empty one. */
  reply: CustomReplyListItem | null;
  onClose: () => void;
};

/**
 * Names a reply and switches it on or off. Its steps belong to the flow editor (a later issue);
 * the save sends no nodes, so the server keeps the graph as it is (decision 038).
 */
export function CustomReplyModal({ opened, reply, onClose }: CustomReplyModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={reply ? t.modal.editTitle : t.modal.addTitle} centered>
      {opened ? <CustomReplyForm key={reply?._id ?? "new"} reply={reply} onDone={onClose} /> : null}
    </Modal>
  );
}

type CustomReplyFormValues = { name: string; isActive: boolean };

function CustomReplyForm({ reply, onDone }: { reply: CustomReplyListItem | null; onDone: () => void }) {
  const save = useSaveCustomReply();
  const isPendingRef = useRef(false);
  const form = useForm<CustomReplyFormValues>({
    mode: "controlled",
    initialValues: { name: reply?.name ?? "", isActive: reply?.isActive ?? true },
    validate: zodFormValidator(saveCustomReplyRequestSchema),
  });
  const isDirty = form.isDirty();

  const submit = async (values: CustomReplyFormValues) => {
    if (isPendingRef.current || !isDirty) return;
    isPendingRef.current = true;
    try {
      await save.mutateAsync({
        ...(reply ? { customReplyID: reply._id } : {}),
        name: values.name.trim(),
        isActive: values.isActive,
      });
      notifySuccess({ message: t.saved });
      onDone();
    } catch {
      // The mutation's error is shown in the form.
    } finally {
      isPendingRef.current = false;
    }
  };

  return (
    <form noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
      <Stack>
        {save.error ? (
          <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
            {errorMessage(save.error)}
          </Alert>
        ) : null}
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
          {t.editorLater}
        </Text>
        <Group justify="flex-end" mt="sm" gap="xs">
          <Button variant="default" onClick={onDone}>
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

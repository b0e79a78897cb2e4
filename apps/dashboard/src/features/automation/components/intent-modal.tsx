import {
  type CustomReplyListItem,
  INTENT_TITLE_MAX,
  type Intent,
  saveIntentRequestSchema,
} from "@harbor/contract/automation";
import { Button, Group, Modal, Stack, Switch, Textarea } from "@mantine/core";
import { ModalFormError } from "../../../components/modal-form/modal-form-error";
import { useModalForm } from "../../../components/modal-form/use-modal-form";
import { notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { zodFormValidator } from "../../../lib/zod-form";
import { useSaveIntent } from "../api/save-intent";
import { CustomReplySelect } from "./custom-reply-select";

const t = texts.automation.intents;

type IntentModalProps = {
  opened: boolean;
  categoryId: string;
  /** The intent to edit; null adds a new one. */
  intent: Intent | null;
  replies: CustomReplyListItem[];
  onClose: () => void;
};

/** Adds or edits an intent of a category (spec part 2 §2.2; §5: its description is required). */
export function IntentModal({ opened, categoryId, intent, replies, onClose }: IntentModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={intent ? t.modal.editTitle : t.modal.addTitle} centered size="lg">
      {opened ? (
        <IntentForm
          key={intent?._id ?? "new"}
          categoryId={categoryId}
          intent={intent}
          replies={replies}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}

type IntentFormValues = { intent: { title: string; customReplyID: string | null; isActive: boolean } };

function IntentForm({
  categoryId,
  intent,
  replies,
  onDone,
}: {
  categoryId: string;
  intent: Intent | null;
  replies: CustomReplyListItem[];
  onDone: () => void;
}) {
  const save = useSaveIntent(categoryId);
  const { form, isDirty, onSubmit } = useModalForm<IntentFormValues>({
    initialValues: {
      intent: {
        title: intent?.title ?? "",
        customReplyID: intent?.customReplyID ?? null,
        isActive: intent?.isActive ?? true,
      },
    },
    validate: zodFormValidator(saveIntentRequestSchema, (values: IntentFormValues) => ({
      questionCategoryID: categoryId,
      ...values,
    })),
    save: async (values) => {
      await save.mutateAsync({
        questionCategoryID: categoryId,
        intent: { ...(intent ? { _id: intent._id } : {}), ...values.intent, title: values.intent.title.trim() },
      });
      notifySuccess({ message: t.saved });
      onDone();
    },
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack>
        <ModalFormError error={save.error} />
        <Textarea
          label={t.modal.description}
          description={t.modal.descriptionHint}
          required
          data-autofocus
          autosize
          minRows={2}
          maxRows={6}
          maxLength={INTENT_TITLE_MAX}
          {...form.getInputProps("intent.title")}
        />
        <CustomReplySelect
          label={t.modal.customReply}
          replies={replies}
          value={form.getValues().intent.customReplyID}
          onChange={(replyId) => form.setFieldValue("intent.customReplyID", replyId)}
        />
        <Switch label={t.modal.active} {...form.getInputProps("intent.isActive", { type: "checkbox" })} />
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

import {
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_TITLE_MAX,
  type CustomReplyListItem,
  type QuestionCategory,
  saveQuestionCategoryRequestSchema,
} from "@harbor/contract/automation";
import { Button, Group, Modal, Stack, Switch, Textarea, TextInput } from "@mantine/core";
import { ModalFormError } from "../../../components/modal-form/modal-form-error";
import { useModalForm } from "../../../components/modal-form/use-modal-form";
import { notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { zodFormValidator } from "../../../lib/zod-form";
import { useSaveQuestionCategory } from "../api/save-question-category";
import { CustomReplySelect } from "./custom-reply-select";

const t = texts.automation.categories;

type CategoryModalProps = {
  opened: boolean;
  /** The category to edit; null adds a new one. */
  category: QuestionCategory | null;
  replies: CustomReplyListItem[];
  onClose: () => void;
};

/** Adds or edits a category (spec part 2 §2.2, §5). */
export function CategoryModal({ opened, category, replies, onClose }: CategoryModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={category ? t.modal.editTitle : t.modal.addTitle} centered size="lg">
      {opened ? (
        <CategoryForm key={category?._id ?? "new"} category={category} replies={replies} onDone={onClose} />
      ) : null}
    </Modal>
  );
}

type CategoryFormValues = { title: string; description: string; customReplyID: string | null; isActive: boolean };

function CategoryForm({
  category,
  replies,
  onDone,
}: {
  category: QuestionCategory | null;
  replies: CustomReplyListItem[];
  onDone: () => void;
}) {
  const save = useSaveQuestionCategory();
  const { form, isDirty, onSubmit } = useModalForm<CategoryFormValues>({
    initialValues: {
      title: category?.title ?? "",
      description: category?.description ?? "",
      customReplyID: category?.customReplyID ?? null,
      isActive: category?.isActive ?? true,
    },
    validate: zodFormValidator(saveQuestionCategoryRequestSchema),
    save: async (values) => {
      await save.mutateAsync({
        ...(category ? { questionCategoryID: category._id } : {}),
        title: values.title.trim(),
        description: values.description.trim(),
        customReplyID: values.customReplyID,
        isActive: values.isActive,
      });
      notifySuccess({ message: t.saved });
      onDone();
    },
  });
  const descriptionLength = form.getValues().description.length;

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack>
        <ModalFormError error={save.error} />
        <TextInput
          label={t.modal.name}
          placeholder={t.modal.namePlaceholder}
          required
          data-autofocus
          autoComplete="off"
          maxLength={CATEGORY_TITLE_MAX}
          {...form.getInputProps("title")}
        />
        <Textarea
          label={t.modal.description}
          description={`${t.modal.descriptionHint} ${descriptionLength}/${CATEGORY_DESCRIPTION_MAX}`}
          required
          autosize
          minRows={3}
          maxRows={8}
          maxLength={CATEGORY_DESCRIPTION_MAX}
          {...form.getInputProps("description")}
        />
        <CustomReplySelect
          label={t.modal.customReply}
          description={t.modal.customReplyHint}
          replies={replies}
          value={form.getValues().customReplyID}
          onChange={(replyId) => form.setFieldValue("customReplyID", replyId)}
        />
        <Switch label={t.modal.active} {...form.getInputProps("isActive", { type: "checkbox" })} />
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

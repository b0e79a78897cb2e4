import {
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_TITLE_MAX,
  type CustomReplyListItem,
  type QuestionCategory,
  saveQuestionCategoryRequestSchema,
} from "@harbor/contract/automation";
import { Alert, Button, Group, Modal, Stack, Switch, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertCircle } from "@tabler/icons-react";
import { useRef } from "react";
import { errorMessage } from "../../../lib/api-client";
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
  const isPendingRef = useRef(false);
  const form = useForm<CategoryFormValues>({
    mode: "controlled",
    initialValues: {
      title: category?.title ?? "",
      description: category?.description ?? "",
      customReplyID: category?.customReplyID ?? null,
      isActive: category?.isActive ?? true,
    },
    validate: zodFormValidator(saveQuestionCategoryRequestSchema),
  });
  const isDirty = form.isDirty();
  const descriptionLength = form.getValues().description.length;

  const submit = async (values: CategoryFormValues) => {
    // A second submit while the first is on its way is ignored (spec part 2 §4).
    if (isPendingRef.current || !isDirty) return;
    isPendingRef.current = true;
    try {
      await save.mutateAsync({
        ...(category ? { questionCategoryID: category._id } : {}),
        title: values.title.trim(),
        description: values.description.trim(),
        customReplyID: values.customReplyID,
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

import type { CustomReplySummary } from "@harbor/contract/ai-agent";
import { type SuggestedQuestion, suggestedQuestionSaveSchema, WIDGET_TEXT_MAX } from "@harbor/contract/widget";
import { ActionIcon, Alert, Button, Fieldset, Group, Modal, NativeSelect, Stack, Textarea } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useEffect } from "react";
import { ModalFormError } from "../../../components/modal-form/modal-form-error";
import { useGuardedModalClose } from "../../../components/modal-form/use-guarded-modal-close";
import { useModalForm } from "../../../components/modal-form/use-modal-form";
import { UnsavedChangesModal } from "../../../components/unsaved-changes-guard/unsaved-changes-modal";
import { notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { zodFormValidator } from "../../../lib/zod-form";
import { useSaveSuggestedQuestion } from "../api/save-suggested-question";
import { categoryChoices } from "../suggested-question-tree";
import { QuestionAndParentFields } from "./question-and-parent-fields";

const t = texts.chatWidget.questions;

type SuggestedQuestionModalProps = {
  opened: boolean;
  /** The question to edit; null adds a new one. */
  question: SuggestedQuestion | null;
  questions: SuggestedQuestion[];
  customReplies: CustomReplySummary[];
  onClose: () => void;
  onDirtyChange: (isDirty: boolean) => void;
};

/** Adds or edits a suggested question. Closing it with unsaved edits asks first. */
export function SuggestedQuestionModal(props: SuggestedQuestionModalProps) {
  const { opened, question, questions, customReplies, onClose, onDirtyChange } = props;
  const { changeDirty, close, requestClose, guard } = useGuardedModalClose({ onClose, onDirtyChange });

  return (
    <>
      <Modal
        opened={opened}
        onClose={requestClose}
        title={question ? t.modal.editTitle : t.modal.addTitle}
        centered
        size="lg"
      >
        {opened ? (
          <SuggestedQuestionForm
            key={question?._id ?? "new"}
            question={question}
            questions={questions}
            customReplies={customReplies}
            onDirtyChange={changeDirty}
            onCancel={requestClose}
            onSaved={close}
          />
        ) : null}
      </Modal>
      <UnsavedChangesModal guard={guard} />
    </>
  );
}

/** `category` "" is None (the top level); `customReplyID` "" is no reply (the messages are shown). */
type QuestionFormValues = { question: string; category: string; answer: string[]; customReplyID: string };

const toRequest = (values: QuestionFormValues) => ({
  question: values.question.trim(),
  category: values.category || null,
  answer: values.answer.map((message) => message.trim()),
  customReplyID: values.customReplyID || null,
});

type SuggestedQuestionFormProps = {
  question: SuggestedQuestion | null;
  questions: SuggestedQuestion[];
  customReplies: CustomReplySummary[];
  onDirtyChange: (isDirty: boolean) => void;
  onCancel: () => void;
  onSaved: () => void;
};

function SuggestedQuestionForm(props: SuggestedQuestionFormProps) {
  const { question, questions, customReplies, onDirtyChange, onCancel, onSaved } = props;
  const saveQuestion = useSaveSuggestedQuestion();
  const { form, isDirty, onSubmit } = useModalForm<QuestionFormValues>({
    initialValues: {
      question: question?.question ?? "",
      category: question?.category ?? "",
      answer: question ? [...question.answer] : [""],
      customReplyID: question?.customReplyID ?? "",
    },
    validate: zodFormValidator(suggestedQuestionSaveSchema, toRequest),
    save: async (values, form) => {
      await saveQuestion.mutateAsync({ ...(question ? { questionID: question._id } : {}), ...toRequest(values) });
      notifySuccess({ message: texts.chatWidget.notices.questionSaved });
      form.resetDirty();
      onSaved();
    },
  });
  const { isLocked, options } = categoryChoices(questions, question);
  const replyOptions = [
    { value: "", label: t.modal.customReplyNone },
    ...customReplies.map((reply) => ({ value: reply._id, label: reply.name })),
  ];

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const answers = form.values.answer;

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack>
        <ModalFormError error={saveQuestion.error} />
        <QuestionAndParentFields
          questionInput={form.getInputProps("question")}
          parentInput={form.getInputProps("category")}
          parents={options}
          isLocked={isLocked}
          texts={t.modal}
        />
        <NativeSelect
          label={t.modal.customReply}
          description={t.modal.customReplyHint}
          data={replyOptions}
          {...form.getInputProps("customReplyID")}
        />
        <Fieldset legend={t.modal.messages} variant="unstyled">
          <Stack gap="xs">
            {typeof form.errors.answer === "string" ? (
              <Alert color="red" role="alert" p="xs">
                {form.errors.answer}
              </Alert>
            ) : null}
            {answers.map((_, index) => {
              const label = t.modal.message(index + 1);
              return (
                // Messages have no id; a message is its position in the list.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
                  <Textarea
                    label={label}
                    required
                    autosize
                    minRows={2}
                    maxRows={6}
                    maxLength={WIDGET_TEXT_MAX}
                    flex={1}
                    {...form.getInputProps(`answer.${index}`)}
                  />
                  {answers.length > 1 ? (
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      size="lg"
                      mb={4}
                      aria-label={texts.common.remove(label)}
                      onClick={() => form.removeListItem("answer", index)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  ) : null}
                </Group>
              );
            })}
            <Group>
              <Button
                variant="light"
                size="compact-sm"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => form.insertListItem("answer", "")}
              >
                {t.modal.addMessage}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
        <Group justify="flex-end" mt="sm" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {texts.common.cancel}
          </Button>
          <Button type="submit" disabled={!isDirty} loading={saveQuestion.isPending}>
            {t.modal.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import {
  type CustomerAccountPortal,
  type OrderIssue,
  orderIssueSchema,
  WIDGET_TEXT_MAX,
} from "@harbor/contract/widget";
import { Button, Group, Modal, Stack, Textarea } from "@mantine/core";
import { useEffect } from "react";
import { ModalFormError } from "../../../components/modal-form/modal-form-error";
import { useGuardedModalClose } from "../../../components/modal-form/use-guarded-modal-close";
import { useModalForm } from "../../../components/modal-form/use-modal-form";
import { UnsavedChangesModal } from "../../../components/unsaved-changes-guard/unsaved-changes-modal";
import { notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { zodFormValidator } from "../../../lib/zod-form";
import { useSaveWidgetSettings } from "../api/save-widget-settings";
import { hasChildrenIn } from "../nested-tree";
import { QuestionAndParentFields } from "./question-and-parent-fields";

const t = texts.chatWidget.shopifyPortal.issues;
const issueKey = (issue: OrderIssue) => issue._id;

type OrderIssueModalProps = {
  opened: boolean;
  /** The issue to edit; null adds a new one. */
  issue: OrderIssue | null;
  /** The portal as stored: the issues are saved into it, its other values as they are. */
  portal: CustomerAccountPortal;
  onClose: () => void;
  onDirtyChange: (isDirty: boolean) => void;
};

/** Adds or edits an Order Issue (spec part 2 §3, §5: title and category required, answer optional). */
export function OrderIssueModal({ opened, issue, portal, onClose, onDirtyChange }: OrderIssueModalProps) {
  const { changeDirty, close, requestClose, guard } = useGuardedModalClose({ onClose, onDirtyChange });
  return (
    <>
      <Modal opened={opened} onClose={requestClose} title={issue ? t.modal.editTitle : t.modal.addTitle} centered>
        {opened ? (
          <OrderIssueForm
            key={issue?._id ?? "new"}
            issue={issue}
            portal={portal}
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

/** `category` "" is None (the top level). */
type IssueFormValues = { question: string; category: string; answer: string };

function OrderIssueForm(props: {
  issue: OrderIssue | null;
  portal: CustomerAccountPortal;
  onDirtyChange: (isDirty: boolean) => void;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { issue, portal, onDirtyChange, onCancel, onSaved } = props;
  const saveWidget = useSaveWidgetSettings();
  const issues = portal.orderIssues ?? [];
  // A new issue's id is made once, so a failed save sent again is the same issue.
  const id = issue?._id ?? crypto.randomUUID();
  const toIssue = (values: IssueFormValues): OrderIssue => ({
    _id: id,
    question: values.question.trim(),
    category: values.category || null,
    answer: values.answer.trim(),
  });
  const { form, isDirty, onSubmit } = useModalForm<IssueFormValues>({
    initialValues: { question: issue?.question ?? "", category: issue?.category ?? "", answer: issue?.answer ?? "" },
    validate: zodFormValidator(orderIssueSchema, toIssue),
    save: async (values, form) => {
      const saved = toIssue(values);
      const orderIssues = issue ? issues.map((other) => (other._id === issue._id ? saved : other)) : [...issues, saved];
      await saveWidget.mutateAsync({ sections: { customerAccountPortal: { ...portal, orderIssues } } });
      notifySuccess({ message: texts.chatWidget.notices.issueSaved });
      form.resetDirty();
      onSaved();
    },
  });
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  const isLocked = issue !== null && hasChildrenIn(issues, issue, issueKey);
  const parents = issues
    .filter((other) => other.category === null && other._id !== issue?._id)
    .map((other) => ({ value: other._id, label: other.question }));

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack>
        <ModalFormError error={saveWidget.error} />
        <QuestionAndParentFields
          questionInput={form.getInputProps("question")}
          parentInput={form.getInputProps("category")}
          parents={parents}
          isLocked={isLocked}
          texts={t.modal}
        />
        <Textarea
          label={t.modal.answer}
          description={t.modal.answerDescription}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={WIDGET_TEXT_MAX}
          {...form.getInputProps("answer")}
        />
        <Group justify="flex-end" mt="sm" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {texts.common.cancel}
          </Button>
          <Button type="submit" disabled={!isDirty} loading={saveWidget.isPending}>
            {t.modal.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

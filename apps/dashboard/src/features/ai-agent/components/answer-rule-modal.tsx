import {
  ANSWER_RULE_DESCRIPTION_MAX,
  ANSWER_RULE_TITLE_MAX,
  type AnswerEngine,
  type AnswerRule,
  saveAnswerRuleRequestSchema,
} from "@harbor/contract/ai-agent";
import { isFollowedByLocalEngine } from "@harbor/contract/answer-rules";
import { Alert, Button, Group, Modal, Stack, Switch, Textarea, TextInput } from "@mantine/core";
import { IconAlertTriangle, IconTrash } from "@tabler/icons-react";
import { useEffect } from "react";
import { ModalFormError } from "../../../components/modal-form/modal-form-error";
import { useGuardedModalClose } from "../../../components/modal-form/use-guarded-modal-close";
import { useModalForm } from "../../../components/modal-form/use-modal-form";
import { UnsavedChangesModal } from "../../../components/unsaved-changes-guard/unsaved-changes-modal";
import { useUnsavedChangesGuard } from "../../../components/unsaved-changes-guard/use-unsaved-changes-guard";
import { notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { zodFormValidator } from "../../../lib/zod-form";
import { useSaveAnswerRule } from "../api/save-answer-rule";

const t = texts.aiAgent.answerRules;

type AnswerRuleModalProps = {
  opened: boolean;
  /** The rule to edit; null adds a new one. */
  rule: AnswerRule | null;
  /** Who answers visitors: with the built-in engine, the form says when it will ignore the rule. */
  engine: AnswerEngine;
  onClose: () => void;
  onDelete: (rule: AnswerRule) => void;
};

/** Adds or edits a rule. Closing it with unsaved edits asks first, like leaving the page does. */
export function AnswerRuleModal({ opened, rule, engine, onClose, onDelete }: AnswerRuleModalProps) {
  const { changeDirty, close, requestClose, guard } = useGuardedModalClose({ onClose });

  return (
    <>
      <Modal
        opened={opened}
        onClose={requestClose}
        title={rule ? t.modal.editTitle : t.modal.addTitle}
        centered
        size="lg"
      >
        {opened ? (
          <AnswerRuleForm
            key={rule?._id ?? "new"}
            rule={rule}
            engine={engine}
            onDirtyChange={changeDirty}
            onCancel={requestClose}
            onSaved={close}
            onDelete={(deleted) => {
              changeDirty(false);
              onDelete(deleted);
            }}
          />
        ) : null}
      </Modal>
      <UnsavedChangesModal guard={guard} />
    </>
  );
}

type AnswerRuleFormValues = { title: string; description: string; isActive: boolean };

type AnswerRuleFormProps = {
  rule: AnswerRule | null;
  engine: AnswerEngine;
  onDirtyChange: (isDirty: boolean) => void;
  onCancel: () => void;
  onSaved: () => void;
  onDelete: (rule: AnswerRule) => void;
};

function AnswerRuleForm({ rule, engine, onDirtyChange, onCancel, onSaved, onDelete }: AnswerRuleFormProps) {
  const saveRule = useSaveAnswerRule();
  const { form, isDirty, onSubmit } = useModalForm<AnswerRuleFormValues>({
    initialValues: { title: rule?.title ?? "", description: rule?.description ?? "", isActive: rule?.isActive ?? true },
    validate: zodFormValidator(saveAnswerRuleRequestSchema),
    save: async (values, form) => {
      const saved = await saveRule.mutateAsync({
        ...(rule ? { ruleID: rule._id } : {}),
        title: values.title.trim(),
        description: values.description.trim(),
        isActive: values.isActive,
      });
      const isIgnored = engine === "local" && !isFollowedByLocalEngine(saved.data);
      notifySuccess({ message: isIgnored ? t.localEngine.savedIgnored : t.saved });
      form.resetDirty();
      onSaved();
    },
  });
  const guard = useUnsavedChangesGuard({ isDirty });
  const { title, description } = form.getValues();
  // Said as the admin writes, not only after saving: once the rule has words, and the engine won't follow it.
  const isIgnoredByEngine =
    engine === "local" &&
    (title.trim() !== "" || description.trim() !== "") &&
    !isFollowedByLocalEngine(form.getValues());

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack>
        <ModalFormError error={saveRule.error} />
        <TextInput
          label={t.modal.title}
          placeholder={t.modal.titlePlaceholder}
          required
          data-autofocus
          autoComplete="off"
          maxLength={ANSWER_RULE_TITLE_MAX}
          {...form.getInputProps("title")}
        />
        <Textarea
          label={t.modal.description}
          placeholder={t.modal.descriptionPlaceholder}
          required
          autosize
          minRows={4}
          maxRows={12}
          maxLength={ANSWER_RULE_DESCRIPTION_MAX}
          {...form.getInputProps("description")}
        />
        {isIgnoredByEngine ? (
          <Alert color="yellow" title={t.localEngine.modalTitle} icon={<IconAlertTriangle aria-hidden />}>
            {t.localEngine.why}
          </Alert>
        ) : null}
        <Switch
          label={t.modal.active}
          description={t.modal.activeDescription}
          {...form.getInputProps("isActive", { type: "checkbox" })}
        />
        <Group justify="space-between" mt="sm">
          {rule ? (
            <Button
              variant="default"
              c="red.9"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => onDelete(rule)}
            >
              {t.modal.delete}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onCancel}>
              {texts.common.cancel}
            </Button>
            <Button type="submit" disabled={!isDirty} loading={saveRule.isPending}>
              {t.modal.save}
            </Button>
          </Group>
        </Group>
      </Stack>
      <UnsavedChangesModal guard={guard} />
    </form>
  );
}

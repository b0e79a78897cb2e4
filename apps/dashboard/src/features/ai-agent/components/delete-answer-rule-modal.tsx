import type { AnswerRule } from "@harbor/contract/ai-agent";
import { Button, Group, Modal, Text } from "@mantine/core";
import { errorMessage } from "../../../lib/api-client";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { useDeleteAnswerRule } from "../api/delete-answer-rule";

const t = texts.aiAgent.answerRules;

type DeleteAnswerRuleModalProps = {
  opened: boolean;
  rule: AnswerRule | null;
  /** Backing out: the rule stays. */
  onCancel: () => void;
  onDeleted: () => void;
};

export function DeleteAnswerRuleModal({ opened, rule, onCancel, onDeleted }: DeleteAnswerRuleModalProps) {
  const deleteRule = useDeleteAnswerRule();

  const confirm = () => {
    if (!opened || !rule || deleteRule.isPending) return;
    deleteRule.mutate(
      { ruleID: rule._id },
      {
        onSuccess: () => {
          notifySuccess({ message: t.deleted });
          onDeleted();
        },
        onError: (error) => notifyError({ message: errorMessage(error) }),
      },
    );
  };

  return (
    <Modal
      opened={opened && rule !== null}
      onClose={onCancel}
      title={rule ? t.deleteTitle(rule.title) : ""}
      centered
      styles={{ title: { overflowWrap: "anywhere" } }}
    >
      <Text>{t.deleteText}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {texts.common.cancel}
        </Button>
        <Button color="red.9" onClick={confirm} loading={deleteRule.isPending}>
          {t.deleteConfirm}
        </Button>
      </Group>
    </Modal>
  );
}

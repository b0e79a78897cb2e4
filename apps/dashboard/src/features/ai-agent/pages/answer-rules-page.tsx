import { ANSWER_RULES_MAX, type AnswerRule } from "@harbor/contract/ai-agent";
import { Alert, Button, Paper, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconListCheck, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailure } from "../../../components/load-failure";
import { PageHeader } from "../../../components/page-header";
import { PageLoader } from "../../../components/page-loader";
import { texts } from "../../../lib/texts";
import { useAiAgent } from "../api/get-ai-agent";
import { AnswerRuleModal } from "../components/answer-rule-modal";
import { AnswerRulesTable } from "../components/answer-rules-table";
import { DeleteAnswerRuleModal } from "../components/delete-answer-rule-modal";
import { isIgnoredByEngine } from "../is-ignored-by-engine";

const t = texts.aiAgent.answerRules;

/** The rule stays set while a modal closes, so its title does not change during the fade-out. */
type ModalState = { isOpen: boolean; rule: AnswerRule | null };
const CLOSED: ModalState = { isOpen: false, rule: null };

/** /ai-agent/answer-rules: the instructions the agent follows in every answer. */
export function AnswerRulesPage() {
  const agent = useAiAgent();
  const [ruleModal, setRuleModal] = useState<ModalState>(CLOSED);
  const [deleteModal, setDeleteModal] = useState<ModalState>(CLOSED);
  const rules = agent.data?.answerRules ?? [];
  const engine = agent.data?.engine ?? "model";
  const ignoredCount = rules.filter((rule) => isIgnoredByEngine(rule, engine)).length;
  const isAtLimit = rules.length >= ANSWER_RULES_MAX;
  const openNew = () => setRuleModal({ isOpen: true, rule: null });

  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={openNew} disabled={agent.isPending || isAtLimit}>
      {t.addRule}
    </Button>
  );

  return (
    <Stack>
      <PageHeader title={t.title} description={t.description} action={addButton} />
      {isAtLimit ? (
        <Text size="sm" c="dimmed">
          {t.limitReached(ANSWER_RULES_MAX)}
        </Text>
      ) : null}
      {ignoredCount > 0 ? (
        <Alert color="yellow" title={t.localEngine.listTitle(ignoredCount)} icon={<IconAlertTriangle aria-hidden />}>
          {t.localEngine.why}
        </Alert>
      ) : null}
      <Paper withBorder radius="lg" p="md">
        {agent.isPending ? (
          <PageLoader label={t.loading} />
        ) : agent.isError ? (
          <LoadFailure error={agent.error} onRetry={() => void agent.refetch()} />
        ) : rules.length === 0 ? (
          <EmptyState
            icon={<IconListCheck size={30} />}
            title={t.emptyTitle}
            text={t.emptyText}
            headingOrder={3}
            action={
              <Button variant="light" leftSection={<IconPlus size={18} aria-hidden />} onClick={openNew}>
                {t.addRule}
              </Button>
            }
          />
        ) : (
          <AnswerRulesTable rules={rules} engine={engine} onOpen={(rule) => setRuleModal({ isOpen: true, rule })} />
        )}
      </Paper>
      <AnswerRuleModal
        opened={ruleModal.isOpen}
        rule={ruleModal.rule}
        engine={engine}
        onClose={() => setRuleModal((state) => ({ ...state, isOpen: false }))}
        onDelete={(rule) => {
          setRuleModal((state) => ({ ...state, isOpen: false }));
          setDeleteModal({ isOpen: true, rule });
        }}
      />
      <DeleteAnswerRuleModal
        opened={deleteModal.isOpen}
        rule={deleteModal.rule}
        onCancel={() => {
          // Backing out returns to the rule it was asked from.
          setDeleteModal((state) => ({ ...state, isOpen: false }));
          setRuleModal({ isOpen: true, rule: deleteModal.rule });
        }}
        onDeleted={() => setDeleteModal((state) => ({ ...state, isOpen: false }))}
      />
    </Stack>
  );
}

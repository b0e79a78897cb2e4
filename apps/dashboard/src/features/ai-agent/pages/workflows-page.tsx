import {
  type CustomReplySummary,
  type DataModel,
  NUDGE_DELAY_MAX_MS,
  WORKFLOW_MESSAGE_MAX,
  type Workflows,
} from "@harbor/contract/ai-agent";
import { Accordion, Button, Fieldset, NumberInput, Stack, Switch, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { PageHeader } from "../../../components/page-header";
import { PageLoader } from "../../../components/page-loader";
import { UnsavedChangesGuard } from "../../../components/unsaved-changes-guard/unsaved-changes-guard";
import { errorMessage } from "../../../lib/api-client";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { useAiAgent } from "../api/get-ai-agent";
import { useCustomReplies } from "../api/get-custom-replies";
import { useDataModels } from "../api/get-data-models";
import { useSaveAiAgent } from "../api/save-ai-agent";
import { LoadFailure } from "../components/load-failure";
import { PreChatFormSettings } from "../components/pre-chat-form-settings";
import { StandardReplyFields } from "../components/standard-reply-fields";
import {
  sectionsWithErrors,
  toWorkflows,
  validateWorkflowsDraft,
  type WorkflowsDraft,
  type WorkflowsSection,
  workflowsDraftFrom,
} from "../workflows-draft";

const t = texts.aiAgent.workflows;
const ALL_SECTIONS: WorkflowsSection[] = ["before", "during", "after"];
const NUDGE_DELAY_MAX_SECONDS = NUDGE_DELAY_MAX_MS / 1000;

/** /ai-agent/workflows: what happens before, during and after a conversation. */
export function WorkflowsPage() {
  const agent = useAiAgent();
  const dataModels = useDataModels();
  const customReplies = useCustomReplies();
  const queries = [agent, dataModels, customReplies];
  const failed = queries.find((query) => query.isError);

  if (!agent.data || !dataModels.data || !customReplies.data) {
    return (
      <Stack>
        <PageHeader title={t.title} description={t.description} />
        {failed ? (
          <LoadFailure
            error={failed.error}
            onRetry={() => {
              for (const query of queries) if (query.isError) void query.refetch();
            }}
          />
        ) : (
          <PageLoader label={texts.aiAgent.loading} />
        )}
      </Stack>
    );
  }
  return (
    <WorkflowsForm workflows={agent.data.workflows} dataModels={dataModels.data} customReplies={customReplies.data} />
  );
}

type WorkflowsFormProps = { workflows: Workflows; dataModels: DataModel[]; customReplies: CustomReplySummary[] };

function WorkflowsForm({ workflows, dataModels, customReplies }: WorkflowsFormProps) {
  const saveAgent = useSaveAiAgent();
  const isPendingRef = useRef(false);
  const [openSections, setOpenSections] = useState<string[]>(ALL_SECTIONS);
  const form = useForm<WorkflowsDraft>({
    mode: "controlled",
    initialValues: workflowsDraftFrom(workflows),
    validate: validateWorkflowsDraft({ hasCustomReplies: customReplies.length > 0 }),
  });
  const isChanged = form.isDirty();
  const { nudgeMessage, feedback } = form.values;

  const save = async (draft: WorkflowsDraft) => {
    // A second save while the first is on its way is ignored.
    if (isPendingRef.current || !isChanged) return;
    isPendingRef.current = true;
    try {
      const { data } = await saveAgent.mutateAsync({ workflows: toWorkflows(draft) });
      // What the server saved is the new starting point: Save Changes is off again until the next edit.
      const saved = workflowsDraftFrom(data.workflows);
      form.setValues(saved);
      form.resetDirty(saved);
      notifySuccess({ message: texts.aiAgent.saved });
    } catch (error) {
      notifyError({ message: errorMessage(error) });
    } finally {
      isPendingRef.current = false;
    }
  };

  const showErrors = (errors: Record<string, unknown>) =>
    setOpenSections((open) => [...new Set([...open, ...sectionsWithErrors(errors)])]);

  return (
    <form noValidate onSubmit={form.onSubmit((draft) => void save(draft), showErrors)}>
      <Stack>
        <PageHeader
          title={t.title}
          description={t.description}
          action={
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={18} aria-hidden />}
              disabled={!isChanged}
              loading={saveAgent.isPending}
            >
              {texts.aiAgent.saveChanges}
            </Button>
          }
        />
        <Accordion multiple value={openSections} onChange={setOpenSections} variant="separated" radius="lg" order={3}>
          <Accordion.Item value="before">
            <Accordion.Control>{t.sections.before}</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="xl">
                <Stack gap="sm">
                  <Switch
                    label={t.nudge.toggle}
                    description={t.nudge.toggleDescription}
                    {...form.getInputProps("nudgeMessage.isActive", { type: "checkbox" })}
                  />
                  {nudgeMessage.isActive ? (
                    <Stack gap="sm" pl={{ base: 0, sm: "xl" }}>
                      <NumberInput
                        label={t.nudge.delay}
                        description={t.nudge.delayDescription(NUDGE_DELAY_MAX_SECONDS)}
                        required
                        min={0}
                        max={NUDGE_DELAY_MAX_SECONDS}
                        clampBehavior="strict"
                        allowNegative={false}
                        allowDecimal={false}
                        maw={240}
                        {...form.getInputProps("nudgeMessage.delaySeconds")}
                      />
                      <Switch
                        label={t.nudge.showOnce}
                        description={t.nudge.showOnceDescription}
                        {...form.getInputProps("nudgeMessage.showOnce", { type: "checkbox" })}
                      />
                      <Textarea
                        label={t.nudge.message}
                        placeholder={t.nudge.messagePlaceholder}
                        required
                        autosize
                        minRows={2}
                        maxRows={6}
                        maxLength={WORKFLOW_MESSAGE_MAX}
                        {...form.getInputProps("nudgeMessage.message")}
                      />
                    </Stack>
                  ) : null}
                </Stack>
                <PreChatFormSettings form={form} dataModels={dataModels} />
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="during">
            <Accordion.Control>{t.sections.during}</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="xl">
                <Switch
                  label={t.showSources.toggle}
                  description={t.showSources.toggleDescription}
                  {...form.getInputProps("showSources.isActive", { type: "checkbox" })}
                />
                <Fieldset legend={t.standardReplies.heading} variant="unstyled">
                  <Text size="sm" c="dimmed" mb="sm">
                    {t.standardReplies.description}
                  </Text>
                  <Stack gap="md">
                    <StandardReplyFields form={form} reply="positiveReply" customReplies={customReplies} />
                    <StandardReplyFields form={form} reply="negativeReply" customReplies={customReplies} />
                  </Stack>
                </Fieldset>
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="after">
            <Accordion.Control>{t.sections.after}</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="sm">
                <Switch
                  label={t.feedback.toggle}
                  description={t.feedback.toggleDescription}
                  {...form.getInputProps("feedback.isActive", { type: "checkbox" })}
                />
                {feedback.isActive ? (
                  <Stack gap="sm" pl={{ base: 0, sm: "xl" }}>
                    <Textarea
                      label={t.feedback.positive}
                      placeholder={t.feedback.positivePlaceholder}
                      required
                      autosize
                      minRows={2}
                      maxRows={6}
                      maxLength={WORKFLOW_MESSAGE_MAX}
                      {...form.getInputProps("feedback.positiveMessage")}
                    />
                    <Textarea
                      label={t.feedback.negative}
                      placeholder={t.feedback.negativePlaceholder}
                      required
                      autosize
                      minRows={2}
                      maxRows={6}
                      maxLength={WORKFLOW_MESSAGE_MAX}
                      {...form.getInputProps("feedback.negativeMessage")}
                    />
                  </Stack>
                ) : null}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </Stack>
      <UnsavedChangesGuard isDirty={isChanged} />
    </form>
  );
}

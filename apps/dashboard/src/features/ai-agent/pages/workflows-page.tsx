import {
  type CustomReplySummary,
  type DataModel,
  NUDGE_DELAY_MAX_MS,
  WORKFLOW_MESSAGE_MAX,
  type Workflows,
} from "@harbor/contract/ai-agent";
import { Accordion, Fieldset, NumberInput, Stack, Switch, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { LoadFailure } from "../../../components/load-failure";
import { PageHeader } from "../../../components/page-header";
import { PageLoader } from "../../../components/page-loader";
import { SaveButton } from "../../../components/settings-form/save-button";
import { useSettingsForm } from "../../../components/settings-form/use-settings-form";
import { UnsavedChangesGuard } from "../../../components/unsaved-changes-guard/unsaved-changes-guard";
import { texts } from "../../../lib/texts";
import { useAiAgent } from "../api/get-ai-agent";
import { useCustomReplies } from "../api/get-custom-replies";
import { useDataModels } from "../api/get-data-models";
import { useSaveAiAgent } from "../api/save-ai-agent";
import { PreChatFormSettings } from "../components/pre-chat-form-settings";
import { StandardReplyFields } from "../components/standard-reply-fields";
import {
  sectionsWithErrors,
  toWorkflows,
  validateWorkflowsDraft,
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
  const [openSections, setOpenSections] = useState<string[]>(ALL_SECTIONS);
  const settings = useSettingsForm({
    initialValues: workflowsDraftFrom(workflows),
    validate: validateWorkflowsDraft({ hasCustomReplies: customReplies.length > 0 }),
    save: async (draft) => (await saveAgent.mutateAsync({ workflows: toWorkflows(draft) })).data,
    valuesFrom: (saved) => workflowsDraftFrom(saved.workflows),
    savedMessage: texts.aiAgent.saved,
    // An error in a closed section is opened, so the first invalid field can be focused.
    onInvalid: (errors) => setOpenSections((open) => [...new Set([...open, ...sectionsWithErrors(errors)])]),
  });
  const { form } = settings;
  const { nudgeMessage, feedback } = form.values;

  return (
    <form {...settings.formProps}>
      <Stack>
        <PageHeader
          title={t.title}
          description={t.description}
          action={<SaveButton isChanged={settings.isChanged} isSaving={settings.isSaving} />}
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
      <UnsavedChangesGuard isDirty={settings.isChanged} />
    </form>
  );
}

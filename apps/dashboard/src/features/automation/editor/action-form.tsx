import type { DataModel } from "@harbor/contract/ai-agent";
import { CONDITION_OPERATORS, ORDER_RESULT_KEYS } from "@harbor/contract/custom-reply-actions";
import type { DraftAction, GraphProblem } from "@harbor/contract/custom-reply-graph";
import type { Source } from "@harbor/contract/knowledge";
import {
  ActionIcon,
  Autocomplete,
  Button,
  Fieldset,
  Group,
  MultiSelect,
  NativeSelect,
  NumberInput,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { texts } from "../../../lib/texts";
import { type Branch, branchesOf, type Condition } from "./draft";
import { ReplyFileUpload } from "./reply-file-upload";

const f = texts.automation.editor.fields;

type ActionFormProps = {
  action: DraftAction;
  /** This action's problems: each shows by the field it names. */
  problems: GraphProblem[];
  dataModels: DataModel[];
  /** The knowledge sources an AI answer may be restricted to. */
  sources?: Source[];
  /** The nodes a branch may lead to, as the select lists them. */
  nodeOptions: { value: string; label: string }[];
  onChange: (action: DraftAction) => void;
};

type Dict = Record<string, unknown>;
const objectAt = (value: unknown): Dict => (value && typeof value === "object" ? (value as Dict) : {});
const stringAt = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * The side panel's form for one action, one per type (spec part 2 §3). Messages are the
 * contract schema's own, put by the field their path names (decision 044).
 */
export function ActionForm({ action, problems, dataModels, sources = [], nodeOptions, onChange }: ActionFormProps) {
  const errorAt = (field: string) => {
    const messages = problems
      .filter((problem) => problem.field === field || problem.field?.startsWith(`${field}.`))
      .map((problem) => problem.message.slice(problem.message.lastIndexOf(": ") + 2));
    return messages.length > 0 ? [...new Set(messages)].join(". ") : undefined;
  };
  const set = (patch: Dict) => onChange({ ...action, ...patch });
  const fieldOptions = dataModels.flatMap((model) =>
    model.fields.map((field) => ({ value: `${model._id}|${field.key}`, label: `${model.name} › ${field.title}` })),
  );
  const allKeys = [
    ...new Map(dataModels.flatMap((model) => model.fields.map((field) => [field.key, field.title]))).entries(),
  ].map(([key, title]) => ({ value: key, label: `${title} (${key})` }));
  // What an order lookup writes can be branched on like a data-model field (the graph check
  // warns when no lookup runs before the condition).
  const conditionKeys = [
    ...allKeys,
    ...Object.values(ORDER_RESULT_KEYS).map((key) => ({ value: key, label: `${f.orderOutcomeKeys[key]} (${key})` })),
  ];

  switch (action.actionType) {
    case "message_content": {
      const message = objectAt(action.message);
      return (
        <Textarea
          label={f.message}
          required
          autosize
          minRows={3}
          value={stringAt(message.content)}
          error={errorAt("message.content")}
          onChange={(event) => set({ message: { ...message, content: event.currentTarget.value } })}
        />
      );
    }
    case "message_file": {
      const message = objectAt(action.message);
      const file = objectAt(message.file);
      const setFile = (patch: Dict) => set({ message: { ...message, file: { ...file, ...patch } } });
      return (
        <Stack gap="sm">
          <TextInput
            label={f.fileUrl}
            description={f.fileUrlHint}
            required
            type="url"
            value={stringAt(file.fileUrl)}
            error={errorAt("message.file.fileUrl")}
            onChange={(event) => setFile({ fileUrl: event.currentTarget.value })}
          />
          <ReplyFileUpload onUploaded={(uploaded) => setFile(uploaded)} />
          <TextInput
            label={f.fileType}
            value={stringAt(file.fileType)}
            error={errorAt("message.file.fileType")}
            onChange={(event) => setFile({ fileType: event.currentTarget.value })}
          />
          <Textarea
            label={f.caption}
            autosize
            minRows={2}
            value={stringAt(message.content)}
            error={errorAt("message.content")}
            onChange={(event) => set({ message: { ...message, content: event.currentTarget.value } })}
          />
        </Stack>
      );
    }
    case "message_ai_answer": {
      const message = objectAt(action.message);
      const aiAnswer = objectAt(message.aiAnswer);
      const chosen = (Array.isArray(aiAnswer.sources) ? (aiAnswer.sources as { sourceIDs?: string[] }[]) : []).flatMap(
        (entry) => entry.sourceIDs ?? [],
      );
      // One entry holds every chosen source; none means all of the shop's knowledge.
      const setSources = (ids: string[]) => {
        const docCount = sources
          .filter((source) => ids.includes(source._id))
          .reduce((sum, source) => sum + source.documentCount, 0);
        const next = ids.length > 0 ? [{ sourceIDs: ids, docCount }] : [];
        set({ message: { ...message, aiAnswer: { ...aiAnswer, sources: next } } });
      };
      return (
        <Stack gap="sm">
          <MultiSelect
            label={f.sources}
            description={f.sourcesHint}
            data={sources.map((source) => ({ value: source._id, label: source.name }))}
            value={chosen}
            error={errorAt("message.aiAnswer.sources")}
            onChange={setSources}
          />
          <Textarea
            label={f.instruction}
            autosize
            minRows={3}
            value={stringAt(aiAnswer.instruction)}
            error={errorAt("message.aiAnswer.instruction")}
            onChange={(event) =>
              set({ message: { ...message, aiAnswer: { ...aiAnswer, instruction: event.currentTarget.value } } })
            }
          />
        </Stack>
      );
    }
    case "answer_bubbles": {
      const answerBubbles = objectAt(action.answerBubbles);
      const bubbles = Array.isArray(answerBubbles.bubbles) ? (answerBubbles.bubbles as Dict[]) : [];
      const setBubbles = (next: Dict[]) => set({ answerBubbles: { ...answerBubbles, bubbles: next } });
      const dataModel = objectAt(action.dataModel);
      const chosen = (dataModel.fields as { key?: string }[] | undefined)?.[0]?.key;
      const chosenValue = chosen ? `${stringAt(dataModel.dataModelID)}|${chosen}` : null;
      return (
        <Stack gap="sm">
          <Textarea
            label={f.question}
            required
            autosize
            minRows={2}
            value={stringAt(answerBubbles.content)}
            error={errorAt("answerBubbles.content")}
            onChange={(event) => set({ answerBubbles: { ...answerBubbles, content: event.currentTarget.value } })}
          />
          <Fieldset legend={f.bubbles} variant="unstyled">
            <Stack gap="xs">
              {bubbles.map((bubble, index) => (
                // Bubbles have no ids; their place is their identity while editing.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
                  <TextInput
                    label={f.bubbleText(index)}
                    required
                    style={{ flex: 1 }}
                    value={stringAt(bubble.message)}
                    error={errorAt(`answerBubbles.bubbles.${index}.message`)}
                    onChange={(event) =>
                      setBubbles(
                        bubbles.map((b, i) => (i === index ? { ...b, message: event.currentTarget.value } : b)),
                      )
                    }
                  />
                  <TextInput
                    label={f.bubbleValue(index)}
                    required
                    style={{ flex: 1 }}
                    value={stringAt(bubble.value)}
                    error={errorAt(`answerBubbles.bubbles.${index}.value`)}
                    onChange={(event) =>
                      setBubbles(bubbles.map((b, i) => (i === index ? { ...b, value: event.currentTarget.value } : b)))
                    }
                  />
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    mt={26}
                    aria-label={f.removeBubble(index)}
                    onClick={() => setBubbles(bubbles.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
              {errorAt("answerBubbles.bubbles") && bubbles.length === 0 ? (
                <Text size="sm" c="red.8" role="alert">
                  {errorAt("answerBubbles.bubbles")}
                </Text>
              ) : null}
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} aria-hidden />}
                style={{ alignSelf: "flex-start" }}
                onClick={() => setBubbles([...bubbles, { message: "", value: "" }])}
              >
                {f.addBubble}
              </Button>
            </Stack>
          </Fieldset>
          <Select
            label={f.savedTo}
            required
            placeholder={f.fieldPlaceholder}
            data={fieldOptions}
            value={chosenValue}
            searchable
            error={errorAt("dataModel")}
            onChange={(value) => {
              const [modelId, key] = (value ?? "").split("|");
              const model = dataModels.find((candidate) => candidate._id === modelId);
              const title = model?.fields.find((field) => field.key === key)?.title;
              set({
                dataModel: key ? { dataModelID: modelId, fields: [{ key, title, required: true }] } : { fields: [] },
              });
            }}
          />
        </Stack>
      );
    }
    case "form": {
      const form = objectAt(action.form);
      const dataModel = objectAt(action.dataModel);
      const model = dataModels.find((candidate) => candidate._id === dataModel.dataModelID);
      const fields = (Array.isArray(dataModel.fields) ? dataModel.fields : []) as { key: string; required?: boolean }[];
      const modelFields = model?.fields.map((field) => ({ value: field.key, label: field.title })) ?? [];
      const setFields = (keys: string[], required: string[]) =>
        set({
          dataModel: {
            ...dataModel,
            fields: keys.map((key) => ({
              key,
              title: model?.fields.find((field) => field.key === key)?.title,
              required: required.includes(key),
            })),
          },
        });
      const keys = fields.map((field) => field.key);
      const required = fields.filter((field) => field.required).map((field) => field.key);
      return (
        <Stack gap="sm">
          <TextInput
            label={f.formTitle}
            required
            value={stringAt(form.title)}
            error={errorAt("form.title")}
            onChange={(event) => set({ form: { ...form, title: event.currentTarget.value } })}
          />
          <Textarea
            label={f.formDescription}
            autosize
            minRows={2}
            value={stringAt(form.description)}
            error={errorAt("form.description")}
            onChange={(event) => set({ form: { ...form, description: event.currentTarget.value } })}
          />
          <Select
            label={f.dataModel}
            required
            data={dataModels.map((candidate) => ({ value: candidate._id, label: candidate.name }))}
            value={model?._id ?? null}
            onChange={(value) => set({ dataModel: { dataModelID: value ?? undefined, fields: [] } })}
          />
          <MultiSelect
            label={f.formFields}
            required
            data={modelFields}
            value={keys}
            disabled={!model}
            error={errorAt("dataModel.fields")}
            onChange={(next) => setFields(next, required)}
          />
          <MultiSelect
            label={f.requiredFields}
            data={modelFields.filter((option) => keys.includes(option.value))}
            value={required}
            disabled={keys.length === 0}
            onChange={(next) => setFields(keys, next)}
          />
        </Stack>
      );
    }
    case "integration_event": {
      const event = objectAt(action.integrationEvent);
      const orderKeys = objectAt(event.orderKeys);
      const keyNames = allKeys.map((option) => option.value);
      const setKey = (key: "orderNumber" | "email" | "phone", value: string) =>
        set({ integrationEvent: { ...event, orderKeys: { ...orderKeys, [key]: value } } });
      return (
        <Stack gap="sm">
          <Select
            label={f.event}
            required
            allowDeselect={false}
            data={Object.entries(f.integrationEvents).map(([value, label]) => ({ value, label }))}
            value={stringAt(event.event) || null}
            error={errorAt("integrationEvent.event")}
            onChange={(value) =>
              set({ integrationEvent: { ...event, appType: "shopify", event: value ?? "show_order" } })
            }
          />
          {event.event === "get_order" ? (
            <>
              <Text size="sm" c="dimmed">
                {f.orderKeysHint}
              </Text>
              {(["orderNumber", "email", "phone"] as const).map((key) => (
                <Autocomplete
                  key={key}
                  label={f.orderKeys[key]}
                  data={keyNames}
                  // The contract's default key is what a get_order saved without one reads.
                  value={typeof orderKeys[key] === "string" ? (orderKeys[key] as string) : key}
                  error={errorAt(`integrationEvent.orderKeys.${key}`)}
                  onChange={(value) => setKey(key, value)}
                />
              ))}
              <Text size="sm" c="dimmed">
                {f.orderOutcomeHint}
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {f.showOrderHint}
            </Text>
          )}
        </Stack>
      );
    }
    case "email_trigger": {
      const email = objectAt(action.emailTrigger);
      const recipients = Array.isArray(email.recipients) ? (email.recipients as string[]) : [];
      return (
        <Stack gap="sm">
          <TagsInput
            label={f.recipients}
            description={f.recipientsHint}
            required
            value={recipients}
            error={errorAt("emailTrigger.recipients")}
            onChange={(next) => set({ emailTrigger: { ...email, recipients: next } })}
          />
          <TextInput
            label={f.subject}
            required
            value={stringAt(email.subject)}
            error={errorAt("emailTrigger.subject")}
            onChange={(event) => set({ emailTrigger: { ...email, subject: event.currentTarget.value } })}
          />
          <Textarea
            label={f.body}
            description={f.bodyHint}
            required
            autosize
            minRows={4}
            value={stringAt(email.body)}
            error={errorAt("emailTrigger.body")}
            onChange={(event) => set({ emailTrigger: { ...email, body: event.currentTarget.value } })}
          />
        </Stack>
      );
    }
    case "widget_event":
      return <WidgetEventForm action={action} errorAt={errorAt} set={set} />;
    case "condition":
      return (
        <ConditionForm
          branches={branchesOf(action)}
          keys={conditionKeys}
          nodeOptions={nodeOptions}
          errorAt={errorAt}
          onChange={(branches) => set({ branches })}
        />
      );
  }
}

function WidgetEventForm({
  action,
  errorAt,
  set,
}: {
  action: DraftAction;
  errorAt: (field: string) => string | undefined;
  set: (patch: Dict) => void;
}) {
  const widgetEvent = objectAt(action.widgetEvent);
  const handoff = objectAt(widgetEvent.handoff);
  const appType = stringAt(handoff.appType) || "whatsapp";
  const delay = typeof handoff.delay === "number" ? handoff.delay : 0;
  const setHandoff = (patch: Dict) => set({ widgetEvent: { event: "handoff", handoff: { ...handoff, ...patch } } });
  return (
    <Stack gap="sm">
      <Select
        label={f.event}
        required
        allowDeselect={false}
        data={Object.entries(f.widgetEvents).map(([value, label]) => ({ value, label }))}
        value={stringAt(widgetEvent.event) || null}
        onChange={(value) =>
          set({
            widgetEvent:
              value === "handoff"
                ? { event: "handoff", handoff: { appType: "whatsapp", whatsapp: { number: "" }, delay: 0 } }
                : { event: "end_chat" },
          })
        }
      />
      {widgetEvent.event === "handoff" ? (
        <>
          <Select
            label={f.handoffApp}
            required
            allowDeselect={false}
            data={Object.entries(f.handoffApps).map(([value, label]) => ({ value, label }))}
            value={appType}
            onChange={(value) =>
              set({
                widgetEvent: {
                  event: "handoff",
                  handoff:
                    value === "whatsapp"
                      ? { appType: "whatsapp", whatsapp: { number: "" }, delay }
                      : { appType: "zendesk-classic", delay },
                },
              })
            }
          />
          {appType === "whatsapp" ? (
            <TextInput
              label={f.whatsappNumber}
              required
              type="tel"
              value={stringAt(objectAt(handoff.whatsapp).number)}
              error={errorAt("widgetEvent.handoff.whatsapp.number")}
              onChange={(event) => setHandoff({ whatsapp: { number: event.currentTarget.value } })}
            />
          ) : null}
          <NumberInput
            label={f.delay}
            min={0}
            max={60}
            value={delay / 1000}
            error={errorAt("widgetEvent.handoff.delay")}
            onChange={(value) => setHandoff({ delay: Math.round(Number(value || 0) * 1000) })}
          />
        </>
      ) : null}
    </Stack>
  );
}

function ConditionForm({
  branches,
  keys,
  nodeOptions,
  errorAt,
  onChange,
}: {
  branches: Branch[];
  keys: { value: string; label: string }[];
  nodeOptions: { value: string; label: string }[];
  errorAt: (field: string) => string | undefined;
  onChange: (branches: Branch[]) => void;
}) {
  const operators = CONDITION_OPERATORS.map((value) => ({ value, label: f.operators[value] }));
  const setBranch = (index: number, patch: Partial<Branch>) =>
    onChange(branches.map((branch, i) => (i === index ? { ...branch, ...patch } : branch)));
  const setCondition = (branchIndex: number, conditionIndex: number, condition: Condition) => {
    const conditions = branches[branchIndex]?.conditions ?? [];
    setBranch(branchIndex, { conditions: conditions.map((c, i) => (i === conditionIndex ? condition : c)) });
  };
  const newCondition = (): Condition => ({ parameter: { key: "" }, operator: "equals", compareValue: { value: "" } });
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {f.elseHint}
      </Text>
      {branches.map((branch, branchIndex) => {
        const conditions = branch.conditions ?? [];
        const legend = conditions.length === 0 ? f.elseBranch(branchIndex) : f.branch(branchIndex);
        return (
          // Branches have no ids; their place is their identity while editing.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Fieldset key={branchIndex} legend={legend}>
            <Stack gap="xs">
              {conditions.map((condition, conditionIndex) => {
                const at = `branches.${branchIndex}.conditions.${conditionIndex}`;
                const needsValue = condition.operator !== "is_set" && condition.operator !== "is_not_set";
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no ids either
                  <Stack key={conditionIndex} gap={4}>
                    <Group gap="xs" align="flex-start" wrap="nowrap">
                      <Select
                        label={f.parameter(conditionIndex)}
                        required
                        style={{ flex: 1 }}
                        data={
                          keys.some((option) => option.value === condition.parameter.key) || !condition.parameter.key
                            ? keys
                            : [...keys, { value: condition.parameter.key, label: condition.parameter.key }]
                        }
                        searchable
                        value={condition.parameter.key || null}
                        error={errorAt(`${at}.parameter`)}
                        onChange={(value) =>
                          setCondition(branchIndex, conditionIndex, { ...condition, parameter: { key: value ?? "" } })
                        }
                      />
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        mt={26}
                        aria-label={f.removeCondition(conditionIndex)}
                        onClick={() =>
                          setBranch(branchIndex, { conditions: conditions.filter((_, i) => i !== conditionIndex) })
                        }
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                    <Group gap="xs" align="flex-start" grow>
                      <Select
                        label={f.operator(conditionIndex)}
                        allowDeselect={false}
                        data={operators}
                        value={condition.operator}
                        error={errorAt(`${at}.operator`)}
                        onChange={(value) =>
                          setCondition(branchIndex, conditionIndex, { ...condition, operator: value ?? "equals" })
                        }
                      />
                      {needsValue ? (
                        <TextInput
                          label={f.value(conditionIndex)}
                          value={condition.compareValue?.value ?? ""}
                          error={errorAt(`${at}.compareValue`)}
                          onChange={(event) =>
                            setCondition(branchIndex, conditionIndex, {
                              ...condition,
                              compareValue: { value: event.currentTarget.value },
                            })
                          }
                        />
                      ) : null}
                    </Group>
                  </Stack>
                );
              })}
              <NativeSelect
                label={f.nextNode}
                required
                data={[
                  { value: "", label: texts.automation.editor.panel.goesToPlaceholder, disabled: true },
                  ...(branch.nextNode?.nodeID && !nodeOptions.some((option) => option.value === branch.nextNode.nodeID)
                    ? [{ value: branch.nextNode.nodeID, label: f.missingNode }]
                    : []),
                  ...nodeOptions,
                ]}
                value={branch.nextNode?.nodeID ?? ""}
                error={errorAt(`branches.${branchIndex}.nextNode`)}
                onChange={(event) => setBranch(branchIndex, { nextNode: { nodeID: event.currentTarget.value } })}
              />
              <Group gap="xs">
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  onClick={() => setBranch(branchIndex, { conditions: [...conditions, newCondition()] })}
                >
                  {f.addCondition}
                </Button>
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={() => onChange(branches.filter((_, i) => i !== branchIndex))}
                >
                  {f.removeBranch(branchIndex)}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        );
      })}
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlus size={14} aria-hidden />}
        style={{ alignSelf: "flex-start" }}
        onClick={() => onChange([...branches, { conditions: [newCondition()], nextNode: { nodeID: "" } }])}
      >
        {f.addBranch}
      </Button>
      {errorAt("branches") && branches.length === 0 ? (
        <Text size="sm" c="red.8" role="alert">
          {errorAt("branches")}
        </Text>
      ) : null}
    </Stack>
  );
}

import { type DataModel, PERSONA_TEXT_MAX } from "@harbor/contract/ai-agent";
import { Fieldset, NativeSelect, Stack, Switch, Text, Textarea, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useId } from "react";
import { texts } from "../../../lib/texts";
import { preChatFieldsOf, type WorkflowsDraft } from "../workflows-draft";

const t = texts.aiAgent.workflows.preChat;
const FORM_TITLE_MAX = 120;
const FIELDS_ERROR = "preChatForm.fields";

type PreChatFormSettingsProps = { form: UseFormReturnType<WorkflowsDraft>; dataModels: DataModel[] };

/** The pre-chat form's toggle; its title, data model and fields show only while it is on (spec part 1 §4). */
export function PreChatFormSettings({ form, dataModels }: PreChatFormSettingsProps) {
  const fieldsErrorID = useId();
  const { isActive, dataModelID, fields } = form.values.preChatForm;
  const fieldsError = form.errors[FIELDS_ERROR];
  const isMissingModel = dataModelID !== null && !dataModels.some((model) => model._id === dataModelID);
  const modelOptions = [
    { value: "", label: t.dataModelPlaceholder, disabled: true },
    ...dataModels.map((model) => ({ value: model._id, label: model.name })),
    ...(isMissingModel && dataModelID ? [{ value: dataModelID, label: t.missingDataModel }] : []),
  ];

  const chooseDataModel = (id: string) => {
    const model = dataModels.find((candidate) => candidate._id === id);
    form.setFieldValue("preChatForm.dataModelID", model ? model._id : null);
    form.setFieldValue("preChatForm.fields", model ? preChatFieldsOf(model) : []);
    form.clearFieldError(FIELDS_ERROR);
  };

  return (
    <Stack gap="sm">
      <Switch
        label={t.toggle}
        description={t.toggleDescription}
        {...form.getInputProps("preChatForm.isActive", { type: "checkbox" })}
      />
      {isActive ? (
        <Stack gap="sm" pl={{ base: 0, sm: "xl" }}>
          <TextInput
            label={t.title}
            placeholder={t.titlePlaceholder}
            maxLength={FORM_TITLE_MAX}
            autoComplete="off"
            {...form.getInputProps("preChatForm.title")}
          />
          <Textarea
            label={t.description}
            placeholder={t.descriptionPlaceholder}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={PERSONA_TEXT_MAX}
            {...form.getInputProps("preChatForm.description")}
          />
          <NativeSelect
            label={t.dataModel}
            required
            data={modelOptions}
            value={dataModelID ?? ""}
            onChange={(event) => chooseDataModel(event.currentTarget.value)}
            description={dataModels.length === 0 ? t.noDataModels : undefined}
            error={form.errors["preChatForm.dataModelID"]}
          />
          {dataModelID ? (
            <Fieldset legend={t.fields} variant="unstyled" aria-describedby={fieldsError ? fieldsErrorID : undefined}>
              <Text size="sm" c="dimmed" mb="xs">
                {fields.length === 0 ? t.noFields : t.fieldsDescription}
              </Text>
              <Stack gap="xs">
                {fields.map((field, index) => (
                  <Switch
                    key={field.key}
                    label={field.title}
                    checked={field.isActive}
                    onChange={(event) => {
                      form.setFieldValue(`preChatForm.fields.${index}.isActive`, event.currentTarget.checked);
                      form.clearFieldError(FIELDS_ERROR);
                    }}
                  />
                ))}
              </Stack>
            </Fieldset>
          ) : null}
          {fieldsError ? (
            <Text id={fieldsErrorID} size="sm" c="var(--mantine-color-error)">
              {fieldsError}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

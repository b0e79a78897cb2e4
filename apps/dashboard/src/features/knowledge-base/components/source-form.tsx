import {
  type AddSourceRequest,
  addSourceRequestSchema,
  CRAWL_MAX_PAGES_DEFAULT,
  CRAWL_MAX_PAGES_LIMIT,
  type Source,
  type SourceType,
  type UpdateFrequency,
  type UpdateSourceRequest,
} from "@harbor/contract/knowledge";
import { Alert, Button, Collapse, Group, NativeSelect, NumberInput, Stack, Switch, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertCircle, IconChevronDown } from "@tabler/icons-react";
import { useId, useRef, useState } from "react";
import { RepeatableField } from "../../../components/repeatable-field";
import { UnsavedChangesModal } from "../../../components/unsaved-changes-guard/unsaved-changes-modal";
import { useUnsavedChangesGuard } from "../../../components/unsaved-changes-guard/use-unsaved-changes-guard";
import { errorMessage } from "../../../lib/api-client";
import { texts } from "../../../lib/texts";
import { zodFormValidator } from "../../../lib/zod-form";
import { useAddSource } from "../api/add-source";
import { useUpdateSource } from "../api/update-source";
import { type HelpDeskIntegration, helpCenterURL, offeredSourceTypes } from "../source-rules";

const t = texts.knowledgeBase.addSource;
const kb = texts.knowledgeBase;

/** Frequencies a user picks; auto belongs to the help-center type only, which locks it. */
const PICKABLE_FREQUENCIES: UpdateFrequency[] = ["none", "weekly", "monthly"];
const DEFAULT_FREQUENCY: UpdateFrequency = "weekly";

type AddSourceValues = {
  sourceType: SourceType | "";
  name: string;
  url: string;
  updateFrequency: UpdateFrequency;
  options: {
    currency: string;
    selectors: { skipDescription: boolean; descriptionDelimiter: string; chunkSelectors: string[]; useAxios: boolean };
    pageLinks: string[];
    documentSelector: string;
    additionalDataSelector: string;
    chunkSelectors: string[];
    maxPages: number | string;
  };
};

const EMPTY_VALUES: AddSourceValues = {
  sourceType: "",
  name: "",
  url: "",
  updateFrequency: DEFAULT_FREQUENCY,
  options: {
    currency: "",
    selectors: { skipDescription: false, descriptionDelimiter: "", chunkSelectors: [], useAxios: false },
    pageLinks: [],
    documentSelector: "",
    additionalDataSelector: "",
    chunkSelectors: [],
    maxPages: "",
  },
};

/**
 * The request for the chosen type: only that type's options, empty values left out. For validation
 * the lists keep their empty entries, so an error lands on the field that has it.
 */
export function toAddSourceRequest(values: AddSourceValues, { forValidation = false } = {}): AddSourceRequest {
  const text = (value: string) => value.trim() || undefined;
  const list = (items: string[]) => {
    const kept = forValidation ? items : items.map((item) => item.trim()).filter((item) => item.length > 0);
    return kept.length > 0 ? kept : undefined;
  };
  const { options } = values;
  const request = {
    sourceType: values.sourceType as AddSourceRequest["sourceType"],
    name: values.name.trim(),
    url: values.url.trim(),
    updateFrequency: values.updateFrequency,
  };
  switch (values.sourceType) {
    case "shopify-products":
      return {
        ...request,
        options: {
          currency: text(options.currency)?.toUpperCase(),
          selectors: {
            skipDescription: options.selectors.skipDescription,
            descriptionDelimiter: options.selectors.descriptionDelimiter || undefined,
            chunkSelectors: list(options.selectors.chunkSelectors),
            useAxios: options.selectors.useAxios,
          },
        },
      };
    case "website":
      return {
        ...request,
        options: {
          pageLinks: list(options.pageLinks),
          documentSelector: text(options.documentSelector),
          additionalDataSelector: text(options.additionalDataSelector),
          chunkSelectors: list(options.chunkSelectors),
          maxPages: typeof options.maxPages === "number" ? options.maxPages : undefined,
        },
      };
    default:
      return { ...request, options: {} };
  }
}

type ListField = "options.pageLinks" | "options.chunkSelectors" | "options.selectors.chunkSelectors";

/** The form's values for a stored source, so editing starts from what is saved. */
export function valuesOfSource(source: Source): AddSourceValues {
  const { options } = source;
  return {
    sourceType: source.sourceType,
    name: source.name,
    url: source.url,
    updateFrequency: source.updateFrequency,
    options: {
      currency: options.currency ?? "",
      selectors: {
        skipDescription: options.selectors?.skipDescription ?? false,
        descriptionDelimiter: options.selectors?.descriptionDelimiter ?? "",
        chunkSelectors: options.selectors?.chunkSelectors ?? [],
        useAxios: options.selectors?.useAxios ?? false,
      },
      pageLinks: options.pageLinks ?? [],
      documentSelector: options.documentSelector ?? "",
      additionalDataSelector: options.additionalDataSelector ?? "",
      chunkSelectors: options.chunkSelectors ?? [],
      maxPages: options.maxPages ?? "",
    },
  };
}

/**
 * An edit sends what changed: a new URL or new options read the source again (after the server's
 * public-address check), a new name or schedule only saves. The help center's address, schedule
 * and options come from the integration, so only its name is sent.
 */
export function toUpdateSourceRequest(source: Source, values: AddSourceValues): UpdateSourceRequest {
  const next = toAddSourceRequest(values);
  if (source.sourceType === "zendesk-hc") return { sourceID: source._id, name: next.name };
  const saved = toAddSourceRequest(valuesOfSource(source));
  return {
    sourceID: source._id,
    name: next.name,
    updateFrequency: next.updateFrequency,
    ...(next.url === saved.url ? {} : { url: next.url }),
    ...(JSON.stringify(next.options) === JSON.stringify(saved.options) ? {} : { options: next.options }),
  };
}

type SourceFormProps = {
  sources: Source[];
  helpDesk: HelpDeskIntegration | null;
  /** The source to edit; without it the form adds a new one. */
  source?: Source;
  onSaved: (name: string) => void;
  onCancel: () => void;
};

/** Add Source and Edit Source (spec part 1 §4, forms): the type is chosen once, when adding. */
export function SourceForm({ sources, helpDesk, source, onSaved, onCancel }: SourceFormProps) {
  const addSource = useAddSource();
  const updateSource = useUpdateSource();
  const save = source ? updateSource : addSource;
  const isPendingRef = useRef(false);
  const [isAdvancedOpen, setAdvancedOpen] = useState(false);
  const advancedID = useId();
  const form = useForm<AddSourceValues>({
    mode: "controlled",
    initialValues: source ? valuesOfSource(source) : EMPTY_VALUES,
    validate: zodFormValidator(addSourceRequestSchema, (values: AddSourceValues) =>
      toAddSourceRequest(values, { forValidation: true }),
    ),
  });
  const guard = useUnsavedChangesGuard({ isDirty: form.isDirty() });
  const { sourceType } = form.values;
  const isHelpCenter = sourceType === "zendesk-hc";

  const typeOptions = (source ? [source.sourceType] : offeredSourceTypes({ helpDesk, sources })).map((type) => ({
    value: type,
    label: kb.sourceTypes[type],
  }));
  const frequencyOptions = (isHelpCenter ? (["auto"] as const) : PICKABLE_FREQUENCIES).map((frequency) => ({
    value: frequency,
    label: kb.frequencies[frequency],
  }));

  const changeType = (next: SourceType | "") => {
    form.setFieldValue("sourceType", next);
    if (next === "zendesk-hc" && helpDesk) {
      // The help center's address and schedule come from the integration (spec part 1 §4, forms).
      form.setFieldValue("url", helpCenterURL(helpDesk));
      form.setFieldValue("updateFrequency", "auto");
    } else if (isHelpCenter) {
      form.setFieldValue("url", "");
      form.setFieldValue("updateFrequency", DEFAULT_FREQUENCY);
    }
    form.clearErrors();
  };

  const submit = async (values: AddSourceValues) => {
    // A second submit while the first is on its way is ignored.
    if (isPendingRef.current) return;
    isPendingRef.current = true;
    try {
      const request = toAddSourceRequest(values);
      if (source) await updateSource.mutateAsync(toUpdateSourceRequest(source, values));
      else await addSource.mutateAsync(request);
      form.resetDirty();
      onSaved(request.name);
    } catch {
      // The mutation's error is shown in the form.
    } finally {
      isPendingRef.current = false;
    }
  };

  const listProps = (field: ListField) => {
    const items = field
      .split(".")
      .reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], form.values);
    return {
      count: (items as string[]).length,
      getInputProps: (index: number) => ({
        key: form.key(`${field}.${index}`),
        ...form.getInputProps(`${field}.${index}`),
      }),
      onAdd: () => form.insertListItem(field, ""),
      onRemove: (index: number) => form.removeListItem(field, index),
    };
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack>
        {save.isError ? (
          <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
            {errorMessage(save.error)}
          </Alert>
        ) : null}
        <NativeSelect
          label={t.sourceType}
          required
          disabled={Boolean(source)}
          description={source ? texts.knowledgeBase.editSource.typeLocked : undefined}
          data-autofocus={source ? undefined : true}
          data={[{ value: "", label: t.sourceTypePlaceholder, disabled: true }, ...typeOptions]}
          {...form.getInputProps("sourceType")}
          onChange={(event) => changeType(event.currentTarget.value as SourceType | "")}
        />
        <TextInput
          label={t.name}
          placeholder={t.namePlaceholder}
          required
          autoComplete="off"
          {...form.getInputProps("name")}
        />
        <TextInput
          label={t.url}
          placeholder={t.urlPlaceholder}
          type="url"
          required
          readOnly={isHelpCenter}
          variant={isHelpCenter ? "filled" : "default"}
          description={isHelpCenter ? t.urlLocked : undefined}
          autoComplete="off"
          {...form.getInputProps("url")}
        />
        <NativeSelect
          label={t.frequency}
          required
          disabled={isHelpCenter}
          description={isHelpCenter ? t.frequencyLocked : undefined}
          data={frequencyOptions}
          {...form.getInputProps("updateFrequency")}
        />
        {sourceType === "shopify-products" ? (
          <>
            <TextInput
              label={t.currency}
              description={t.currencyDescription}
              placeholder="EUR"
              maxLength={3}
              required
              autoComplete="off"
              {...form.getInputProps("options.currency")}
            />
            <div>
              <Button
                variant="subtle"
                px={4}
                onClick={() => setAdvancedOpen((open) => !open)}
                aria-expanded={isAdvancedOpen}
                aria-controls={advancedID}
                rightSection={
                  <IconChevronDown
                    size={16}
                    aria-hidden
                    style={{ transform: isAdvancedOpen ? "rotate(180deg)" : undefined, transition: "transform 150ms" }}
                  />
                }
              >
                {t.advancedOptions}
              </Button>
              <Collapse in={isAdvancedOpen} id={advancedID}>
                <Stack pt="sm">
                  <Switch
                    label={t.skipDescription}
                    {...form.getInputProps("options.selectors.skipDescription", { type: "checkbox" })}
                  />
                  <TextInput
                    label={t.descriptionDelimiter}
                    autoComplete="off"
                    {...form.getInputProps("options.selectors.descriptionDelimiter")}
                  />
                  <RepeatableField
                    legend={t.chunkSelectors}
                    itemLabel={t.chunkSelector}
                    addLabel={t.addChunkSelector}
                    {...listProps("options.selectors.chunkSelectors")}
                  />
                  <Switch
                    label={t.useAxios}
                    description={t.useAxiosDescription}
                    {...form.getInputProps("options.selectors.useAxios", { type: "checkbox" })}
                  />
                </Stack>
              </Collapse>
            </div>
          </>
        ) : null}
        {sourceType === "website" ? (
          <>
            <RepeatableField
              legend={t.pageLinks}
              itemLabel={t.pageLink}
              addLabel={t.addPageLink}
              placeholder="https://"
              {...listProps("options.pageLinks")}
            />
            <TextInput
              label={t.pageSelector}
              description={t.pageSelectorDescription}
              autoComplete="off"
              {...form.getInputProps("options.documentSelector")}
            />
            <TextInput
              label={t.additionalDataSelector}
              autoComplete="off"
              {...form.getInputProps("options.additionalDataSelector")}
            />
            <RepeatableField
              legend={t.chunkSelectors}
              itemLabel={t.chunkSelector}
              addLabel={t.addChunkSelector}
              {...listProps("options.chunkSelectors")}
            />
            <NumberInput
              label={t.maxPages}
              description={t.maxPagesDescription(CRAWL_MAX_PAGES_DEFAULT, CRAWL_MAX_PAGES_LIMIT)}
              placeholder={String(CRAWL_MAX_PAGES_DEFAULT)}
              min={1}
              max={CRAWL_MAX_PAGES_LIMIT}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps("options.maxPages")}
            />
          </>
        ) : null}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            {texts.common.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {source ? texts.knowledgeBase.editSource.submit : t.submit}
          </Button>
        </Group>
      </Stack>
      <UnsavedChangesModal guard={guard} />
    </form>
  );
}

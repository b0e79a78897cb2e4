import { type AddCompanyRequest, type AddCompanyResponse, addCompanyRequestSchema } from "@harbor/contract/admin";
import {
  Alert,
  Button,
  Code,
  CopyButton,
  Divider,
  Fieldset,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import { useState } from "react";
import { RepeatableField } from "../../../components/repeatable-field";
import { errorMessage } from "../../../lib/api-client";
import { texts } from "../../../lib/texts";
import { zodFormValidator } from "../../../lib/zod-form";
import { useAddCompany } from "../api/add-company";

const t = texts.admin.addCompany;

type ListField = "suggestedQuestions" | "chunkSelectors" | "documents";

type AddCompanyValues = {
  name: string;
  url: string;
  currency: string;
  suggestedQuestions: string[];
  descriptionDelimiter: string;
  additionalDataSelector: string;
  chunkSelectors: string[];
  documents: string[];
  documentSelector: string;
  blogURL: string;
};

const EMPTY_VALUES: AddCompanyValues = {
  name: "",
  url: "",
  currency: "",
  suggestedQuestions: [],
  descriptionDelimiter: "",
  additionalDataSelector: "",
  chunkSelectors: [],
  documents: [],
  documentSelector: "",
  blogURL: "",
};

/** Empty optional values are left out of the payload (spec part 2 §5, payload parsing). */
function toRequest(values: AddCompanyValues): AddCompanyRequest {
  const text = (value: string) => value.trim() || undefined;
  const list = (items: string[]) => {
    const kept = items.map((item) => item.trim()).filter((item) => item.length > 0);
    return kept.length > 0 ? kept : undefined;
  };
  return {
    name: values.name.trim(),
    url: values.url.trim(),
    currency: values.currency.trim().toUpperCase(),
    suggestedQuestions: list(values.suggestedQuestions),
    descriptionDelimiter: text(values.descriptionDelimiter),
    additionalDataSelector: text(values.additionalDataSelector),
    chunkSelectors: list(values.chunkSelectors),
    documents: list(values.documents),
    documentSelector: text(values.documentSelector),
    blogURL: text(values.blogURL),
  };
}

export function AddCompanyPage() {
  const addCompany = useAddCompany();
  const [created, setCreated] = useState<AddCompanyResponse | null>(null);
  const form = useForm<AddCompanyValues>({
    mode: "controlled",
    initialValues: EMPTY_VALUES,
    validate: zodFormValidator(addCompanyRequestSchema, toRequest),
  });

  const submit = (values: AddCompanyValues) => {
    if (addCompany.isPending) return;
    setCreated(null);
    addCompany.mutate(toRequest(values), {
      onSuccess: ({ data }) => {
        setCreated(data);
        form.reset();
      },
    });
  };

  const listProps = (field: ListField) => ({
    count: form.values[field].length,
    getInputProps: (index: number) => ({
      key: form.key(`${field}.${index}`),
      ...form.getInputProps(`${field}.${index}`),
    }),
    onAdd: () => form.insertListItem(field, ""),
    onRemove: (index: number) => form.removeListItem(field, index),
  });

  return (
    <Stack>
      <title>{texts.pageTitle(t.title)}</title>
      <div>
        <Title order={1} size="h2">
          {t.title}
        </Title>
        <Text c="dimmed">{t.description}</Text>
      </div>
      {created ? (
        <Alert color="green" title={t.successTitle} icon={<IconCircleCheck aria-hidden />} role="status">
          <Text size="sm">{t.successText(created.name)}</Text>
          <Group gap="xs" mt={6}>
            <Code data-testid="created-company-id">{created.companyID}</Code>
            <CopyButton value={created.companyID}>
              {({ copied, copy }) => (
                <Button variant="subtle" size="compact-xs" onClick={copy}>
                  {copied ? texts.common.copied : texts.common.copy}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Alert>
      ) : null}
      {addCompany.isError ? (
        <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
          {errorMessage(addCompany.error)}
        </Alert>
      ) : null}
      <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }}>
        <form noValidate onSubmit={form.onSubmit(submit)}>
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t.name} required {...form.getInputProps("name")} />
              <TextInput
                label={t.url}
                placeholder={t.urlPlaceholder}
                type="url"
                required
                {...form.getInputProps("url")}
              />
              <TextInput
                label={t.currency}
                description={t.currencyDescription}
                placeholder="EUR"
                maxLength={3}
                required
                {...form.getInputProps("currency")}
              />
            </SimpleGrid>
            <Divider />
            <RepeatableField
              legend={t.suggestedQuestions}
              itemLabel={t.suggestedQuestion}
              addLabel={t.addSuggestedQuestion}
              {...listProps("suggestedQuestions")}
            />
            <Divider />
            <Fieldset legend={t.productOptions} variant="unstyled">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t.descriptionDelimiter} {...form.getInputProps("descriptionDelimiter")} />
                <TextInput label={t.additionalDataSelector} {...form.getInputProps("additionalDataSelector")} />
              </SimpleGrid>
            </Fieldset>
            <RepeatableField
              legend={t.chunkSelectors}
              itemLabel={t.chunkSelector}
              addLabel={t.addChunkSelector}
              {...listProps("chunkSelectors")}
            />
            <Divider />
            <RepeatableField
              legend={t.pages}
              itemLabel={t.pageLink}
              addLabel={t.addPageLink}
              placeholder="https://"
              {...listProps("documents")}
            />
            <TextInput label={t.pageSelector} {...form.getInputProps("documentSelector")} />
            <TextInput label={t.blogURL} type="url" placeholder="https://" {...form.getInputProps("blogURL")} />
            <Group justify="flex-end">
              <Button type="submit" loading={addCompany.isPending}>
                {t.submit}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

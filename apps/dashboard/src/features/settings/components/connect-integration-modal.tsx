import {
  apiKeyCredentialsSchema,
  gorgiasCredentialsSchema,
  INTEGRATION_LABELS,
  type IntegrationApp,
  shopifyCredentialsSchema,
  zendeskCredentialsSchema,
} from "@harbor/contract/integrations";
import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput, ThemeIcon } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useState } from "react";
import { ModalFormError } from "../../../components/modal-form/modal-form-error";
import { useModalForm } from "../../../components/modal-form/use-modal-form";
import { texts } from "../../../lib/texts";
import { zodFormValidator } from "../../../lib/zod-form";
import { useAddIntegration } from "../api/integrations";
import { ZendeskOAuthForm } from "./zendesk-oauth-form";

const t = texts.settings.integrations;

type Field = { name: string; label: string; isSecret: boolean; placeholder?: string; type?: "email" };

/** Each app's form (spec §3 credential forms, §5 required fields); secrets are typed as passwords. */
const FORMS: Record<IntegrationApp, { fields: Field[]; schema: Parameters<typeof zodFormValidator>[0] }> = {
  shopify: {
    schema: shopifyCredentialsSchema,
    fields: [
      { name: "shopName", label: t.fields.shopName, isSecret: false, placeholder: t.fields.shopNamePlaceholder },
      { name: "adminApiAccessToken", label: t.fields.adminApiAccessToken, isSecret: true },
      { name: "apiKey", label: t.fields.apiKey, isSecret: true },
      { name: "apiSecretKey", label: t.fields.apiSecretKey, isSecret: true },
    ],
  },
  recharge: { schema: apiKeyCredentialsSchema, fields: [{ name: "apiKey", label: t.fields.apiKey, isSecret: true }] },
  loop: { schema: apiKeyCredentialsSchema, fields: [{ name: "apiKey", label: t.fields.apiKey, isSecret: true }] },
  zendesk: {
    schema: zendeskCredentialsSchema,
    fields: [
      {
        name: "domainName",
        label: t.fields.domainName,
        isSecret: false,
        placeholder: t.fields.zendeskDomainPlaceholder,
      },
      { name: "email", label: t.fields.email, isSecret: false, type: "email" },
      { name: "apiToken", label: t.fields.apiToken, isSecret: true },
    ],
  },
  gorgias: {
    schema: gorgiasCredentialsSchema,
    fields: [
      {
        name: "domainName",
        label: t.fields.domainName,
        isSecret: false,
        placeholder: t.fields.gorgiasDomainPlaceholder,
      },
      { name: "email", label: t.fields.email, isSecret: false, type: "email" },
      { name: "apiKey", label: t.fields.apiKey, isSecret: true },
    ],
  },
};

type ConnectIntegrationModalProps = {
  opened: boolean;
  app: IntegrationApp | null;
  /** An app already connected opens on the success screen (spec §4). */
  isConnected: boolean;
  /** Zendesk through its sign-in popup when this Harbor has an OAuth client (decision 058). */
  zendeskConnect?: "oauth" | "api-token";
  onClose: () => void;
};

/** "Add Source" (spec §2.5): the app's credentials, Continue, then a success screen. */
export function ConnectIntegrationModal({
  opened,
  app,
  isConnected,
  zendeskConnect,
  onClose,
}: ConnectIntegrationModalProps) {
  return (
    <Modal opened={opened && app !== null} onClose={onClose} title={t.modal.title} centered>
      {opened && app ? (
        <ConnectForm
          key={app}
          app={app}
          isConnected={isConnected}
          isOAuth={app === "zendesk" && zendeskConnect === "oauth"}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}

function ConnectForm({
  app,
  isConnected,
  isOAuth,
  onDone,
}: {
  app: IntegrationApp;
  isConnected: boolean;
  isOAuth: boolean;
  onDone: () => void;
}) {
  const { fields, schema } = FORMS[app];
  const label = INTEGRATION_LABELS[app];
  const add = useAddIntegration();
  const [isDone, setIsDone] = useState(isConnected);
  const { form, onSubmit } = useModalForm<Record<string, string>>({
    initialValues: Object.fromEntries(fields.map((field) => [field.name, ""])),
    validate: zodFormValidator(schema),
    requireChanges: false,
    save: async (values) => {
      await add.mutateAsync({ appName: app, credentials: values } as Parameters<typeof add.mutateAsync>[0]);
      setIsDone(true);
    },
  });

  if (isOAuth && !isDone) return <ZendeskOAuthForm onConnected={() => setIsDone(true)} />;
  if (isDone) {
    return (
      <Stack align="center" ta="center" role="status">
        <ThemeIcon size={56} radius="xl" color="green" variant="light">
          <IconCircleCheck size={34} aria-hidden />
        </ThemeIcon>
        <Text fw={600} size="lg">
          {t.modal.successTitle(label)}
        </Text>
        <Text size="sm" c="dimmed">
          {t.modal.successText}
        </Text>
        <Button onClick={onDone} data-autofocus>
          {t.modal.done}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t.connectApp(label)}>
      <Stack>
        <Text size="sm">{t.connectApp(label)}</Text>
        {/* The server's message (spec §8). */}
        <ModalFormError error={add.error} />
        {fields.map((field, index) => {
          const props = {
            label: field.label,
            placeholder: field.placeholder,
            withAsterisk: true,
            autoComplete: "off",
            "data-autofocus": index === 0 ? true : undefined,
            ...form.getInputProps(field.name),
          };
          return field.isSecret ? (
            <PasswordInput key={field.name} {...props} />
          ) : (
            <TextInput key={field.name} type={field.type ?? "text"} {...props} />
          );
        })}
        <Text size="xs" c="dimmed">
          {t.modal.secretNote}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending}>
            {t.modal.continue}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

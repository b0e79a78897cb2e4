import { startZendeskOAuthRequestSchema } from "@harbor/contract/integrations";
import { Alert, Anchor, Button, Group, Loader, Stack, Text, TextInput } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { ModalFormError } from "../../../components/modal-form/modal-form-error";
import { useModalForm } from "../../../components/modal-form/use-modal-form";
import { texts } from "../../../lib/texts";
import { zodFormValidator } from "../../../lib/zod-form";
import { useIntegrationsWhile, useStartZendeskOAuth } from "../api/integrations";
import { onZendeskOAuthResult } from "../zendesk-oauth-message";

const t = texts.settings.integrations;

/** The spec's popup size (part 2 §2.5). */
const POPUP_FEATURES = "popup,width=600,height=600";

type Phase =
  | { kind: "form" }
  | { kind: "waiting"; consentURL: string; isBlocked: boolean; connectedAtBefore: string | null }
  | { kind: "failed" };

/**
 * Zendesk through its consent popup (decision 058): the help desk's address, then Zendesk's own
 * sign-in in a 600x600 window. The form waits until the company's Zendesk card shows a new
 * connection (polled, or told at once by the result page) and then shows the modal's success.
 */
export function ZendeskOAuthForm({ onConnected }: { onConnected: () => void }) {
  const start = useStartZendeskOAuth();
  const [phase, setPhase] = useState<Phase>({ kind: "form" });
  const integrations = useIntegrationsWhile(phase.kind === "waiting");
  const zendesk = integrations.data?.integrations.zendesk;
  const onConnectedRef = useRef(onConnected);
  onConnectedRef.current = onConnected;

  useEffect(() => {
    if (phase.kind !== "waiting" || !zendesk?.isConnected) return;
    if (zendesk.connectedAt !== phase.connectedAtBefore) onConnectedRef.current();
  }, [phase, zendesk]);

  // The result page's word, heard only while this form waits for it (another tab's form may too).
  const { refetch } = integrations;
  const isWaiting = phase.kind === "waiting";
  useEffect(() => {
    if (!isWaiting) return;
    return onZendeskOAuthResult((result) => {
      if (result === "error") setPhase({ kind: "failed" });
      else void refetch();
    });
  }, [isWaiting, refetch]);

  const { form, onSubmit } = useModalForm<{ domainName: string }>({
    initialValues: { domainName: "" },
    validate: zodFormValidator(startZendeskOAuthRequestSchema),
    requireChanges: false,
    save: async (values) => {
      const { redirectURL } = await start.mutateAsync(values);
      const popup = window.open(redirectURL, "harbor-zendesk-oauth", POPUP_FEATURES);
      setPhase({
        kind: "waiting",
        consentURL: redirectURL,
        isBlocked: popup === null,
        connectedAtBefore: zendesk?.isConnected ? zendesk.connectedAt : null,
      });
    },
  });

  if (phase.kind === "waiting") {
    return (
      <Stack role="status" aria-live="polite">
        {phase.isBlocked ? (
          <Alert color="yellow" title={t.zendeskOAuth.popupBlocked}>
            <Anchor href={phase.consentURL} target="_blank" rel="noopener">
              {t.zendeskOAuth.openPopup}
            </Anchor>
          </Alert>
        ) : null}
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t.zendeskOAuth.waiting}</Text>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setPhase({ kind: "form" })} data-autofocus>
            {t.zendeskOAuth.cancel}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t.connectApp("Zendesk")}>
      <Stack>
        <Text size="sm">{t.zendeskOAuth.intro}</Text>
        {phase.kind === "failed" ? (
          <Alert color="red" role="alert">
            {t.zendeskOAuth.failed}
          </Alert>
        ) : null}
        <ModalFormError error={start.error} />
        <TextInput
          label={t.fields.domainName}
          placeholder={t.fields.zendeskDomainPlaceholder}
          withAsterisk
          autoComplete="off"
          data-autofocus
          {...form.getInputProps("domainName")}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={start.isPending}>
            {t.zendeskOAuth.signIn}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { INTEGRATION_LABELS, type IntegrationApp } from "@harbor/contract/integrations";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { errorMessage } from "../../../lib/api-client";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { useRemoveIntegration } from "../api/integrations";

const t = texts.settings.integrations;

type DisconnectIntegrationModalProps = { opened: boolean; app: IntegrationApp | null; onClose: () => void };

/** The spec's confirmation (§2.5): "Disconnect {app}?", Zendesk warns its documents go too. */
export function DisconnectIntegrationModal({ opened, app, onClose }: DisconnectIntegrationModalProps) {
  const remove = useRemoveIntegration();
  const label = app ? INTEGRATION_LABELS[app] : "";

  const confirm = () => {
    if (!opened || !app || remove.isPending) return;
    remove.mutate(
      { app },
      {
        onSuccess: ({ message }) => {
          notifySuccess({ message });
          onClose();
        },
        onError: (error) => notifyError({ message: errorMessage(error) }),
      },
    );
  };

  return (
    <Modal opened={opened && app !== null} onClose={onClose} title={t.disconnectTitle(label)} centered>
      <Stack gap="xs">
        <Text>{t.disconnectText}</Text>
        {app === "zendesk" ? <Text>{t.disconnectZendesk}</Text> : null}
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus>
          {texts.common.cancel}
        </Button>
        <Button color="red.9" onClick={confirm} loading={remove.isPending}>
          {t.disconnectConfirm}
        </Button>
      </Group>
    </Modal>
  );
}

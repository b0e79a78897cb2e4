import { INTEGRATION_LABELS, type IntegrationApp, type IntegrationState } from "@harbor/contract/integrations";
import { Anchor, Badge, Button, Group, Paper, Stack, Switch, Text, Title } from "@mantine/core";
import { errorMessage } from "../../../lib/api-client";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { useUpdateIntegration } from "../api/integrations";

const t = texts.settings.integrations;

type IntegrationCardProps = {
  app: IntegrationApp;
  state: IntegrationState;
  onConnect: () => void;
  onDisconnect: () => void;
};

/** One app's card (spec §2.5, §4): Connect, or the account, the Active toggle and Disconnect. */
export function IntegrationCard({ app, state, onConnect, onDisconnect }: IntegrationCardProps) {
  const label = INTEGRATION_LABELS[app];
  const update = useUpdateIntegration();
  const headingId = `integration-${app}`;

  // The toggle saves at once (spec §4); while it is on its way it shows the value asked for.
  const isActive = update.isPending && update.variables ? update.variables.isActive : state.isActive;
  const toggle = (next: boolean) => {
    if (update.isPending) return;
    update.mutate(
      { app, isActive: next },
      {
        onSuccess: ({ message }) => notifySuccess({ message }),
        onError: (error) => notifyError({ message: errorMessage(error) }),
      },
    );
  };

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h4" id={headingId}>
            {label}
          </Title>
          <Badge variant="dot" tt="none" color={state.isConnected ? "green" : "gray"}>
            {state.isConnected ? t.connected : t.notConnected}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t.apps[app]}
        </Text>
        {state.isConnected ? (
          <>
            <Text size="sm">
              <Text span fw={500}>
                {t.account(label)}:{" "}
              </Text>
              <AccountLink app={app} state={state} />
            </Text>
            <Group justify="space-between" mt="auto">
              <Switch
                label={t.active}
                aria-label={t.activeFor(label)}
                checked={isActive}
                disabled={update.isPending}
                onChange={(event) => toggle(event.currentTarget.checked)}
              />
              {/* Mantine's subtle variant draws the label in red.6 (3.3:1 on white) whatever the shade asked for. */}
              <Button
                variant="subtle"
                color="red.9"
                c="red.9"
                onClick={onDisconnect}
                aria-label={t.disconnectApp(label)}
              >
                {t.disconnect}
              </Button>
            </Group>
          </>
        ) : (
          <Group mt="auto">
            <Button onClick={onConnect} aria-label={t.connectApp(label)}>
              {t.connect}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** Shopify links to the shop's admin, the help desks to their domain; Recharge and Loop say "linked". */
function AccountLink({ app, state }: { app: IntegrationApp; state: IntegrationState }) {
  const host = app === "shopify" ? state.credentials.shopName : state.credentials.domainName;
  if (!host) return <Text span>{t.linked}</Text>;
  const href = app === "shopify" ? `https://${host}/admin` : `https://${host}`;
  return (
    <Anchor href={href} target="_blank" rel="noreferrer">
      {host}
    </Anchor>
  );
}

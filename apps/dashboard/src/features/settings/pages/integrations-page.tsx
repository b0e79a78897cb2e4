import { type IntegrationApp, integrationAppSchema } from "@harbor/contract/integrations";
import { Alert, SimpleGrid, Stack } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { PageHeader } from "../../../components/page-header";
import { PageLoader } from "../../../components/page-loader";
import { errorMessage } from "../../../lib/api-client";
import { texts } from "../../../lib/texts";
import { useIntegrations } from "../api/integrations";
import { ConnectIntegrationModal } from "../components/connect-integration-modal";
import { DisconnectIntegrationModal } from "../components/disconnect-integration-modal";
import { IntegrationCard } from "../components/integration-card";

const t = texts.settings.integrations;

/** The app stays set while a modal closes, so its title does not change during the fade-out. */
type ModalState = { isOpen: boolean; app: IntegrationApp | null };
const CLOSED: ModalState = { isOpen: false, app: null };

/** Settings → Integrations (spec part 2 §2.5): one card per app. */
export function IntegrationsPage() {
  const integrations = useIntegrations();
  const [connect, setConnect] = useState<ModalState>(CLOSED);
  const [disconnect, setDisconnect] = useState<ModalState>(CLOSED);
  const connectedApp = connect.app ? integrations.data?.integrations[connect.app] : undefined;

  return (
    <Stack>
      <PageHeader title={t.title} description={t.description} />
      {integrations.isPending ? (
        <PageLoader label={t.loading} />
      ) : integrations.isError ? (
        <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
          {errorMessage(integrations.error)}
        </Alert>
      ) : (
        // Each card is a region named by its app's heading.
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {integrationAppSchema.options.map((app) => (
            <IntegrationCard
              key={app}
              app={app}
              state={integrations.data.integrations[app]}
              onConnect={() => setConnect({ isOpen: true, app })}
              onDisconnect={() => setDisconnect({ isOpen: true, app })}
            />
          ))}
        </SimpleGrid>
      )}
      <ConnectIntegrationModal
        opened={connect.isOpen}
        app={connect.app}
        // The form reads it once as it opens (an app already connected opens on success).
        isConnected={connectedApp?.isConnected === true}
        zendeskConnect={integrations.data?.zendeskConnect}
        onClose={() => setConnect((state) => ({ ...state, isOpen: false }))}
      />
      <DisconnectIntegrationModal
        opened={disconnect.isOpen}
        app={disconnect.app}
        onClose={() => setDisconnect((state) => ({ ...state, isOpen: false }))}
      />
    </Stack>
  );
}

import type { WidgetSettings } from "@harbor/contract/widget";
import { Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { LoadFailure } from "../../../components/load-failure";
import { PageHeader } from "../../../components/page-header";
import { PageLoader } from "../../../components/page-loader";
import { texts } from "../../../lib/texts";
import { useWidgetSettings } from "../api/get-widget-settings";

/** A Chat Widget page: its header with a loader or the load failure until the settings are in. */
export function WidgetSettingsGate({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: (settings: WidgetSettings) => ReactNode;
}) {
  const settings = useWidgetSettings();
  if (settings.data) return children(settings.data);
  return (
    <Stack>
      <PageHeader title={title} description={description} />
      {settings.isError ? (
        <LoadFailure error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <PageLoader label={texts.chatWidget.loading} />
      )}
    </Stack>
  );
}

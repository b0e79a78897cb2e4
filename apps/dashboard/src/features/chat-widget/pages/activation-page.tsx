import type { ShopifyWidgetState, WidgetSettings } from "@harbor/contract/widget";
import {
  Alert,
  Anchor,
  Button,
  Code,
  CopyButton,
  Group,
  Stack,
  Switch,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconCheck, IconCopy, IconExternalLink } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { PageHeader } from "../../../components/page-header";
import { PageLoader } from "../../../components/page-loader";
import { SaveButton } from "../../../components/settings-form/save-button";
import { useSettingsForm } from "../../../components/settings-form/use-settings-form";
import { UnsavedChangesGuard } from "../../../components/unsaved-changes-guard/unsaved-changes-guard";
import { texts } from "../../../lib/texts";
import { useSaveWidgetSettings } from "../api/save-widget-settings";
import { shopifyWidgetQueryKey, toggleShopifyWidget, useShopifyWidget } from "../api/shopify-widget";
import { SettingsSection } from "../components/settings-section";
import { WidgetSettingsGate } from "../components/widget-settings-gate";
import { widgetDemoURL, widgetSnippet } from "../widget-snippet";

const t = texts.chatWidget.activation;

/**
 * /chat-widget/activation: the script tag with the widget's id, and the switch that turns the
 * widget on or off; with a Shopify store connected, "Enable widget on Shopify" (a script tag on
 * the store, added or removed by Save Changes when it changed) and how Online Store 2.0 themes
 * take the widget instead.
 */
export function ActivationPage() {
  return (
    <WidgetSettingsGate title={t.title} description={t.description}>
      {(settings) => <ActivationWithShop settings={settings} />}
    </WidgetSettingsGate>
  );
}

/** The form starts from the store's state (read from Shopify), so it waits for it. */
function ActivationWithShop({ settings }: { settings: WidgetSettings }) {
  const shop = useShopifyWidget();
  if (shop.isPending) return <PageLoader label={texts.chatWidget.loading} />;
  return <ActivationForm settings={settings} shop={shop.data ?? null} />;
}

type ActivationValues = { isActive: boolean; onShopify: boolean };

function ActivationForm({
  settings: widgetSettings,
  shop,
}: {
  settings: WidgetSettings;
  /** Null when Shopify did not answer. */
  shop: ShopifyWidgetState | null;
}) {
  const saveWidget = useSaveWidgetSettings();
  const queryClient = useQueryClient();
  // What the store has now: Save Changes toggles it only when the switch differs.
  const storeHas = useRef(shop?.isEnabled ?? false);
  const settings = useSettingsForm({
    initialValues: { isActive: widgetSettings.isActive, onShopify: storeHas.current } as ActivationValues,
    save: async ({ isActive, onShopify }) => {
      const saved = (await saveWidget.mutateAsync({ sections: { isActive } })).data;
      if (shop?.isConnected && onShopify !== storeHas.current) {
        const state = await toggleShopifyWidget();
        storeHas.current = state.isEnabled;
        queryClient.setQueryData(shopifyWidgetQueryKey, state);
      }
      return { isActive: saved.isActive, onShopify: storeHas.current };
    },
    valuesFrom: (saved) => saved,
    savedMessage: texts.chatWidget.notices.widgetSaved,
  });
  const { form } = settings;
  const snippet = widgetSnippet({ origin: window.location.origin, widgetID: widgetSettings.widgetID });

  return (
    <form {...settings.formProps}>
      <Stack>
        <PageHeader
          title={t.title}
          description={t.description}
          action={<SaveButton isChanged={settings.isChanged} isSaving={settings.isSaving} />}
        />
        <SettingsSection title={t.snippetHeading} description={t.snippetText}>
          <Switch
            label={t.enable}
            description={t.enableDescription}
            {...form.getInputProps("isActive", { type: "checkbox" })}
          />
          <Stack component="figure" gap={6} m={0}>
            <Text component="figcaption" size="sm" fw={500}>
              {t.snippetLabel}
            </Text>
            <Code block data-testid="widget-snippet" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {snippet}
            </Code>
            <Text size="xs" c="dimmed">
              {t.widgetId(widgetSettings.widgetID)}
            </Text>
          </Stack>
          <Group gap="sm">
            <CopyButton value={snippet}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? "light" : "default"}
                  color={copied ? "green.9" : undefined}
                  leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  onClick={copy}
                  aria-live="polite"
                >
                  {copied ? t.copied : t.copy}
                </Button>
              )}
            </CopyButton>
            <Anchor href={widgetDemoURL(widgetSettings.widgetID)} target="_blank" rel="noopener" size="sm">
              <Group gap={4} component="span">
                {t.tryIt}
                <IconExternalLink size={14} aria-hidden />
                <VisuallyHidden>{texts.common.opensInNewTab}</VisuallyHidden>
              </Group>
            </Anchor>
          </Group>
        </SettingsSection>
        {shop === null ? (
          <Alert color="yellow" title={t.shopifyHeading}>
            {t.shopifyUnavailable}
          </Alert>
        ) : shop.isConnected ? (
          <SettingsSection title={t.shopifyHeading} description={t.shopifyText}>
            <Switch
              label={t.shopifyEnable}
              description={t.shopifyEnableDescription}
              {...form.getInputProps("onShopify", { type: "checkbox" })}
            />
            <Stack gap={4}>
              <Title order={3} size="h5">
                {t.shopifyEmbedHeading}
              </Title>
              <Text size="sm">{t.shopifyEmbedText}</Text>
            </Stack>
          </SettingsSection>
        ) : null}
      </Stack>
      <UnsavedChangesGuard isDirty={settings.isChanged} />
    </form>
  );
}

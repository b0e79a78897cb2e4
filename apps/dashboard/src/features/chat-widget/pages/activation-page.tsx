import type { WidgetSettings } from "@harbor/contract/widget";
import { Anchor, Button, Code, CopyButton, Group, Stack, Switch, Text, VisuallyHidden } from "@mantine/core";
import { IconCheck, IconCopy, IconExternalLink } from "@tabler/icons-react";
import { PageHeader } from "../../../components/page-header";
import { SaveButton } from "../../../components/settings-form/save-button";
import { useSettingsForm } from "../../../components/settings-form/use-settings-form";
import { UnsavedChangesGuard } from "../../../components/unsaved-changes-guard/unsaved-changes-guard";
import { texts } from "../../../lib/texts";
import { useSaveWidgetSettings } from "../api/save-widget-settings";
import { SettingsSection } from "../components/settings-section";
import { WidgetSettingsGate } from "../components/widget-settings-gate";
import { widgetDemoURL, widgetSnippet } from "../widget-snippet";

const t = texts.chatWidget.activation;

/**
 * /chat-widget/activation: the script tag with the widget's id, and the switch that turns the
 * widget on or off. The "Enable widget on Shopify" switch comes with the Shopify integration.
 */
export function ActivationPage() {
  return (
    <WidgetSettingsGate title={t.title} description={t.description}>
      {(settings) => <ActivationForm settings={settings} />}
    </WidgetSettingsGate>
  );
}

function ActivationForm({ settings: widgetSettings }: { settings: WidgetSettings }) {
  const saveWidget = useSaveWidgetSettings();
  const settings = useSettingsForm({
    initialValues: { isActive: widgetSettings.isActive },
    save: async ({ isActive }) => (await saveWidget.mutateAsync({ sections: { isActive } })).data,
    valuesFrom: (saved) => ({ isActive: saved.isActive }),
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
      </Stack>
      <UnsavedChangesGuard isDirty={settings.isChanged} />
    </form>
  );
}

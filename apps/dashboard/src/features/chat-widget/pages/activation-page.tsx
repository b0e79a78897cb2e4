import type { WidgetSettings } from "@harbor/contract/widget";
import { Anchor, Button, Code, CopyButton, Group, Stack, Switch, Text, VisuallyHidden } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconCheck, IconCopy, IconDeviceFloppy, IconExternalLink } from "@tabler/icons-react";
import { useRef } from "react";
import { PageHeader } from "../../../components/page-header";
import { UnsavedChangesGuard } from "../../../components/unsaved-changes-guard/unsaved-changes-guard";
import { errorMessage } from "../../../lib/api-client";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { useSaveWidgetSettings } from "../api/save-widget-settings";
import { chatWidgetTexts } from "../chat-widget-texts";
import { SettingsSection } from "../components/settings-section";
import { WidgetSettingsGate } from "../components/widget-settings-gate";
import { widgetDemoURL, widgetSnippet } from "../widget-snippet";

const t = chatWidgetTexts.activation;

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

function ActivationForm({ settings }: { settings: WidgetSettings }) {
  const saveWidget = useSaveWidgetSettings();
  const isPendingRef = useRef(false);
  const form = useForm({ mode: "controlled", initialValues: { isActive: settings.isActive } });
  const isChanged = form.isDirty();
  const snippet = widgetSnippet({ origin: window.location.origin, widgetID: settings.widgetID });

  const save = async ({ isActive }: { isActive: boolean }) => {
    if (isPendingRef.current || !isChanged) return;
    isPendingRef.current = true;
    try {
      const { data } = await saveWidget.mutateAsync({ sections: { isActive } });
      form.setValues({ isActive: data.isActive });
      form.resetDirty({ isActive: data.isActive });
      notifySuccess({ message: chatWidgetTexts.notices.widgetSaved });
    } catch (error) {
      notifyError({ message: errorMessage(error) });
    } finally {
      isPendingRef.current = false;
    }
  };

  return (
    <form noValidate onSubmit={form.onSubmit((values) => void save(values))}>
      <Stack>
        <PageHeader
          title={t.title}
          description={t.description}
          action={
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={18} aria-hidden />}
              disabled={!isChanged}
              loading={saveWidget.isPending}
            >
              {chatWidgetTexts.saveChanges}
            </Button>
          }
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
              {t.widgetId(settings.widgetID)}
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
            <Anchor href={widgetDemoURL(settings.widgetID)} target="_blank" rel="noopener" size="sm">
              <Group gap={4} component="span">
                {t.tryIt}
                <IconExternalLink size={14} aria-hidden />
                <VisuallyHidden>{texts.common.opensInNewTab}</VisuallyHidden>
              </Group>
            </Anchor>
          </Group>
        </SettingsSection>
      </Stack>
      <UnsavedChangesGuard isDirty={isChanged} />
    </form>
  );
}

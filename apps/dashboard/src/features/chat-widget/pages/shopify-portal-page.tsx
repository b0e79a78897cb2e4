import {
  type CustomerAccountPortal,
  customerAccountPortalSchema,
  DEFAULT_CANCELLATION_RULES,
  type WidgetSettings,
} from "@harbor/contract/widget";
import { Alert, Button, Group, NativeSelect, Stack, Switch } from "@mantine/core";
import { IconInfoCircle, IconPencil } from "@tabler/icons-react";
import { useCallback, useState } from "react";
import { PageHeader } from "../../../components/page-header";
import { SaveButton } from "../../../components/settings-form/save-button";
import { useSettingsForm } from "../../../components/settings-form/use-settings-form";
import { UnsavedChangesGuard } from "../../../components/unsaved-changes-guard/unsaved-changes-guard";
import { texts } from "../../../lib/texts";
import { zodFormValidator } from "../../../lib/zod-form";
import { useSaveWidgetSettings } from "../api/save-widget-settings";
import { ActionRulesModal } from "../components/action-rules-modal";
import { OrderIssuesSection } from "../components/order-issues-section";
import { SettingsSection } from "../components/settings-section";
import { WidgetSettingsGate } from "../components/widget-settings-gate";

const t = texts.chatWidget.shopifyPortal;

/** Order Actions toggles in settings saved before them: tracking and cancellations were on, address changes off. */
type PortalDraft = {
  isActive: boolean;
  authentication: CustomerAccountPortal["authentication"];
  allowTracking: boolean;
  allowAddressChange: boolean;
  allowCancellation: boolean;
};

const draftFrom = (portal: CustomerAccountPortal): PortalDraft => ({
  isActive: portal.isActive,
  authentication: portal.authentication,
  allowTracking: portal.allowTracking ?? true,
  allowAddressChange: portal.allowAddressChange ?? false,
  allowCancellation: portal.allowCancellation ?? true,
});

/**
 * /chat-widget/shopify-portal (spec part 2 §2.3): the portal's settings and Order Actions, saved
 * with Save Changes; the cancellation Action Rules and the Order Issues are saved from their own
 * modals (decision 048). Every save sends the whole section, so each starts from what is stored.
 */
export function ShopifyPortalPage() {
  return (
    <WidgetSettingsGate title={t.title} description={t.description}>
      {(settings) => <ShopifyPortalForm settings={settings} />}
    </WidgetSettingsGate>
  );
}

function ShopifyPortalForm({ settings: widgetSettings }: { settings: WidgetSettings }) {
  const saveWidget = useSaveWidgetSettings();
  // The settings query answers every save: this is what is stored now, whichever part saved last.
  const stored = widgetSettings.customerAccountPortal;
  const [isRulesOpen, setRulesOpen] = useState(false);
  const [isRulesDirty, setRulesDirty] = useState(false);
  const [isIssueModalDirty, setIssueModalDirty] = useState(false);
  const settings = useSettingsForm({
    initialValues: draftFrom(stored),
    validate: zodFormValidator<PortalDraft>(customerAccountPortalSchema),
    save: async (draft) =>
      (await saveWidget.mutateAsync({ sections: { customerAccountPortal: { ...stored, ...draft } } })).data,
    valuesFrom: (saved) => draftFrom(saved.customerAccountPortal),
    savedMessage: texts.chatWidget.notices.widgetSaved,
  });
  const { form } = settings;
  const onRulesDirty = useCallback((isDirty: boolean) => setRulesDirty(isDirty), []);
  const onIssueModalDirty = useCallback((isDirty: boolean) => setIssueModalDirty(isDirty), []);
  const methodOptions = (["orderID", "email", "phone"] as const).map((value) => ({ value, label: t.methods[value] }));

  return (
    <Stack>
      <form {...settings.formProps}>
        <Stack>
          <PageHeader
            title={t.title}
            description={t.description}
            action={<SaveButton isChanged={settings.isChanged} isSaving={settings.isSaving} />}
          />
          <SettingsSection title={t.settingsHeading}>
            <Switch
              label={t.enable}
              description={t.enableDescription}
              {...form.getInputProps("isActive", { type: "checkbox" })}
            />
            <NativeSelect
              label={t.authentication}
              description={t.authenticationDescription}
              required
              data={methodOptions}
              {...form.getInputProps("authentication")}
            />
            {form.values.authentication === "phone" ? (
              <Alert color="blue" icon={<IconInfoCircle aria-hidden />}>
                {t.phoneCodes}
              </Alert>
            ) : null}
          </SettingsSection>
          <SettingsSection title={t.actionsHeading} description={t.actionsDescription}>
            <Switch
              label={t.allowTracking}
              description={t.allowTrackingDescription}
              {...form.getInputProps("allowTracking", { type: "checkbox" })}
            />
            <Switch
              label={t.allowAddressChange}
              description={t.allowAddressChangeDescription}
              {...form.getInputProps("allowAddressChange", { type: "checkbox" })}
            />
            {/* The switch's text gives way, not the button: at 375 px the button was pushed past the edge. */}
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Switch
                style={{ flex: 1, minWidth: 0 }}
                label={t.allowCancellation}
                description={t.allowCancellationDescription}
                {...form.getInputProps("allowCancellation", { type: "checkbox" })}
              />
              <Button
                variant="default"
                size="compact-sm"
                style={{ flexShrink: 0 }}
                leftSection={<IconPencil size={16} aria-hidden />}
                aria-label={t.editRulesLabel}
                onClick={() => setRulesOpen(true)}
              >
                {t.editRules}
              </Button>
            </Group>
          </SettingsSection>
        </Stack>
      </form>
      <OrderIssuesSection portal={stored} onDirtyChange={onIssueModalDirty} />
      <ActionRulesModal
        opened={isRulesOpen}
        rules={stored.cancellationRules ?? DEFAULT_CANCELLATION_RULES}
        portal={stored}
        onClose={() => setRulesOpen(false)}
        onDirtyChange={onRulesDirty}
      />
      <UnsavedChangesGuard isDirty={settings.isChanged || isRulesDirty || isIssueModalDirty} />
    </Stack>
  );
}

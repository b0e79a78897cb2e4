import type { WidgetSettings } from "@harbor/contract/widget";
import { Alert, Stack, Switch } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { PageHeader } from "../../../components/page-header";
import { SaveButton } from "../../../components/settings-form/save-button";
import { useSettingsForm } from "../../../components/settings-form/use-settings-form";
import { UnsavedChangesGuard } from "../../../components/unsaved-changes-guard/unsaved-changes-guard";
import { texts } from "../../../lib/texts";
import { activeHoursDraftFrom, toAvailableHours, validateActiveHoursDraft } from "../active-hours-draft";
import { useSaveActiveHours } from "../api/save-active-hours";
import { ScheduleEditor } from "../components/schedule-editor";
import { SettingsSection } from "../components/settings-section";
import { WidgetSettingsGate } from "../components/widget-settings-gate";
import { localOffsetMinutes } from "../time-slots";

const t = texts.chatWidget.activeHours;

/** /chat-widget/active-hours: when the widget is shown, edited in local time and stored in UTC. */
export function ActiveHoursPage() {
  return (
    <WidgetSettingsGate title={t.title} description={t.description}>
      {(settings) => <ActiveHoursForm settings={settings} />}
    </WidgetSettingsGate>
  );
}

function ActiveHoursForm({ settings: widgetSettings }: { settings: WidgetSettings }) {
  const saveHours = useSaveActiveHours();
  // One offset for loading and saving, so what is shown is what goes back.
  const [offsetMinutes] = useState(() => localOffsetMinutes());
  const [stored, setStored] = useState(widgetSettings.availableHours);
  const settings = useSettingsForm({
    initialValues: activeHoursDraftFrom(widgetSettings.availableHours, offsetMinutes),
    validate: validateActiveHoursDraft(texts.chatWidget.schedule.fixSlots),
    save: async (draft) => (await saveHours.mutateAsync(toAvailableHours({ draft, stored, offsetMinutes }))).data,
    valuesFrom: (saved) => activeHoursDraftFrom(saved.availableHours, offsetMinutes),
    onSaved: (saved) => setStored(saved.availableHours),
    savedMessage: texts.chatWidget.notices.activeHoursSaved,
  });
  const { form } = settings;
  const { values } = form;

  return (
    <form {...settings.formProps}>
      <Stack>
        <PageHeader
          title={t.title}
          description={t.description}
          action={<SaveButton isChanged={settings.isChanged} isSaving={settings.isSaving} />}
        />
        <SettingsSection title={t.sectionHeading}>
          <Switch label={t.enable} {...form.getInputProps("isActive", { type: "checkbox" })} />
          {values.isActive ? (
            <>
              <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />}>
                {t.alert}
              </Alert>
              <ScheduleEditor
                legend={t.schedule}
                days={values.days}
                onChange={(days) => {
                  form.setFieldValue("days", days);
                  form.clearFieldError("days");
                }}
                error={typeof form.errors.days === "string" ? form.errors.days : null}
              />
              <Switch label={t.showHandoff} {...form.getInputProps("showHandoff", { type: "checkbox" })} />
            </>
          ) : null}
        </SettingsSection>
      </Stack>
      <UnsavedChangesGuard isDirty={settings.isChanged} />
    </form>
  );
}

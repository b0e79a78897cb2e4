import type { WidgetSettings } from "@harbor/contract/widget";
import { Alert, Button, Stack, Switch } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertTriangle, IconDeviceFloppy } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { PageHeader } from "../../../components/page-header";
import { UnsavedChangesGuard } from "../../../components/unsaved-changes-guard/unsaved-changes-guard";
import { errorMessage } from "../../../lib/api-client";
import { notifyError, notifySuccess } from "../../../lib/notify";
import {
  type ActiveHoursDraft,
  activeHoursDraftFrom,
  toAvailableHours,
  validateActiveHoursDraft,
} from "../active-hours-draft";
import { useSaveActiveHours } from "../api/save-active-hours";
import { chatWidgetTexts } from "../chat-widget-texts";
import { ScheduleEditor } from "../components/schedule-editor";
import { SettingsSection } from "../components/settings-section";
import { WidgetSettingsGate } from "../components/widget-settings-gate";
import { localOffsetMinutes } from "../time-slots";

const t = chatWidgetTexts.activeHours;

/** /chat-widget/active-hours: when the widget is shown, edited in local time and stored in UTC. */
export function ActiveHoursPage() {
  return (
    <WidgetSettingsGate title={t.title} description={t.description}>
      {(settings) => <ActiveHoursForm settings={settings} />}
    </WidgetSettingsGate>
  );
}

function ActiveHoursForm({ settings }: { settings: WidgetSettings }) {
  const saveHours = useSaveActiveHours();
  const isPendingRef = useRef(false);
  // One offset for loading and saving, so what is shown is what goes back.
  const [offsetMinutes] = useState(() => localOffsetMinutes());
  const [stored, setStored] = useState(settings.availableHours);
  const form = useForm<ActiveHoursDraft>({
    mode: "controlled",
    initialValues: activeHoursDraftFrom(settings.availableHours, offsetMinutes),
    validate: validateActiveHoursDraft(chatWidgetTexts.schedule.fixSlots),
  });
  const isChanged = form.isDirty();
  const { values } = form;

  const save = async (draft: ActiveHoursDraft) => {
    if (isPendingRef.current || !isChanged) return;
    isPendingRef.current = true;
    try {
      const { data } = await saveHours.mutateAsync(toAvailableHours({ draft, stored, offsetMinutes }));
      const saved = activeHoursDraftFrom(data.availableHours, offsetMinutes);
      form.setValues(saved);
      form.resetDirty(saved);
      setStored(data.availableHours);
      notifySuccess({ message: chatWidgetTexts.notices.activeHoursSaved });
    } catch (error) {
      notifyError({ message: errorMessage(error) });
    } finally {
      isPendingRef.current = false;
    }
  };

  return (
    <form noValidate onSubmit={form.onSubmit((draft) => void save(draft))}>
      <Stack>
        <PageHeader
          title={t.title}
          description={t.description}
          action={
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={18} aria-hidden />}
              disabled={!isChanged}
              loading={saveHours.isPending}
            >
              {chatWidgetTexts.saveChanges}
            </Button>
          }
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
      <UnsavedChangesGuard isDirty={isChanged} />
    </form>
  );
}

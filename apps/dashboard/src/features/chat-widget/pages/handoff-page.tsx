import {
  agentAppSchema,
  type Handoff,
  ticketAppSchema,
  ticketStatusSchema,
  WIDGET_TEXT_MAX,
  WIDGET_TITLE_MAX,
  type WidgetSettings,
} from "@harbor/contract/widget";
import { NativeSelect, SimpleGrid, Stack, Switch, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { PageHeader } from "../../../components/page-header";
import { SaveButton } from "../../../components/settings-form/save-button";
import { useSettingsForm } from "../../../components/settings-form/use-settings-form";
import { UnsavedChangesGuard } from "../../../components/unsaved-changes-guard/unsaved-changes-guard";
import { texts } from "../../../lib/texts";
import { useSaveWidgetSettings } from "../api/save-widget-settings";
import { ScheduleEditor } from "../components/schedule-editor";
import { SettingsSection } from "../components/settings-section";
import { TextTranslationsFields } from "../components/text-translations-fields";
import { WidgetPictureField } from "../components/widget-picture-field";
import { WidgetSettingsGate } from "../components/widget-settings-gate";
import {
  type HandoffDraft,
  handoffDraftFrom,
  handoffVisibility,
  tawkIdFrom,
  toHandoff,
  validateHandoffDraft,
} from "../handoff-draft";
import { localOffsetMinutes } from "../time-slots";

const t = texts.chatWidget.handoff;
const choose = { value: "", label: t.choose, disabled: true };
const TICKET_APP_OPTIONS = [choose, ...ticketAppSchema.options.map((value) => ({ value, label: t.ticketApps[value] }))];
const AGENT_APP_OPTIONS = [choose, ...agentAppSchema.options.map((value) => ({ value, label: t.agentApps[value] }))];
const STATUS_OPTIONS = [
  { value: "", label: t.ticketStatus.placeholder, disabled: true },
  ...ticketStatusSchema.options.map((value) => ({ value, label: t.statuses[value] })),
];
/** Sub-fields sit indented under the switch that shows them. */
const NESTED = { pl: { base: 0, sm: "xl" } } as const;

/** /chat-widget/handoff: how visitors reach a person — a ticket, a live agent, and when the team is around. */
export function HandoffPage() {
  return (
    <WidgetSettingsGate title={t.title} description={t.description}>
      {(settings) => <HandoffForm settings={settings} />}
    </WidgetSettingsGate>
  );
}

function HandoffForm({ settings: widgetSettings }: { settings: WidgetSettings }) {
  const saveWidget = useSaveWidgetSettings();
  const [offsetMinutes] = useState(() => localOffsetMinutes());
  const [stored, setStored] = useState<Handoff>(widgetSettings.handoff);
  const [picture, setPicture] = useState<File | null>(null);
  const settings = useSettingsForm({
    initialValues: handoffDraftFrom(widgetSettings.handoff, offsetMinutes),
    validate: (draft: HandoffDraft) =>
      validateHandoffDraft({ stored, offsetMinutes, fixSlots: texts.chatWidget.schedule.fixSlots })(draft),
    hasOtherChanges: picture !== null,
    save: async (draft) => {
      const { data } = await saveWidget.mutateAsync({
        sections: { handoff: toHandoff({ draft, stored, offsetMinutes }) },
        picture: picture ? { flag: "agentImageAdded", file: picture } : null,
      });
      return data;
    },
    valuesFrom: (saved) => handoffDraftFrom(saved.handoff, offsetMinutes),
    onSaved: (saved) => {
      setStored(saved.handoff);
      setPicture(null);
    },
    savedMessage: texts.chatWidget.notices.handoffSaved,
  });
  const { form } = settings;
  const { values } = form;
  const shown = handoffVisibility(values);
  const human = stored.channels.agent.humanAgent;

  const daysError = form.errors["human.days"];

  return (
    <form {...settings.formProps}>
      <Stack>
        <PageHeader
          title={t.title}
          description={t.description}
          action={<SaveButton isChanged={settings.isChanged} isSaving={settings.isSaving} />}
        />

        <SettingsSection title={t.ticket.heading}>
          <Switch
            label={t.ticket.enable}
            description={t.ticket.enableDescription}
            {...form.getInputProps("ticket.isActive", { type: "checkbox" })}
          />
          {shown.ticketDetails ? (
            <Stack gap="sm" {...NESTED}>
              <Textarea
                label={t.ticket.message}
                required
                autosize
                minRows={2}
                maxRows={6}
                maxLength={WIDGET_TEXT_MAX}
                {...form.getInputProps("ticket.handoffMessage")}
              />
              <TextTranslationsFields
                legend={t.ticket.messagePerLanguage}
                label={t.ticket.messageFor}
                maxLength={WIDGET_TEXT_MAX}
                multiline
                inputProps={(language) => form.getInputProps(`ticket.handoffMessageTranslations.${language}`)}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NativeSelect
                  label={t.ticket.app}
                  required
                  data={TICKET_APP_OPTIONS}
                  {...form.getInputProps("ticket.appType")}
                />
                {shown.notificationEmail ? (
                  <TextInput
                    type="email"
                    label={t.ticket.email}
                    description={t.ticket.emailDescription}
                    required
                    autoComplete="email"
                    {...form.getInputProps("ticket.notificationEmail")}
                  />
                ) : null}
              </SimpleGrid>
            </Stack>
          ) : null}
        </SettingsSection>

        <SettingsSection title={t.agent.heading}>
          <Switch
            label={t.agent.enable}
            description={t.agent.enableDescription}
            {...form.getInputProps("agent.isActive", { type: "checkbox" })}
          />
          {shown.agentDetails ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} {...NESTED}>
              <NativeSelect
                label={t.agent.app}
                required
                data={AGENT_APP_OPTIONS}
                {...form.getInputProps("agent.appType")}
              />
              {shown.whatsapp ? (
                <TextInput
                  type="tel"
                  label={t.agent.whatsapp}
                  description={t.agent.whatsappDescription}
                  required
                  autoComplete="tel"
                  maxLength={20}
                  {...form.getInputProps("agent.whatsapp")}
                />
              ) : null}
              {shown.tawk ? (
                <TextInput
                  label={t.agent.tawk}
                  description={t.agent.tawkDescription}
                  // Room for Tawk's whole snippet, pasted: its id is taken from it.
                  maxLength={2000}
                  {...form.getInputProps("agent.tawk")}
                  onChange={(event) => form.setFieldValue("agent.tawk", tawkIdFrom(event.currentTarget.value))}
                />
              ) : null}
              {shown.zendeskKey ? (
                <TextInput
                  label={t.agent.zendeskKey}
                  description={t.agent.zendeskKeyDescription}
                  maxLength={80}
                  {...form.getInputProps("agent.zendeskKey")}
                />
              ) : null}
            </SimpleGrid>
          ) : null}
        </SettingsSection>

        {shown.humanAgent ? (
          <SettingsSection title={t.human.heading}>
            <Switch
              label={t.human.show}
              description={t.human.showDescription}
              {...form.getInputProps("human.showAvailability", { type: "checkbox" })}
            />
            {shown.humanDetails ? (
              <Stack gap="md" {...NESTED}>
                <WidgetPictureField
                  label={t.human.picture}
                  alt={t.human.pictureAlt}
                  url={human.profilePictureURL}
                  picture={picture}
                  onPictureChange={setPicture}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label={t.human.responseTime}
                    placeholder={t.human.responseTimePlaceholder}
                    required
                    maxLength={WIDGET_TITLE_MAX}
                    {...form.getInputProps("human.responseTime")}
                  />
                  <TextInput
                    label={t.human.availabilityMessage}
                    required
                    maxLength={WIDGET_TEXT_MAX}
                    {...form.getInputProps("human.availabilityMessage")}
                  />
                </SimpleGrid>
                <ScheduleEditor
                  legend={t.human.schedule}
                  days={values.human.days}
                  onChange={(days) => {
                    form.setFieldValue("human.days", days);
                    form.clearFieldError("human.days");
                  }}
                  error={typeof daysError === "string" ? daysError : null}
                />
              </Stack>
            ) : null}
          </SettingsSection>
        ) : null}

        {shown.ticketStatus ? (
          <SettingsSection title={t.ticketStatus.heading} description={t.ticketStatus.description}>
            <NativeSelect
              label={t.ticketStatus.chatHistory}
              required
              data={STATUS_OPTIONS}
              maw={360}
              {...form.getInputProps("chatHistory")}
            />
          </SettingsSection>
        ) : null}
      </Stack>
      <UnsavedChangesGuard isDirty={settings.isChanged} />
    </form>
  );
}

import {
  selfServicePortalSchema,
  WIDGET_TEXT_MAX,
  WIDGET_TITLE_MAX,
  type WidgetSettings,
} from "@harbor/contract/widget";
import { MultiSelect, Stack, Switch, TextInput } from "@mantine/core";
import { useCallback, useState } from "react";
import { LoadFailure } from "../../../components/load-failure";
import { PageHeader } from "../../../components/page-header";
import { PageLoader } from "../../../components/page-loader";
import { SaveButton } from "../../../components/settings-form/save-button";
import { useSettingsForm } from "../../../components/settings-form/use-settings-form";
import { UnsavedChangesGuard } from "../../../components/unsaved-changes-guard/unsaved-changes-guard";
import { texts } from "../../../lib/texts";
import { zodFormValidator } from "../../../lib/zod-form";
import { useCustomReplies } from "../api/get-custom-replies";
import { useKnowledgeSources } from "../api/get-knowledge-sources";
import { useSaveWidgetSettings } from "../api/save-widget-settings";
import { PortalLinksSection } from "../components/portal-links-section";
import { SettingsSection } from "../components/settings-section";
import { SuggestedQuestionsSection } from "../components/suggested-questions-section";
import { TextTranslationsFields } from "../components/text-translations-fields";
import { WidgetPictureField } from "../components/widget-picture-field";
import { WidgetSettingsGate } from "../components/widget-settings-gate";
import { type PortalDraft, portalDraftFrom, portalInput, toPortalSection } from "../portal-draft";

const t = texts.chatWidget.portal;
/** Sub-fields sit indented under the switch that shows them. */
const NESTED = { pl: { base: 0, sm: "xl" } } as const;

/** /chat-widget/self-serve-portal: the portal's look and AI search, its custom reply links and suggested questions. */
export function SelfServePortalPage() {
  const customReplies = useCustomReplies();
  const sources = useKnowledgeSources();
  return (
    <WidgetSettingsGate title={t.title} description={t.description}>
      {(settings) => {
        const failed = [customReplies, sources].find((query) => query.isError);
        if (customReplies.data && sources.data) {
          return (
            <PortalPage
              settings={settings}
              customReplies={customReplies.data}
              sourceOptions={sources.data.sources.map((source) => ({ value: source._id, label: source.name }))}
            />
          );
        }
        return (
          <Stack>
            <PageHeader title={t.title} description={t.description} />
            {failed ? (
              <LoadFailure error={failed.error} onRetry={() => void failed.refetch()} />
            ) : (
              <PageLoader label={texts.chatWidget.loading} />
            )}
          </Stack>
        );
      }}
    </WidgetSettingsGate>
  );
}

type PortalPageProps = {
  settings: WidgetSettings;
  customReplies: NonNullable<ReturnType<typeof useCustomReplies>["data"]>;
  sourceOptions: { value: string; label: string }[];
};

function PortalPage({ settings, customReplies, sourceOptions }: PortalPageProps) {
  const saveWidget = useSaveWidgetSettings();
  const [thumbnailURL, setThumbnailURL] = useState(settings.selfServicePortal.thumbnailURL);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [isLinkModalDirty, setLinkModalDirty] = useState(false);
  const [isQuestionModalDirty, setQuestionModalDirty] = useState(false);
  const portal = useSettingsForm({
    initialValues: portalDraftFrom(settings.selfServicePortal),
    validate: zodFormValidator<PortalDraft>(selfServicePortalSchema, portalInput),
    hasOtherChanges: thumbnail !== null,
    save: async (draft) => {
      const { data } = await saveWidget.mutateAsync({
        sections: { selfServicePortal: toPortalSection(draft, thumbnailURL) },
        picture: thumbnail ? { flag: "selfServiceIconAdded", file: thumbnail } : null,
      });
      return data;
    },
    valuesFrom: (saved) => portalDraftFrom(saved.selfServicePortal),
    onSaved: (saved) => {
      setThumbnailURL(saved.selfServicePortal.thumbnailURL);
      setThumbnail(null);
    },
    savedMessage: texts.chatWidget.notices.portalSaved,
  });
  const { form } = portal;
  const { values } = form;
  // A source deleted from the knowledge base still listed here stays choosable, so it can be removed.
  const knownSources = new Set(sourceOptions.map((option) => option.value));
  const allSourceOptions = [
    ...sourceOptions,
    ...values.aiSearch.activeSources.filter((id) => !knownSources.has(id)).map((id) => ({ value: id, label: id })),
  ];

  const onLinkModalDirty = useCallback((isDirty: boolean) => setLinkModalDirty(isDirty), []);
  const onQuestionModalDirty = useCallback((isDirty: boolean) => setQuestionModalDirty(isDirty), []);

  return (
    <Stack>
      <form {...portal.formProps}>
        <Stack>
          <PageHeader
            title={t.title}
            description={t.description}
            action={<SaveButton isChanged={portal.isChanged} isSaving={portal.isSaving} />}
          />
          <SettingsSection title={t.appearanceHeading}>
            <Switch label={t.enable} {...form.getInputProps("isActive", { type: "checkbox" })} />
            <WidgetPictureField
              label={t.icon}
              alt={t.iconAlt}
              url={thumbnailURL}
              picture={thumbnail}
              onPictureChange={setThumbnail}
            />
            <TextInput
              label={t.portalTitle}
              required
              maxLength={WIDGET_TITLE_MAX}
              autoComplete="off"
              {...form.getInputProps("messages.title")}
            />
            <TextTranslationsFields
              legend={t.titlePerLanguage}
              label={t.titleFor}
              maxLength={WIDGET_TITLE_MAX}
              inputProps={(language) => form.getInputProps(`messages.titleTranslations.${language}`)}
            />
            <TextInput
              label={t.subtitle}
              required
              maxLength={WIDGET_TEXT_MAX}
              autoComplete="off"
              {...form.getInputProps("messages.description")}
            />
            <TextTranslationsFields
              legend={t.subtitlePerLanguage}
              label={t.subtitleFor}
              maxLength={WIDGET_TEXT_MAX}
              inputProps={(language) => form.getInputProps(`messages.descriptionTranslations.${language}`)}
            />
          </SettingsSection>
          <SettingsSection title={t.aiSearchHeading}>
            <Switch
              label={t.aiSearch}
              description={t.aiSearchDescription}
              {...form.getInputProps("aiSearch.isActive", { type: "checkbox" })}
            />
            {values.aiSearch.isActive ? (
              <Stack gap="sm" {...NESTED}>
                <TextInput
                  label={t.placeholder}
                  required
                  maxLength={WIDGET_TITLE_MAX}
                  autoComplete="off"
                  {...form.getInputProps("aiSearch.placeholder")}
                />
                <TextTranslationsFields
                  legend={t.placeholderPerLanguage}
                  label={t.placeholderFor}
                  maxLength={WIDGET_TITLE_MAX}
                  inputProps={(language) => form.getInputProps(`aiSearch.placeholderTranslations.${language}`)}
                />
                <MultiSelect
                  label={t.sources}
                  description={t.sourcesDescription}
                  placeholder={values.aiSearch.activeSources.length === 0 ? t.sourcesPlaceholder : undefined}
                  required
                  data={allSourceOptions}
                  searchable
                  clearable
                  {...form.getInputProps("aiSearch.activeSources")}
                />
              </Stack>
            ) : null}
          </SettingsSection>
        </Stack>
      </form>
      <PortalLinksSection
        links={settings.selfServicePortal.customReplies}
        customReplies={customReplies}
        onDirtyChange={onLinkModalDirty}
      />
      <SuggestedQuestionsSection
        questions={settings.selfServicePortal.suggestedQuestions}
        customReplies={customReplies}
        onDirtyChange={onQuestionModalDirty}
      />
      <UnsavedChangesGuard isDirty={portal.isChanged || isLinkModalDirty || isQuestionModalDirty} />
    </Stack>
  );
}

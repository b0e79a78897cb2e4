import { visitorLanguageSchema } from "@harbor/contract/ai-agent";
import {
  DEFAULT_BRAND_COLOR,
  DEFAULT_BUBBLE_TEXT_COLOR,
  OPENING_MESSAGE_MAX,
  OPENING_MESSAGES_MAX,
  type WidgetSettings,
  widgetButtonSchema,
} from "@harbor/contract/widget";
import {
  ActionIcon,
  Box,
  Button,
  Fieldset,
  Grid,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { PageHeader } from "../../../components/page-header";
import { SaveButton } from "../../../components/settings-form/save-button";
import { useSettingsForm } from "../../../components/settings-form/use-settings-form";
import { UnsavedChangesGuard } from "../../../components/unsaved-changes-guard/unsaved-changes-guard";
import { SECONDARY_BUTTON } from "../../../components/upload-button";
import { texts } from "../../../lib/texts";
import { zodFormValidator } from "../../../lib/zod-form";
import { useSaveWidgetSettings } from "../api/save-widget-settings";
import {
  type AppearanceDraft,
  appearanceDraftFrom,
  appearanceInput,
  appearanceSectionsSchema,
  toAppearanceSections,
} from "../appearance-draft";
import { backgroundOrDefault, contrastRatio, MIN_TEXT_CONTRAST, textOrDefault } from "../colors";
import { ColorField } from "../components/color-field";
import { SettingsSection } from "../components/settings-section";
import { TextTranslationsFields } from "../components/text-translations-fields";
import { useObjectURL, WidgetPictureField } from "../components/widget-picture-field";
import { WidgetPreview } from "../components/widget-preview";
import { WidgetSettingsGate } from "../components/widget-settings-gate";

const t = texts.chatWidget.appearance;
const SIZE_OPTIONS = widgetButtonSchema.shape.size.options.map((value) => ({ value, label: t.button.sizes[value] }));
const LANGUAGE_OPTIONS = [
  { value: "", label: t.language.browser },
  ...visitorLanguageSchema.options.map((value) => ({ value, label: t.language[value] })),
];
const POSITION_SIDES = ["top", "left", "bottom", "right"] as const;

/** /chat-widget/appearance: opening messages, colours, the chat button and notifications, with a live preview. */
export function AppearancePage() {
  return (
    <WidgetSettingsGate title={t.title} description={t.description}>
      {(settings) => <AppearanceForm settings={settings} />}
    </WidgetSettingsGate>
  );
}

/** A low-contrast warning for a bubble's text colour, or nothing. */
function contrastHint(text: string, background: string): string | undefined {
  const ratio = contrastRatio(textOrDefault(text), backgroundOrDefault(background));
  return ratio !== null && ratio < MIN_TEXT_CONTRAST ? t.colors.lowContrast(ratio.toFixed(1)) : undefined;
}

function AppearanceForm({ settings: widgetSettings }: { settings: WidgetSettings }) {
  const saveWidget = useSaveWidgetSettings();
  const [iconURL, setIconURL] = useState(widgetSettings.button.customIconURL);
  const [icon, setIcon] = useState<File | null>(null);
  const [isIconRemoved, setIconRemoved] = useState(false);
  const iconPreviewURL = useObjectURL(icon);
  const settings = useSettingsForm({
    initialValues: appearanceDraftFrom(widgetSettings),
    validate: zodFormValidator<AppearanceDraft>(appearanceSectionsSchema, appearanceInput),
    hasOtherChanges: icon !== null || isIconRemoved,
    save: async (draft) => {
      const { data } = await saveWidget.mutateAsync({
        sections: toAppearanceSections(draft, isIconRemoved ? null : iconURL),
        picture: icon ? { flag: "customIconAdded", file: icon } : null,
        removedPicture: isIconRemoved ? "customIconAdded" : null,
      });
      return data;
    },
    valuesFrom: appearanceDraftFrom,
    onSaved: (saved) => {
      setIconURL(saved.button.customIconURL);
      setIcon(null);
      setIconRemoved(false);
    },
    savedMessage: texts.chatWidget.notices.widgetSaved,
  });
  const { form } = settings;
  const { values } = form;
  const sections = toAppearanceSections(values, isIconRemoved ? null : iconURL);

  const messageLabel = (index: number) => (index === 0 ? t.openingMessages.first : t.openingMessages.subsequent(index));
  const canRemoveMessages = values.openingMessages.length > 1;

  return (
    <form {...settings.formProps}>
      <Stack>
        <PageHeader
          title={t.title}
          description={t.description}
          action={<SaveButton isChanged={settings.isChanged} isSaving={settings.isSaving} />}
        />
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack>
              <SettingsSection title={t.openingMessages.heading} description={t.openingMessages.description}>
                <Stack gap="sm">
                  {values.openingMessages.map((_, index) => {
                    const label = messageLabel(index);
                    return (
                      // Messages have no id; a message is its position in the list.
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above
                      <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
                        <Textarea
                          label={label}
                          autosize
                          minRows={2}
                          maxRows={6}
                          maxLength={OPENING_MESSAGE_MAX}
                          flex={1}
                          {...form.getInputProps(`openingMessages.${index}`)}
                        />
                        {canRemoveMessages ? (
                          <ActionIcon
                            variant="subtle"
                            color="red.9"
                            size="lg"
                            mb={4}
                            aria-label={texts.common.remove(label)}
                            onClick={() => form.removeListItem("openingMessages", index)}
                          >
                            <IconTrash size={18} aria-hidden />
                          </ActionIcon>
                        ) : null}
                      </Group>
                    );
                  })}
                  {values.openingMessages.length < OPENING_MESSAGES_MAX ? (
                    <Group>
                      <Button
                        {...SECONDARY_BUTTON}
                        leftSection={<IconPlus size={16} aria-hidden />}
                        onClick={() => form.insertListItem("openingMessages", "")}
                      >
                        {t.openingMessages.add}
                      </Button>
                    </Group>
                  ) : null}
                </Stack>
                <TextTranslationsFields
                  legend={t.openingMessages.perLanguage.heading}
                  description={t.openingMessages.perLanguage.description}
                  label={t.openingMessages.perLanguage.label}
                  maxLength={OPENING_MESSAGE_MAX}
                  multiline
                  inputProps={(language) => form.getInputProps(`openingMessageTranslations.${language}`)}
                  mt="md"
                />
              </SettingsSection>

              <SettingsSection title={t.colors.heading} description={t.colors.description}>
                <ColorField
                  label={t.colors.brand}
                  placeholder={DEFAULT_BRAND_COLOR}
                  fallback={DEFAULT_BRAND_COLOR}
                  {...form.getInputProps("theme.brand.brandColor")}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <ColorField
                    label={t.colors.customerBackground}
                    placeholder={DEFAULT_BRAND_COLOR}
                    fallback={DEFAULT_BRAND_COLOR}
                    {...form.getInputProps("theme.chatBubble.customer.backgroundColor")}
                  />
                  <ColorField
                    label={t.colors.customerText}
                    placeholder={DEFAULT_BUBBLE_TEXT_COLOR}
                    fallback={DEFAULT_BUBBLE_TEXT_COLOR}
                    description={contrastHint(
                      values.theme.chatBubble.customer.textColor,
                      values.theme.chatBubble.customer.backgroundColor,
                    )}
                    {...form.getInputProps("theme.chatBubble.customer.textColor")}
                  />
                  <ColorField
                    label={t.colors.aiBackground}
                    placeholder={DEFAULT_BRAND_COLOR}
                    fallback={DEFAULT_BRAND_COLOR}
                    description={t.colors.aiBackgroundDefault}
                    {...form.getInputProps("theme.chatBubble.aiAgent.backgroundColor")}
                  />
                  <ColorField
                    label={t.colors.aiText}
                    placeholder={DEFAULT_BUBBLE_TEXT_COLOR}
                    fallback={DEFAULT_BUBBLE_TEXT_COLOR}
                    description={contrastHint(
                      values.theme.chatBubble.aiAgent.textColor,
                      values.theme.chatBubble.aiAgent.backgroundColor,
                    )}
                    {...form.getInputProps("theme.chatBubble.aiAgent.textColor")}
                  />
                </SimpleGrid>
              </SettingsSection>

              <SettingsSection title={t.button.heading}>
                <Switch
                  label={t.button.show}
                  description={t.button.showDescription}
                  {...form.getInputProps("button.show", { type: "checkbox" })}
                />
                <WidgetPictureField
                  label={t.button.icon}
                  alt={t.button.iconAlt}
                  url={iconURL}
                  picture={icon}
                  onPictureChange={setIcon}
                  removal={{ isRemoved: isIconRemoved, onChange: setIconRemoved }}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <NativeSelect
                    label={t.button.size}
                    required
                    data={SIZE_OPTIONS}
                    {...form.getInputProps("button.size")}
                  />
                  <NumberInput
                    label={t.button.zIndex}
                    description={t.button.zIndexDescription}
                    required
                    min={0}
                    max={2_147_483_647}
                    allowNegative={false}
                    allowDecimal={false}
                    clampBehavior="strict"
                    {...form.getInputProps("button.zIndex")}
                  />
                </SimpleGrid>
                <Fieldset legend={t.button.position} variant="unstyled">
                  <Text size="xs" c="dimmed" mb="xs">
                    {t.button.positionDescription}
                  </Text>
                  <SimpleGrid cols={{ base: 2, sm: 4 }}>
                    {POSITION_SIDES.map((side) => (
                      <NumberInput
                        key={side}
                        label={t.button[side]}
                        min={0}
                        max={2000}
                        allowNegative={false}
                        allowDecimal={false}
                        clampBehavior="strict"
                        suffix=" px"
                        {...form.getInputProps(`button.position.${side}`)}
                      />
                    ))}
                  </SimpleGrid>
                </Fieldset>
              </SettingsSection>

              <SettingsSection title={t.notifications.heading}>
                <Switch
                  label={t.notifications.sound}
                  {...form.getInputProps("notifications.enableSound", { type: "checkbox" })}
                />
                <Switch
                  label={t.notifications.welcome}
                  description={t.notifications.welcomeDescription}
                  {...form.getInputProps("notifications.enableWelcomeMessage", { type: "checkbox" })}
                />
                <NativeSelect
                  label={t.language.label}
                  description={t.language.description}
                  data={LANGUAGE_OPTIONS}
                  maw={360}
                  {...form.getInputProps("language")}
                />
              </SettingsSection>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            {/* Stays in view while the form scrolls, below the 64 px app header. */}
            <Box pos="sticky" top={80}>
              <Title order={3} size="h4" mb="xs">
                {texts.chatWidget.preview.heading}
              </Title>
              <WidgetPreview
                theme={sections.theme}
                openingMessages={sections.openingMessages}
                button={sections.button}
                iconURL={iconPreviewURL ?? iconURL}
              />
            </Box>
          </Grid.Col>
        </Grid>
      </Stack>
      <UnsavedChangesGuard isDirty={settings.isChanged} />
    </form>
  );
}

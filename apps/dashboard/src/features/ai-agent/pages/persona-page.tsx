import {
  type AiAgent,
  COMPANY_INDUSTRY_MAX,
  COMPANY_NAME_MAX,
  PERSONA_DESIGNATION_MAX,
  PERSONA_NAME_MAX,
  PERSONA_TEXT_MAX,
  responseLengthSchema,
  responseToneSchema,
  savePersonaPartsSchema,
} from "@harbor/contract/ai-agent";
import { NativeSelect, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { LoadFailure } from "../../../components/load-failure";
import { PageHeader } from "../../../components/page-header";
import { PageLoader } from "../../../components/page-loader";
import { SaveButton } from "../../../components/settings-form/save-button";
import { useSettingsForm } from "../../../components/settings-form/use-settings-form";
import { UnsavedChangesGuard } from "../../../components/unsaved-changes-guard/unsaved-changes-guard";
import { texts } from "../../../lib/texts";
import { zodFormValidator } from "../../../lib/zod-form";
import { useAiAgent } from "../api/get-ai-agent";
import { useSaveAiAgent } from "../api/save-ai-agent";
import { CharacterCounter } from "../components/character-counter";
import { ProfilePictureField } from "../components/profile-picture-field";
import { type PersonaDraft, personaDraftFrom, toSavePersonaRequest } from "../persona-draft";

const t = texts.aiAgent.persona;
const TONE_OPTIONS = responseToneSchema.options.map((value) => ({ value, label: t.tones[value] }));
const LENGTH_OPTIONS = responseLengthSchema.options.map((value) => ({ value, label: t.lengths[value] }));
/** The counter sits under its text field and is read with it (aria-describedby). */
const COUNTER_ORDER: ("label" | "input" | "description" | "error")[] = ["label", "input", "description", "error"];

/** /ai-agent/persona: who the agent is, and the company it speaks for. */
export function PersonaPage() {
  const agent = useAiAgent();
  if (agent.isPending || agent.isError) {
    return (
      <Stack>
        <PageHeader title={t.title} description={t.description} />
        {agent.isPending ? (
          <PageLoader label={texts.aiAgent.loading} />
        ) : (
          <LoadFailure error={agent.error} onRetry={() => void agent.refetch()} />
        )}
      </Stack>
    );
  }
  return <PersonaForm agent={agent.data} />;
}

function PersonaForm({ agent }: { agent: AiAgent }) {
  const saveAgent = useSaveAiAgent();
  const [thumbnailURL, setThumbnailURL] = useState(agent.persona.thumbnailURL);
  const [picture, setPicture] = useState<File | null>(null);
  const settings = useSettingsForm({
    initialValues: personaDraftFrom(agent),
    validate: zodFormValidator<PersonaDraft>(savePersonaPartsSchema),
    hasOtherChanges: picture !== null,
    save: async (draft) => (await saveAgent.mutateAsync(toSavePersonaRequest(draft, picture))).data,
    valuesFrom: personaDraftFrom,
    onSaved: (saved) => {
      setThumbnailURL(saved.persona.thumbnailURL);
      setPicture(null);
    },
    savedMessage: texts.aiAgent.saved,
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
        <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }}>
          <Stack gap="md">
            <Title order={3} size="h4">
              {t.profileHeading}
            </Title>
            <ProfilePictureField
              name={values.persona.name}
              thumbnailURL={thumbnailURL}
              picture={picture}
              onPictureChange={setPicture}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t.name}
                placeholder={t.namePlaceholder}
                required
                maxLength={PERSONA_NAME_MAX}
                autoComplete="off"
                {...form.getInputProps("persona.name")}
              />
              <TextInput
                label={t.designation}
                placeholder={t.designationPlaceholder}
                required
                maxLength={PERSONA_DESIGNATION_MAX}
                autoComplete="off"
                {...form.getInputProps("persona.designation")}
              />
            </SimpleGrid>
            <Textarea
              label={t.characteristics}
              placeholder={t.characteristicsPlaceholder}
              required
              autosize
              minRows={3}
              maxRows={8}
              inputWrapperOrder={COUNTER_ORDER}
              description={<CharacterCounter count={values.persona.characteristics.length} max={PERSONA_TEXT_MAX} />}
              {...form.getInputProps("persona.characteristics")}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NativeSelect
                label={t.responseTone}
                required
                data={TONE_OPTIONS}
                {...form.getInputProps("persona.responseTone")}
              />
              <NativeSelect
                label={t.responseLength}
                required
                data={LENGTH_OPTIONS}
                {...form.getInputProps("persona.responseLength")}
              />
            </SimpleGrid>
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }}>
          <Stack gap="md">
            <div>
              <Title order={3} size="h4">
                {t.companyHeading}
              </Title>
              <Text size="sm" c="dimmed">
                {t.companyDescription}
              </Text>
            </div>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t.companyName}
                required
                maxLength={COMPANY_NAME_MAX}
                autoComplete="organization"
                {...form.getInputProps("company.name")}
              />
              <TextInput
                label={t.industry}
                placeholder={t.industryPlaceholder}
                maxLength={COMPANY_INDUSTRY_MAX}
                autoComplete="off"
                {...form.getInputProps("company.industry")}
              />
            </SimpleGrid>
            <Textarea
              label={t.companyDescriptionLabel}
              placeholder={t.companyDescriptionPlaceholder}
              autosize
              minRows={3}
              maxRows={8}
              inputWrapperOrder={COUNTER_ORDER}
              description={<CharacterCounter count={values.company.description.length} max={PERSONA_TEXT_MAX} />}
              {...form.getInputProps("company.description")}
            />
          </Stack>
        </Paper>
      </Stack>
      <UnsavedChangesGuard isDirty={settings.isChanged} />
    </form>
  );
}

import { type VisitorLanguage, visitorLanguageSchema } from "@harbor/contract/ai-agent";
import { Fieldset, type MantineSpacing, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { texts } from "../../../lib/texts";

const t = texts.chatWidget.perLanguage;

/**
 * A shop text's versions for English, Dutch and Hebrew visitors (decisions 051, 057), under the
 * text itself: one labelled field per language ("Title for Dutch visitors"), the Hebrew one typed
 * right to left. A version left empty shows those visitors the text for everyone.
 */
export function TextTranslationsFields({
  legend,
  description = t.description,
  label,
  maxLength,
  multiline = false,
  inputProps,
  mt,
}: {
  legend: string;
  description?: string;
  /** The field's label from the language's name ("Dutch"). */
  label: (language: string) => string;
  maxLength: number;
  /** A textarea for messages; one line for titles and placeholders. */
  multiline?: boolean;
  /** form.getInputProps of the language's field. */
  inputProps: (language: VisitorLanguage) => GetInputPropsReturnType;
  mt?: MantineSpacing;
}) {
  const fields = visitorLanguageSchema.options.map((language) => {
    const common = {
      label: label(t.languages[language]),
      // Hebrew is typed right to left; English and Dutch may quote either, so they follow the text.
      dir: language === "he" ? "rtl" : "auto",
      maxLength,
      autoComplete: "off",
      ...inputProps(language),
    } as const;
    return multiline ? (
      <Textarea key={language} autosize minRows={1} maxRows={6} {...common} />
    ) : (
      <TextInput key={language} {...common} />
    );
  });
  return (
    <Fieldset legend={legend} variant="unstyled" mt={mt}>
      <Text size="sm" c="dimmed" mb="xs">
        {description}
      </Text>
      {multiline ? <Stack gap="sm">{fields}</Stack> : <SimpleGrid cols={{ base: 1, sm: 3 }}>{fields}</SimpleGrid>}
    </Fieldset>
  );
}

import { Alert, List, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { texts } from "../../../lib/texts";

const t = texts.knowledgeBase.instructionFlags;

/**
 * The sentences of a document that read as instructions to the AI (prompt injection), which the
 * server leaves out of answers (decision 030): shown to the admin with what they mean, so a planted
 * one is found and removed where it came from. Nothing when there are none.
 */
export function InstructionFlagsAlert({ flags }: { flags: readonly string[] }) {
  if (flags.length === 0) return null;
  return (
    <Alert color="yellow" title={t.title} icon={<IconAlertTriangle aria-hidden />} data-testid="instruction-flags">
      <Text size="sm" mb="xs">
        {t.explanation}
      </Text>
      <List size="sm" spacing={4}>
        {flags.map((sentence, index) => (
          // The same sentence may appear twice in a document; the list never reorders.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <List.Item key={index} dir="auto" style={{ overflowWrap: "anywhere" }}>
            {sentence}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

import { Text } from "@mantine/core";
import { texts } from "../../../lib/texts";

/** "12 / 250 characters" under a text field; red once the text is too long. */
export function CharacterCounter({ count, max }: { count: number; max: number }) {
  const isOver = count > max;
  return (
    <Text
      component="span"
      size="xs"
      fw={isOver ? 600 : undefined}
      c={isOver ? "var(--mantine-color-error)" : "dimmed"}
      data-over={isOver}
      data-testid="character-counter"
    >
      {texts.aiAgent.persona.characterCount(count, max)}
    </Text>
  );
}

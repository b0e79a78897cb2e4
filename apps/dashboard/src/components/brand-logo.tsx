import { Group, Text, ThemeIcon } from "@mantine/core";
import { IconLifebuoy } from "@tabler/icons-react";
import { texts } from "../lib/texts";

export function BrandLogo() {
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={30} radius="md" aria-hidden>
        <IconLifebuoy size={20} />
      </ThemeIcon>
      <Text component="span" fw={800} fz="xl" c="var(--mantine-color-text)">
        {texts.appName}
      </Text>
    </Group>
  );
}

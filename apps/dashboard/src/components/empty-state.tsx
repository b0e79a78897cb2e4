import { Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";

type EmptyStateProps = {
  icon: ReactNode;
  title: string;
  text: string;
  headingOrder?: 2 | 3;
  action?: ReactNode;
};

export function EmptyState({ icon, title, text, headingOrder = 2, action }: EmptyStateProps) {
  return (
    <Stack align="center" gap="xs" py={48} px="md" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={headingOrder} size="h3">
        {title}
      </Title>
      <Text c="dimmed" maw={420}>
        {text}
      </Text>
      {action}
    </Stack>
  );
}

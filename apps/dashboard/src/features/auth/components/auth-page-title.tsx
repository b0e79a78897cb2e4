import { Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { texts } from "../../../lib/texts";

/** Heading of an auth screen; also sets the document title. */
export function AuthPageTitle({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <Stack gap={6} ta="center">
      <title>{texts.pageTitle(title)}</title>
      <Title order={1} size="h2">
        {title}
      </Title>
      {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
    </Stack>
  );
}

import { Group, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { texts } from "../lib/texts";

/** A page's document title, heading, one-line description and its main action. */
export function PageHeader({
  title,
  description,
  action,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  return (
    <>
      <title>{texts.pageTitle(title)}</title>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2}>{title}</Title>
          {description ? (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          ) : null}
        </div>
        {action}
      </Group>
    </>
  );
}

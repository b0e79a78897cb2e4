import { safeHttpURL } from "@harbor/contract/answer-links";
import type { CustomerPortal } from "@harbor/contract/message-data";
import { Anchor, Group, Paper, Stack, Text, ThemeIcon, Title, VisuallyHidden } from "@mantine/core";
import { IconUserCircle } from "@tabler/icons-react";
import { texts } from "../../../../lib/texts";

const t = texts.inbox.messages;

/** The shop's customer portal as the AI offered it: where the customer manages orders and subscriptions. */
export function CustomerPortalMessage({ portal }: { portal: CustomerPortal }) {
  const href = safeHttpURL(portal.url);
  return (
    <Paper withBorder radius="md" p="sm" maw={{ base: "92%", sm: "80%" }} w="100%" data-testid="customer-portal">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" radius="xl" size="lg" aria-hidden>
          <IconUserCircle size={20} />
        </ThemeIcon>
        <Stack gap={4} miw={0}>
          <Text size="xs" c="dimmed" fw={600}>
            {t.customerPortal}
          </Text>
          {portal.title ? (
            <Title order={4} size="h6" dir="auto">
              {portal.title}
            </Title>
          ) : null}
          {portal.description ? (
            <Text size="sm" dir="auto">
              {portal.description}
            </Text>
          ) : null}
          {href ? (
            <Anchor
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              style={{ overflowWrap: "anywhere" }}
            >
              {t.openCustomerPortal}
              <VisuallyHidden>{texts.common.opensInNewTab}</VisuallyHidden>
            </Anchor>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}

import { safeHttpURL } from "@harbor/contract/answer-links";
import type { HandoffTicket } from "@harbor/contract/message-data";
import { Anchor, Group, Paper, Stack, Text, ThemeIcon, VisuallyHidden } from "@mantine/core";
import { IconAlertTriangle, IconTicket } from "@tabler/icons-react";
import { texts } from "../../../../lib/texts";

const t = texts.inbox.messages.handoffTicket;

/**
 * The chat's ticket in a help desk, made when it was handed off (decision 041): its number with a
 * link to it there, or why there is none, so staff know to file it by hand.
 */
export function HandoffTicketMessage({ ticket, time }: { ticket: HandoffTicket; time: string }) {
  const app = t.apps[ticket.app];
  const href = safeHttpURL(ticket.url ?? "");
  const isCreated = ticket.status === "created" && ticket.ticketID;
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      maw={{ base: "92%", sm: "80%" }}
      w="100%"
      mx="auto"
      data-testid="handoff-ticket"
      data-status={ticket.status}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color={isCreated ? undefined : "red"} radius="xl" size="md" aria-hidden>
          {isCreated ? <IconTicket size={16} /> : <IconAlertTriangle size={16} />}
        </ThemeIcon>
        <Stack gap={2} miw={0}>
          {isCreated ? (
            href ? (
              <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
                {t.created(ticket.ticketID ?? "", app)}
                <VisuallyHidden>{texts.common.opensInNewTab}</VisuallyHidden>
              </Anchor>
            ) : (
              <Text size="sm" fw={600}>
                {t.created(ticket.ticketID ?? "", app)}
              </Text>
            )
          ) : (
            <Text size="sm" fw={600} c="red.8">
              {t.notCreated(app)}
            </Text>
          )}
          {!isCreated && ticket.reason ? <Text size="sm">{ticket.reason}</Text> : null}
          {isCreated && ticket.ticketStatus ? (
            <Text size="xs" c="dimmed">
              {t.withStatus(ticket.ticketStatus)}
            </Text>
          ) : null}
          {time ? (
            <Text size="xs" c="dimmed">
              {time}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}

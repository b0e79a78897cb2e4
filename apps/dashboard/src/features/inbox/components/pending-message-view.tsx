import { Box, Button, Group, Text } from "@mantine/core";
import { texts } from "../../../lib/texts";
import type { PendingMessage } from "../pending-messages";
import { MessageBubble, MessageGroup } from "./messages/message-bubble";

const t = texts.inbox.takeover.pending;

/** A reply or note on its way: shown as it will look, marked Sending…, or Not sent with Retry. */
export function PendingMessageView({
  item,
  onRetry,
  onDiscard,
}: {
  item: PendingMessage;
  onRetry: (item: PendingMessage) => void;
  onDiscard: (item: PendingMessage) => void;
}) {
  const tone = item.kind === "note" ? "note" : "agent";
  const isFailed = item.status === "failed";
  const state = isFailed ? t.failed : t.sending;
  return (
    <Box data-testid="pending-message" data-status={item.status} style={{ opacity: isFailed ? 1 : 0.75 }}>
      <MessageGroup tone={tone} label={tone === "note" ? `${texts.inbox.messages.internalNote} · ${state}` : state}>
        <MessageBubble tone={tone} text={item.message} />
        {isFailed ? (
          <Group gap="xs" justify="flex-end" wrap="wrap">
            <Text size="xs" c="red.8" role="alert">
              {item.error ?? texts.common.genericError}
            </Text>
            <Button size="compact-xs" variant="light" onClick={() => onRetry(item)}>
              {t.retry}
            </Button>
            <Button size="compact-xs" variant="subtle" color="gray" c="gray.8" onClick={() => onDiscard(item)}>
              {t.discard}
            </Button>
          </Group>
        ) : null}
      </MessageGroup>
    </Box>
  );
}

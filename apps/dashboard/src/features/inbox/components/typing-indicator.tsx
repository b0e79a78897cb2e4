import { Text } from "@mantine/core";
import { texts } from "../../../lib/texts";
import type { TypingInChat } from "../use-live-inbox";

const t = texts.inbox.takeover.typing;

/** "Customer is typing…" and colleagues by name; a live region, always there, so changes are read out. */
export function TypingIndicator({ typing }: { typing: TypingInChat }) {
  const parts = [...(typing.isCustomerTyping ? [t.customer] : []), ...typing.agentNames.map(t.agent)];
  return (
    <Text size="xs" c="dimmed" px="md" mih={18} role="status" aria-live="polite" data-testid="typing-indicator">
      {parts.join(" · ")}
    </Text>
  );
}

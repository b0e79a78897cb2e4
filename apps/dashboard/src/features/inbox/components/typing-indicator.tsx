import { Text } from "@mantine/core";
import { takeoverTexts } from "../takeover-texts";
import type { TypingInChat } from "../use-live-inbox";

const t = takeoverTexts.typing;

/** "Customer is typing…" and colleagues by name; a live region, always there, so changes are read out. */
export function TypingIndicator({ typing }: { typing: TypingInChat }) {
  const parts = [...(typing.isCustomerTyping ? [t.customer] : []), ...typing.agentNames.map(t.agent)];
  return (
    <Text size="xs" c="dimmed" px="md" mih={18} role="status" aria-live="polite" data-testid="typing-indicator">
      {parts.join(" · ")}
    </Text>
  );
}

import type { InboxChat } from "@harbor/contract/chat";
import { Badge } from "@mantine/core";
import { texts } from "../../../lib/texts";
import { CHAT_STATUS_COLORS, chatStatusDisplay } from "../chat-status";

/**
 * Resolved (green), Ticket Raised (red; "Ticket" in the list) or Open (yellow). The dot variant keeps
 * the label dark on white; a light yellow badge would fall below 4.5:1.
 */
export function ChatStatusBadge({
  chat,
  isShort = false,
}: {
  chat: Pick<InboxChat, "resolved" | "status">;
  isShort?: boolean;
}) {
  const status = chatStatusDisplay(chat);
  return (
    <Badge variant="dot" color={CHAT_STATUS_COLORS[status]} tt="none" data-status={status}>
      {(isShort ? texts.inbox.listStatus : texts.inbox.status)[status]}
    </Badge>
  );
}

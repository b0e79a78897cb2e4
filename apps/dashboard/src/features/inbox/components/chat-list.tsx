import { DEFAULT_CUSTOMER_NAME, type InboxChat } from "@harbor/contract/chat";
import { Box, Center, Group, Loader, Stack, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { IconFlagFilled } from "@tabler/icons-react";
import { Link, useSearchParams } from "react-router";
import { texts } from "../../../lib/texts";
import { useLoadMoreNearBottom } from "../../../lib/use-load-more-near-bottom";
import { withTicket } from "../inbox-filter";
import { formatListTime } from "../list-time";
import { ChatStatusBadge } from "./chat-status-badge";

const t = texts.inbox.list;

type ChatListProps = {
  chats: InboxChat[];
  selectedTicketID: string | null;
  /** False while a call is in flight or once a page came back empty. */
  canLoadMore: boolean;
  onLoadMore: () => void;
  isLoadingMore: boolean;
};

function ChatRow({ chat, isSelected }: { chat: InboxChat; isSelected: boolean }) {
  const [search] = useSearchParams();
  const name = chat.customer.name || DEFAULT_CUSTOMER_NAME;
  const isUnread = !chat.chatRead;
  return (
    <UnstyledButton
      component={Link}
      to={withTicket(search, chat.ticketID)}
      aria-current={isSelected ? "true" : undefined}
      data-chat-id={chat.chatID}
      data-testid="chat-row"
      display="block"
      px="sm"
      py="xs"
      bg={isSelected ? "var(--mantine-color-harbor-0)" : undefined}
      // The focus ring is drawn inside the row: the list scrolls, and a ring outside it was cut off
      // to a line under the row, which looked like the next row's.
      style={{ borderBottom: "1px solid var(--mantine-color-gray-3)", outlineOffset: -2 }}
    >
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Group gap={6} wrap="nowrap" miw={0}>
          {isUnread ? (
            <Box
              w={8}
              h={8}
              bg="var(--mantine-color-harbor-6)"
              style={{ borderRadius: "50%", flex: "none" }}
              aria-hidden
            />
          ) : null}
          <Text size="sm" fw={isUnread ? 700 : 500} truncate dir="auto">
            {name}
          </Text>
          {isUnread ? <VisuallyHidden>{t.unread}</VisuallyHidden> : null}
        </Group>
        <Text size="xs" c="dimmed" style={{ flex: "none" }} data-testid="chat-time">
          {formatListTime(chat.lastMessageAt)}
        </Text>
      </Group>
      <Text size="sm" c={isUnread ? undefined : "dimmed"} fw={isUnread ? 600 : 400} lineClamp={1} dir="auto">
        {chat.lastMessage || t.noMessage}
      </Text>
      <Group gap={6} mt={4}>
        <ChatStatusBadge chat={chat} isShort />
        {chat.isFlagged ? (
          <Group gap={2} c="red.8">
            <IconFlagFilled size={14} aria-hidden />
            <Text size="xs" c="red.8">
              {t.flagged}
            </Text>
          </Group>
        ) : null}
      </Group>
    </UnstyledButton>
  );
}

/** The chats of the chosen filter; the next page loads within 30 px of the bottom (spec part 1 §4). */
export function ChatList({ chats, selectedTicketID, canLoadMore, onLoadMore, isLoadingMore }: ChatListProps) {
  const { ref, onScroll } = useLoadMoreNearBottom<HTMLDivElement>({ canLoadMore, onLoadMore });
  return (
    <Box ref={ref} onScroll={onScroll} role="region" aria-label={t.region} h="100%" style={{ overflowY: "auto" }}>
      <Stack gap={0} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {chats.map((chat) => (
          <li key={chat.chatID}>
            <ChatRow chat={chat} isSelected={chat.ticketID === selectedTicketID} />
          </li>
        ))}
      </Stack>
      {isLoadingMore ? (
        <Center role="status" py="sm">
          <Loader size="sm" />
          <VisuallyHidden>{t.loadingMore}</VisuallyHidden>
        </Center>
      ) : null}
    </Box>
  );
}

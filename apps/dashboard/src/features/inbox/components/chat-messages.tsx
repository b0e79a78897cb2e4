import type { ChatMessage as Message } from "@harbor/contract/chat";
import { Box, Center, Divider, Loader, Stack, VisuallyHidden } from "@mantine/core";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { texts } from "../../../lib/texts";
import { LOAD_MORE_THRESHOLD_PX } from "../../../lib/use-load-more-near-bottom";
import { ChatMessage } from "./messages/chat-message";

type ChatMessagesProps = {
  messages: Message[];
  /** The company's own hosts: links in answers go only there. */
  linkHosts: readonly string[];
  /** True when older messages exist and none are on their way. */
  canLoadOlder: boolean;
  onLoadOlder: () => void;
  isLoadingOlder: boolean;
  header?: ReactNode;
  /** Replies and notes on their way, under the stored messages. */
  pending?: ReactNode;
  pendingCount?: number;
  footer?: ReactNode;
};

/** Within this of the bottom the reader is following the chat, and new messages keep it in view. */
const AT_BOTTOM_PX = 40;

/**
 * The messages, newest at the bottom. Scrolling to within 30 px of the top loads the 20 before;
 * they are put in above without moving what the reader is looking at. A new message scrolls it
 * into view when the reader was at the bottom (never while they read further up); one's own
 * send always does.
 */
export function ChatMessages({
  messages,
  linkHosts,
  canLoadOlder,
  onLoadOlder,
  isLoadingOlder,
  header,
  pending,
  pendingCount = 0,
  footer,
}: ChatMessagesProps) {
  const ref = useRef<HTMLDivElement>(null);
  /** Distance from the bottom when older messages were asked for; null scrolls to the newest. */
  const keptDistance = useRef<number | null>(null);
  const isAtBottom = useRef(true);
  const shownPending = useRef(pendingCount);
  const oldestID = messages[0]?._id;
  const newestID = messages.at(-1)?._id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when older messages arrive at the top
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.scrollTop = element.scrollHeight - (keptDistance.current ?? 0);
    keptDistance.current = null;
  }, [oldestID]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a message arrives at the bottom
  useLayoutEffect(() => {
    const element = ref.current;
    const hasSent = pendingCount > shownPending.current;
    shownPending.current = pendingCount;
    if (element && (isAtBottom.current || hasSent)) element.scrollTop = element.scrollHeight;
  }, [newestID, pendingCount]);

  const onScroll = () => {
    const element = ref.current;
    if (!element) return;
    isAtBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight <= AT_BOTTOM_PX;
    if (!canLoadOlder || element.scrollTop > LOAD_MORE_THRESHOLD_PX) return;
    keptDistance.current = element.scrollHeight - element.scrollTop;
    onLoadOlder();
  };

  return (
    <Box
      ref={ref}
      onScroll={onScroll}
      role="log"
      aria-label={texts.inbox.chat.messages}
      // Focusable so the messages scroll with the keyboard.
      tabIndex={0}
      flex={1}
      mih={0}
      p="md"
      style={{ overflowY: "auto" }}
      data-testid="chat-messages"
    >
      <Stack gap="md">
        {isLoadingOlder ? (
          <Center role="status">
            <Loader size="sm" />
            <VisuallyHidden>{texts.inbox.chat.loadingOlder}</VisuallyHidden>
          </Center>
        ) : null}
        {header}
        {messages.map((message) => (
          <ChatMessage key={message._id} message={message} linkHosts={linkHosts} />
        ))}
        {pending}
        {footer}
      </Stack>
    </Box>
  );
}

export function EndOfConversation() {
  return <Divider label={texts.inbox.chat.endOfConversation} labelPosition="center" c="dimmed" />;
}

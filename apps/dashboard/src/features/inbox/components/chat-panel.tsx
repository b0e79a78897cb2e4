import type { Chat, ChatMessage } from "@harbor/contract/chat";
import { Alert, Badge, Box, Button, Collapse, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconArrowLeft, IconFlagFilled } from "@tabler/icons-react";
import type { Ref } from "react";
import { Link } from "react-router";
import { PageLoader } from "../../../components/page-loader";
import { texts } from "../../../lib/texts";
import { visiblePending } from "../pending-messages";
import type { TypingInChat } from "../use-live-inbox";
import type { PendingMessages } from "../use-pending-messages";
import { ChatActions } from "./chat-actions";
import { ChatComposer, type ComposerDraft, EMPTY_DRAFT } from "./chat-composer";
import { ChatMessages, EndOfConversation } from "./chat-messages";
import { ChatStatusBadge } from "./chat-status-badge";
import { ChatSummary } from "./chat-summary";
import { PendingMessageView } from "./pending-message-view";
import { TypingIndicator } from "./typing-indicator";

const t = texts.inbox.chat;

type ChatPanelProps = {
  chat: Chat | undefined;
  messages: ChatMessage[];
  isLoading: boolean;
  isError: boolean;
  canLoadOlder: boolean;
  onLoadOlder: () => void;
  isLoadingOlder: boolean;
  onDeleted: () => void;
  onMarkedUnread: () => void;
  /** On a phone: where the back button leads (the list). */
  backTo?: string;
  /** Where the side summary has no column of its own, it folds open under the header. */
  hasCollapsibleSummary: boolean;
  /** Replies and notes on their way, of every chat (the panel shows this chat's). */
  pendingMessages: PendingMessages;
  typing: TypingInChat;
  onTyping: (chatID: string, isTyping: boolean) => void;
  /** Unsent reply box contents by chat. */
  drafts: Record<string, ComposerDraft>;
  onDraftChange: (chatID: string, draft: ComposerDraft) => void;
  /** The reply box, for the r shortcut. */
  composerRef: Ref<HTMLTextAreaElement>;
};

function PreChatForm({ fields }: { fields: Chat["workflows"]["preChat"]["fields"] }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="pre-chat-form">
      <Title order={3} size="h6" mb={4}>
        {t.preChatForm}
      </Title>
      <Table withRowBorders={false} verticalSpacing={2}>
        <Table.Tbody>
          {fields.map((field) => (
            <Table.Tr key={field.key}>
              <Table.Th fw={500} w="40%" dir="auto">
                {field.title}
              </Table.Th>
              <Table.Td dir="auto" style={{ overflowWrap: "anywhere" }}>
                {field.value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function CollapsibleSummary({ chat }: { chat: Chat }) {
  const [isOpen, { toggle }] = useDisclosure(false);
  return (
    <Box>
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={toggle}
        aria-expanded={isOpen}
        aria-controls="chat-summary-fold"
      >
        {isOpen ? texts.inbox.summary.hide : texts.inbox.summary.show}
      </Button>
      <Collapse in={isOpen} id="chat-summary-fold">
        <Box pt="xs">
          <ChatSummary chat={chat} />
        </Box>
      </Collapse>
    </Box>
  );
}

/** The open chat: Ticket ID, status pills, actions, the pre-chat form, the messages and the reply box. */
export function ChatPanel(props: ChatPanelProps) {
  const { chat, messages, isLoading, isError, backTo, hasCollapsibleSummary, pendingMessages } = props;
  const back = backTo ? (
    <Button
      component={Link}
      to={backTo}
      variant="subtle"
      size="compact-sm"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      {t.back}
    </Button>
  ) : null;
  if (isLoading) return <PageLoader label={t.loading} />;
  if (isError || !chat) {
    // A failed single-chat lookup shows nothing of its own (spec part 1 §8): only the way back.
    return (
      <Stack p="md">
        {back}
        <Alert color="gray" variant="outline">
          {t.loadFailed}
        </Alert>
      </Stack>
    );
  }
  const preChatFields = chat.workflows.preChat.fields;
  const pending = visiblePending(
    pendingMessages.pending.filter((item) => item.chatID === chat.chatID),
    messages,
  );
  return (
    <Stack gap={0} h="100%" component="section" aria-label={t.region}>
      <Stack gap="xs" p="md" style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}>
        {back}
        {/* Title and actions share a line where the column allows (one row of controls, decision 032). */}
        {/* Never wraps: at 1,280 px the chat column is ~400 px, and a wide ticket ID used to push the
            actions onto a row of their own, taking it from the conversation. The title breaks first. */}
        <Group justify="space-between" gap="xs" align="flex-start" wrap="nowrap">
          <Stack gap={4} miw={0}>
            <Title order={2} size="h5" style={{ overflowWrap: "anywhere" }}>
              {t.ticketID(chat.ticketID)}
            </Title>
            <Group gap={6}>
              <ChatStatusBadge chat={chat} />
              {chat.isFlagged ? (
                // Not the dot variant: its dot and the flag icon fight for the left side and push the
                // label out of the pill. Dark red text on light red stays above 4.5:1.
                <Badge
                  variant="light"
                  color="red"
                  c="red.9"
                  tt="none"
                  miw="max-content"
                  data-testid="flagged-pill"
                  leftSection={<IconFlagFilled size={12} aria-hidden style={{ display: "block" }} />}
                >
                  {texts.inbox.flagged}
                </Badge>
              ) : null}
            </Group>
          </Stack>
          <ChatActions chat={chat} onDeleted={props.onDeleted} onMarkedUnread={props.onMarkedUnread} />
        </Group>
        {hasCollapsibleSummary ? <CollapsibleSummary chat={chat} /> : null}
      </Stack>
      <ChatMessages
        messages={messages}
        linkHosts={chat.linkHosts}
        canLoadOlder={props.canLoadOlder}
        onLoadOlder={props.onLoadOlder}
        isLoadingOlder={props.isLoadingOlder}
        header={preChatFields.length > 0 ? <PreChatForm fields={preChatFields} /> : null}
        pending={pending.map((item) => (
          <PendingMessageView
            key={item.clientMessageID}
            item={item}
            onRetry={pendingMessages.retry}
            onDiscard={pendingMessages.discard}
          />
        ))}
        pendingCount={pending.length}
        footer={chat.resolved || chat.isEnded ? <EndOfConversation /> : null}
      />
      {messages.length === 0 && pending.length === 0 && !chat.resolved ? (
        <Text size="sm" c="dimmed" p="md">
          {texts.inbox.list.noMessage}
        </Text>
      ) : null}
      <TypingIndicator typing={props.typing} />
      <ChatComposer
        key={chat.chatID}
        chatID={chat.chatID}
        draft={props.drafts[chat.chatID] ?? EMPTY_DRAFT}
        onDraftChange={(draft) => props.onDraftChange(chat.chatID, draft)}
        textareaRef={props.composerRef}
        onTyping={props.onTyping}
        onSend={(kind, message) =>
          pendingMessages.submit({ chatID: chat.chatID, kind, message, afterMessageID: messages.at(-1)?._id ?? null })
        }
      />
    </Stack>
  );
}

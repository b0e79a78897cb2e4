import type { Chat } from "@harbor/contract/chat";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import {
  IconCheck,
  IconFlag,
  IconFlagOff,
  IconHandStop,
  IconMailOpened,
  IconRefresh,
  IconRobot,
  IconTicket,
  IconTrash,
} from "@tabler/icons-react";
import { useState } from "react";
import { texts } from "../../../lib/texts";
import { useDeleteChat } from "../api/delete-chat";
import { useMarkChatUnread } from "../api/mark-chat-unread";
import { useToggleChatFlag } from "../api/toggle-chat-flag";
import { useToggleChatResolution } from "../api/toggle-chat-resolution";
import { useToggleTakeover } from "../api/toggle-takeover";
import { useToggleTicket } from "../api/toggle-ticket";

const t = texts.inbox.chat;

/**
 * Take over / Hand back to AI (human takeover) and Raise ticket; a ticket chat has Clear ticket
 * and take over instead (the ticket toggle back to human, decision 031). Resolve / Reopen, Flag / Remove flag, Mark as unread (disabled on an unread chat) and Delete. Toggles
 * send the inverse of the current value (spec part 1 §4); failures show nothing (see get-inbox).
 */
export function ChatActions({
  chat,
  onDeleted,
  onMarkedUnread,
}: {
  chat: Chat;
  onDeleted: () => void;
  /** Marking unread parks the chat for later: it closes, or showing it would open (read) it again. */
  onMarkedUnread: () => void;
}) {
  const toggleResolution = useToggleChatResolution();
  const toggleFlag = useToggleChatFlag();
  const markUnread = useMarkChatUnread();
  const deleteChat = useDeleteChat();
  const toggleTakeover = useToggleTakeover();
  const toggleTicket = useToggleTicket();
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const { chatID } = chat;
  const isTicket = chat.status === "ticket";
  const isTakingOver = chat.status === "open";
  return (
    <Group gap="xs" role="group" aria-label={t.actions}>
      {isTicket ? (
        // Clearing a ticket hands the chat to a person (status human), so it is the ticket's take-over.
        <Button
          size="xs"
          variant="default"
          leftSection={<IconHandStop size={16} aria-hidden />}
          loading={toggleTicket.isPending}
          onClick={() => toggleTicket.mutate({ chatID, status: "human" })}
        >
          {t.clearTicket}
        </Button>
      ) : (
        <>
          <Button
            size="xs"
            variant="default"
            leftSection={isTakingOver ? <IconHandStop size={16} aria-hidden /> : <IconRobot size={16} aria-hidden />}
            loading={toggleTakeover.isPending}
            onClick={() => toggleTakeover.mutate({ chatID, isTakingOver })}
          >
            {isTakingOver ? texts.inbox.takeover.takeOver : texts.inbox.takeover.handBack}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconTicket size={16} aria-hidden />}
            loading={toggleTicket.isPending}
            onClick={() => toggleTicket.mutate({ chatID, status: "ticket" })}
          >
            {t.raiseTicket}
          </Button>
        </>
      )}
      <Button
        size="xs"
        variant={chat.resolved ? "default" : "filled"}
        leftSection={chat.resolved ? <IconRefresh size={16} aria-hidden /> : <IconCheck size={16} aria-hidden />}
        loading={toggleResolution.isPending}
        onClick={() => toggleResolution.mutate({ chatID, resolved: !chat.resolved })}
      >
        {chat.resolved ? t.reopen : t.resolve}
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={chat.isFlagged ? <IconFlagOff size={16} aria-hidden /> : <IconFlag size={16} aria-hidden />}
        loading={toggleFlag.isPending}
        onClick={() => toggleFlag.mutate({ chatID, isFlagged: !chat.isFlagged })}
      >
        {chat.isFlagged ? t.removeFlag : t.flag}
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconMailOpened size={16} aria-hidden />}
        loading={markUnread.isPending}
        disabled={!chat.chatRead}
        onClick={() => markUnread.mutate({ chatID }, { onSuccess: onMarkedUnread })}
      >
        {t.markUnread}
      </Button>
      <Button
        size="xs"
        variant="default"
        color="red"
        c="red.9"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={() => setIsConfirmingDelete(true)}
      >
        {t.delete}
      </Button>
      <Modal opened={isConfirmingDelete} onClose={() => setIsConfirmingDelete(false)} title={t.deleteTitle} centered>
        <Stack>
          <Text size="sm">{t.deleteText}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setIsConfirmingDelete(false)}>
              {texts.common.cancel}
            </Button>
            <Button
              color="red.9"
              loading={deleteChat.isPending}
              onClick={() =>
                deleteChat.mutate(
                  { chatID },
                  {
                    onSuccess: onDeleted,
                    onSettled: () => setIsConfirmingDelete(false),
                  },
                )
              }
            >
              {t.deleteConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}

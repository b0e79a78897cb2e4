import type { Chat } from "@harbor/contract/chat";
import { ActionIcon, Button, Group, Loader, Menu, Modal, Stack, Text } from "@mantine/core";
import {
  IconCheck,
  IconDots,
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
 * One primary action, Resolve / Reopen, and the rest in a "More actions" menu (decision 032), so
 * the header stays one line and the conversation keeps the height: Take over / Hand back to AI and
 * Raise ticket, or on a ticket chat Clear ticket and take over (the ticket toggle back to human,
 * decision 031); Flag / Remove flag, Mark as unread (disabled on an unread chat) and Delete. The
 * menu is Mantine's: arrow keys move, Enter picks, Escape closes and focus returns to its button.
 * Toggles send the inverse of the current value (spec part 1 §4); failures show nothing (see get-inbox).
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
  const isBusy = toggleTakeover.isPending || toggleTicket.isPending || toggleFlag.isPending || markUnread.isPending;
  return (
    <Group gap="xs" role="group" aria-label={t.actions} wrap="nowrap">
      <Button
        size="xs"
        variant={chat.resolved ? "default" : "filled"}
        leftSection={chat.resolved ? <IconRefresh size={16} aria-hidden /> : <IconCheck size={16} aria-hidden />}
        loading={toggleResolution.isPending}
        onClick={() => toggleResolution.mutate({ chatID, resolved: !chat.resolved })}
      >
        {chat.resolved ? t.reopen : t.resolve}
      </Button>
      {/* hideDetached off: the header never scrolls away, and without layout (tests) the menu would hide itself. */}
      <Menu position="bottom-end" width={240} withinPortal hideDetached={false}>
        <Menu.Target>
          {/* Icon-only so the title and both controls share one line in the chat column; named by aria-label. */}
          <ActionIcon size={30} variant="default" aria-label={t.moreActions} title={t.moreActions} aria-busy={isBusy}>
            {/* A small spinner while a menu action is on its way; the button stays usable (each
                action sends the value it wants, so a second pick is harmless). */}
            {isBusy ? <Loader size={12} aria-hidden /> : <IconDots size={18} aria-hidden />}
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown aria-label={t.moreActions}>
          {isTicket ? (
            // Clearing a ticket hands the chat to a person (status human), so it is the ticket's take-over.
            <Menu.Item
              leftSection={<IconHandStop size={16} aria-hidden />}
              onClick={() => toggleTicket.mutate({ chatID, status: "human" })}
            >
              {t.clearTicket}
            </Menu.Item>
          ) : (
            <>
              <Menu.Item
                leftSection={
                  isTakingOver ? <IconHandStop size={16} aria-hidden /> : <IconRobot size={16} aria-hidden />
                }
                onClick={() => toggleTakeover.mutate({ chatID, isTakingOver })}
              >
                {isTakingOver ? texts.inbox.takeover.takeOver : texts.inbox.takeover.handBack}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconTicket size={16} aria-hidden />}
                onClick={() => toggleTicket.mutate({ chatID, status: "ticket" })}
              >
                {t.raiseTicket}
              </Menu.Item>
            </>
          )}
          <Menu.Item
            leftSection={chat.isFlagged ? <IconFlagOff size={16} aria-hidden /> : <IconFlag size={16} aria-hidden />}
            onClick={() => toggleFlag.mutate({ chatID, isFlagged: !chat.isFlagged })}
          >
            {chat.isFlagged ? t.removeFlag : t.flag}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconMailOpened size={16} aria-hidden />}
            disabled={!chat.chatRead}
            onClick={() => markUnread.mutate({ chatID }, { onSuccess: onMarkedUnread })}
          >
            {t.markUnread}
          </Menu.Item>
          <Menu.Divider />
          {/* color sets the hover tint; the text is the darker red, above 4.5:1 on white (Mantine's red-filled is not). */}
          <Menu.Item
            color="red"
            c="red.9"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setIsConfirmingDelete(true)}
          >
            {t.delete}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
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

import type { InboxStatusFilter } from "@harbor/contract/chat";
import { Collapse, Group, NavLink, Stack, Text, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import {
  type Icon,
  IconChevronDown,
  IconCircleCheck,
  IconCircleDot,
  IconFlag,
  IconHeadset,
  IconInbox,
  IconMessageChatbot,
  IconMessageReply,
} from "@tabler/icons-react";
import { Link } from "react-router";
import { texts } from "../../../lib/texts";
import { useInboxCategories } from "../api/get-inbox-categories";
import type { InboxFilter } from "../inbox-filter";

const t = texts.inbox.menu;

type MenuFilter = Omit<InboxFilter, "isUnreadOnly">;

const STATUS_ENTRIES: { status: InboxStatusFilter; icon: Icon }[] = [
  { status: "open", icon: IconCircleDot },
  { status: "resolved", icon: IconCircleCheck },
  { status: "handoff", icon: IconHeadset },
  { status: "flagged", icon: IconFlag },
];

function MenuEntry({
  label,
  to,
  isActive,
  icon: EntryIcon,
}: {
  label: string;
  to: string;
  isActive: boolean;
  icon?: Icon;
}) {
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      active={isActive}
      aria-current={isActive ? "page" : undefined}
      leftSection={EntryIcon ? <EntryIcon size={18} aria-hidden /> : null}
      variant="light"
      style={{ borderRadius: "var(--mantine-radius-md)" }}
    />
  );
}

function MenuGroup({
  label,
  icon: GroupIcon,
  children,
  isEmpty,
}: {
  label: string;
  icon: Icon;
  children: React.ReactNode;
  isEmpty: boolean;
}) {
  const [isOpen, { toggle }] = useDisclosure(true);
  return (
    <div>
      <UnstyledButton onClick={toggle} aria-expanded={isOpen} w="100%" px="sm" py={8}>
        <Group gap="xs" wrap="nowrap">
          <GroupIcon size={18} aria-hidden />
          <Text size="sm" fw={600} flex={1}>
            {label}
          </Text>
          <IconChevronDown size={16} aria-hidden style={{ transform: isOpen ? "rotate(180deg)" : undefined }} />
        </Group>
      </UnstyledButton>
      <Collapse in={isOpen}>
        <Stack gap={0} pl="md">
          {isEmpty ? (
            <Text size="sm" c="dimmed" px="sm" py={4}>
              {t.noEntries}
            </Text>
          ) : (
            children
          )}
        </Stack>
      </Collapse>
    </div>
  );
}

/** The left menu (spec part 1 §2): every entry is a link, so the filter lives in the URL. */
export function InboxMenu({ filter }: { filter: MenuFilter }) {
  const categories = useInboxCategories();
  const isAll = !filter.status && !filter.category && !filter.customReply;
  const aiCategories = categories.data?.aiCategories ?? [];
  const customReplies = categories.data?.customReplies ?? [];
  return (
    <Stack component="nav" aria-label={texts.inbox.menuLabel} gap={2}>
      <MenuEntry label={t.all} to="/inbox" isActive={isAll} icon={IconInbox} />
      {STATUS_ENTRIES.map(({ status, icon }) => (
        <MenuEntry
          key={status}
          label={t[status]}
          to={`/inbox?status=${status}`}
          isActive={filter.status === status}
          icon={icon}
        />
      ))}
      <MenuGroup label={t.aiConversations} icon={IconMessageChatbot} isEmpty={aiCategories.length === 0}>
        {aiCategories.map(({ title }) => (
          <MenuEntry
            key={title}
            label={title}
            to={`/inbox?${new URLSearchParams({ category: title })}`}
            isActive={filter.category === title}
          />
        ))}
      </MenuGroup>
      <MenuGroup label={t.customReplies} icon={IconMessageReply} isEmpty={customReplies.length === 0}>
        {customReplies.map(({ _id, name }) => (
          <MenuEntry
            key={_id}
            label={name}
            to={`/inbox?${new URLSearchParams({ customReply: name })}`}
            isActive={filter.customReply === name}
          />
        ))}
      </MenuGroup>
    </Stack>
  );
}

import { Alert, Box, Button, Collapse, Group, Paper, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { IconAdjustmentsHorizontal, IconAlertCircle, IconInbox, IconMessages } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { EmptyState } from "../../../components/empty-state";
import { PageLoader } from "../../../components/page-loader";
import { errorMessage } from "../../../lib/api-client";
import { texts } from "../../../lib/texts";
import { messagesOf, useChat } from "../api/get-chat";
import { markOpenedChatRead, useInboxList } from "../api/get-inbox";
import { useToggleChatResolution } from "../api/toggle-chat-resolution";
import { AnalyticsFilterNote } from "../components/analytics-filter-note";
import type { ComposerDraft } from "../components/chat-composer";
import { ChatList } from "../components/chat-list";
import { ChatPanel } from "../components/chat-panel";
import { ChatSummary } from "../components/chat-summary";
import { InboxMenu } from "../components/inbox-menu";
import { ShortcutsHelpModal } from "../components/shortcuts-help-modal";
import { isAnalyticsFilter, menuFilterFromSearch, withTicket } from "../inbox-filter";
import { uniqueChats } from "../live-inbox";
import { useInboxShortcuts } from "../use-inbox-shortcuts";
import { useLiveInbox } from "../use-live-inbox";
import { usePendingMessages } from "../use-pending-messages";

const t = texts.inbox;
type ListToggle = "all" | "unread";

/** Below the sm breakpoint one pane shows at a time; below lg the summary folds into the chat. */
const PHONE_QUERY = "(max-width: 47.99em)";
const NARROW_QUERY = "(max-width: 74.99em)";
const PANE_BORDER = "1px solid var(--mantine-color-gray-3)";

/**
 * /inbox: menu, list, open chat and summary. The menu entry and the open chat live in the URL
 * (category, status, customReply, ticketID); the All / Unread toggle is a view choice.
 */
export function InboxPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isPhone = useMediaQuery(PHONE_QUERY) ?? false;
  const isNarrow = useMediaQuery(NARROW_QUERY) ?? false;
  const [isFiltersOpen, { toggle: toggleFilters }] = useDisclosure(false);
  const [isHelpOpen, { open: openHelp, close: closeHelp }] = useDisclosure(false);
  const [listToggle, setListToggle] = useState<ListToggle>("all");
  const live = useLiveInbox();
  const pendingMessages = usePendingMessages();
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const [drafts, setDrafts] = useState<Record<string, ComposerDraft>>({});

  const searchKey = search.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL's text is the filter's identity
  const menuFilter = useMemo(() => menuFilterFromSearch(search), [searchKey]);
  const list = useInboxList({ ...menuFilter, isUnreadOnly: listToggle === "unread" });
  const chats = uniqueChats(list.data?.pages.flatMap((page) => page.inbox) ?? []);
  const unreadCount = list.data?.pages[0]?.unreadCount;
  const isFiltered =
    Boolean(menuFilter.status || menuFilter.category || menuFilter.customReply) ||
    isAnalyticsFilter(menuFilter) ||
    listToggle === "unread";

  const ticketID = search.get("ticketID");
  // Nothing to filter, list or open: one empty state in place of three empty columns.
  const isEmptyInbox = list.isSuccess && chats.length === 0 && !isFiltered && !ticketID;
  const chatQuery = useChat(ticketID);
  const chat = chatQuery.data?.pages[0];
  const messages = chatQuery.data ? messagesOf(chatQuery.data.pages) : [];
  const toggleResolution = useToggleChatResolution();

  const openedChatID = chat?.chatID;
  useEffect(() => {
    if (openedChatID) markOpenedChatRead(queryClient, openedChatID);
  }, [openedChatID, queryClient]);

  const selectedIndex = chats.findIndex((item) => item.ticketID === ticketID);
  const select = (target: string | null) => navigate(withTicket(search, target), { replace: target === null });
  const moveSelection = (step: 1 | -1) => {
    const target = selectedIndex === -1 ? chats[0] : chats[selectedIndex + step];
    if (target) select(target.ticketID);
  };
  // After a delete the neighbour below (or above) is opened: worked out before the row leaves the list.
  const neighbourTicketID = (chats[selectedIndex + 1] ?? chats[selectedIndex - 1])?.ticketID ?? null;

  useInboxShortcuts({
    onNext: () => moveSelection(1),
    onPrevious: () => moveSelection(-1),
    onToggleResolution: () => {
      if (chat) toggleResolution.mutate({ chatID: chat.chatID, resolved: !chat.resolved });
    },
    onFocusReply: () => composerRef.current?.focus(),
    onHelp: openHelp,
  });

  // The summary's own column only beside an open chat: with none selected it would stand empty.
  const hasSummaryColumn = !isNarrow && Boolean(ticketID);
  const menu = <InboxMenu filter={menuFilter} />;
  const listPane = (
    <Stack gap={0} h="100%" mih={0}>
      <Group justify="space-between" p="sm" gap="xs" style={{ borderBottom: PANE_BORDER }}>
        <SegmentedControl
          size="xs"
          aria-label={t.list.toggleLabel}
          value={listToggle}
          onChange={(value) => setListToggle(value as ListToggle)}
          data={[
            { value: "all", label: t.list.toggle.all },
            { value: "unread", label: t.list.toggle.unread },
          ]}
        />
        {unreadCount === undefined ? null : (
          <Text size="xs" c="dimmed" role="status" data-testid="unread-count">
            {t.list.unreadCount(unreadCount)}
          </Text>
        )}
      </Group>
      <Box flex={1} mih={0}>
        {list.isPending ? (
          <PageLoader label={t.list.loading} />
        ) : list.isError ? (
          <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />} m="sm">
            {errorMessage(list.error)}
          </Alert>
        ) : chats.length === 0 ? (
          <EmptyState
            icon={<IconInbox size={30} />}
            title={isFiltered ? t.noMatchTitle : t.emptyTitle}
            text={isFiltered ? t.noMatchText : t.emptyText}
            headingOrder={2}
          />
        ) : (
          <ChatList
            chats={chats}
            selectedTicketID={ticketID}
            canLoadMore={list.hasNextPage && !list.isFetching}
            onLoadMore={() => void list.fetchNextPage({ cancelRefetch: false })}
            isLoadingMore={list.isFetchingNextPage}
          />
        )}
      </Box>
    </Stack>
  );
  const chatPane = ticketID ? (
    <ChatPanel
      chat={chat}
      messages={messages}
      isLoading={chatQuery.isPending}
      isError={chatQuery.isError}
      canLoadOlder={chatQuery.hasNextPage && !chatQuery.isFetching}
      onLoadOlder={() => void chatQuery.fetchNextPage({ cancelRefetch: false })}
      isLoadingOlder={chatQuery.isFetchingNextPage}
      onDeleted={() => navigate(withTicket(search, neighbourTicketID), { replace: true })}
      onMarkedUnread={() => select(null)}
      backTo={isPhone ? withTicket(search, null) : undefined}
      hasCollapsibleSummary={isNarrow}
      pendingMessages={pendingMessages}
      typing={live.typingIn(chat?.chatID ?? "")}
      onTyping={live.sendTyping}
      drafts={drafts}
      onDraftChange={(chatID, draft) => setDrafts((current) => ({ ...current, [chatID]: draft }))}
      composerRef={composerRef}
    />
  ) : (
    <EmptyState icon={<IconMessages size={30} />} title={t.chat.noneSelectedTitle} text={t.chat.noneSelectedText} />
  );

  return (
    <Stack gap="sm">
      <title>{texts.pageTitle(t.title)}</title>
      <Title order={1} size="h2">
        {t.title}
      </Title>
      {isAnalyticsFilter(menuFilter) ? <AnalyticsFilterNote filter={menuFilter} /> : null}
      {isEmptyInbox ? (
        <Paper withBorder radius="lg" py="xl" data-testid="empty-inbox">
          <EmptyState icon={<IconInbox size={30} />} title={t.emptyTitle} text={t.emptyText} headingOrder={2} />
        </Paper>
      ) : isPhone ? (
        <Paper withBorder radius="lg" style={{ overflow: "hidden" }}>
          {ticketID ? (
            <Box h="calc(100dvh - 150px)" mih={420}>
              {chatPane}
            </Box>
          ) : (
            <Stack gap={0}>
              <Box p="xs" style={{ borderBottom: PANE_BORDER }}>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
                  onClick={toggleFilters}
                  aria-expanded={isFiltersOpen}
                  aria-controls="inbox-filters"
                >
                  {t.showFilters}
                </Button>
                <Collapse in={isFiltersOpen} id="inbox-filters">
                  {menu}
                </Collapse>
              </Box>
              <Box h="calc(100dvh - 210px)" mih={360}>
                {listPane}
              </Box>
            </Stack>
          )}
        </Paper>
      ) : (
        <Paper
          withBorder
          radius="lg"
          h="calc(100dvh - 150px)"
          mih={480}
          style={{
            overflow: "hidden",
            display: "grid",
            gridTemplateColumns: isNarrow
              ? "200px 300px minmax(0, 1fr)"
              : hasSummaryColumn
                ? "220px 320px minmax(0, 1fr) 300px"
                : "220px 320px minmax(0, 1fr)",
          }}
        >
          <Box p="xs" style={{ borderRight: PANE_BORDER, overflowY: "auto" }}>
            {menu}
          </Box>
          <Box mih={0} style={{ borderRight: PANE_BORDER }}>
            {listPane}
          </Box>
          <Box mih={0}>{chatPane}</Box>
          {hasSummaryColumn ? (
            <Box
              component="aside"
              aria-label={t.summary.region}
              p="md"
              mih={0}
              style={{ borderLeft: PANE_BORDER, overflowY: "auto" }}
            >
              {chat ? <ChatSummary chat={chat} /> : null}
            </Box>
          ) : null}
        </Paper>
      )}
      <ShortcutsHelpModal opened={isHelpOpen} onClose={closeHelp} />
    </Stack>
  );
}

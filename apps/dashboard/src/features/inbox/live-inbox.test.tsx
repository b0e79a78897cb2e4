import type { InboxChat } from "@harbor/contract/chat";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { InboxFilter } from "./inbox-filter";
import {
  appendChatMessage,
  applyChatRow,
  type ChatPages,
  type InboxPages,
  matchesFilter,
  removeChatRow,
  uniqueChats,
} from "./live-inbox";
import { type PendingMessage, visiblePending } from "./pending-messages";
import { chatMessage, fullChat, inboxChat } from "./test-fixtures";
import { createTypingSignal, TYPING_IDLE_MS, TYPING_REPEAT_MS } from "./typing-signal";

const ALL: InboxFilter = { isUnreadOnly: false };
const at = (minute: number) => `2025-11-12T09:${String(minute).padStart(2, "0")}:00.000Z`;

function lists(...pages: InboxChat[][]): InboxPages {
  return {
    pages: pages.map((inbox) => ({ inbox, totalCount: 40, unreadCount: 3 })),
    pageParams: pages.map((_, index) => index + 1),
  };
}
const ids = (change: InboxPages | "refetch") =>
  change === "refetch" ? change : change.pages.map((page) => page.inbox.map((row) => row.ticketID));

describe("matchesFilter", () => {
  it("reads status, flag and read state from the row, and cannot tell categories or custom replies", () => {
    const open = inboxChat({ chatRead: false });
    expect(matchesFilter(open, ALL)).toBe("yes");
    expect(matchesFilter(open, { status: "open", isUnreadOnly: true })).toBe("yes");
    expect(matchesFilter({ ...open, chatRead: true }, { isUnreadOnly: true })).toBe("no");
    expect(matchesFilter({ ...open, resolved: true }, { status: "open", isUnreadOnly: false })).toBe("no");
    expect(matchesFilter({ ...open, resolved: true }, { status: "resolved", isUnreadOnly: false })).toBe("yes");
    expect(matchesFilter(open, { status: "resolved", isUnreadOnly: false })).toBe("no");
    expect(matchesFilter(open, { status: "flagged", isUnreadOnly: false })).toBe("no");
    expect(matchesFilter(open, { status: "handoff", isUnreadOnly: false })).toBe("no");
    expect(matchesFilter({ ...open, status: "human" }, { status: "handoff", isUnreadOnly: false })).toBe("yes");
    expect(matchesFilter({ ...open, status: "ticket" }, { status: "handoff", isUnreadOnly: false })).toBe("yes");
    expect(matchesFilter(open, { category: "Shipping", isUnreadOnly: false })).toBe("unknown");
    expect(matchesFilter(open, { customReply: "Refunds", isUnreadOnly: false })).toBe("unknown");
    expect(
      matchesFilter({ ...open, resolved: true }, { category: "Shipping", status: "open", isUnreadOnly: false }),
    ).toBe("no");
  });
});

describe("applyChatRow", () => {
  const a = inboxChat({ ticketID: "A", lastMessageAt: at(30) });
  const b = inboxChat({ ticketID: "B", lastMessageAt: at(20) });
  const c = inboxChat({ ticketID: "C", lastMessageAt: at(10) });

  it("moves a chat with a newer message to the top, across pages, and takes the unread count", () => {
    const moved = { ...c, lastMessageAt: at(40), lastMessage: "New!" };
    const change = applyChatRow(lists([a, b], [c]), ALL, { chat: moved, unreadCount: 7 });
    expect(ids(change)).toEqual([["C", "A", "B"], []]);
    if (change === "refetch") throw new Error("expected data");
    expect(change.pages[0]?.inbox[0]).toEqual(moved);
    expect(change.pages.map((page) => page.unreadCount)).toEqual([7, 7]);
    expect(change.pages.map((page) => page.totalCount)).toEqual([40, 40]);
  });

  it("replaces a row in place when nothing newer was said (a flag, a read state)", () => {
    const change = applyChatRow(lists([a, b, c]), ALL, { chat: { ...b, isFlagged: true }, unreadCount: 2 });
    expect(ids(change)).toEqual([["A", "B", "C"]]);
    if (change === "refetch") throw new Error("expected data");
    expect(change.pages[0]?.inbox[1]?.isFlagged).toBe(true);
  });

  it("puts a new chat on top of a list it belongs to, and counts it", () => {
    const fresh = inboxChat({ ticketID: "N", lastMessageAt: at(50) });
    const change = applyChatRow(lists([a, b]), ALL, { chat: fresh, unreadCount: 4 });
    expect(ids(change)).toEqual([["N", "A", "B"]]);
    if (change === "refetch") throw new Error("expected data");
    expect(change.pages[0]?.totalCount).toBe(41);
    expect(ids(applyChatRow(lists([]), ALL, { chat: fresh, unreadCount: 1 }))).toEqual([["N"]]);
  });

  it("leaves a list alone (but for the count) when a new chat does not belong in it", () => {
    const fresh = inboxChat({ ticketID: "N", lastMessageAt: at(50) });
    const change = applyChatRow(
      lists([a]),
      { status: "resolved", isUnreadOnly: false },
      { chat: fresh, unreadCount: 9 },
    );
    expect(ids(change)).toEqual([["A"]]);
    if (change === "refetch") throw new Error("expected data");
    expect(change.pages[0]?.unreadCount).toBe(9);
  });

  it("reads the list again rather than guess", () => {
    const resolved = { ...b, resolved: true };
    // No longer in the filter.
    expect(
      applyChatRow(lists([a, b]), { status: "open", isUnreadOnly: false }, { chat: resolved, unreadCount: 0 }),
    ).toBe("refetch");
    // A category entry cannot be told from the row.
    const fresh = inboxChat({ lastMessageAt: at(50) });
    expect(
      applyChatRow(lists([a]), { category: "Shipping", isUnreadOnly: false }, { chat: fresh, unreadCount: 0 }),
    ).toBe("refetch");
    // Belongs, but somewhere below the top (a chat flagged elsewhere, in the Flagged list).
    const flagged = inboxChat({ isFlagged: true, lastMessageAt: at(5) });
    expect(
      applyChatRow(
        lists([{ ...a, isFlagged: true }]),
        { status: "flagged", isUnreadOnly: false },
        {
          chat: flagged,
          unreadCount: 0,
        },
      ),
    ).toBe("refetch");
  });

  it("keeps a chat that turned read in the Unread list, and ignores its own echo", () => {
    const unread = { ...a, chatRead: false };
    const unreadList = lists([unread, { ...b, chatRead: false }]);
    const change = applyChatRow(
      unreadList,
      { isUnreadOnly: true },
      { chat: { ...unread, chatRead: true }, unreadCount: 1 },
    );
    expect(ids(change)).toEqual([["A", "B"]]);
    const same = applyChatRow(unreadList, { isUnreadOnly: true }, { chat: unread, unreadCount: 2 });
    if (same === "refetch") throw new Error("expected data");
    expect(same.pages[0]?.inbox).toEqual(unreadList.pages[0]?.inbox);
  });
});

describe("removeChatRow", () => {
  it("drops the row where it is, lowers that page's total, and sets the count", () => {
    const a = inboxChat({ ticketID: "A" });
    const b = inboxChat({ ticketID: "B" });
    const next = removeChatRow(lists([a], [b]), { chatID: b.chatID, unreadCount: 0 });
    expect(ids(next)).toEqual([["A"], []]);
    expect(next.pages.map((page) => [page.totalCount, page.unreadCount])).toEqual([
      [40, 0],
      [39, 0],
    ]);
  });
});

describe("appendChatMessage", () => {
  const row = inboxChat();
  const chat = (): ChatPages => ({
    pages: [fullChat(row), fullChat(row, { messages: [chatMessage({ message: "older" })] })],
    pageParams: [null, { chatID: row.chatID, before: "x" }],
  });

  it("appends a new message to the newest page, once", () => {
    const message = chatMessage({ message: "New", messageType: "agent_reply", senderRole: "agent" });
    const once = appendChatMessage(chat(), { chatID: row.chatID, message });
    expect(once.pages[0]?.messages.at(-1)).toEqual(message);
    expect(once.pages[1]?.messages).toHaveLength(1);
    const twice = appendChatMessage(once, { chatID: row.chatID, message });
    expect(twice).toBe(once);
    // A message already on an older page is known too.
    const older = once.pages[1]?.messages[0];
    if (!older) throw new Error("expected an older message");
    expect(appendChatMessage(once, { chatID: row.chatID, message: older })).toBe(once);
  });

  it("ignores another chat's message", () => {
    const before = chat();
    expect(appendChatMessage(before, { chatID: inboxChat().chatID, message: chatMessage() })).toBe(before);
  });
});

describe("uniqueChats", () => {
  it("keeps the first of a chat that came again on a later page", () => {
    const a = inboxChat({ ticketID: "A" });
    const b = inboxChat({ ticketID: "B" });
    expect(uniqueChats([a, b, { ...a, lastMessage: "stale" }]).map((row) => row.lastMessage)).toEqual([
      a.lastMessage,
      b.lastMessage,
    ]);
  });
});

describe("visiblePending", () => {
  const pending = (overrides: Partial<PendingMessage>): PendingMessage => ({
    clientMessageID: crypto.randomUUID(),
    chatID: "c",
    kind: "reply",
    message: "Thanks",
    status: "sending",
    error: null,
    afterMessageID: null,
    ...overrides,
  });

  it("hides a pending message once its stored copy arrived after it, one copy per message", () => {
    const earlier = chatMessage({ messageType: "agent_reply", senderRole: "agent", message: "Thanks" });
    const first = pending({ afterMessageID: earlier._id });
    const second = pending({ afterMessageID: earlier._id });
    // An identical older reply is not this one's copy.
    expect(visiblePending([first, second], [earlier])).toEqual([first, second]);
    const stored = chatMessage({ messageType: "agent_reply", senderRole: "agent", message: "Thanks" });
    expect(visiblePending([first, second], [earlier, stored])).toEqual([second]);
  });

  it("matches the kind, and always shows a failed send", () => {
    const stored = chatMessage({ messageType: "internal_note", senderRole: "agent", message: "Thanks" });
    const reply = pending({});
    const failed = pending({ kind: "note", status: "failed", error: "boom" });
    expect(visiblePending([reply, failed], [stored])).toEqual([reply, failed]);
    expect(visiblePending([pending({ kind: "note" })], [stored])).toEqual([]);
  });
});

describe("createTypingSignal", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("says typing at once and again every 2 s while typing, and stopped after 3 s idle", () => {
    vi.useFakeTimers();
    const emit = vi.fn();
    const signal = createTypingSignal(emit);
    signal.input();
    signal.input();
    expect(emit.mock.calls).toEqual([[true]]);
    vi.advanceTimersByTime(TYPING_REPEAT_MS - 100);
    signal.input();
    expect(emit.mock.calls).toEqual([[true]]);
    vi.advanceTimersByTime(100);
    signal.input();
    expect(emit.mock.calls).toEqual([[true], [true]]);
    vi.advanceTimersByTime(TYPING_IDLE_MS);
    expect(emit.mock.calls).toEqual([[true], [true], [false]]);
  });

  it("says stopped once on stop (send or blur), and nothing when it was not typing", () => {
    vi.useFakeTimers();
    const emit = vi.fn();
    const signal = createTypingSignal(emit);
    signal.stop();
    expect(emit).not.toHaveBeenCalled();
    signal.input();
    signal.stop();
    signal.stop();
    vi.advanceTimersByTime(TYPING_IDLE_MS * 2);
    expect(emit.mock.calls).toEqual([[true], [false]]);
  });
});

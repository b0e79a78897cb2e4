import type { Chat, InboxChat, InboxRequest, StaffMessageRequest } from "@harbor/contract/chat";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { bodiesSentTo, type StubAnswer, stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import { chatMessage, fullChat, inboxChat } from "../test-fixtures";
import { fakeStaffSocket } from "../test-socket";
import { InboxPage } from "./inbox-page";

vi.mock("../../../lib/socket", async () => (await import("../test-socket")).fakeSocketModule);

beforeEach(() => {
  fakeStaffSocket.reset();
});

type Handler = (body: unknown) => StubAnswer | Promise<StubAnswer>;
const categories = {
  aiCategories: [{ title: "Shipping" }],
  customReplies: [{ _id: "00000000-0000-4000-8000-0000000000aa", name: "Refund flow" }],
  suggestedQuestions: [],
};

function renderInbox({
  path = "/inbox",
  list,
  chats = [],
  routes = {},
}: {
  path?: string;
  list: (request: InboxRequest) => StubAnswer | Promise<StubAnswer>;
  chats?: Chat[];
  routes?: Record<string, Handler>;
}) {
  const fetchMock = stubFetch({
    "GET /api/chat/inbox/categories": () => ({ data: categories }),
    "POST /api/chat/inbox": (body) => list(body as InboxRequest),
    "POST /api/chat/": (body) => {
      const { ticketID, chatID } = body as { ticketID?: string; chatID?: string };
      const chat = chats.find((item) => item.ticketID === ticketID || item.chatID === chatID);
      return chat ? { data: chat } : { status: 404, message: "Chat not found" };
    },
    ...routes,
  });
  const view = renderRoutes({ initialPath: path, routes: [{ path: "/inbox", element: <InboxPage /> }] });
  return { ...view, fetchMock };
}

const page = (inbox: InboxChat[], unreadCount = 1, totalCount = 45): StubAnswer => ({
  data: { inbox, totalCount, unreadCount },
});
const inboxBodies = (fetchMock: ReturnType<typeof stubFetch>) =>
  bodiesSentTo(fetchMock, "POST /api/chat/inbox") as InboxRequest[];
const rows = () => screen.queryAllByTestId("chat-row");
const chatPanel = () => screen.getByRole("region", { name: "Chat" });

/** Opens the open chat's More actions menu (every action but Resolve / Reopen) unless it is open. */
async function openChatMenu() {
  if (!screen.queryByRole("menu")) {
    const chat = await screen.findByRole("region", { name: "Chat" });
    fireEvent.click(await within(chat).findByRole("button", { name: "More actions" }));
  }
  return screen.findByRole("menu");
}
/** An item of the chat's menu, opening it first; the menu stays open. */
async function findChatAction(name: string) {
  return within(await openChatMenu()).findByRole("menuitem", { name });
}
/** Picks an item of the chat's menu and waits for the menu to close. */
async function pickChatAction(name: string) {
  await userEvent.click(await findChatAction(name));
  await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
}
async function closeChatMenu() {
  await userEvent.keyboard("{Escape}");
  await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
}

describe("InboxPage list", () => {
  it("shows rows with name (default Customer), last message, time, status pill, unread and flag", async () => {
    const today = new Date();
    today.setHours(9, 5);
    renderInbox({
      list: () =>
        page([
          inboxChat({
            customer: { name: null, email: null, number: null, location: null },
            lastMessageAt: today.toISOString(),
            chatRead: false,
          }),
          inboxChat({
            customer: { name: "Noa", email: null, number: null, location: null },
            resolved: true,
            isFlagged: true,
            lastMessageAt: "2020-11-12T10:00:00.000Z",
          }),
          inboxChat({ status: "ticket", lastMessage: "Please call me" }),
          inboxChat({ status: "human" }),
        ]),
    });
    await waitFor(() => expect(rows()).toHaveLength(4));
    const [first, second, third, fourth] = rows() as HTMLElement[];
    expect(within(first as HTMLElement).getByText("Customer")).toBeTruthy();
    expect(within(first as HTMLElement).getByText("Unread")).toBeTruthy();
    expect(within(first as HTMLElement).getByTestId("chat-time").textContent).toBe("09:05 AM");
    expect(within(first as HTMLElement).getByText("Open")).toBeTruthy();
    expect(within(second as HTMLElement).getByText("Noa")).toBeTruthy();
    expect(within(second as HTMLElement).getByText("12 Nov")).toBeTruthy();
    expect(
      within(second as HTMLElement)
        .getByText("Resolved")
        .closest("[data-status]")
        ?.getAttribute("data-status"),
    ).toBe("resolved");
    expect(within(second as HTMLElement).getByText("Flagged")).toBeTruthy();
    expect(within(second as HTMLElement).queryByText("Unread")).toBeNull();
    expect(within(third as HTMLElement).getByText("Ticket")).toBeTruthy();
    expect(within(third as HTMLElement).getByText("Please call me")).toBeTruthy();
    expect(within(fourth as HTMLElement).getByText("Open")).toBeTruthy();
    expect(screen.getByTestId("unread-count").textContent).toBe("1 unread");
  });

  it.each([
    ["/inbox", {}],
    ["/inbox?status=resolved", { status: "resolved" }],
    ["/inbox?status=handoff", { status: "handoff" }],
    ["/inbox?category=Shipping", { category: "Shipping" }],
    ["/inbox?customReply=Refund%20flow", { customReply: "Refund flow" }],
  ])("sends the filter of %s", async (path, filter) => {
    const { fetchMock } = renderInbox({ path, list: () => page([inboxChat()]) });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(inboxBodies(fetchMock)[0]).toEqual({ pageNumber: 1, unreadChats: false, ...filter });
  });

  it("marks the menu entry of the URL and links the others", async () => {
    renderInbox({ path: "/inbox?status=flagged", list: () => page([inboxChat()]) });
    const menu = screen.getByRole("navigation", { name: "Inbox filters" });
    expect(within(menu).getByRole("link", { name: "Flagged" }).getAttribute("aria-current")).toBe("page");
    expect(within(menu).getByRole("link", { name: "All messages" }).getAttribute("href")).toBe("/inbox");
    expect(within(menu).getByRole("link", { name: "Handoffs" }).getAttribute("href")).toBe("/inbox?status=handoff");
    expect((await within(menu).findByRole("link", { name: "Shipping" })).getAttribute("href")).toBe(
      "/inbox?category=Shipping",
    );
    expect(within(menu).getByRole("link", { name: "Refund flow" }).getAttribute("href")).toBe(
      "/inbox?customReply=Refund+flow",
    );
    await userEvent.click(within(menu).getByRole("button", { name: "AI Conversations" }));
    await waitFor(() =>
      expect(within(menu).getByRole("button", { name: "AI Conversations" }).getAttribute("aria-expanded")).toBe(
        "false",
      ),
    );
  });

  it("asks for unread chats only with the Unread toggle, from page one", async () => {
    const { fetchMock } = renderInbox({
      list: ({ unreadChats }) => page(unreadChats ? [inboxChat({ chatRead: false })] : [inboxChat(), inboxChat()]),
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(screen.getByRole("radio", { name: "Unread" }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(inboxBodies(fetchMock).at(-1)).toEqual({ pageNumber: 1, unreadChats: true });
  });

  it("says the inbox is empty once, in place of empty menu, list, chat and summary columns", async () => {
    renderInbox({ list: () => page([], 0, 0) });
    expect(await screen.findByRole("heading", { name: "Your inbox is empty" })).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 2 })).toHaveLength(1);
    expect(screen.queryByRole("heading", { name: "No chat selected" })).toBeNull();
    expect(screen.queryByRole("complementary", { name: "Chat summary" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Chats" })).toBeNull();
  });

  it("keeps the columns for a filter that matches nothing: the menu leads elsewhere", async () => {
    renderInbox({ path: "/inbox?status=resolved", list: () => page([], 0, 0) });
    expect(await screen.findByRole("heading", { name: "No chats here" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Inbox filters" })).toBeTruthy();
  });

  it("has no summary column while no chat is selected", async () => {
    renderInbox({ list: () => page([inboxChat()]) });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole("heading", { name: "No chat selected" })).toBeTruthy();
    expect(screen.queryByRole("complementary", { name: "Chat summary" })).toBeNull();
  });

  it("loads the next page within 30 px of the bottom and stops at an empty page", async () => {
    const sizes: Record<number, number> = { 1: 20, 2: 3, 3: 0 };
    const { fetchMock } = renderInbox({
      list: ({ pageNumber = 1 }) => page(Array.from({ length: sizes[pageNumber] ?? 0 }, () => inboxChat())),
    });
    await waitFor(() => expect(rows()).toHaveLength(20));
    const region = screen.getByRole("region", { name: "Chats" });
    let scrollTop = 0;
    const scrollHeight = () => rows().length * 60;
    Object.defineProperties(region, {
      clientHeight: { configurable: true, get: () => 400 },
      scrollHeight: { configurable: true, get: scrollHeight },
      scrollTop: { configurable: true, get: () => scrollTop, set: (value: number) => (scrollTop = value) },
    });
    const scrollTo = (distance: number) => {
      scrollTop = scrollHeight() - 400 - distance;
      fireEvent.scroll(region);
    };
    scrollTo(31);
    expect(inboxBodies(fetchMock)).toHaveLength(1);
    scrollTo(30);
    await waitFor(() => expect(rows()).toHaveLength(23));
    scrollTo(0);
    await waitFor(() => expect(inboxBodies(fetchMock)).toHaveLength(3));
    await new Promise((resolve) => setTimeout(resolve, 30));
    scrollTo(0);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(inboxBodies(fetchMock).map((body) => body.pageNumber)).toEqual([1, 2, 3]);
  });
});

describe("InboxPage chat", () => {
  it("shows a handed-off chat's help-desk ticket in the chat and the customer's Shopify link in the summary", async () => {
    const row = inboxChat({ ticketID: "HD42" });
    const chat = fullChat(row, {
      customer: { name: "Mara Jansen", email: "mara@shop.example", number: null, location: null },
      messages: [
        chatMessage({ message: "Where is my parcel?" }),
        chatMessage({
          messageType: "widget_event",
          senderRole: "system",
          eventType: "HANDOFF_TICKET",
          message: "Ticket #123 in Zendesk",
          messageData: {
            handoffTicket: {
              app: "zendesk",
              status: "created",
              ticketID: "123",
              url: "https://acme.zendesk.com/agent/tickets/123",
              ticketStatus: "open",
              reason: null,
            },
          },
        }),
      ],
    });
    const { fetchMock } = renderInbox({
      path: "/inbox?ticketID=HD42",
      list: () => page([row], 0, 1),
      chats: [chat],
      routes: {
        "POST /api/chat/shopify/get-customer": () => ({
          data: {
            status: "found",
            id: "gid://shopify/Customer/77",
            name: "Mara Jansen",
            adminURL: "https://admin.shopify.com/store/acme-outdoor/customers/77",
          },
        }),
      },
    });
    const panel = await screen.findByRole("region", { name: "Chat" });
    const ticketLink = await within(panel).findByRole("link", {
      name: "Ticket #123 in Zendesk (opens in a new tab)",
    });
    expect(ticketLink.getAttribute("href")).toBe("https://acme.zendesk.com/agent/tickets/123");
    const summary = screen.getByRole("complementary", { name: "Chat summary" });
    const shopLink = await within(summary).findByRole("link", { name: "Open in Shopify (opens in a new tab)" });
    expect(shopLink.getAttribute("href")).toBe("https://admin.shopify.com/store/acme-outdoor/customers/77");
    expect(bodiesSentTo(fetchMock, "POST /api/chat/shopify/get-customer")).toEqual([{ chatID: chat.chatID }]);
  });

  it("says so in the summary when the shop has no customer with the chat's e-mail, and asks nothing without one", async () => {
    const withEmail = inboxChat({ ticketID: "NS1" });
    const { fetchMock } = renderInbox({
      path: "/inbox?ticketID=NS1",
      list: () => page([withEmail], 0, 1),
      chats: [fullChat(withEmail, { customer: { name: null, email: "x@shop.example", number: null, location: null } })],
      routes: {
        "POST /api/chat/shopify/get-customer": () => ({
          data: { status: "not_found", id: null, name: null, adminURL: null },
        }),
      },
    });
    const summary = await screen.findByRole("complementary", { name: "Chat summary" });
    expect(await within(summary).findByText("No Shopify customer with this e-mail.")).toBeTruthy();
    expect(within(summary).queryByRole("link", { name: /Open in Shopify/ })).toBeNull();
    expect(bodiesSentTo(fetchMock, "POST /api/chat/shopify/get-customer")).toHaveLength(1);
  });

  it("opens a chat from the list: header, pre-chat form, messages, summary; the row turns read", async () => {
    const row = inboxChat({ chatRead: false, ticketID: "AB12" });
    const chat = fullChat(row, {
      customer: {
        name: "Noa Cohen",
        email: "noa@example.com",
        number: { countryCallingCode: "31", number: "612345678" },
        location: "Utrecht, NL",
      },
      analysis: { summary: "x".repeat(501) },
      aiAnalysis: [
        {
          _id: "00000000-0000-4000-8000-0000000000bb",
          shortenedCustomerMessage: "Order status",
          questionCategory: "Shipping",
          selectedIntent: "track",
        },
      ],
      workflows: {
        preChat: { isCompleted: true, fields: [{ key: "orderNumber", title: "Order number", value: "#1043" }] },
      },
    });
    const { fetchMock, router } = renderInbox({ list: () => page([row, inboxChat()], 3), chats: [chat] });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(rows()[0] as HTMLElement);
    expect(router.state.location.search).toBe("?ticketID=AB12");
    expect(await screen.findByRole("heading", { name: "Ticket ID AB12" })).toBeTruthy();
    expect(bodiesSentTo(fetchMock, "POST /api/chat/")).toEqual([{ ticketID: "AB12" }]);
    expect(within(chatPanel()).getByText("Open")).toBeTruthy();
    expect(within(screen.getByTestId("pre-chat-form")).getByText("#1043")).toBeTruthy();
    expect(within(chatPanel()).getByText("Let me check.")).toBeTruthy();
    expect(within(chatPanel()).queryByText("End of conversation")).toBeNull();
    const summary = screen.getByRole("complementary", { name: "Chat summary" });
    expect(within(summary).getByText("+31 612345678")).toBeTruthy();
    expect(within(summary).getByText("Utrecht, NL")).toBeTruthy();
    expect(within(summary).getByTestId("chat-summary-text").textContent).toBe(`${"x".repeat(500)}…`);
    expect(within(summary).getByText("Order status")).toBeTruthy();
    await waitFor(() => expect(within(rows()[0] as HTMLElement).queryByText("Unread")).toBeNull());
    expect(screen.getByTestId("unread-count").textContent).toBe("2 unread");
  });

  it("keeps one primary action in the header and the rest in a labelled menu, usable from the keyboard", async () => {
    const row = inboxChat({ ticketID: "M1" });
    const { fetchMock } = renderInbox({
      path: "/inbox?ticketID=M1",
      list: () => page([row], 0),
      chats: [fullChat(row)],
      routes: {
        "POST /api/chat/chat/toggle-flag": () => ({ data: { chat: { ...row, isFlagged: true }, unreadCount: 0 } }),
      },
    });
    const actions = within(await screen.findByRole("group", { name: "Chat actions" }));
    expect(
      actions.getAllByRole("button").map((button) => button.getAttribute("aria-label") ?? button.textContent),
    ).toEqual(["Resolve chat", "More actions"]);
    const more = actions.getByRole("button", { name: "More actions" });
    expect(more.getAttribute("aria-haspopup")).toBe("menu");
    expect(more.getAttribute("aria-expanded")).toBe("false");

    const user = userEvent.setup();
    more.focus();
    await user.keyboard("{Enter}");
    const menu = await screen.findByRole("menu", { name: "More actions" });
    expect(more.getAttribute("aria-expanded")).toBe("true");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Take over", "Raise ticket", "Flag chat", "Mark as unread", "Delete"]);
    // Opened from the keyboard, the first item has the focus; arrow keys walk on, Enter picks.
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Take over"));
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(document.activeElement?.textContent).toBe("Flag chat");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(bodiesSentTo(fetchMock, "POST /api/chat/chat/toggle-flag")).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    // Escape closes the menu and gives the focus back to its button.
    more.focus();
    await user.keyboard("{Enter}");
    await screen.findByRole("menu", { name: "More actions" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    expect(document.activeElement).toBe(more);
  });

  it("shows End of conversation for a resolved chat", async () => {
    const row = inboxChat({ resolved: true, ticketID: "R1" });
    renderInbox({ path: "/inbox?ticketID=R1", list: () => page([row]), chats: [fullChat(row)] });
    expect(await screen.findByText("End of conversation")).toBeTruthy();
    expect(within(chatPanel()).getByRole("button", { name: "Reopen chat" })).toBeTruthy();
  });

  it("shows End of conversation for a chat the visitor ended, still unresolved", async () => {
    const row = inboxChat({ isEnded: true, ticketID: "E1" });
    renderInbox({ path: "/inbox?ticketID=E1", list: () => page([row]), chats: [fullChat(row)] });
    expect(await screen.findByText("End of conversation")).toBeTruthy();
    expect(within(chatPanel()).getByRole("button", { name: "Resolve chat" })).toBeTruthy();
  });

  it("resolves and flags with the inverse values and updates the row and pills from the answer", async () => {
    const row = inboxChat({ ticketID: "F1" });
    const { fetchMock } = renderInbox({
      path: "/inbox?ticketID=F1",
      list: () => page([row], 0),
      chats: [fullChat(row)],
      routes: {
        "POST /api/chat/chat/toggle-resolution": () => ({ data: { chat: { ...row, resolved: true }, unreadCount: 0 } }),
        "POST /api/chat/chat/toggle-flag": () => ({
          data: { chat: { ...row, resolved: true, isFlagged: true }, unreadCount: 0 },
        }),
      },
    });
    await userEvent.click(
      await within(await screen.findByRole("region", { name: "Chat" })).findByRole("button", { name: "Resolve chat" }),
    );
    expect(await within(chatPanel()).findByRole("button", { name: "Reopen chat" })).toBeTruthy();
    expect(bodiesSentTo(fetchMock, "POST /api/chat/chat/toggle-resolution")).toEqual([
      { chatID: row.chatID, resolved: true },
    ]);
    expect(within(chatPanel()).getByText("Resolved")).toBeTruthy();
    expect(within(rows()[0] as HTMLElement).getByText("Resolved")).toBeTruthy();
    await pickChatAction("Flag chat");
    expect(await findChatAction("Remove flag")).toBeTruthy();
    await closeChatMenu();
    expect(bodiesSentTo(fetchMock, "POST /api/chat/chat/toggle-flag")).toEqual([
      { chatID: row.chatID, isFlagged: true },
    ]);
    expect(within(rows()[0] as HTMLElement).getByText("Flagged")).toBeTruthy();
    // One mark, the flag: the dot variant would draw a dot beside it and clip the label.
    const pill = within(chatPanel()).getByTestId("flagged-pill");
    expect(pill.getAttribute("data-variant")).not.toBe("dot");
    expect(pill.querySelectorAll("svg")).toHaveLength(1);
    expect(pill.style.minWidth).toBe("max-content");
  });

  it("marks a read chat unread, raises the count and closes it, so nothing reads it again", async () => {
    const row = inboxChat({ ticketID: "U1" });
    const unread = { chat: { ...row, chatRead: false }, unreadCount: 1 };
    const { fetchMock, router } = renderInbox({
      path: "/inbox?status=open&ticketID=U1",
      list: () => page([row], 0),
      chats: [fullChat(row)],
      routes: { "POST /api/chat/mark-unread": () => ({ data: unread }) },
    });
    await pickChatAction("Mark as unread");
    await waitFor(() => expect(router.state.location.search).toBe("?status=open"));
    expect(bodiesSentTo(fetchMock, "POST /api/chat/mark-unread")).toEqual([{ chatID: row.chatID }]);
    expect(within(rows()[0] as HTMLElement).getByText("Unread")).toBeTruthy();
    expect(screen.getByTestId("unread-count").textContent).toBe("1 unread");
    // The server tells every dashboard, this one too: that must not open (and read) the chat again.
    fakeStaffSocket.serverSends("chat-updated", unread);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bodiesSentTo(fetchMock, "POST /api/chat/")).toEqual([{ ticketID: "U1" }]);
    expect(screen.getByTestId("unread-count").textContent).toBe("1 unread");
  });

  it("disables Mark as unread on an open chat someone else marked unread, and does not read it again", async () => {
    const row = inboxChat({ ticketID: "U2" });
    const { fetchMock } = renderInbox({
      path: "/inbox?ticketID=U2",
      list: () => page([row], 0),
      chats: [fullChat(row)],
    });
    const item = await findChatAction("Mark as unread");
    expect(item.hasAttribute("disabled")).toBe(false);
    fakeStaffSocket.serverSends("chat-updated", { chat: { ...row, chatRead: false }, unreadCount: 1 });
    await waitFor(() =>
      expect(
        within(screen.getByRole("menu")).getByRole("menuitem", { name: "Mark as unread" }).hasAttribute("disabled"),
      ).toBe(true),
    );
    expect(bodiesSentTo(fetchMock, "POST /api/chat/")).toEqual([{ ticketID: "U2" }]);
  });

  it("deletes after confirmation, drops the row and opens the next chat", async () => {
    const first = inboxChat({ ticketID: "D1" });
    const second = inboxChat({
      ticketID: "D2",
      customer: { name: "Second", email: null, number: null, location: null },
    });
    const { fetchMock, router } = renderInbox({
      path: "/inbox?ticketID=D1",
      list: () => page([first, second], 0),
      chats: [fullChat(first), fullChat(second)],
      routes: { "POST /api/chat/delete": () => ({ data: { chat: first, unreadCount: 0 } }) },
    });
    await pickChatAction("Delete");
    const dialog = await screen.findByRole("dialog", { name: "Delete this chat?" });
    expect(bodiesSentTo(fetchMock, "POST /api/chat/delete")).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete chat" }));
    await waitFor(() => expect(router.state.location.search).toBe("?ticketID=D2"));
    expect(bodiesSentTo(fetchMock, "POST /api/chat/delete")).toEqual([{ chatID: first.chatID }]);
    expect(rows()).toHaveLength(1);
    expect(await screen.findByRole("heading", { name: "Ticket ID D2" })).toBeTruthy();
  });

  it("logs a failed action, shows nothing and reads the chat and list again", async () => {
    const errorLog = vi.spyOn(console, "error").mockImplementation(() => {});
    const row = inboxChat({ ticketID: "E1" });
    const { fetchMock } = renderInbox({
      path: "/inbox?ticketID=E1",
      list: () => page([row], 0),
      chats: [fullChat(row)],
      routes: { "POST /api/chat/chat/toggle-flag": () => ({ status: 500, message: "boom" }) },
    });
    await pickChatAction("Flag chat");
    await waitFor(() => expect(errorLog).toHaveBeenCalled());
    await waitFor(() => expect(inboxBodies(fetchMock)).toHaveLength(2));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(await findChatAction("Flag chat")).toBeTruthy();
    errorLog.mockRestore();
  });

  it("loads older messages when scrolled up, asking with before", async () => {
    const row = inboxChat({ ticketID: "O1" });
    const newest = fullChat(row, { hasOlderMessages: true });
    const older = fullChat(row, {
      hasOlderMessages: false,
      messages: [
        { ...newest.messages[0]!, _id: "00000000-0000-4000-8000-0000000000cc", message: "Hi there, first message" },
      ],
    });
    const { fetchMock } = renderInbox({
      path: "/inbox?ticketID=O1",
      list: () => page([row], 0),
      routes: { "POST /api/chat/": (body) => ({ data: (body as { before?: string }).before ? older : newest }) },
    });
    const log = await screen.findByRole("log", { name: "Messages" });
    Object.defineProperty(log, "scrollTop", { configurable: true, value: 10, writable: true });
    fireEvent.scroll(log);
    expect(await screen.findByText("Hi there, first message")).toBeTruthy();
    expect(bodiesSentTo(fetchMock, "POST /api/chat/")).toEqual([
      { ticketID: "O1" },
      { chatID: row.chatID, before: newest.messages[0]?._id },
    ]);
  });
});

describe("InboxPage keyboard", () => {
  it("moves with j/k and arrows, resolves with e, opens help with ?, and ignores typing", async () => {
    const chats = [inboxChat({ ticketID: "K1" }), inboxChat({ ticketID: "K2" }), inboxChat({ ticketID: "K3" })];
    const { router, fetchMock } = renderInbox({
      list: () => page(chats, 0),
      chats: chats.map((row) => fullChat(row)),
      routes: {
        "POST /api/chat/chat/toggle-resolution": () => ({
          data: { chat: { ...chats[1]!, resolved: true }, unreadCount: 0 },
        }),
      },
    });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const user = userEvent.setup();
    await user.keyboard("j");
    expect(router.state.location.search).toBe("?ticketID=K1");
    await user.keyboard("j");
    expect(router.state.location.search).toBe("?ticketID=K2");
    await user.keyboard("{ArrowDown}");
    expect(router.state.location.search).toBe("?ticketID=K3");
    await user.keyboard("k");
    await user.keyboard("{ArrowUp}");
    expect(router.state.location.search).toBe("?ticketID=K1");
    await user.keyboard("j");
    await screen.findByRole("heading", { name: "Ticket ID K2" });
    await user.keyboard("e");
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, "POST /api/chat/chat/toggle-resolution")).toEqual([
        { chatID: chats[1]?.chatID, resolved: true },
      ]),
    );
    await user.keyboard("r");
    expect(router.state.location.search).toBe("?ticketID=K2");
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Reply to the customer" }));
    // Escape leaves the reply box, and the keys are shortcuts again.
    await user.keyboard("{Escape}");
    expect(document.activeElement).not.toBe(screen.getByRole("textbox", { name: "Reply to the customer" }));
    await user.keyboard("?");
    const help = await screen.findByRole("dialog", { name: "Keyboard shortcuts" });
    expect(within(help).getByText("Next chat")).toBeTruthy();
    expect(within(help).getByText("Reply to the chat")).toBeTruthy();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("does not act on keys typed into a field", async () => {
    const chats = [inboxChat({ ticketID: "I1" })];
    const { router } = renderInbox({ list: () => page(chats, 0) });
    await waitFor(() => expect(rows()).toHaveLength(1));
    const input = document.createElement("input");
    document.body.append(input);
    input.focus();
    await userEvent.keyboard("j?");
    expect(router.state.location.search).toBe("");
    expect(screen.queryByRole("dialog")).toBeNull();
    input.remove();
  });
});

const composer = () => screen.getByRole("textbox", { name: /Reply to the customer|Internal note/ });
const pendingItems = () => screen.queryAllByTestId("pending-message");

/** A stored staff message as the server answers it. */
function storedAnswer(row: InboxChat, body: StaffMessageRequest, overrides: Partial<InboxChat> = {}) {
  const isNote = body.message.startsWith("Note");
  const message = chatMessage({
    message: body.message,
    messageType: isNote ? "internal_note" : "agent_reply",
    senderRole: "agent",
    senderName: "Dana",
    messageData: { senderName: "Dana", senderUserID: "00000000-0000-4000-8000-0000000000dd" },
  });
  return { data: { message, chat: { ...row, ...overrides }, unreadCount: 0 } };
}

describe("InboxPage reply box", () => {
  it("sends a reply on Enter, shows it at once as pending, then as stored; Shift+Enter is a new line", async () => {
    const row = inboxChat({ ticketID: "S1" });
    let release: () => void = () => {};
    const { fetchMock } = renderInbox({
      path: "/inbox?ticketID=S1",
      list: () => page([row], 0),
      chats: [fullChat(row)],
      routes: {
        "POST /api/chat/chat/reply": async (body) => {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          return storedAnswer(row, body as StaffMessageRequest, { status: "human" });
        },
      },
    });
    await screen.findByRole("heading", { name: "Ticket ID S1" });
    const user = userEvent.setup();
    await user.click(composer());
    await user.keyboard("Hello{Shift>}{Enter}{/Shift}there");
    expect((composer() as HTMLTextAreaElement).value).toBe("Hello\nthere");
    expect(bodiesSentTo(fetchMock, "POST /api/chat/chat/reply")).toHaveLength(0);
    await user.keyboard("{Enter}");
    expect((composer() as HTMLTextAreaElement).value).toBe("");
    expect(pendingItems()).toHaveLength(1);
    expect(within(pendingItems()[0] as HTMLElement).getByText("Sending…")).toBeTruthy();
    const [sent] = bodiesSentTo(fetchMock, "POST /api/chat/chat/reply") as StaffMessageRequest[];
    expect(sent).toMatchObject({ chatID: row.chatID, message: "Hello\nthere" });
    expect(sent?.clientMessageID).toMatch(/^[0-9a-f-]{36}$/);
    release();
    await waitFor(() => expect(pendingItems()).toHaveLength(0));
    const log = screen.getByRole("log", { name: "Messages" });
    expect(within(log).getByText(/^Dana/)).toBeTruthy();
    expect(within(log).getByText("Hello there", { normalizer: (text) => text.replace(/\s+/g, " ") })).toBeTruthy();
    // The answer took the chat over: Hand back to AI is offered now.
    expect(await findChatAction("Hand back to AI")).toBeTruthy();
  });

  it("sends an internal note from the note tab and shows it as a note", async () => {
    const row = inboxChat({ ticketID: "N1" });
    const { fetchMock } = renderInbox({
      path: "/inbox?ticketID=N1",
      list: () => page([row], 0),
      chats: [fullChat(row)],
      routes: { "POST /api/chat/chat/note": (body) => storedAnswer(row, body as StaffMessageRequest) },
    });
    await screen.findByRole("heading", { name: "Ticket ID N1" });
    const user = userEvent.setup();
    await user.click(screen.getByRole("radio", { name: "Internal note" }));
    await user.type(composer(), "Note: VIP customer");
    await user.click(screen.getByRole("button", { name: "Add note" }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, "POST /api/chat/chat/note")).toHaveLength(1));
    expect(await screen.findByText(/^Internal note · Dana/)).toBeTruthy();
    expect(bodiesSentTo(fetchMock, "POST /api/chat/chat/reply")).toHaveLength(0);
    // Notes say nothing about typing: the visitor would hear of it.
    expect(fakeStaffSocket.volatile.emit).not.toHaveBeenCalled();
  });

  it("keeps a failed send with the server's message, and retries it with the same client id", async () => {
    const row = inboxChat({ ticketID: "R1" });
    let attempts = 0;
    const { fetchMock } = renderInbox({
      path: "/inbox?ticketID=R1",
      list: () => page([row], 0),
      chats: [fullChat(row)],
      routes: {
        "POST /api/chat/chat/reply": (body) => {
          attempts += 1;
          return attempts === 1
            ? { status: 503, message: "The server is busy." }
            : storedAnswer(row, body as StaffMessageRequest);
        },
      },
    });
    await screen.findByRole("heading", { name: "Ticket ID R1" });
    const user = userEvent.setup();
    await user.type(composer(), "Are you there?{Enter}");
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "The server is busy.");
    expect(within(pendingItems()[0] as HTMLElement).getByText("Are you there?")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(pendingItems()).toHaveLength(0));
    const [first, second] = bodiesSentTo(fetchMock, "POST /api/chat/chat/reply") as StaffMessageRequest[];
    expect(second).toEqual(first);
    expect(within(screen.getByRole("log", { name: "Messages" })).getByText("Are you there?")).toBeTruthy();
  });

  it("keeps an unsent draft, and its kind, with its chat while another is open", async () => {
    const first = inboxChat({ ticketID: "D1" });
    const second = inboxChat({ ticketID: "D2" });
    const { router } = renderInbox({
      path: "/inbox?ticketID=D1",
      list: () => page([first, second], 0),
      chats: [fullChat(first), fullChat(second)],
    });
    await screen.findByRole("heading", { name: "Ticket ID D1" });
    const user = userEvent.setup();
    await user.click(screen.getByRole("radio", { name: "Internal note" }));
    await user.type(composer(), "Half a thought");
    await router.navigate("/inbox?ticketID=D2");
    await screen.findByRole("heading", { name: "Ticket ID D2" });
    expect((composer() as HTMLTextAreaElement).value).toBe("");
    expect(composer().getAttribute("aria-label")).toBe("Reply to the customer");
    await router.navigate("/inbox?ticketID=D1");
    await screen.findByRole("heading", { name: "Ticket ID D1" });
    expect((composer() as HTMLTextAreaElement).value).toBe("Half a thought");
    expect(composer().getAttribute("aria-label")).toBe("Internal note, only your team sees it");
  });

  it("raises a ticket and clears it again, which takes the chat over", async () => {
    const row = inboxChat({ ticketID: "K1", status: "open" });
    const { fetchMock } = renderInbox({
      path: "/inbox?ticketID=K1",
      list: () => page([row], 0),
      chats: [fullChat(row)],
      routes: {
        "POST /api/chat/chat/toggle-ticket": (body) => ({
          data: { chat: { ...row, status: (body as { status: string }).status }, unreadCount: 0 },
        }),
      },
    });
    await pickChatAction("Raise ticket");
    expect(await within(chatPanel()).findByText("Ticket Raised")).toBeTruthy();
    expect(within(rows()[0] as HTMLElement).getByText("Ticket")).toBeTruthy();
    const clearTicket = await findChatAction("Clear ticket and take over");
    expect(
      within(screen.getByRole("menu")).queryByRole("menuitem", { name: /^Take over$|Hand back|Raise ticket/ }),
    ).toBeNull();
    await userEvent.click(clearTicket);
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    expect(await findChatAction("Hand back to AI")).toBeTruthy();
    expect(within(chatPanel()).queryByText("Ticket Raised")).toBeNull();
    expect(bodiesSentTo(fetchMock, "POST /api/chat/chat/toggle-ticket")).toEqual([
      { chatID: row.chatID, status: "ticket" },
      { chatID: row.chatID, status: "human" },
    ]);
  });

  it("takes a chat over and hands it back; a ticket chat offers its take-over by clearing the ticket", async () => {
    const row = inboxChat({ ticketID: "H1" });
    const ticket = inboxChat({ ticketID: "T1", status: "ticket" });
    const { fetchMock, router } = renderInbox({
      path: "/inbox?ticketID=H1",
      list: () => page([row, ticket], 0),
      chats: [fullChat(row), fullChat(ticket)],
      routes: {
        "POST /api/chat/chat/take-over": () => ({ data: { chat: { ...row, status: "human" }, unreadCount: 0 } }),
        "POST /api/chat/chat/hand-back": () => ({ data: { chat: { ...row, status: "open" }, unreadCount: 0 } }),
      },
    });
    await pickChatAction("Take over");
    await pickChatAction("Hand back to AI");
    expect(await findChatAction("Take over")).toBeTruthy();
    await closeChatMenu();
    expect(bodiesSentTo(fetchMock, "POST /api/chat/chat/take-over")).toEqual([{ chatID: row.chatID }]);
    expect(bodiesSentTo(fetchMock, "POST /api/chat/chat/hand-back")).toEqual([{ chatID: row.chatID }]);
    await router.navigate("/inbox?ticketID=T1");
    await screen.findByRole("heading", { name: "Ticket ID T1" });
    expect(await findChatAction("Clear ticket and take over")).toBeTruthy();
    expect(within(screen.getByRole("menu")).queryByRole("menuitem", { name: /^Take over$|Hand back/ })).toBeNull();
  });

  it("says typing while a reply is written, and stopped on send", async () => {
    const row = inboxChat({ ticketID: "W1" });
    renderInbox({
      path: "/inbox?ticketID=W1",
      list: () => page([row], 0),
      chats: [fullChat(row)],
      routes: { "POST /api/chat/chat/reply": (body) => storedAnswer(row, body as StaffMessageRequest) },
    });
    await screen.findByRole("heading", { name: "Ticket ID W1" });
    fakeStaffSocket.connectNow();
    const user = userEvent.setup();
    await user.type(composer(), "Hi");
    expect(fakeStaffSocket.volatile.emit.mock.calls).toEqual([
      ["staff-typing", { chatID: row.chatID, isTyping: true }],
    ]);
    await user.keyboard("{Enter}");
    expect(fakeStaffSocket.volatile.emit.mock.calls.at(-1)).toEqual([
      "staff-typing",
      { chatID: row.chatID, isTyping: false },
    ]);
  });
});

describe("InboxPage live", () => {
  it("puts a new chat on top, updates the unread count, and drops a deleted one", async () => {
    const first = inboxChat({ ticketID: "L1", lastMessageAt: "2025-11-12T09:05:00.000Z" });
    renderInbox({ list: () => page([first], 0) });
    await waitFor(() => expect(rows()).toHaveLength(1));
    const fresh = inboxChat({
      ticketID: "L2",
      chatRead: false,
      lastMessageAt: "2025-11-12T09:06:00.000Z",
      customer: { name: "Fresh Visitor", email: null, number: null, location: null },
    });
    fakeStaffSocket.serverSends("chat-updated", { chat: fresh, unreadCount: 1 });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map((row) => row.textContent)).toEqual([
      expect.stringContaining("Fresh Visitor"),
      expect.stringContaining("Noa Cohen"),
    ]);
    expect(screen.getByTestId("unread-count").textContent).toBe("1 unread");
    fakeStaffSocket.serverSends("chat-deleted", { chatID: fresh.chatID, unreadCount: 0 });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByTestId("unread-count").textContent).toBe("0 unread");
  });

  it("appends a new message to the open chat once, and updates its pills", async () => {
    const row = inboxChat({ ticketID: "M1" });
    renderInbox({ path: "/inbox?ticketID=M1", list: () => page([row], 0), chats: [fullChat(row)] });
    const log = await screen.findByRole("log", { name: "Messages" });
    const message = chatMessage({ message: "One more question" });
    fakeStaffSocket.serverSends("chat-message", { chatID: row.chatID, message });
    fakeStaffSocket.serverSends("chat-message", { chatID: row.chatID, message });
    fakeStaffSocket.serverSends("chat-message", {
      chatID: inboxChat().chatID,
      message: chatMessage({ message: "Elsewhere" }),
    });
    await waitFor(() => expect(within(log).getAllByText("One more question")).toHaveLength(1));
    expect(within(log).queryByText("Elsewhere")).toBeNull();
    fakeStaffSocket.serverSends("chat-updated", { chat: { ...row, resolved: true }, unreadCount: 0 });
    expect(await within(chatPanel()).findByRole("button", { name: "Reopen chat" })).toBeTruthy();
  });

  it("opens the open chat again when its visitor writes, so it stays read; not for other chats or staff", async () => {
    const row = inboxChat({ ticketID: "R1", chatRead: true });
    const other = inboxChat({ ticketID: "R2", chatRead: true });
    const { fetchMock } = renderInbox({
      path: "/inbox?ticketID=R1",
      list: () => page([row, other], 0),
      chats: [fullChat(row), fullChat(other)],
    });
    await screen.findByRole("heading", { name: "Ticket ID R1" });
    const opens = () => bodiesSentTo(fetchMock, "POST /api/chat/");
    fakeStaffSocket.serverSends("chat-message", { chatID: other.chatID, message: chatMessage({ message: "Hi" }) });
    fakeStaffSocket.serverSends("chat-message", {
      chatID: row.chatID,
      message: chatMessage({ message: "Noted", senderRole: "agent", messageType: "answer" }),
    });
    fakeStaffSocket.serverSends("chat-message", { chatID: row.chatID, message: chatMessage({ message: "Still?" }) });
    await waitFor(() => expect(opens()).toHaveLength(2));
    expect(opens().at(-1)).toEqual({ chatID: row.chatID });
  });

  it("shows who is typing in the open chat, not oneself, and clears it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const row = inboxChat({ ticketID: "Y1" });
    const { queryClient } = renderInbox({
      path: "/inbox?ticketID=Y1",
      list: () => page([row], 0),
      chats: [fullChat(row)],
    });
    const ownUserID = "00000000-0000-4000-8000-0000000000ff";
    queryClient.setQueryData(["current-user"], { user: { userID: ownUserID }, company: null });
    await screen.findByRole("heading", { name: "Ticket ID Y1" });
    const indicator = screen.getByTestId("typing-indicator");
    fakeStaffSocket.serverSends("agent-typing", { chatID: row.chatID, userID: ownUserID, name: "Me", isTyping: true });
    expect(indicator.textContent).toBe("");
    fakeStaffSocket.serverSends("visitor-typing", { chatID: row.chatID, isTyping: true });
    fakeStaffSocket.serverSends("agent-typing", {
      chatID: row.chatID,
      userID: "00000000-0000-4000-8000-0000000000ee",
      name: "Sam",
      isTyping: true,
    });
    fakeStaffSocket.serverSends("visitor-typing", { chatID: inboxChat().chatID, isTyping: true });
    expect(indicator.textContent).toBe("Customer is typing… · Sam is typing…");
    fakeStaffSocket.serverSends("agent-typing", {
      chatID: row.chatID,
      userID: "00000000-0000-4000-8000-0000000000ee",
      name: "Sam",
      isTyping: false,
    });
    expect(indicator.textContent).toBe("Customer is typing…");
    // A lost "stopped" never sticks.
    await vi.advanceTimersByTimeAsync(6000);
    expect(indicator.textContent).toBe("");
  });

  it("reads the lists again when it (re)connects without recovery, and the open chat after a reconnect", async () => {
    const row = inboxChat({ ticketID: "C1" });
    const { fetchMock } = renderInbox({
      path: "/inbox?ticketID=C1",
      list: () => page([row], 0),
      chats: [fullChat(row)],
    });
    await screen.findByRole("heading", { name: "Ticket ID C1" });
    await waitFor(() => expect(inboxBodies(fetchMock)).toHaveLength(1));
    fakeStaffSocket.connectNow();
    await waitFor(() => expect(inboxBodies(fetchMock)).toHaveLength(2));
    expect(bodiesSentTo(fetchMock, "POST /api/chat/")).toHaveLength(1);
    fakeStaffSocket.connectNow({ isRecovered: true });
    fakeStaffSocket.connectNow();
    await waitFor(() => expect(inboxBodies(fetchMock)).toHaveLength(3));
    await waitFor(() => expect(bodiesSentTo(fetchMock, "POST /api/chat/")).toHaveLength(2));
    // Reading it again is no opening: a chat marked unread stays so.
    expect(bodiesSentTo(fetchMock, "POST /api/chat/").at(-1)).toEqual({ ticketID: "C1", isOpening: false });
  });
});

import type { Chat, ChatActionResponse, InboxCategories, InboxResponse } from "@harbor/contract/chat";
import { INBOX_PAGE_SIZE } from "@harbor/contract/chat";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { chats, customReplies, questionCategories, tokenUsage } from "../../db/schema/index";

let h: Harness;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let rival: Awaited<ReturnType<Harness["signUp"]>>;
let agentCookie: string;
let returnsReplyId: string;

const MISSING_ID = "00000000-0000-4000-8000-000000000000";

/** A chat seeded the way the AI pipeline writes them: createChat, insertMessage, insertAnalysis. */
async function seedChat(
  companyId: string,
  options: { messages?: number; category?: string; customReplyId?: string; customer?: Record<string, unknown> } = {},
) {
  const repository = h.app.services.chatsRepository;
  const chat = await repository.createChat(companyId);
  if (options.customer) await h.db.update(chats).set({ customer: options.customer }).where(eq(chats.id, chat.id));
  for (let i = 1; i <= (options.messages ?? 2); i++) {
    const isQuestion = i % 2 === 1;
    const message = await repository.insertMessage({
      companyId,
      chatId: chat.id,
      message: `${isQuestion ? "Question" : "Answer"} ${i}`,
      ...(isQuestion
        ? { messageType: "question", senderRole: "customer" }
        : {
            messageType: "answer",
            senderRole: "ai",
            messageData: options.customReplyId ? { customReplyID: options.customReplyId } : {},
          }),
    });
    if (isQuestion && options.category) {
      await repository.insertAnalysis({
        companyId,
        chatId: chat.id,
        messageId: message.id,
        shortenedCustomerMessage: `Asked ${i}`,
        questionCategory: options.category,
        selectedIntent: null,
      });
    }
  }
  return chat;
}

const inbox = async (body: Record<string, unknown> = {}, cookie = owner.cookie) => {
  const response = await h.api<InboxResponse>("POST", "/api/chat/inbox", { cookie, body });
  expect(response.status).toBe(200);
  return response.body.data;
};
const openChat = (body: Record<string, unknown>, cookie = owner.cookie) =>
  h.api<Chat>("POST", "/api/chat/", { cookie, body });
const action = (path: string, body: Record<string, unknown>, cookie = owner.cookie) =>
  h.api<ChatActionResponse>("POST", path, { cookie, body });
const unreadCount = async () => (await inbox()).unreadCount;

beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUp("owner@inbox-shop.example");
  rival = await h.signUp("owner@inbox-rival.example");
  agentCookie = (await h.addMember(owner.cookie, { name: "Agent", email: "agent@inbox-shop.example", role: "agent" }))
    .cookie;
  const [reply] = await h.db
    .insert(customReplies)
    .values([
      { companyId: owner.companyId, name: "Returns" },
      { companyId: owner.companyId, name: "Shipping" },
    ])
    .returning();
  returnsReplyId = reply!.id;
  await h.db.insert(questionCategories).values([
    { companyId: owner.companyId, title: "Orders", description: "Order questions" },
    { companyId: owner.companyId, title: "Sizing", description: "Fit", isActive: false },
    { companyId: rival.companyId, title: "Rival only", description: "Not ours" },
  ]);
});

afterAll(async () => {
  await h?.close();
});

describe("inbox list", () => {
  it("starts empty, and is for any member of the company", async () => {
    expect(await inbox()).toEqual({ inbox: [], totalCount: 0, unreadCount: 0 });
    expect((await inbox({}, agentCookie)).totalCount).toBe(0);
    expect((await h.api("POST", "/api/chat/inbox", { body: {} })).status).toBe(401);
    expect((await h.api("GET", "/api/chat/inbox/categories")).status).toBe(401);
  });

  it("lists newest first with ticket IDs, default customer fields and a cut last message", async () => {
    const older = await seedChat(owner.companyId, { customer: { name: "Ada", email: "ada@example.com" } });
    const newer = await seedChat(owner.companyId);
    await h.app.services.chatsRepository.insertMessage({
      companyId: owner.companyId,
      chatId: newer.id,
      message: "x".repeat(500),
      messageType: "answer",
      senderRole: "ai",
    });
    await h.app.services.chatsRepository.insertMessage({
      companyId: owner.companyId,
      chatId: newer.id,
      message: "opened",
      messageType: "widget_event",
      senderRole: "system",
    });
    const page = await inbox();
    expect(page.inbox.map((chat) => chat._id)).toEqual([newer.id, older.id]);
    expect(page.totalCount).toBe(2);
    expect(page.unreadCount).toBe(2);
    const [first, second] = page.inbox;
    expect(first!.ticketID).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{6}$/);
    expect(first!.ticketID).not.toBe(second!.ticketID);
    expect(first!.customer).toEqual({ name: null, email: null, number: null, location: null });
    expect(second!.customer).toMatchObject({ name: "Ada", email: "ada@example.com" });
    // Events are not shown, so the preview is the latest shown message, cut for the list.
    expect(first!.lastMessage).toHaveLength(140);
    expect(first!.lastMessage.endsWith("…")).toBe(true);
    expect(second!.lastMessage).toBe("Answer 2");
    expect(first).toMatchObject({ status: "open", resolved: false, isFlagged: false, chatRead: false });
    await h.db.delete(chats).where(eq(chats.companyId, owner.companyId));
  });

  it("pages by INBOX_PAGE_SIZE with the filter's total count", async () => {
    const seeded = [];
    for (let i = 0; i < INBOX_PAGE_SIZE + 5; i++) seeded.push(await seedChat(owner.companyId, { messages: 1 }));
    await seedChat(rival.companyId);
    const first = await inbox({ pageNumber: 1 });
    const second = await inbox({ pageNumber: 2 });
    expect(first.inbox).toHaveLength(INBOX_PAGE_SIZE);
    expect(second.inbox).toHaveLength(5);
    expect(first.totalCount).toBe(INBOX_PAGE_SIZE + 5);
    const listed = [...first.inbox, ...second.inbox].map((chat) => chat._id);
    expect(listed).toEqual(seeded.map((chat) => chat.id).reverse());
    expect((await inbox({ pageNumber: 3 })).inbox).toEqual([]);
    await h.db.delete(chats).where(eq(chats.companyId, owner.companyId));
  });

  it("filters by status, category, custom reply and unread", async () => {
    const plain = await seedChat(owner.companyId);
    const resolved = await seedChat(owner.companyId, { category: "Orders" });
    const flagged = await seedChat(owner.companyId, { customReplyId: returnsReplyId });
    const human = await seedChat(owner.companyId, { category: "Orders" });
    const ticket = await seedChat(owner.companyId);
    await h.db.update(chats).set({ resolved: true, chatRead: true }).where(eq(chats.id, resolved.id));
    await h.db.update(chats).set({ isFlagged: true }).where(eq(chats.id, flagged.id));
    await h.db.update(chats).set({ status: "human" }).where(eq(chats.id, human.id));
    await h.db.update(chats).set({ status: "ticket", chatRead: true }).where(eq(chats.id, ticket.id));
    // The rival's chat in the same category and with a same-named reply never shows.
    const [rivalReply] = await h.db
      .insert(customReplies)
      .values({ companyId: rival.companyId, name: "Returns" })
      .returning();
    await seedChat(rival.companyId, { category: "Orders", customReplyId: rivalReply!.id });

    const ids = async (body: Record<string, unknown>) => {
      const page = await inbox(body);
      expect(page.totalCount).toBe(page.inbox.length);
      return page.inbox.map((chat) => chat._id).sort();
    };
    const sorted = (...list: { id: string }[]) => list.map((chat) => chat.id).sort();
    expect(await ids({})).toEqual(sorted(plain, resolved, flagged, human, ticket));
    expect(await ids({ status: "open" })).toEqual(sorted(plain, flagged, human, ticket));
    expect(await ids({ status: "resolved" })).toEqual(sorted(resolved));
    expect(await ids({ status: "handoff" })).toEqual(sorted(human, ticket));
    expect(await ids({ status: "flagged" })).toEqual(sorted(flagged));
    expect(await ids({ category: "Orders" })).toEqual(sorted(resolved, human));
    expect(await ids({ category: "Orders", status: "resolved" })).toEqual(sorted(resolved));
    expect(await ids({ category: "Nothing" })).toEqual([]);
    expect(await ids({ customReply: "Returns" })).toEqual(sorted(flagged));
    expect(await ids({ customReply: "Shipping" })).toEqual([]);
    expect(await ids({ unreadChats: true })).toEqual(sorted(plain, flagged, human));
    expect(await ids({ unreadChats: true, status: "handoff" })).toEqual(sorted(human));
    // The unread count is the whole company's, whatever the filter.
    expect((await inbox({ status: "resolved" })).unreadCount).toBe(3);
    await h.db.delete(chats).where(eq(chats.companyId, owner.companyId));
  });

  it("keeps category and custom-reply lists in inbox order as chats get new messages", async () => {
    const older = await seedChat(owner.companyId, { category: "Orders", customReplyId: returnsReplyId });
    const newer = await seedChat(owner.companyId, { category: "Orders", customReplyId: returnsReplyId });
    const order = async (body: Record<string, unknown>) => (await inbox(body)).inbox.map((chat) => chat._id);
    expect(await order({ category: "Orders" })).toEqual([newer.id, older.id]);
    expect(await order({ customReply: "Returns" })).toEqual([newer.id, older.id]);
    await h.app.services.chatsRepository.insertMessage({
      companyId: owner.companyId,
      chatId: older.id,
      message: "Any news?",
      messageType: "question",
      senderRole: "customer",
    });
    expect(await order({ category: "Orders" })).toEqual([older.id, newer.id]);
    expect(await order({ customReply: "Returns" })).toEqual([older.id, newer.id]);
    expect(await order({ category: "Orders", unreadChats: true })).toEqual([older.id, newer.id]);
    // Deleting a chat takes it out of every filtered list.
    await h.api("POST", "/api/chat/delete", { cookie: owner.cookie, body: { chatID: older.id } });
    expect(await order({ category: "Orders" })).toEqual([newer.id]);
    await h.db.delete(chats).where(eq(chats.companyId, owner.companyId));
  });

  it("answers the menu: every category by title (switched off too), custom replies, no suggested questions yet", async () => {
    const response = await h.api<InboxCategories>("GET", "/api/chat/inbox/categories", { cookie: agentCookie });
    expect(response.status).toBe(200);
    expect(response.body.data.aiCategories).toEqual([{ title: "Orders" }, { title: "Sizing" }]);
    expect(response.body.data.customReplies.map((reply) => reply.name)).toEqual(["Returns", "Shipping"]);
    expect(response.body.data.suggestedQuestions).toEqual([]);
  });

  it("keeps a category's chats under it when the admin renames it in Automation", async () => {
    const ids = async (body: Record<string, unknown>) => (await inbox(body)).inbox.map((chat) => chat._id).sort();
    const sorted = (...list: { id: string }[]) => list.map((chat) => chat.id).sort();
    const saved = await h.api<{ _id: string }>("POST", "/api/question-category/add", {
      cookie: owner.cookie,
      body: { title: "Warranty", description: "Broken items" },
    });
    const categoryId = saved.body.data._id;
    const filed = await seedChat(owner.companyId, { messages: 3, category: "Warranty" });
    const other = await seedChat(owner.companyId, { category: "Orders" });
    // A chat also filed under an old, deleted "Repairs" category: it ends with one tag, not two.
    const both = await seedChat(owner.companyId, { category: "Repairs" });
    const question = await h.app.services.chatsRepository.insertMessage({
      companyId: owner.companyId,
      chatId: both.id,
      message: "My zip broke",
      messageType: "question",
      senderRole: "customer",
    });
    await h.app.services.chatsRepository.insertAnalysis({
      companyId: owner.companyId,
      chatId: both.id,
      messageId: question.id,
      shortenedCustomerMessage: "Broken zip",
      questionCategory: "Warranty",
      selectedIntent: null,
    });
    const rivalChat = await seedChat(rival.companyId, { category: "Warranty" });
    expect(await ids({ category: "Warranty" })).toEqual(sorted(filed, both));

    const renamed = await h.api("POST", "/api/question-category/update", {
      cookie: owner.cookie,
      body: { questionCategoryID: categoryId, title: "Repairs", description: "Broken items" },
    });
    expect(renamed.status).toBe(200);
    expect(await ids({ category: "Warranty" })).toEqual([]);
    expect(await ids({ category: "Repairs" })).toEqual(sorted(filed, both));
    expect((await inbox({ category: "Repairs" })).totalCount).toBe(2);
    expect(await ids({ category: "Orders" })).toEqual(sorted(other));
    const opened = await openChat({ chatID: filed.id });
    expect(opened.body.data.aiAnalysis.map((entry) => entry.questionCategory)).toEqual(["Repairs", "Repairs"]);
    const menu = await h.api<InboxCategories>("GET", "/api/chat/inbox/categories", { cookie: owner.cookie });
    expect(menu.body.data.aiCategories.map((category) => category.title)).toEqual(["Orders", "Repairs", "Sizing"]);
    // The rival's chats keep their own category's name.
    const rivalPage = await h.api<InboxResponse>("POST", "/api/chat/inbox", {
      cookie: rival.cookie,
      body: { category: "Warranty" },
    });
    expect(rivalPage.body.data.inbox.map((chat) => chat._id)).toEqual([rivalChat.id]);
    await h.api("POST", "/api/question-category/delete", {
      cookie: owner.cookie,
      body: { questionCategoryID: categoryId },
    });
    await h.db.delete(chats).where(eq(chats.companyId, owner.companyId));
  });

  it("lists a chat under the custom reply made in Automation that answered in it", async () => {
    const ids = async (body: Record<string, unknown>) => (await inbox(body)).inbox.map((chat) => chat._id);
    const saved = await h.api<{ _id: string }>("POST", "/api/custom-reply/save", {
      cookie: owner.cookie,
      body: { name: "Exchange flow" },
    });
    const tagged = await seedChat(owner.companyId, { customReplyId: saved.body.data._id });
    await seedChat(owner.companyId);
    const menu = await h.api<InboxCategories>("GET", "/api/chat/inbox/categories", { cookie: agentCookie });
    expect(menu.body.data.customReplies.map((reply) => reply.name)).toEqual(["Exchange flow", "Returns", "Shipping"]);
    expect(await ids({ customReply: "Exchange flow" })).toEqual([tagged.id]);
    await h.api("POST", "/api/custom-reply/delete", {
      cookie: owner.cookie,
      body: { customReplyID: saved.body.data._id },
    });
    expect(await ids({ customReply: "Exchange flow" })).toEqual([]);
    await h.db.delete(chats).where(eq(chats.companyId, owner.companyId));
  });

  it("rejects bad requests", async () => {
    for (const body of [{ pageNumber: 0 }, { pageNumber: "x" }, { status: "closed" }, { unreadChats: "yes" }]) {
      expect((await h.api("POST", "/api/chat/inbox", { cookie: owner.cookie, body })).status).toBe(400);
    }
  });
});

describe("one chat", () => {
  it("opens by id or by ticket ID in any case, marks it read, and lowers the unread count", async () => {
    const chat = await seedChat(owner.companyId, { messages: 4, category: "Orders" });
    expect(await unreadCount()).toBe(1);
    const opened = await openChat({ chatID: chat.id }, agentCookie);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ _id: chat.id, chatRead: true, hasOlderMessages: false });
    expect(opened.body.data.messages.map((message) => message.message)).toEqual([
      "Question 1",
      "Answer 2",
      "Question 3",
      "Answer 4",
    ]);
    expect(opened.body.data.aiAnalysis.map((entry) => entry.questionCategory)).toEqual(["Orders", "Orders"]);
    expect(opened.body.data.workflows.preChat).toEqual({ isCompleted: false, fields: [] });
    expect(await unreadCount()).toBe(0);

    const ticketID = opened.body.data.ticketID;
    const byTicket = await openChat({ ticketID: ` ${ticketID.toLowerCase()} ` });
    expect(byTicket.status).toBe(200);
    expect(byTicket.body.data._id).toBe(chat.id);
    expect((await openChat({ ticketID: `#${ticketID}` })).body.data._id).toBe(chat.id);
    expect((await openChat({ ticketID: "ZZZZZZ" })).status).toBe(404);
  });

  it("says whether the visitor ended the chat, in the chat and its list row", async () => {
    const chat = await seedChat(owner.companyId);
    expect((await openChat({ chatID: chat.id })).body.data.isEnded).toBe(false);
    await h.db.update(chats).set({ completedAt: new Date() }).where(eq(chats.id, chat.id));
    expect((await openChat({ chatID: chat.id })).body.data).toMatchObject({ isEnded: true, resolved: false });
    expect((await inbox()).inbox.find((row) => row._id === chat.id)?.isEnded).toBe(true);
  });

  it("reads an open chat again without marking it read, so Mark as unread sticks", async () => {
    const chat = await seedChat(owner.companyId, { messages: 45 });
    const opened = (await openChat({ chatID: chat.id })).body.data;
    expect((await action("/api/chat/mark-unread", { chatID: chat.id })).status).toBe(200);
    const again = await openChat({ ticketID: opened.ticketID, isOpening: false });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ _id: chat.id, chatRead: false });
    const older = await openChat({ chatID: chat.id, before: opened.messages[0]!._id });
    expect(older.body.data.chatRead).toBe(false);
    expect((await inbox({ unreadChats: true })).inbox.map((row) => row._id)).toContain(chat.id);
    expect((await openChat({ chatID: MISSING_ID, isOpening: false })).status).toBe(404);
    expect((await openChat({ chatID: chat.id, isOpening: "no" })).status).toBe(400);
  });

  it("shows the newest 20 messages oldest first and pages older ones with `before`", async () => {
    const chat = await seedChat(owner.companyId, { messages: 45 });
    const newest = (await openChat({ chatID: chat.id })).body.data;
    expect(newest.messages).toHaveLength(20);
    expect(newest.messages[0]!.message).toBe("Answer 26");
    expect(newest.messages[19]!.message).toBe("Question 45");
    expect(newest.hasOlderMessages).toBe(true);
    const older = (await openChat({ chatID: chat.id, before: newest.messages[0]!._id })).body.data;
    expect(older.messages.map((message) => message.message)).toEqual(
      Array.from({ length: 20 }, (_, i) => `${(i + 6) % 2 === 1 ? "Question" : "Answer"} ${i + 6}`),
    );
    expect(older.hasOlderMessages).toBe(true);
    const oldest = (await openChat({ chatID: chat.id, before: older.messages[0]!._id })).body.data;
    expect(oldest.messages.map((message) => message.message)).toEqual([
      "Question 1",
      "Answer 2",
      "Question 3",
      "Answer 4",
      "Question 5",
    ]);
    expect(oldest.hasOlderMessages).toBe(false);
    // A message of another chat is no anchor: nothing older.
    const elsewhere = await openChat({ chatID: chat.id, before: MISSING_ID });
    expect(elsewhere.body.data.messages).toEqual([]);
  });

  it("rejects bad ids and requests with both or neither of chatID and ticketID", async () => {
    const chat = await seedChat(owner.companyId);
    for (const body of [
      {},
      { chatID: "nope" },
      { chatID: chat.id, ticketID: "ABCDEF" },
      { chatID: chat.id, before: "x" },
    ]) {
      expect((await openChat(body)).status).toBe(400);
    }
    expect((await h.api("POST", "/api/chat/", { body: { chatID: chat.id } })).status).toBe(401);
  });
});

describe("chat actions", () => {
  it("marks unread only a read chat; new messages make it unread again", async () => {
    await h.db.delete(chats).where(eq(chats.companyId, owner.companyId));
    const chat = await seedChat(owner.companyId);
    const again = await action("/api/chat/mark-unread", { chatID: chat.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This chat is already unread.");
    await openChat({ chatID: chat.id });
    expect(await unreadCount()).toBe(0);
    const marked = await action("/api/chat/mark-unread", { chatID: chat.id }, agentCookie);
    expect(marked.status).toBe(200);
    expect(marked.body.data).toMatchObject({ chat: { _id: chat.id, chatRead: false }, unreadCount: 1 });
    await openChat({ chatID: chat.id });
    await h.app.services.chatsRepository.insertMessage({
      companyId: owner.companyId,
      chatId: chat.id,
      message: "Anyone there?",
      messageType: "question",
      senderRole: "customer",
    });
    const page = await inbox();
    expect(page.unreadCount).toBe(1);
    expect(page.inbox[0]).toMatchObject({ _id: chat.id, chatRead: false, lastMessage: "Anyone there?" });
  });

  it("flags, resolves and raises tickets, and each has its inverse", async () => {
    const chat = await seedChat(owner.companyId);
    const steps: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ["/api/chat/chat/toggle-flag", { isFlagged: true }, { isFlagged: true }],
      ["/api/chat/chat/toggle-flag", { isFlagged: false }, { isFlagged: false }],
      ["/api/chat/chat/toggle-resolution", { resolved: true }, { resolved: true }],
      ["/api/chat/chat/toggle-resolution", { resolved: false }, { resolved: false }],
      ["/api/chat/chat/toggle-ticket", { status: "ticket" }, { status: "ticket" }],
      ["/api/chat/chat/toggle-ticket", { status: "human" }, { status: "human" }],
    ];
    for (const [path, body, expected] of steps) {
      const response = await action(path, { chatID: chat.id, ...body }, agentCookie);
      expect(response.status).toBe(200);
      expect(response.body.data.chat).toMatchObject({ _id: chat.id, ...expected });
      expect(response.body.data.unreadCount).toBe(await unreadCount());
    }
    expect((await action("/api/chat/chat/toggle-ticket", { chatID: chat.id, status: "open" })).status).toBe(400);
    expect((await action("/api/chat/chat/toggle-flag", { chatID: chat.id })).status).toBe(400);
    expect((await action("/api/chat/chat/toggle-resolution", { chatID: chat.id, resolved: "yes" })).status).toBe(400);
  });

  it("deletes a chat with its messages and analyses, keeps token usage, then answers 404", async () => {
    const chat = await seedChat(owner.companyId, { category: "Orders" });
    await h.app.services.chatsRepository.recordUsage({
      companyId: owner.companyId,
      chatId: chat.id,
      purpose: "chat",
      usage: [{ model: "local", inputTokens: 10, outputTokens: 5 }],
    });
    const before = await unreadCount();
    const deleted = await action("/api/chat/delete", { chatID: chat.id });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.chat._id).toBe(chat.id);
    expect(deleted.body.data.unreadCount).toBe(before - 1);
    expect(await h.app.services.chatsRepository.listMessages(owner.companyId, chat.id)).toEqual([]);
    expect(await h.app.services.chatsRepository.listAnalyses(owner.companyId, chat.id)).toEqual([]);
    const usage = await h.db.select().from(tokenUsage).where(eq(tokenUsage.companyId, owner.companyId));
    expect(usage.map((row) => row.chatId)).toEqual([null]);
    const gone = await openChat({ chatID: chat.id });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe("This chat no longer exists.");
    expect((await action("/api/chat/delete", { chatID: chat.id })).status).toBe(404);
  });

  it("answers 404 for another company's chat on every call, and changes nothing", async () => {
    const theirs = await seedChat(rival.companyId);
    const calls: [string, Record<string, unknown>][] = [
      ["/api/chat/", { chatID: theirs.id }],
      ["/api/chat/", { ticketID: theirs.ticketId }],
      ["/api/chat/delete", { chatID: theirs.id }],
      ["/api/chat/mark-unread", { chatID: theirs.id }],
      ["/api/chat/chat/toggle-flag", { chatID: theirs.id, isFlagged: true }],
      ["/api/chat/chat/toggle-resolution", { chatID: theirs.id, resolved: true }],
      ["/api/chat/chat/toggle-ticket", { chatID: theirs.id, status: "ticket" }],
      ["/api/chat/mark-unread", { chatID: MISSING_ID }],
    ];
    for (const [path, body] of calls) {
      const response = await action(path, body);
      expect(response.status, path).toBe(404);
      expect(response.body.message).toBe("This chat no longer exists.");
    }
    const [stored] = await h.db.select().from(chats).where(eq(chats.id, theirs.id));
    expect(stored).toMatchObject({ chatRead: false, isFlagged: false, resolved: false, status: "open" });
  });

  it("rejects bad ids and anonymous callers on every action", async () => {
    const calls: [string, Record<string, unknown>][] = [
      ["/api/chat/delete", {}],
      ["/api/chat/mark-unread", {}],
      ["/api/chat/chat/toggle-flag", { isFlagged: true }],
      ["/api/chat/chat/toggle-resolution", { resolved: true }],
      ["/api/chat/chat/toggle-ticket", { status: "ticket" }],
      ["/api/chat/shopify/get-customer", {}],
    ];
    for (const [path, rest] of calls) {
      expect((await action(path, { chatID: "42", ...rest })).status, path).toBe(400);
      expect((await h.api("POST", path, { body: { chatID: MISSING_ID, ...rest } })).status, path).toBe(401);
    }
  });
});

describe("live events", () => {
  it("tells the company's dashboards of every change, and the widget of status changes", async () => {
    const events = h.app.services.chatEvents;
    const updated = vi.spyOn(events, "chatUpdated");
    const deleted = vi.spyOn(events, "chatDeleted");
    const statusChanged = vi.spyOn(events, "chatStatusChanged");
    try {
      const chat = await seedChat(owner.companyId);
      const opened = await openChat({ chatID: chat.id });
      expect(updated).toHaveBeenCalledTimes(1);
      expect(updated).toHaveBeenLastCalledWith(owner.companyId, {
        chat: expect.objectContaining({ _id: chat.id, chatRead: true }),
        unreadCount: await unreadCount(),
      });
      // Opening a chat that is already read changes nothing, and says nothing.
      await openChat({ chatID: chat.id });
      await openChat({ chatID: chat.id, before: opened.body.data.messages[0]!._id });
      expect(updated).toHaveBeenCalledTimes(1);

      const steps: [string, Record<string, unknown>, boolean][] = [
        ["/api/chat/mark-unread", {}, false],
        ["/api/chat/chat/toggle-flag", { isFlagged: true }, false],
        ["/api/chat/chat/toggle-resolution", { resolved: true }, true],
        ["/api/chat/chat/toggle-ticket", { status: "ticket" }, true],
      ];
      for (const [path, body, isStatusChange] of steps) {
        updated.mockClear();
        statusChanged.mockClear();
        const response = await action(path, { chatID: chat.id, ...body }, agentCookie);
        expect(updated, path).toHaveBeenCalledExactlyOnceWith(owner.companyId, response.body.data);
        const { chat: row } = response.body.data;
        if (isStatusChange) {
          expect(statusChanged, path).toHaveBeenCalledExactlyOnceWith({
            chatID: chat.id,
            status: row.status,
            resolved: row.resolved,
          });
        } else {
          expect(statusChanged, path).not.toHaveBeenCalled();
        }
      }

      const response = await action("/api/chat/delete", { chatID: chat.id });
      expect(deleted).toHaveBeenCalledExactlyOnceWith(owner.companyId, {
        chatID: chat.id,
        unreadCount: response.body.data.unreadCount,
      });

      // Failed actions and other companies' chats say nothing.
      updated.mockClear();
      const theirs = await seedChat(rival.companyId);
      await action("/api/chat/chat/toggle-flag", { chatID: theirs.id, isFlagged: true });
      await openChat({ chatID: theirs.id });
      expect(updated).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe("unread counts under concurrency", () => {
  it("stays exact with 20 parallel opens and new messages arriving", async () => {
    await h.db.delete(chats).where(eq(chats.companyId, owner.companyId));
    const seeded = [];
    for (let i = 0; i < 25; i++) seeded.push(await seedChat(owner.companyId, { messages: 1 }));
    expect(await unreadCount()).toBe(25);
    const opened = seeded.slice(0, 20);
    const responses = await Promise.all(opened.map((chat) => openChat({ chatID: chat.id })));
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(await unreadCount()).toBe(5);

    // Opens racing new messages on the same chats: every chat ends unread or read, and the count agrees.
    await Promise.all(
      opened.flatMap((chat) => [
        openChat({ chatID: chat.id }),
        h.app.services.chatsRepository.insertMessage({
          companyId: owner.companyId,
          chatId: chat.id,
          message: "Hello?",
          messageType: "question",
          senderRole: "customer",
        }),
      ]),
    );
    const stored = await h.db.select().from(chats).where(eq(chats.companyId, owner.companyId));
    expect(await unreadCount()).toBe(stored.filter((chat) => !chat.chatRead).length);
  });
});

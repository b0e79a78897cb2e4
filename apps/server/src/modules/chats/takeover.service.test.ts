import type { ChatActionResponse, InboxResponse, StaffMessageResponse } from "@harbor/contract/chat";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { chats } from "../../db/schema/index";

/** Human takeover through the routes, as the dashboard calls them. */

let h: Harness;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let rival: Awaited<ReturnType<Harness["signUp"]>>;
let agentCookie: string;

const MISSING_ID = "00000000-0000-4000-8000-000000000000";
let clientCounter = 0;
const clientID = () => `client-${++clientCounter}-${Date.now()}`;

async function seedChat(companyId = owner.companyId) {
  const repository = h.app.services.chatsRepository;
  const chat = await repository.createChat(companyId);
  await repository.insertMessage({
    companyId,
    chatId: chat.id,
    message: "Where is my order?",
    messageType: "question",
    senderRole: "customer",
  });
  return chat;
}

const send = (path: "reply" | "note", body: Record<string, unknown>, cookie = owner.cookie) =>
  h.api<StaffMessageResponse>("POST", `/api/chat/chat/${path}`, { cookie, body });
const move = (path: "take-over" | "hand-back", chatID: string, cookie = owner.cookie) =>
  h.api<ChatActionResponse>("POST", `/api/chat/chat/${path}`, { cookie, body: { chatID } });
const storedChat = async (chatId: string) => (await h.db.select().from(chats).where(eq(chats.id, chatId)))[0];
const messagesOf = (chatId: string, companyId = owner.companyId) =>
  h.app.services.chatsRepository.listMessages(companyId, chatId);

/** Records what the chat domain tells the realtime channel (the hub's own sink keeps running). */
function recordEvents() {
  const events = h.app.services.chatEvents;
  return {
    chatUpdated: vi.spyOn(events, "chatUpdated"),
    messageStored: vi.spyOn(events, "messageStored"),
    chatStatusChanged: vi.spyOn(events, "chatStatusChanged"),
  };
}

beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUp("owner@takeover-shop.example");
  rival = await h.signUp("owner@takeover-rival.example");
  agentCookie = (
    await h.addMember(owner.cookie, { name: "Dana Agent", email: "dana@takeover-shop.example", role: "agent" })
  ).cookie;
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await h?.close();
});

describe("staff reply", () => {
  it("stores an agent reply with the staff member's name, takes the chat over and leaves it read", async () => {
    const chat = await seedChat();
    await h.api("POST", "/api/chat/", { cookie: agentCookie, body: { chatID: chat.id } });
    const events = recordEvents();
    const clientMessageID = clientID();
    const response = await send(
      "reply",
      { chatID: chat.id, clientMessageID, message: "  I refunded it.  " },
      agentCookie,
    );
    expect(response.status).toBe(200);
    const { message, chat: row, unreadCount } = response.body.data;
    expect(message).toMatchObject({
      message: "I refunded it.",
      messageType: "agent_reply",
      senderRole: "agent",
      senderName: "Dana Agent",
    });
    expect(message.messageData).toMatchObject({ senderName: "Dana Agent" });
    expect(row).toMatchObject({ _id: chat.id, status: "human", chatRead: true, lastMessage: "I refunded it." });
    expect(row.lastMessageAt).toBe(message.timestamp);
    expect(unreadCount).toBe(0);
    expect(await storedChat(chat.id)).toMatchObject({ status: "human", chatRead: true });

    expect(events.messageStored).toHaveBeenCalledTimes(1);
    const [companyId, stored] = events.messageStored.mock.calls[0]!;
    expect(companyId).toBe(owner.companyId);
    expect(stored.chatID).toBe(chat.id);
    expect(stored.staffMessage).toEqual(message);
    expect(stored.visitorMessage).toMatchObject({
      _id: message._id,
      clientMessageID,
      messageType: "agent_reply",
      senderRole: "agent",
      senderName: "Dana Agent",
      message: "I refunded it.",
    });
    expect(events.chatUpdated).toHaveBeenCalledWith(owner.companyId, { chat: row, unreadCount: 0 });
    expect(events.chatStatusChanged).toHaveBeenCalledWith({ chatID: chat.id, status: "human", resolved: false });
  });

  it("stores a replayed reply once and answers the same message, without telling anyone twice", async () => {
    const chat = await seedChat();
    const body = { chatID: chat.id, clientMessageID: clientID(), message: "On its way." };
    const first = await send("reply", body);
    const events = recordEvents();
    const again = await send("reply", { ...body, message: "A different text on retry" });
    expect(again.status).toBe(200);
    expect(again.body.data.message).toEqual(first.body.data.message);
    const replies = (await messagesOf(chat.id)).filter((row) => row.messageType === "agent_reply");
    expect(replies).toHaveLength(1);
    expect(events.messageStored).not.toHaveBeenCalled();
    expect(events.chatUpdated).not.toHaveBeenCalled();

    // Two copies racing store once too.
    const racing = { chatID: chat.id, clientMessageID: clientID(), message: "Racing" };
    const [a, b] = await Promise.all([send("reply", racing), send("reply", racing)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.data.message._id).toBe(b.body.data.message._id);
    expect((await messagesOf(chat.id)).filter((row) => row.message === "Racing")).toHaveLength(1);
    // The same client id as a note is not the same message.
    expect((await send("note", body)).status).toBe(409);
  });

  it("keeps a ticket a ticket, and a human chat human", async () => {
    const ticket = await seedChat();
    await h.db.update(chats).set({ status: "ticket" }).where(eq(chats.id, ticket.id));
    const events = recordEvents();
    const replied = await send("reply", { chatID: ticket.id, clientMessageID: clientID(), message: "We mailed you." });
    expect(replied.body.data.chat.status).toBe("ticket");
    expect(events.chatStatusChanged).not.toHaveBeenCalled();
    expect(events.messageStored).toHaveBeenCalledTimes(1);

    const human = await seedChat();
    await h.db.update(chats).set({ status: "human" }).where(eq(chats.id, human.id));
    const again = await send("reply", { chatID: human.id, clientMessageID: clientID(), message: "Still here." });
    expect(again.body.data.chat.status).toBe("human");
    expect(events.chatStatusChanged).not.toHaveBeenCalled();
  });

  it("a customer message after a reply makes the chat unread again", async () => {
    const chat = await seedChat();
    await h.api("POST", "/api/chat/", { cookie: owner.cookie, body: { chatID: chat.id } });
    await send("reply", { chatID: chat.id, clientMessageID: clientID(), message: "Anything else?" });
    expect(await storedChat(chat.id)).toMatchObject({ chatRead: true });
    await h.app.services.chatsRepository.insertMessage({
      companyId: owner.companyId,
      chatId: chat.id,
      message: "Yes, one more thing",
      messageType: "question",
      senderRole: "customer",
    });
    expect(await storedChat(chat.id)).toMatchObject({ chatRead: false });
  });
});

describe("internal note", () => {
  it("is stored for staff only, with its author, and does not change the status", async () => {
    const chat = await seedChat();
    const events = recordEvents();
    const response = await send("note", { chatID: chat.id, clientMessageID: clientID(), message: "VIP customer" });
    expect(response.status).toBe(200);
    expect(response.body.data.message).toMatchObject({
      messageType: "internal_note",
      senderRole: "agent",
      senderName: "Owner",
    });
    expect(response.body.data.chat.status).toBe("open");
    // The list preview skips notes: the customer's question is still the latest shown message.
    expect(response.body.data.chat.lastMessage).toBe("Where is my order?");
    expect(events.messageStored).toHaveBeenCalledWith(owner.companyId, {
      chatID: chat.id,
      staffMessage: response.body.data.message,
      visitorMessage: null,
    });
    expect(events.chatStatusChanged).not.toHaveBeenCalled();
    const opened = await h.api<{ messages: { messageType: string }[] }>("POST", "/api/chat/", {
      cookie: owner.cookie,
      body: { chatID: chat.id },
    });
    expect(opened.body.data.messages.map((message) => message.messageType)).toEqual(["question", "internal_note"]);
  });
});

describe("take over and hand back", () => {
  it("silences the AI while a person has the chat and lets it answer again after hand-back", async () => {
    const chat = await seedChat();
    const chatAnswering = h.app.services.chatAnswering;
    const events = recordEvents();

    const taken = await move("take-over", chat.id, agentCookie);
    expect(taken.status).toBe(200);
    expect(taken.body.data.chat.status).toBe("human");
    expect(events.chatStatusChanged).toHaveBeenCalledWith({ chatID: chat.id, status: "human", resolved: false });
    expect(events.chatUpdated).toHaveBeenCalledWith(owner.companyId, taken.body.data);
    const silent = await chatAnswering.answerInChat({
      companyId: owner.companyId,
      chatId: chat.id,
      question: "Hello?",
    });
    expect(silent.answer).toBeNull();
    expect(silent.outcome).toBe("human-handling");

    // Taking over again changes nothing and tells no one.
    events.chatStatusChanged.mockClear();
    const twice = await move("take-over", chat.id);
    expect(twice.status).toBe(200);
    expect(twice.body.data.chat.status).toBe("human");
    expect(events.chatStatusChanged).not.toHaveBeenCalled();

    const handed = await move("hand-back", chat.id);
    expect(handed.status).toBe(200);
    expect(handed.body.data.chat.status).toBe("open");
    expect(events.chatStatusChanged).toHaveBeenCalledWith({ chatID: chat.id, status: "open", resolved: false });
    const answered = await chatAnswering.answerInChat({
      companyId: owner.companyId,
      chatId: chat.id,
      question: "Are you there?",
    });
    expect(answered.answer).not.toBeNull();
  });

  it("a reply silences the AI too", async () => {
    const chat = await seedChat();
    await send("reply", { chatID: chat.id, clientMessageID: clientID(), message: "I'll handle this." });
    const result = await h.app.services.chatAnswering.answerInChat({
      companyId: owner.companyId,
      chatId: chat.id,
      question: "Thanks!",
    });
    expect(result.answer).toBeNull();
  });

  it("leaves a ticket chat's status to the ticket toggle", async () => {
    const chat = await seedChat();
    await h.db.update(chats).set({ status: "ticket" }).where(eq(chats.id, chat.id));
    expect((await move("take-over", chat.id)).body.data.chat.status).toBe("ticket");
    expect((await move("hand-back", chat.id)).body.data.chat.status).toBe("ticket");
  });
});

describe("who may", () => {
  it("answers 404 for another company's chat, a deleted or unknown one, and changes nothing", async () => {
    const theirs = await seedChat(rival.companyId);
    const mine = await seedChat();
    await h.api("POST", "/api/chat/delete", { cookie: owner.cookie, body: { chatID: mine.id } });
    for (const chatID of [theirs.id, mine.id, MISSING_ID]) {
      for (const path of ["reply", "note"] as const) {
        const response = await send(path, { chatID, clientMessageID: clientID(), message: "Hi" });
        expect(response.status, path).toBe(404);
        expect(response.body.message).toBe("This chat no longer exists.");
      }
      for (const path of ["take-over", "hand-back"] as const) {
        expect((await move(path, chatID)).status, path).toBe(404);
      }
    }
    expect(await messagesOf(theirs.id, rival.companyId)).toHaveLength(1);
    expect(await storedChat(theirs.id)).toMatchObject({ status: "open" });
  });

  it("rejects bad bodies and anonymous callers", async () => {
    const chat = await seedChat();
    const bad = [
      { chatID: "42", clientMessageID: clientID(), message: "Hi" },
      { chatID: chat.id, clientMessageID: "short", message: "Hi" },
      { chatID: chat.id, clientMessageID: clientID(), message: "   " },
      { chatID: chat.id, clientMessageID: clientID(), message: "x".repeat(5001) },
      { chatID: chat.id, message: "Hi" },
    ];
    for (const body of bad) {
      expect((await send("reply", body)).status).toBe(400);
      expect((await send("note", body)).status).toBe(400);
    }
    const tooLong = await send("reply", { chatID: chat.id, clientMessageID: clientID(), message: "x".repeat(5001) });
    expect(tooLong.body.message).toContain("at most 5000 characters");
    expect((await move("take-over", "42")).status).toBe(400);
    expect((await move("hand-back", "42")).status).toBe(400);
    const body = { chatID: chat.id, clientMessageID: clientID(), message: "Hi" };
    for (const path of ["reply", "note", "take-over", "hand-back"]) {
      expect((await h.api("POST", `/api/chat/chat/${path}`, { body })).status, path).toBe(401);
    }
    expect(await messagesOf(chat.id)).toHaveLength(1);
    const page = await h.api<InboxResponse>("POST", "/api/chat/inbox", { cookie: owner.cookie, body: {} });
    expect(page.body.data.inbox.find((row) => row._id === chat.id)?.status).toBe("open");
  });
});

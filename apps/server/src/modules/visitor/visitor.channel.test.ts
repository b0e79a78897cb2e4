import type { ChatMessage, InboxChat } from "@harbor/contract/chat";
import type { AddEventAck, AskQuestionAck } from "@harbor/contract/realtime";
import type { VisitorChat, VisitorMessage } from "@harbor/contract/widget";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import {
  ackData,
  askQuestion,
  connectStaff,
  connectVisitor,
  emitWithAck,
  visitorRefusal,
} from "../../../test/realtime-clients";
import { chatMessages, chats } from "../../db/schema/index";

let h: Harness;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let other: Awaited<ReturnType<Harness["signUp"]>>;
let widgetID: string;
let otherWidgetID: string;

const clientId = () => crypto.randomUUID();

beforeAll(async () => {
  h = await createHarness({ withDemoContent: true, visitorLimits: { questionsPerVisitor: 50 } });
  owner = await h.signUp("owner@visitor-shop.example");
  other = await h.signUp("owner@other-shop.example");
  widgetID = (await h.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId;
  otherWidgetID = (await h.app.services.widgetRepository.findOrCreate(other.companyId)).widgetId;
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe("connecting", () => {
  it("refuses an unknown widget, a forged token and a token of another widget, each with a message", async () => {
    expect(await visitorRefusal(h, { widgetID: "nosuchwidget", visitorToken: "x".repeat(20) })).toBe(
      "This chat widget does not exist.",
    );
    expect(await visitorRefusal(h, { widgetID })).toBe(
      "This chat widget could not identify itself. Please reload the page.",
    );
    const forged = `${crypto.randomUUID()}.${"A".repeat(43)}`;
    expect(await visitorRefusal(h, { widgetID, visitorToken: forged })).toBe(
      "Your chat session has expired. Please restart the chat.",
    );
    const { visitorToken } = await connectVisitor(h, otherWidgetID);
    expect(await visitorRefusal(h, { widgetID, visitorToken })).toBe(
      "Your chat session has expired. Please restart the chat.",
    );
  });

  it("refuses a switched-off widget on the channel and on /api/widget/get", async () => {
    const { visitorToken } = await connectVisitor(h, widgetID);
    const widget = await h.app.services.widgetRepository.findOrCreate(owner.companyId);
    await h.app.services.widgetRepository.saveSettings(owner.companyId, { ...widget.settings, isActive: false });
    try {
      expect(await visitorRefusal(h, { widgetID, visitorToken })).toBe("This chat widget is switched off.");
      const got = await h.api("POST", "/api/widget/get", { body: { widgetID } });
      expect(got.status).toBe(403);
      expect(got.body).toMatchObject({ hasError: true, message: "This chat widget is switched off." });
    } finally {
      await h.app.services.widgetRepository.saveSettings(owner.companyId, widget.settings);
    }
  });

  it("takes a visitor whose network blocks websockets over long-polling: the question, its answer, staff live", async () => {
    const staff = await connectStaff(h, owner.cookie);
    const visitor = await connectVisitor(h, widgetID, { transports: ["polling"] });
    expect(visitor.socket.io.engine.transport.name).toBe("polling");
    const asked = ackData(await askQuestion(visitor.socket, "How long does standard delivery take?"));
    const answer = await visitor.events.waitFor<{ chatID: string; message: VisitorMessage }>(
      "chat-message",
      (p) => p.message.senderRole === "ai",
    );
    expect(answer.chatID).toBe(asked.chatID);
    expect(answer.message.message).toMatch(/standard delivery takes/i);
    await staff.events.waitFor<{ chatID: string }>("chat-message", (p) => p.chatID === asked.chatID);
    visitor.socket.close();
    staff.socket.close();
  });
});

describe("asking", () => {
  it("streams a grounded answer in two phases, stores it, and shows the new chat live to the company's staff only", async () => {
    const staff = await connectStaff(h, owner.cookie);
    const otherStaff = await connectStaff(h, other.cookie);
    const visitor = await connectVisitor(h, widgetID);

    const asked = ackData(await askQuestion(visitor.socket, "How long does standard delivery take?"));
    expect(asked.message).toMatchObject({ messageType: "question", senderRole: "customer" });
    expect(asked.ticketID).toMatch(/^[A-Z0-9]{6}$/);
    const questionID = asked.message._id;

    const phases = [
      await visitor.events.waitFor<{ phase: string; questionID: string }>(
        "answer-phase",
        (p) => p.phase === "understanding",
      ),
      await visitor.events.waitFor<{ phase: string; questionID: string }>("answer-phase", (p) => p.phase === "writing"),
    ];
    expect(phases.every((phase) => phase.questionID === questionID)).toBe(true);
    const answer = await visitor.events.waitFor<{ chatID: string; message: VisitorMessage }>(
      "chat-message",
      (p) => p.message.senderRole === "ai",
    );
    const streamed = visitor.events
      .of<{ text: string; questionID: string }>("answer-chunk")
      .filter((chunk) => chunk.questionID === questionID)
      .map((chunk) => chunk.text)
      .join("");
    expect(streamed.length).toBeGreaterThan(0);
    expect(answer.chatID).toBe(asked.chatID);
    expect(answer.message.message).toMatch(/standard delivery takes/i);
    expect(answer.message.references.length).toBeGreaterThan(0);
    // The engine's bookkeeping never reaches the widget.
    expect(answer.message.messageData).not.toHaveProperty("outcome");

    const updated = await staff.events.waitFor<{ chat: InboxChat; unreadCount: number }>(
      "chat-updated",
      (p) => p.chat.chatID === asked.chatID,
    );
    expect(updated.chat.chatRead).toBe(false);
    await staff.events.waitFor<{ chatID: string; message: ChatMessage }>(
      "chat-message",
      (p) => p.chatID === asked.chatID && p.message.senderRole === "ai",
    );
    // Give stray events time to arrive before saying none did.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(otherStaff.events.received.filter((entry) => JSON.stringify(entry.payload).includes(asked.chatID))).toEqual(
      [],
    );

    visitor.socket.close();
    staff.socket.close();
    otherStaff.socket.close();
  });

  it("stores a retried question once and answers it once", async () => {
    const visitor = await connectVisitor(h, widgetID);
    const payload = {
      chatID: null,
      clientMessageID: clientId(),
      question: "Can I return items I bought three weeks ago?",
    };
    const [first, second] = await Promise.all([
      emitWithAck<AskQuestionAck>(visitor.socket, "ask-question", payload),
      emitWithAck<AskQuestionAck>(visitor.socket, "ask-question", payload),
    ]);
    const a = ackData(first);
    const b = ackData(second);
    expect(b.message._id).toBe(a.message._id);
    expect(b.chatID).toBe(a.chatID);
    await h.app.services.visitorService.drain();
    const stored = await h.db.select().from(chatMessages).where(eq(chatMessages.chatId, a.chatID));
    expect(stored.filter((m) => m.messageType === "question")).toHaveLength(1);
    expect(stored.filter((m) => m.senderRole === "ai")).toHaveLength(1);
    // A third try after the answer changes nothing either.
    const third = ackData(await emitWithAck<AskQuestionAck>(visitor.socket, "ask-question", payload));
    expect(third.message._id).toBe(a.message._id);
    await h.app.services.visitorService.drain();
    expect(await h.db.select().from(chatMessages).where(eq(chatMessages.chatId, a.chatID))).toHaveLength(stored.length);
    visitor.socket.close();
  });

  it("gives a reconnecting visitor what was said while they were away, without repeats", async () => {
    const visitor = await connectVisitor(h, widgetID);
    const asked = ackData(await askQuestion(visitor.socket, "Welke betaalmethoden accepteren jullie?"));
    visitor.socket.close();
    await h.app.services.visitorService.drain();

    const back = await connectVisitor(h, widgetID, { visitorToken: visitor.visitorToken });
    expect(back.widget.activeChatID).toBe(asked.chatID);
    const missed = ackData(
      await emitWithAck<VisitorChat>(back.socket, "join-chat-room", {
        chatID: asked.chatID,
        afterMessageID: asked.message._id,
      }),
    );
    expect(missed.messages.map((m) => m.senderRole)).toEqual(["ai"]);
    expect(missed.messages[0]?.message).toMatch(/iDEAL|betaal/i);
    const all = ackData(await emitWithAck<VisitorChat>(back.socket, "join-chat-room", { chatID: asked.chatID }));
    expect(all.messages.map((m) => m._id)).toEqual([asked.message._id, missed.messages[0]?._id]);
    back.socket.close();
  });

  // What a crash between storing the question and storing its answer leaves behind, and the two ways
  // a visitor comes back to it: rejoining the whole chat, or (as the widget does) after the last
  // message it holds — the question itself, whose ack came — so that nothing comes after it.
  it.each([
    ["rejoining the whole chat", false, ["customer"]],
    ["rejoining after the question, whose ack came", true, []],
  ] as const)(
    "answers a question the server never answered (it stopped mid-answer), %s",
    async (_way, isAfterQuestion, missed) => {
      const visitor = await connectVisitor(h, widgetID);
      const asked = ackData(await askQuestion(visitor.socket, "How long does standard delivery take?"));
      await h.app.services.visitorService.drain();
      await h.db
        .delete(chatMessages)
        .where(and(eq(chatMessages.chatId, asked.chatID), eq(chatMessages.senderRole, "ai")));
      // Only what comes after the rejoin counts (the first answer's event was heard already).
      visitor.events.received.length = 0;
      const rejoined = ackData(
        await emitWithAck<VisitorChat>(visitor.socket, "join-chat-room", {
          chatID: asked.chatID,
          ...(isAfterQuestion ? { afterMessageID: asked.message._id } : {}),
        }),
      );
      expect(rejoined.messages.map((m) => m.senderRole)).toEqual(missed);
      const answer = await visitor.events.waitFor<{ message: VisitorMessage }>(
        "chat-message",
        (p) => p.message.senderRole === "ai" && p.message.messageData.questionID === asked.message._id,
      );
      expect(answer.message.message).toMatch(/standard delivery takes/i);
      await h.app.services.visitorService.drain();
      const stored = await h.db.select().from(chatMessages).where(eq(chatMessages.chatId, asked.chatID));
      expect(stored.map((m) => m.senderRole)).toEqual(["customer", "ai"]);
      visitor.socket.close();
    },
  );

  it("reopens a chat staff resolved when the visitor writes in it again, and tells staff", async () => {
    const staff = await connectStaff(h, owner.cookie);
    const visitor = await connectVisitor(h, widgetID);
    const asked = ackData(await askQuestion(visitor.socket, "How long does standard delivery take?"));
    await h.app.services.visitorService.drain();
    // A person had it and resolved it; the visitor, still in the chat, writes again.
    await h.db.update(chats).set({ status: "human" }).where(eq(chats.id, asked.chatID));
    const resolved = await h.api("POST", "/api/chat/chat/toggle-resolution", {
      cookie: owner.cookie,
      body: { chatID: asked.chatID, resolved: true },
    });
    expect(resolved.status).toBe(200);
    staff.events.received.length = 0;
    const again = ackData(await askQuestion(visitor.socket, "Thanks! Do you also ship to Belgium?", asked.chatID));
    expect(again.chatID).toBe(asked.chatID);
    await h.app.services.visitorService.drain();
    const [row] = await h.db.select().from(chats).where(eq(chats.id, asked.chatID));
    expect(row).toMatchObject({ resolved: false, status: "human" });
    // Staff's inbox hears the chat back under Open: its last row says so.
    await expect
      .poll(
        () =>
          staff.events
            .of<{ chat: { chatID: string; resolved: boolean } }>("chat-updated")
            .filter((p) => p.chat.chatID === asked.chatID)
            .at(-1)?.chat.resolved,
      )
      .toBe(false);
    // The person still has it: the AI stays silent.
    const stored = await h.db.select().from(chatMessages).where(eq(chatMessages.chatId, asked.chatID));
    expect(stored.map((m) => m.senderRole)).toEqual(["customer", "ai", "customer"]);
    staff.socket.close();
    visitor.socket.close();
  });

  it("keeps the AI silent while a person has the chat", async () => {
    const visitor = await connectVisitor(h, widgetID);
    const asked = ackData(await askQuestion(visitor.socket, "How long does standard delivery take?"));
    await h.app.services.visitorService.drain();
    await h.db.update(chats).set({ status: "human" }).where(eq(chats.id, asked.chatID));
    const second = ackData(await askQuestion(visitor.socket, "And is delivery free?", asked.chatID));
    await h.app.services.visitorService.drain();
    const stored = await h.db.select().from(chatMessages).where(eq(chatMessages.chatId, asked.chatID));
    expect(stored.map((m) => m.senderRole)).toEqual(["customer", "ai", "customer"]);
    expect(stored.at(-1)?.id).toBe(second.message._id);
    visitor.socket.close();
  });
});

describe("bad input", () => {
  it("answers wrong types, a 1 MB message, unknown chats and other visitors' chats with clear errors", async () => {
    const visitor = await connectVisitor(h, widgetID);
    const intruder = await connectVisitor(h, otherWidgetID);
    const theirs = ackData(await askQuestion(intruder.socket, "Hello there"));

    const wrongType = await emitWithAck(visitor.socket, "ask-question", {
      chatID: 5,
      clientMessageID: clientId(),
      question: 7,
    });
    expect(wrongType.ok).toBe(false);
    const huge = await emitWithAck(visitor.socket, "ask-question", {
      chatID: null,
      clientMessageID: clientId(),
      question: "a".repeat(1024 * 1024),
    });
    expect(huge).toEqual({ ok: false, message: "A message can be at most 2000 characters" });
    const empty = await emitWithAck(visitor.socket, "ask-question", {
      chatID: null,
      clientMessageID: clientId(),
      question: "   ",
    });
    expect(empty).toEqual({ ok: false, message: "Type a question" });
    const unknown = await emitWithAck(visitor.socket, "join-chat-room", { chatID: crypto.randomUUID() });
    expect(unknown).toEqual({ ok: false, message: "This chat does not exist." });
    const foreign = await emitWithAck(visitor.socket, "ask-question", {
      chatID: theirs.chatID,
      clientMessageID: clientId(),
      question: "Let me in",
    });
    expect(foreign).toEqual({ ok: false, message: "This chat does not exist." });
    const foreignJoin = await emitWithAck(visitor.socket, "join-chat-room", { chatID: theirs.chatID });
    expect(foreignJoin).toEqual({ ok: false, message: "This chat does not exist." });
    // Nothing was stored in the other company's chat.
    await h.app.services.visitorService.drain();
    const theirMessages = await h.db.select().from(chatMessages).where(eq(chatMessages.chatId, theirs.chatID));
    expect(theirMessages.filter((m) => m.message === "Let me in")).toEqual([]);
    // The connection survived all of it.
    expect(visitor.socket.connected).toBe(true);
    visitor.socket.close();
    intruder.socket.close();
  });

  it("limits questions per visitor", async () => {
    const limited = await createHarness({ visitorLimits: { questionsPerVisitor: 2 } });
    try {
      const company = await limited.signUp("owner@limited-shop.example");
      const id = (await limited.app.services.widgetRepository.findOrCreate(company.companyId)).widgetId;
      const visitor = await connectVisitor(limited, id);
      const first = ackData(await askQuestion(visitor.socket, "One"));
      expect((await askQuestion(visitor.socket, "Two", first.chatID)).ok).toBe(true);
      expect(await askQuestion(visitor.socket, "Three", first.chatID)).toEqual({
        ok: false,
        message: "You are sending messages too quickly. Please wait a moment.",
      });
      visitor.socket.close();
      await limited.app.services.visitorService.drain();
    } finally {
      await limited.close();
    }
  });
});

describe("visitor actions", () => {
  it("raises a ticket: the chat shows as a ticket, the team and the visitor get mail, a retry sends none", async () => {
    const widget = await h.app.services.widgetRepository.findOrCreate(owner.companyId);
    const settings = structuredClone(widget.settings);
    settings.handoff.channels.ticket.attributes = [{ notificationEmail: "support@visitor-shop.example" }];
    await h.app.services.widgetRepository.saveSettings(owner.companyId, settings);

    const visitor = await connectVisitor(h, widgetID);
    const asked = ackData(await askQuestion(visitor.socket, "Where is my order #1043?"));
    await h.app.services.visitorService.drain();
    const teamBefore = h.smtp.countTo("support@visitor-shop.example");
    const event = {
      event: "RAISE_TICKET",
      chatID: asked.chatID,
      clientMessageID: clientId(),
      form: { name: "Dana Levi", email: "dana@example.com", number: "", message: "It has been two weeks." },
    };
    const raised = ackData(await emitWithAck<AddEventAck>(visitor.socket, "add-event", event));
    expect(raised.ticket).toMatchObject({
      ticketID: asked.ticketID,
      message: "It has been two weeks.",
      email: "dana@example.com",
    });
    const teamMail = await h.smtp.latestTo("support@visitor-shop.example", { after: teamBefore });
    expect(teamMail.subject).toContain(asked.ticketID);
    expect(teamMail.text).toContain("Where is my order #1043?");
    const copy = await h.smtp.latestTo("dana@example.com");
    expect(copy.text).toContain(asked.ticketID);

    const again = ackData(await emitWithAck<AddEventAck>(visitor.socket, "add-event", event));
    expect(again.message._id).toBe(raised.message._id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(h.smtp.countTo("support@visitor-shop.example")).toBe(teamBefore + 1);

    const [chat] = await h.db.select().from(chats).where(eq(chats.id, asked.chatID));
    expect(chat).toMatchObject({ status: "ticket", resolved: false });
    expect(chat?.customer).toMatchObject({ name: "Dana Levi", email: "dana@example.com" });
    visitor.socket.close();
  });

  it("mails the conversation to the address the visitor gave in the chat's form, without staff-only notes", async () => {
    const visitor = await connectVisitor(h, widgetID);
    const asked = ackData(await askQuestion(visitor.socket, "Which payment methods do you accept?"));
    await h.app.services.visitorService.drain();
    ackData(
      await emitWithAck<AddEventAck>(visitor.socket, "add-event", {
        event: "PRE_CHAT_FORM",
        chatID: asked.chatID,
        clientMessageID: clientId(),
        customer: { name: "Shopper", email: "shopper@example.com" },
      }),
    );
    await h.app.services.chatsRepository.insertMessage({
      companyId: owner.companyId,
      chatId: asked.chatID,
      message: "Staff only: this shopper paid twice last time.",
      messageType: "internal_note",
      senderRole: "agent",
    });

    const before = h.smtp.countTo("shopper@example.com");
    ackData(
      await emitWithAck<null>(visitor.socket, "send-ai-chat-history", {
        chatID: asked.chatID,
        email: "shopper@example.com",
      }),
    );
    const mail = await h.smtp.latestTo("shopper@example.com", { after: before });
    expect(mail.subject).toContain(asked.ticketID);
    expect(mail.text).toContain("Which payment methods do you accept?");
    expect(mail.text).toMatch(/iDEAL|credit card|PayPal/i);
    expect(mail.text).not.toContain("paid twice");

    // Any other address is refused: the widget is no relay for mail to strangers.
    const elsewhere = await emitWithAck<null>(visitor.socket, "send-ai-chat-history", {
      chatID: asked.chatID,
      email: "someone-else@example.com",
    });
    expect(elsewhere).toEqual({
      ok: false,
      message:
        "We can send this conversation only to the e-mail address you gave in this chat. Fill in the contact form first.",
    });
    expect(h.smtp.countTo("someone-else@example.com")).toBe(0);

    const badAddress = await emitWithAck<null>(visitor.socket, "send-ai-chat-history", {
      chatID: asked.chatID,
      email: "not an address",
    });
    expect(badAddress).toMatchObject({ ok: false });
    const stranger = await connectVisitor(h, widgetID);
    const foreign = await emitWithAck<null>(stranger.socket, "send-ai-chat-history", {
      chatID: asked.chatID,
      email: "stranger@example.com",
    });
    expect(foreign).toMatchObject({ ok: false });
    expect(h.smtp.countTo("stranger@example.com")).toBe(0);
    visitor.socket.close();
    stranger.socket.close();
  });

  it("resolves, restarts and continues a chat; a completed chat takes no questions", async () => {
    const visitor = await connectVisitor(h, widgetID);
    const asked = ackData(await askQuestion(visitor.socket, "How long does standard delivery take?"));
    await h.app.services.visitorService.drain();
    const resolved = await emitWithAck<AddEventAck>(visitor.socket, "add-event", {
      event: "IS_RESOLVED",
      chatID: asked.chatID,
      clientMessageID: clientId(),
    });
    expect(resolved.ok).toBe(true);
    const status = await visitor.events.waitFor<{ resolved: boolean }>("chat-status", (p) => p.resolved);
    expect(status).toMatchObject({ chatID: asked.chatID, status: "open", resolved: true });
    expect(await askQuestion(visitor.socket, "One more thing", asked.chatID)).toEqual({
      ok: false,
      message: "This chat has ended. Start a new chat to ask more.",
    });
    const reopened = ackData(await emitWithAck<VisitorChat>(visitor.socket, "continue-chat", { chatID: asked.chatID }));
    expect(reopened).toMatchObject({ isCompleted: false, resolved: false });
    expect((await askQuestion(visitor.socket, "One more thing", asked.chatID)).ok).toBe(true);
    await h.app.services.visitorService.drain();
    expect((await emitWithAck(visitor.socket, "restart-chat", { chatID: asked.chatID })).ok).toBe(true);
    const [chat] = await h.db.select().from(chats).where(eq(chats.id, asked.chatID));
    expect(chat?.completedAt).not.toBeNull();
    visitor.socket.close();
  });

  it("hands off to a person on 'No, I need help' and tells staff who is typing", async () => {
    const staff = await connectStaff(h, owner.cookie);
    const visitor = await connectVisitor(h, widgetID);
    const asked = ackData(await askQuestion(visitor.socket, "How long does standard delivery take?"));
    await h.app.services.visitorService.drain();
    ackData(
      await emitWithAck<AddEventAck>(visitor.socket, "add-event", {
        event: "NEED_HELP",
        chatID: asked.chatID,
        clientMessageID: clientId(),
      }),
    );
    await visitor.events.waitFor<{ status: string }>("chat-status", (p) => p.status === "human");
    const row = await staff.events.waitFor<{ chat: InboxChat }>(
      "chat-updated",
      (p) => p.chat.chatID === asked.chatID && p.chat.status === "human",
    );
    expect(row.chat.resolved).toBe(false);

    visitor.socket.emit("typing", { chatID: asked.chatID, isTyping: true });
    expect(await staff.events.waitFor("visitor-typing")).toEqual({ chatID: asked.chatID, isTyping: true });
    staff.socket.emit("staff-typing", { chatID: asked.chatID, isTyping: true });
    const typing = await visitor.events.waitFor<{ name: string; isTyping: boolean }>("agent-typing");
    expect(typing).toMatchObject({ chatID: asked.chatID, isTyping: true });
    visitor.socket.close();
    staff.socket.close();
  });
});

describe("/staff", () => {
  it("refuses no session, a forged one and another site's page", async () => {
    await expect(connectStaff(h, null)).rejects.toThrow("Please sign in to continue.");
    await expect(connectStaff(h, "not-a-session")).rejects.toThrow("Please sign in to continue.");
    await expect(connectStaff(h, owner.cookie, { origin: "https://evil.example" })).rejects.toThrow(
      "This connection came from another site and was refused.",
    );
  });

  it("refuses a sandboxed frame's `Origin: null` and an origin that is not a URL, and keeps serving", async () => {
    for (const origin of ["null", "not a url", "http://", "https://[::1"]) {
      await expect(connectStaff(h, owner.cookie, { origin })).rejects.toThrow(
        "This connection came from another site and was refused.",
      );
    }
    const health = await fetch(`${await h.url()}/api/health`);
    expect(health.status).toBe(200);
    const staff = await connectStaff(h, owner.cookie);
    expect(staff.socket.connected).toBe(true);
    staff.socket.close();
  });

  it("does not relay typing for another company's chat", async () => {
    const visitor = await connectVisitor(h, otherWidgetID);
    const asked = ackData(await askQuestion(visitor.socket, "Hello"));
    const staff = await connectStaff(h, owner.cookie);
    staff.socket.emit("staff-typing", { chatID: asked.chatID, isTyping: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(visitor.events.of("agent-typing")).toEqual([]);
    visitor.socket.close();
    staff.socket.close();
    await h.app.services.visitorService.drain();
  });
});

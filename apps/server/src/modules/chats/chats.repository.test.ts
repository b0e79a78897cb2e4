import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { createAnswerStore } from "./answer-store";
import { toInboxChat } from "./chat-mappers";
import { createInboxRepository, type InboxRowAndUnreadCount } from "./inbox.repository";

/** The chats repository's shortcuts on the visitor's path (decision 053) answer as the long way does. */

let h: Harness;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let rival: Awaited<ReturnType<Harness["signUp"]>>;

beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUp("owner@chats-repository.example");
  rival = await h.signUp("owner@chats-repository-rival.example");
});

afterAll(async () => {
  await h.close();
});

describe("findChatWithRecentTurns", () => {
  it("answers the chat and the same turns as findChat and recentTurns, in the same order", async () => {
    const repository = h.app.services.chatsRepository;
    const chat = await repository.createChat(owner.companyId, { language: "nl" });
    const base = { companyId: owner.companyId, chatId: chat.id };
    for (let turn = 1; turn <= 5; turn++) {
      await repository.insertMessage({
        ...base,
        message: `Question ${turn}`,
        messageType: "question",
        senderRole: "customer",
      });
      // A note between turns is not a turn: the window counts questions and answers only.
      await repository.insertMessage({
        ...base,
        message: `Note ${turn}`,
        messageType: "internal_note",
        senderRole: "agent",
      });
      await repository.insertMessage({
        ...base,
        message: `Answer ${turn}`,
        messageType: "answer",
        senderRole: "ai",
        messageData: {
          questionID: `q-${turn}`,
          outcome: "answered",
          language: "nl",
          nested: { n: turn, list: [1, "2"] },
        },
      } as Parameters<typeof repository.insertMessage>[0]);
    }

    const found = await repository.findChatWithRecentTurns(owner.companyId, chat.id, 7);

    expect(found?.chat).toEqual(await repository.findChat(owner.companyId, chat.id));
    expect(found?.turns).toEqual(await repository.recentTurns(owner.companyId, chat.id, 7));
    expect(found?.turns.map((turn) => turn.message)).toEqual([
      "Answer 2",
      "Question 3",
      "Answer 3",
      "Question 4",
      "Answer 4",
      "Question 5",
      "Answer 5",
    ]);
  });

  it("equals the turns a question's own write answers from before it (turnsBefore, decision 073)", async () => {
    const repository = h.app.services.chatsRepository;
    const chat = await repository.createChat(owner.companyId, { language: "en" });
    const base = { companyId: owner.companyId, chatId: chat.id };
    const ask = (turn: number) =>
      repository.insertMessageOnce(
        {
          ...base,
          message: `Question ${turn}`,
          messageType: "question",
          senderRole: "customer",
          clientMessageId: `client-turns-${turn}`,
        },
        { isLookedUp: true, turnsBefore: 6 },
      );

    expect((await ask(1)).turnsBefore).toEqual([]);
    for (let turn = 1; turn <= 4; turn++) {
      await repository.insertMessage({
        ...base,
        message: `Answer ${turn}`,
        messageType: "answer",
        senderRole: "ai",
        messageData: { questionID: `q-${turn}`, outcome: "answered", language: "en" },
      } as Parameters<typeof repository.insertMessage>[0]);
      const before = await repository.findChatWithRecentTurns(owner.companyId, chat.id, 6);
      const asked = await ask(turn + 1);

      // The new question is not among them: the statement read the chat as it was before it.
      expect(asked.turnsBefore).toEqual(before?.turns);
      expect(asked.turnsBefore?.at(-1)?.message).toBe(`Answer ${turn}`);
    }
  });

  it("answers no turns for a chat without messages, and nothing for another company's chat", async () => {
    const repository = h.app.services.chatsRepository;
    const chat = await repository.createChat(owner.companyId);

    expect((await repository.findChatWithRecentTurns(owner.companyId, chat.id, 7))?.turns).toEqual([]);
    expect(await repository.findChatWithRecentTurns(rival.companyId, chat.id, 7)).toBeNull();
  });
});

describe("createChat with the client id of the question that opens it (decision 073)", () => {
  it("opens one chat when the same first question is taken twice at once, as on two nodes", async () => {
    const repository = h.app.services.chatsRepository;
    // On PostgreSQL the two inserts run on two connections of the pool, truly at once; on PGlite
    // one after the other, the second meeting the first's row.
    for (let race = 0; race < 10; race++) {
      const opening = { visitorId: `visitor-race-${race}`, openingClientMessageId: `client-first-${race}` };
      const [first, second] = await Promise.all([
        repository.createChat(owner.companyId, opening),
        repository.createChat(owner.companyId, opening),
      ]);

      expect(second.id).toBe(first.id);
      expect(second.ticketId).toBe(first.ticketId);
    }
    const rows = await h.db.execute(
      sql`select count(*)::int as chats from chats where company_id = ${owner.companyId} and visitor_id like 'visitor-race-%'`,
    );
    expect((rows as unknown as { rows: { chats: number }[] }).rows[0]?.chats).toBe(10);
  });

  it("opens a chat of its own for another client id, another visitor or another company", async () => {
    const repository = h.app.services.chatsRepository;
    const opening = { visitorId: "visitor-apart", openingClientMessageId: "client-apart" };
    const chat = await repository.createChat(owner.companyId, opening);

    const others = await Promise.all([
      repository.createChat(owner.companyId, { ...opening, openingClientMessageId: "client-apart-2" }),
      repository.createChat(owner.companyId, { ...opening, visitorId: "visitor-apart-2" }),
      repository.createChat(rival.companyId, opening),
      // Chats opened otherwise (staff, orders) carry no client id and never meet.
      repository.createChat(owner.companyId, { visitorId: "visitor-apart" }),
      repository.createChat(owner.companyId, { visitorId: "visitor-apart" }),
    ]);

    expect(new Set([chat.id, ...others.map((other) => other.id)]).size).toBe(6);
  });
});

describe("insertMessageOnce after the caller's own lookup", () => {
  it("still stores a client id once: a copy stored since the lookup comes back, not new", async () => {
    const repository = h.app.services.chatsRepository;
    const chat = await repository.createChat(owner.companyId);
    const message = {
      companyId: owner.companyId,
      chatId: chat.id,
      message: "Is delivery free?",
      messageType: "question" as const,
      senderRole: "customer" as const,
      clientMessageId: "client-once-1",
    };

    const first = await repository.insertMessageOnce(message, { isLookedUp: true });
    const second = await repository.insertMessageOnce(message, { isLookedUp: true });

    expect(first.isNew).toBe(true);
    expect(second).toEqual({ row: first.row, isNew: false, inbox: null, turnsBefore: null });
    expect(await repository.listMessages(owner.companyId, chat.id)).toHaveLength(1);
  });
});

describe("the inbox row a message's own statement answers (decision 064)", () => {
  it("equals findRowAndUnreadCount read after it, for each kind of message and chat state", async () => {
    const repository = h.app.services.chatsRepository;
    const inbox = createInboxRepository(h.db);
    const store = createAnswerStore(h.db);
    const company = await h.signUp("owner@inbox-row-after-message.example");
    // Another unread chat of the company, so the count is more than this chat's own.
    const other = await repository.createChat(company.companyId);
    await repository.insertMessage({
      companyId: company.companyId,
      chatId: other.id,
      message: "Hello?",
      messageType: "question",
      senderRole: "customer",
    });
    const chat = await repository.createChat(company.companyId, { visitorId: "visitor-inbox-row" });
    const base = { companyId: company.companyId, chatId: chat.id };
    const expectSameAsRead = async (answered: InboxRowAndUnreadCount | null) => {
      const read = await inbox.findRowAndUnreadCount(company.companyId, chat.id);
      expect(answered).not.toBeNull();
      expect(read).not.toBeNull();
      expect(toInboxChat(answered!.row)).toEqual(toInboxChat(read!.row));
      expect(answered!.row.summary).toBe(read!.row.summary);
      expect(answered!.unreadCount).toBe(read!.unreadCount);
      return read!;
    };

    // A visitor's question on a chat staff had read: unread again, counted, its text the preview.
    await inbox.markRead(company.companyId, { chatId: chat.id });
    const question = await repository.insertMessageOnce({
      ...base,
      message: "Where is my parcel?",
      messageType: "question",
      senderRole: "customer",
      clientMessageId: crypto.randomUUID(),
    });
    const afterQuestion = await expectSameAsRead(question.inbox);
    expect(afterQuestion.unreadCount).toBe(2);
    expect(afterQuestion.row.last_message).toBe("Where is my parcel?");

    // The AI's answer with the new summary, in one statement.
    const answered = await store.storeAnswer({
      ...base,
      questionMessageId: question.row.id,
      text: "It left yesterday.",
      messageData: { questionID: question.row.id, outcome: "answered", language: "en" },
      references: [],
      analysis: { shortenedCustomerMessage: "parcel", questionCategory: null, selectedIntent: null },
      usage: [],
      citedDocumentIds: [],
      summary: "Customer asked where the parcel is.",
    });
    const afterAnswer = await expectSameAsRead(answered.inbox);
    expect(afterAnswer.row.summary).toBe("Customer asked where the parcel is.");
    expect(afterAnswer.row.last_message).toBe("It left yesterday.");

    // Staff read it, then a system line (no preview) and an order event (a preview) arrive.
    await inbox.markRead(company.companyId, { chatId: chat.id });
    const lookedUp = await repository.insertMessageOnce({
      ...base,
      message: "Looked up order #1058 in Shopify",
      messageType: "integration_event",
      senderRole: "system",
      messageData: { integrationEvent: { event: "order_lookup", appType: "shopify" } },
      clientMessageId: crypto.randomUUID(),
    });
    expect((await expectSameAsRead(lookedUp.inbox)).row.last_message).toBe("It left yesterday.");
    const event = await repository.insertMessageOnce({
      ...base,
      message: "Asked to change the delivery address",
      messageType: "widget_event",
      senderRole: "customer",
      eventType: "ORDER_ADDRESS_CHANGED",
      clientMessageId: crypto.randomUUID(),
    });
    expect((await expectSameAsRead(event.inbox)).row.last_message).toBe("Asked to change the delivery address");

    // Staff's own reply leaves the chat read.
    await inbox.markRead(company.companyId, { chatId: chat.id });
    const reply = await repository.insertMessageOnce({
      ...base,
      message: "We changed it for you.",
      messageType: "agent_reply",
      senderRole: "agent",
      clientMessageId: crypto.randomUUID(),
    });
    const afterReply = await expectSameAsRead(reply.inbox);
    expect(afterReply.row.chat_read).toBe(true);
    expect(afterReply.unreadCount).toBe(1);

    // A copy of a stored client id answers no row: nothing new to tell.
    const again = await repository.insertMessageOnce({
      ...base,
      message: "We changed it for you.",
      messageType: "agent_reply",
      senderRole: "agent",
      clientMessageId: reply.row.clientMessageId!,
    });
    expect(again).toMatchObject({ isNew: false, inbox: null });
  });
});

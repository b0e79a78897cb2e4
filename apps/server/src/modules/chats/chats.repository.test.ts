import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";

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

  it("answers no turns for a chat without messages, and nothing for another company's chat", async () => {
    const repository = h.app.services.chatsRepository;
    const chat = await repository.createChat(owner.companyId);

    expect((await repository.findChatWithRecentTurns(owner.companyId, chat.id, 7))?.turns).toEqual([]);
    expect(await repository.findChatWithRecentTurns(rival.companyId, chat.id, 7)).toBeNull();
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
    expect(second).toEqual({ row: first.row, isNew: false });
    expect(await repository.listMessages(owner.companyId, chat.id)).toHaveLength(1);
  });
});

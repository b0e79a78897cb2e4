import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import type { Summarizer } from "../../ai/answer/answer-types";
import { createAnswerStore } from "./answer-store";
import { createChatAnswering } from "./chat-answering.service";
import type { InboxRowAndUnreadCount } from "./inbox.repository";

/*
 * Where the running summary is written (decision 064): an instant summarizer's (the local
 * engine's) in the answer's own statement, so the inbox row staff hear of already carries it; a
 * remote model's after the answer has gone out, in a statement of its own.
 */

let h: Harness;
const log = { warn: () => {} } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  h = await createHarness();
});

afterAll(async () => {
  await h.close();
});

/** A summarizer that writes a fixed line and records when it was called. */
function recordingSummarizer(isInstant: boolean, events: string[]): Summarizer {
  return {
    isInstant,
    async summarize(input) {
      events.push("summarized");
      return { summary: `${input.previousSummary} | asked: ${input.question}`, usage: [] };
    },
  };
}

async function ask(isInstant: boolean) {
  const owner = await h.signUp(`owner-${isInstant ? "instant" : "remote"}@chat-answering-summary.example`);
  const chats = h.app.services.chatsRepository;
  const chat = await chats.createChat(owner.companyId, { visitorId: "visitor-summary" });
  const events: string[] = [];
  const answering = createChatAnswering({
    pipeline: h.app.services.pipeline,
    summarizer: recordingSummarizer(isInstant, events),
    chats,
    answerStore: createAnswerStore(h.db),
    log,
  });
  let heard: InboxRowAndUnreadCount | null = null;
  const answered = await answering.answerInChat({
    companyId: owner.companyId,
    chatId: chat.id,
    question: "Do you ship to Norway?",
    onAnswerStored: (_answer, inbox) => {
      events.push("answer stored");
      heard = inbox;
    },
  });
  const stored = await chats.findChat(owner.companyId, chat.id);
  return { answered, events, heard: heard as InboxRowAndUnreadCount | null, summary: stored?.summary };
}

describe("the running summary of an answered question", () => {
  it("is written with the answer when the summarizer is instant: staff's row already has it", async () => {
    const { answered, events, heard, summary } = await ask(true);
    expect(answered.answer).not.toBeNull();
    expect(events).toEqual(["summarized", "answer stored"]);
    expect(summary).toBe(" | asked: Do you ship to Norway?");
    expect(heard?.row.summary).toBe(summary);
    expect(heard?.row.last_message).toBe(answered.answer?.message.slice(0, 200));
  });

  it("is written after the answer has gone out when the summarizer is a remote model", async () => {
    const { answered, events, heard, summary } = await ask(false);
    expect(answered.answer).not.toBeNull();
    expect(events).toEqual(["answer stored", "summarized"]);
    expect(summary).toBe(" | asked: Do you ship to Norway?");
    expect(heard?.row.summary).toBe("");
  });
});

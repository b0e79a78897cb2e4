import type { InboxChat } from "@harbor/contract/chat";
import type { AskQuestionAck } from "@harbor/contract/realtime";
import type { VisitorMessage } from "@harbor/contract/widget";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { ackData, connectStaff, connectVisitor, emitWithAck } from "../../../test/realtime-clients";
import { startSecondNode } from "../../../test/second-node";
import { type FakeOpenAi, startFakeOpenAi } from "../../ai/providers/fakes/openai-fake-server";
import { createOpenAiProvider } from "../../ai/providers/openai-provider";
import type { HarborApp } from "../../app";
import { chatMessages } from "../../db/schema/index";

/**
 * Scaled mode: two server nodes on one database, their socket.io rooms joined through Redis. A
 * staff member on node A sees a visitor who talks to node B, and the reverse. Runs when
 * TEST_REDIS_URL is set (CI sets it to the machine's Redis).
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)("two nodes behind one Redis", () => {
  let nodeA: Harness;
  let nodeB: HarborApp;
  let nodeBUrl: string;
  let owner: Awaited<ReturnType<Harness["signUp"]>>;
  let widgetID: string;

  beforeAll(async () => {
    nodeA = await createHarness({ withDemoContent: true, redisUrl });
    ({ app: nodeB, url: nodeBUrl } = await startSecondNode(nodeA));
    owner = await nodeA.signUp("owner@scaled-shop.example");
    widgetID = (await nodeA.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId;
  }, 120_000);

  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
  });

  it("carries a visitor's question and its answer from node B to staff on node A", async () => {
    const staffOnA = await connectStaff(nodeA, owner.cookie);
    // The visitor's socket goes to node B: same token (any node verifies it), another address.
    const onA = await connectVisitor(nodeA, widgetID);
    onA.socket.close();
    const visitorOnB = await connectVisitor({ url: async () => nodeBUrl }, widgetID, {
      visitorToken: onA.visitorToken,
    });
    const asked = ackData(
      await emitWithAck<AskQuestionAck>(visitorOnB.socket, "ask-question", {
        chatID: null,
        clientMessageID: crypto.randomUUID(),
        question: "How long does standard delivery take?",
      }),
    );
    const row = await staffOnA.events.waitFor<{ chat: InboxChat }>(
      "chat-updated",
      (p) => p.chat.chatID === asked.chatID,
    );
    expect(row.chat.chatRead).toBe(false);
    await staffOnA.events.waitFor<{ chatID: string; message: { senderRole: string } }>(
      "chat-message",
      (p) => p.chatID === asked.chatID && p.message.senderRole === "ai",
    );

    // And back: staff typing on node A reaches the visitor on node B.
    staffOnA.socket.emit("staff-typing", { chatID: asked.chatID, isTyping: true });
    const typing = await visitorOnB.events.waitFor<{ chatID: string; isTyping: boolean }>("agent-typing");
    expect(typing).toMatchObject({ chatID: asked.chatID, isTyping: true });
    const answer = await visitorOnB.events.waitFor<{ message: VisitorMessage }>(
      "chat-message",
      (p) => p.message.senderRole === "ai",
    );
    expect(answer.message.message).toMatch(/standard delivery takes/i);
    staffOnA.socket.close();
    visitorOnB.socket.close();
    await nodeB.services.visitorService.drain();
  });

  it("closes the inbox open on node B when its session signs out on node A", async () => {
    const session = await nodeA.signIn("owner@scaled-shop.example");
    const inboxOnB = await connectStaff({ url: async () => nodeBUrl }, session.cookie);
    const closed = new Promise<string>((resolve) => inboxOnB.socket.once("disconnect", resolve));

    const logout = await nodeA.api("POST", "/api/auth/logout", { cookie: session.cookie });
    expect(logout.status).toBe(200);

    expect(await closed).toBe("io server disconnect");
    // The owner's other session, open on node B too, still hears the shop.
    const stillOnB = await connectStaff({ url: async () => nodeBUrl }, owner.cookie);
    const visitor = await connectVisitor(nodeA, widgetID);
    const asked = ackData(
      await emitWithAck<AskQuestionAck>(visitor.socket, "ask-question", {
        chatID: null,
        clientMessageID: crypto.randomUUID(),
        question: "Do you ship to Norway?",
      }),
    );
    await stillOnB.events.waitFor<{ chat: InboxChat }>("chat-updated", (p) => p.chat.chatID === asked.chatID);
    expect(inboxOnB.events.of<{ chat: InboxChat }>("chat-updated").some((p) => p.chat.chatID === asked.chatID)).toBe(
      false,
    );
    stillOnB.socket.close();
    visitor.socket.close();
    await nodeA.app.services.visitorService.drain();
  });

  it("tells a visitor on node B that the widget was switched off on node A, and closes their socket", async () => {
    const onA = await connectVisitor(nodeA, widgetID);
    onA.socket.close();
    const visitorOnB = await connectVisitor({ url: async () => nodeBUrl }, widgetID, {
      visitorToken: onA.visitorToken,
    });
    const closed = new Promise<string>((resolve) => visitorOnB.socket.once("disconnect", resolve));
    const form = new FormData();
    form.append("isActive", JSON.stringify(false));

    const saved = await nodeA.api("POST", "/api/widget-settings/save", { cookie: owner.cookie, body: form });
    expect(saved.status).toBe(200);

    expect(await visitorOnB.events.waitFor<{ message: string }>("widget-closed")).toEqual({
      message: "This chat has been closed by the shop.",
    });
    expect(await closed).toBe("io server disconnect");
  });
});

describe.runIf(redisUrl)("a widget switched off on one node, while another node writes an answer", () => {
  const apiKey = "sk-scaled-switch-off";
  let fake: FakeOpenAi;
  let nodeA: Harness;
  let nodeB: HarborApp;
  let nodeBUrl: string;
  let owner: Awaited<ReturnType<Harness["signUp"]>>;
  let widgetID: string;

  beforeAll(async () => {
    // Node B answers with a model that writes a word every 150 ms, so the switch comes mid-answer.
    fake = await startFakeOpenAi({ apiKey });
    fake.setFallback((request) => {
      const body = request.body as { response_format?: unknown; tools?: unknown };
      if (body.response_format || body.tools) {
        return {
          type: "object",
          value: {
            questionCategory: null,
            selectedIntent: null,
            shortenedCustomerMessage: "Delivery?",
            isOrderSpecific: false,
          },
        };
      }
      return {
        type: "text",
        text: "Standard delivery takes two to four working days in the Netherlands.",
        pauseMs: 150,
      };
    });
    nodeA = await createHarness({ redisUrl });
    ({ app: nodeB, url: nodeBUrl } = await startSecondNode(nodeA, {
      llm: createOpenAiProvider({ apiKey, baseURL: fake.baseURL, model: "gpt-4o-mini", timeoutMs: 10_000 }),
    }));
    owner = await nodeA.signUp("owner@scaled-switch.example");
    await nodeA.app.services.knowledgeService.seedDemoArticles(owner.companyId);
    widgetID = (await nodeA.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId;
  }, 120_000);

  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
    await fake?.close();
  });

  it("stops the answer on the node writing it: nothing is stored", async () => {
    const visitorOnB = await connectVisitor({ url: async () => nodeBUrl }, widgetID);
    const asked = ackData(
      await emitWithAck<AskQuestionAck>(visitorOnB.socket, "ask-question", {
        chatID: null,
        clientMessageID: crypto.randomUUID(),
        question: "How long does standard delivery take?",
      }),
    );
    await visitorOnB.events.waitFor("answer-chunk");
    const form = new FormData();
    form.append("isActive", JSON.stringify(false));

    const saved = await nodeA.api("POST", "/api/widget-settings/save", { cookie: owner.cookie, body: form });
    expect(saved.status).toBe(200);

    await visitorOnB.events.waitFor("widget-closed");
    await nodeB.services.visitorService.drain();
    const answers = await nodeA.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, asked.chatID), eq(chatMessages.senderRole, "ai")));
    expect(answers).toEqual([]);
  });
});

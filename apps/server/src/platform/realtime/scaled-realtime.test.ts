import type { InboxChat } from "@harbor/contract/chat";
import type { AskQuestionAck } from "@harbor/contract/realtime";
import type { VisitorMessage } from "@harbor/contract/widget";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { ackData, connectStaff, connectVisitor, emitWithAck } from "../../../test/realtime-clients";
import { buildApp, type HarborApp } from "../../app";

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
    nodeB = await buildApp({
      config: nodeA.config,
      database: nodeA.database,
      mailer: nodeA.mailer,
      logger: false,
      demoContentSeeders: [],
      isRunningJobs: false,
      limitKeyPrefix: nodeA.limitKeyPrefix,
    });
    nodeBUrl = await nodeB.listen({ port: 0, host: "127.0.0.1" });
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
});

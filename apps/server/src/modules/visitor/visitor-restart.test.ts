import type { VisitorChat, VisitorMessage } from "@harbor/contract/widget";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { ackData, askQuestion, connectVisitor, emitWithAck } from "../../../test/realtime-clients";
import { buildApp, type HarborApp } from "../../app";

/**
 * A restart of the server in the middle of a conversation: the first process stops (its sockets
 * drop), a new one starts on the same database, and the visitor carries on where they were.
 */
let h: Harness;
let restarted: HarborApp | null = null;

beforeAll(async () => {
  h = await createHarness({ withDemoContent: true });
}, 120_000);

afterAll(async () => {
  await restarted?.close();
  await h.smtp.close();
  await h.database.close();
});

it("keeps the chat across a restart: nothing lost, nothing repeated", async () => {
  const owner = await h.signUp("owner@restart-shop.example");
  const widgetID = (await h.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId;
  const before = await connectVisitor(h, widgetID);
  const first = ackData(await askQuestion(before.socket, "How long does standard delivery take?"));
  const answer = await before.events.waitFor<{ message: VisitorMessage }>(
    "chat-message",
    (p) => p.message.senderRole === "ai",
  );
  const disconnected = new Promise((resolve) => before.socket.once("disconnect", resolve));
  await h.app.close();
  await disconnected;

  restarted = await buildApp({
    config: h.config,
    database: h.database,
    mailer: h.mailer,
    logger: false,
    demoContentSeeders: [],
  });
  const url = await restarted.listen({ port: 0, host: "127.0.0.1" });
  const after = await connectVisitor({ url: async () => url }, widgetID, {
    visitorToken: before.visitorToken,
  });
  expect(after.widget.activeChatID).toBe(first.chatID);
  const missed = ackData(
    await emitWithAck<VisitorChat>(after.socket, "join-chat-room", {
      chatID: first.chatID,
      afterMessageID: answer.message._id,
    }),
  );
  expect(missed.messages).toEqual([]);
  const second = ackData(await askQuestion(after.socket, "And is delivery free?", first.chatID));
  expect(second.chatID).toBe(first.chatID);
  await after.events.waitFor<{ message: VisitorMessage }>(
    "chat-message",
    (p) => p.message.senderRole === "ai" && p.message.messageData.questionID === second.message._id,
  );
  const whole = ackData(await emitWithAck<VisitorChat>(after.socket, "join-chat-room", { chatID: first.chatID }));
  expect(whole.messages.map((m) => m.senderRole)).toEqual(["customer", "ai", "customer", "ai"]);
  after.socket.close();
});

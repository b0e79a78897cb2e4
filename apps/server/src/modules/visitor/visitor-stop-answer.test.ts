import type { AnswerPhase } from "@harbor/contract/realtime";
import type { VisitorChat, VisitorMessage } from "@harbor/contract/widget";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { ackData, askQuestion, connectVisitor, emitWithAck, visitorRefusal } from "../../../test/realtime-clients";
import { type FakeOpenAi, startFakeOpenAi } from "../../ai/providers/fakes/openai-fake-server";
import { createOpenAiProvider } from "../../ai/providers/openai-provider";
import { chatMessages } from "../../db/schema/index";

const API_KEY = "sk-stop-answer-test";

let fake: FakeOpenAi;
let h: Harness;
let widgetID: string;
let ownerCookie: string;

/**
 * A model that writes slowly, so a visitor can stop it half-way: the classifier's JSON comes at
 * once, the answer streams a word every 150 ms.
 */
beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: API_KEY });
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
    return { type: "text", text: "Standard delivery takes two to four working days in the Netherlands.", pauseMs: 150 };
  });
  h = await createHarness({
    llm: createOpenAiProvider({ apiKey: API_KEY, baseURL: fake.baseURL, model: "gpt-4o-mini", timeoutMs: 10_000 }),
  });
  const owner = await h.signUp("owner@stop-shop.example");
  ownerCookie = owner.cookie;
  // The help articles only: the sample chats would each be written word by word by the slow model.
  await h.app.services.knowledgeService.seedDemoArticles(owner.companyId);
  widgetID = (await h.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId;
}, 120_000);

afterAll(async () => {
  await h?.close();
  await fake?.close();
});

const aiMessages = (chatId: string) =>
  h.db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.senderRole, "ai")));

describe("reset-answer", () => {
  it("stops the answer being written: nothing is stored, and neither a rejoin nor a reload answers it after all", async () => {
    const visitor = await connectVisitor(h, widgetID);
    const asked = ackData(await askQuestion(visitor.socket, "How long does standard delivery take?"));
    await visitor.events.waitFor<{ phase: AnswerPhase }>("answer-phase", (p) => p.phase === "writing");
    await visitor.events.waitFor("answer-chunk");

    ackData(await emitWithAck<null>(visitor.socket, "reset-answer", { chatID: asked.chatID }));
    await h.app.services.visitorService.drain();
    expect(await aiMessages(asked.chatID)).toEqual([]);

    // Back after a reload: the chat holds the question alone, and it stays unanswered.
    const rejoined = ackData(
      await emitWithAck<VisitorChat>(visitor.socket, "join-chat-room", { chatID: asked.chatID }),
    );
    expect(rejoined.messages.map((m) => m.senderRole)).toEqual(["customer"]);
    await h.app.services.visitorService.drain();
    expect(await aiMessages(asked.chatID)).toEqual([]);
    expect(
      visitor.events.of<{ message: VisitorMessage }>("chat-message").filter((p) => p.message.senderRole === "ai"),
    ).toEqual([]);

    // Asking again is answered as usual.
    ackData(await askQuestion(visitor.socket, "And in Belgium?", asked.chatID));
    const answer = await visitor.events.waitFor<{ message: VisitorMessage }>(
      "chat-message",
      (p) => p.message.senderRole === "ai",
      15_000,
    );
    expect(answer.message.message).toMatch(/two to four working days/);
    visitor.socket.close();
  });

  it("refuses another visitor's chat", async () => {
    const owner = await connectVisitor(h, widgetID);
    const asked = ackData(await askQuestion(owner.socket, "Is delivery free?"));
    const stranger = await connectVisitor(h, widgetID);
    const refused = await emitWithAck<null>(stranger.socket, "reset-answer", { chatID: asked.chatID });
    expect(refused).toMatchObject({ ok: false });
    await owner.events.waitFor<{ message: VisitorMessage }>(
      "chat-message",
      (p) => p.message.senderRole === "ai",
      15_000,
    );
    owner.socket.close();
    stranger.socket.close();
  });
});

/** The admin's switch in the dashboard: widget settings saved with `isActive`. */
async function switchWidget(isActive: boolean) {
  const form = new FormData();
  form.append("isActive", JSON.stringify(isActive));
  const saved = await h.api("POST", "/api/widget-settings/save", { cookie: ownerCookie, body: form });
  expect(saved.status).toBe(200);
}

describe("switching the widget off", () => {
  it("tells every connected visitor, stops the answer being written and lets them go", async () => {
    const asking = await connectVisitor(h, widgetID);
    const overPolling = await connectVisitor(h, widgetID, { transports: ["polling"] });
    const closedReasons = [asking, overPolling].map(
      (visitor) => new Promise<string>((resolve) => visitor.socket.once("disconnect", resolve)),
    );
    const asked = ackData(await askQuestion(asking.socket, "How long does standard delivery take?"));
    await asking.events.waitFor("answer-chunk");

    await switchWidget(false);

    for (const visitor of [asking, overPolling]) {
      expect(await visitor.events.waitFor<{ message: string }>("widget-closed")).toEqual({
        message: "This chat has been closed by the shop.",
      });
    }
    expect(await Promise.all(closedReasons)).toEqual(["io server disconnect", "io server disconnect"]);
    await h.app.services.visitorService.drain();
    expect(await aiMessages(asked.chatID)).toEqual([]);
    expect(
      asking.events.of<{ message: VisitorMessage }>("chat-message").filter((p) => p.message.senderRole === "ai"),
    ).toEqual([]);
    expect(await visitorRefusal(h, { widgetID, visitorToken: asking.visitorToken })).toBe(
      "This chat widget is switched off.",
    );

    // Switched on again, the visitor comes back to their chat.
    await switchWidget(true);
    const back = await connectVisitor(h, widgetID, { visitorToken: asking.visitorToken });
    const chat = ackData(await emitWithAck<VisitorChat>(back.socket, "join-chat-room", { chatID: asked.chatID }));
    expect(chat.messages[0]?.message).toBe("How long does standard delivery take?");
    back.socket.close();
    await h.app.services.visitorService.drain();
  });
});

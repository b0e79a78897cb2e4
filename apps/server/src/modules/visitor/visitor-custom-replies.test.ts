import type { CustomReply, QuestionCategory } from "@harbor/contract/automation";
import type { Chat as ChatDetail, InboxResponse } from "@harbor/contract/chat";
import type { ConditionOperator, CustomReplyActionInput } from "@harbor/contract/custom-reply-actions";
import { readMessageData } from "@harbor/contract/message-data";
import type { AddEventAck } from "@harbor/contract/realtime";
import type { VisitorChat, VisitorMessage, WidgetGetResponse, WidgetSettings } from "@harbor/contract/widget";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { ackData, askQuestion, connectVisitor, emitWithAck } from "../../../test/realtime-clients";
import { chatMessages, chats, customReplies, questionCategories } from "../../db/schema/index";

let h: Harness;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let rival: Awaited<ReturnType<Harness["signUp"]>>;
let widgetID: string;
let rivalWidgetID: string;

beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUp("owner@workflow-shop.example");
  rival = await h.signUp("owner@workflow-rival.example");
  // The help articles: an AI answer step answers from them.
  await h.app.services.knowledgeService.seedDemoArticles(owner.companyId);
  widgetID = (await h.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId;
  rivalWidgetID = (await h.app.services.widgetRepository.findOrCreate(rival.companyId)).widgetId;
}, 120_000);

afterAll(async () => {
  await h?.close();
});

type Visitor = Awaited<ReturnType<typeof connectVisitor>>;
type Action = CustomReplyActionInput;
type NodeInput = { _id: string; actions: Action[] };

async function saveReply(name: string, nodes: NodeInput[], cookie = owner.cookie) {
  const response = await h.api<CustomReply>("POST", "/api/custom-reply/save", { cookie, body: { name, nodes } });
  expect(response.status, response.body.message).toBe(200);
  return response.body.data;
}

/** A category of its own words, running the reply: a question in those words is classified into it. */
async function routeCategory(title: string, description: string, customReplyID: string | null, cookie = owner.cookie) {
  const response = await h.api<QuestionCategory>("POST", "/api/question-category/add", {
    cookie,
    body: { title, description, customReplyID },
  });
  expect(response.status, response.body.message).toBe(200);
  return response.body.data;
}

const text = (id: string, content: string): Action => ({
  _id: id,
  actionType: "message_content",
  message: { content },
});
const bubbles = (id: string, key: string, choices: [string, string][]): Action => ({
  _id: id,
  actionType: "answer_bubbles",
  answerBubbles: { content: "Which one?", bubbles: choices.map(([message, value]) => ({ message, value })) },
  dataModel: { fields: [{ key, required: true }] },
});

/** The chat as the visitor's widget reads it after a reload. */
async function chatOf(visitor: Visitor, chatID: string) {
  return ackData(await emitWithAck<VisitorChat>(visitor.socket, "join-chat-room", { chatID }));
}

const settled = () => h.app.services.visitorService.drain();

async function ask(visitor: Visitor, question: string, chatID: string | null = null) {
  const asked = ackData(await askQuestion(visitor.socket, question, chatID));
  await settled();
  return asked;
}

function answerBubble(
  visitor: Visitor,
  chatID: string,
  actionID: string,
  value: string,
  clientMessageID = crypto.randomUUID(),
) {
  return emitWithAck<AddEventAck>(visitor.socket, "add-event", {
    event: "CUSTOM_REPLY_ANSWER",
    chatID,
    clientMessageID,
    actionID,
    value,
  });
}

const fromReply = (messages: VisitorMessage[], replyId: string) =>
  messages.filter((message) => message.messageData.customReplyID === replyId);

describe("custom replies run for the visitor", () => {
  it("a classified question runs its reply: text, file, bubbles that wait, then the branch the choice takes (both branches)", async () => {
    const reply = await saveReply("Umbrella sizes", [
      {
        _id: "start",
        actions: [
          text("hello", "Let us find your umbrella."),
          {
            _id: "guide",
            actionType: "message_file",
            message: {
              content: "Our size guide",
              file: { fileUrl: "https://cdn.example.com/umbrella-guide.pdf", fileType: "application/pdf" },
            },
          },
          bubbles("size", "umbrellaSize", [
            ["Big one", "big"],
            ["Small one", "small"],
          ]),
          {
            _id: "route",
            actionType: "condition",
            branches: [
              {
                conditions: [
                  { parameter: { key: "umbrellaSize" }, operator: "equals", compareValue: { value: "BIG" } },
                ],
                nextNode: { nodeID: "big" },
              },
              { conditions: [], nextNode: { nodeID: "small" } },
            ],
          },
        ],
      },
      { _id: "big", actions: [text("big-text", "Big umbrellas cover two people.")] },
      { _id: "small", actions: [text("small-text", "Small umbrellas fold into a bag.")] },
    ]);
    await routeCategory("Umbrellas", "umbrella sizes canopy", reply._id);

    for (const [value, expected] of [
      ["big", "Big umbrellas cover two people."],
      ["small", "Small umbrellas fold into a bag."],
    ] as const) {
      const visitor = await connectVisitor(h, widgetID);
      const asked = await ask(visitor, "Which umbrella size do I need?");
      const before = await chatOf(visitor, asked.chatID);
      const steps = fromReply(before.messages, reply._id);
      // It waits at the bubbles: nothing of the branches yet, and no normal AI answer.
      expect(steps.map((m) => [m.messageType, m.message])).toEqual([
        ["answer", "Let us find your umbrella."],
        ["answer", "Our size guide"],
        ["answer_bubbles", "Which one?"],
      ]);
      expect(steps[1]?.messageData.file).toEqual({
        url: "https://cdn.example.com/umbrella-guide.pdf",
        contentType: "application/pdf",
      });
      expect(steps[2]?.messageData.answerBubbles?.bubbles.map((b) => b.message)).toEqual(["Big one", "Small one"]);
      expect(steps[2]?.messageData.customReplyStep).toEqual({ nodeID: "start", actionID: "size" });
      expect(before.messages.filter((m) => m.senderRole === "ai" && !m.messageData.customReplyID)).toEqual([]);
      // Every step reached the visitor's open widget too.
      await visitor.events.waitFor<{ message: VisitorMessage }>(
        "chat-message",
        (p) => p.message.messageType === "answer_bubbles",
      );

      // AI Conversations files the chat under the category the question was classified into.
      const filed = await h.api<InboxResponse>("POST", "/api/chat/inbox", {
        cookie: owner.cookie,
        body: { category: "Umbrellas" },
      });
      expect(filed.body.data.inbox.map((chat) => chat.chatID)).toContain(asked.chatID);

      const chosen = ackData(await answerBubble(visitor, asked.chatID, "size", value));
      expect(chosen.message).toMatchObject({
        senderRole: "customer",
        message: value === "big" ? "Big one" : "Small one",
      });
      await settled();
      const after = fromReply((await chatOf(visitor, asked.chatID)).messages, reply._id);
      // The condition is staff-only; the visitor sees the branch's message.
      expect(after.at(-1)?.message).toBe(expected);
      expect(after.some((m) => m.messageType === "condition")).toBe(false);
      const [row] = await h.db.select().from(chats).where(eq(chats.id, asked.chatID));
      expect(row?.customReplyState).toBeNull();
      visitor.socket.close();
    }
  });

  it("a replayed bubble click is taken once; another answer to the same question is refused", async () => {
    const reply = await saveReply("Kite colours", [
      {
        _id: "n1",
        actions: [
          bubbles("colour", "kiteColour", [
            ["Red", "red"],
            ["Blue", "blue"],
          ]),
        ],
      },
    ]);
    await routeCategory("Kites", "kite colours flying", reply._id);
    const visitor = await connectVisitor(h, widgetID);
    const asked = await ask(visitor, "What kite colours do you have?");
    const clientMessageID = crypto.randomUUID();
    const first = ackData(await answerBubble(visitor, asked.chatID, "colour", "red", clientMessageID));
    const replay = ackData(await answerBubble(visitor, asked.chatID, "colour", "red", clientMessageID));
    expect(replay.message._id).toBe(first.message._id);
    const other = await answerBubble(visitor, asked.chatID, "colour", "blue");
    expect(other).toEqual({ ok: false, message: "This question has been answered already." });
    await settled();
    const messages = (await chatOf(visitor, asked.chatID)).messages;
    expect(messages.filter((m) => m.senderRole === "customer").map((m) => m.message)).toEqual([
      "What kite colours do you have?",
      "Red",
    ]);
    visitor.socket.close();
  });

  it("a reload mid-way resumes at the waiting step; a choice that is not offered is refused", async () => {
    const reply = await saveReply("Tent fabrics", [
      {
        _id: "n1",
        actions: [
          bubbles("fabric", "tentFabric", [
            ["Cotton", "cotton"],
            ["Nylon", "nylon"],
          ]),
          text("done", "Noted, thank you."),
        ],
      },
    ]);
    await routeCategory("Tents", "tent fabric camping", reply._id);
    const first = await connectVisitor(h, widgetID);
    const asked = await ask(first, "Which tent fabric is best for camping?");
    first.socket.close();

    // The page reloads: same visitor, new socket; the chat ends at the bubbles, still enabled.
    const again = await connectVisitor(h, widgetID, { visitorToken: first.visitorToken });
    const resumed = await chatOf(again, asked.chatID);
    expect(resumed.messages.at(-1)?.messageType).toBe("answer_bubbles");
    expect(await answerBubble(again, asked.chatID, "fabric", "silk")).toEqual({
      ok: false,
      message: "Choose one of the answers.",
    });
    ackData(await answerBubble(again, asked.chatID, "fabric", "nylon"));
    await settled();
    expect((await chatOf(again, asked.chatID)).messages.at(-1)?.message).toBe("Noted, thank you.");
    again.socket.close();
  });

  it("a form refuses a missing required field, then its values fill an email sent through SMTP and end the chat", async () => {
    const recipient = "returns-desk@workflow-shop.example";
    const reply = await saveReply("Lantern returns", [
      {
        _id: "n1",
        actions: [
          {
            _id: "details",
            actionType: "form",
            form: { title: "Your details", description: "So we can reach you" },
            dataModel: {
              fields: [
                { key: "email", title: "Email", required: true },
                { key: "orderNumber", title: "Order number", required: false },
              ],
            },
          },
          {
            _id: "mail",
            actionType: "email_trigger",
            emailTrigger: {
              recipients: [recipient],
              subject: "Return for {orderNumber}",
              body: "Customer {email} returns order {orderNumber} ({missing} stays).",
            },
          },
          text("bye", "We will mail you the return label."),
          { _id: "end", actionType: "widget_event", widgetEvent: { event: "end_chat" } },
        ],
      },
    ]);
    await routeCategory("Lanterns", "lantern return broken", reply._id);
    const visitor = await connectVisitor(h, widgetID);
    const asked = await ask(visitor, "I want to return a broken lantern");
    const form = fromReply((await chatOf(visitor, asked.chatID)).messages, reply._id).at(-1);
    expect(form?.messageType).toBe("form");
    expect(form?.messageData.form?.fields?.map((f) => [f.key, f.title, f.required])).toEqual([
      ["email", "Email", true],
      ["orderNumber", "Order number", false],
    ]);

    const send = (values: Record<string, string>) =>
      emitWithAck<AddEventAck>(visitor.socket, "add-event", {
        event: "CUSTOM_REPLY_FORM",
        chatID: asked.chatID,
        clientMessageID: crypto.randomUUID(),
        actionID: "details",
        values,
      });
    expect(await send({ email: "  ", orderNumber: "#1001" })).toEqual({ ok: false, message: "Email is required" });
    const sent = h.smtp.countTo(recipient);
    ackData(await send({ email: "ada@example.com", orderNumber: "#1001", notAField: "dropped" }));
    await settled();
    const mail = await h.smtp.latestTo(recipient, { after: sent });
    expect(mail.subject).toBe("Return for #1001");
    expect(mail.text).toContain("Customer ada@example.com returns order #1001 ({missing} stays).");

    const messages = (await chatOf(visitor, asked.chatID)).messages;
    expect(
      messages.find((m) => m.messageType === "form" && m.senderRole === "customer")?.messageData.dataModel,
    ).toEqual({
      fields: [
        { key: "email", value: "ada@example.com" },
        { key: "orderNumber", value: "#1001" },
      ],
    });
    // The email step is for staff; the visitor sees the goodbye and the end of the chat.
    expect(messages.some((m) => m.messageType === "email_trigger")).toBe(false);
    expect(messages.at(-1)?.messageData.widgetEvent).toEqual({ event: "end_chat" });
    const [row] = await h.db.select().from(chats).where(eq(chats.id, asked.chatID));
    expect(row?.completedAt).not.toBeNull();
    // Staff read every step, the email's too, and find the chat under the reply's menu item.
    const staffView = await h.api<ChatDetail>("POST", "/api/chat/", {
      cookie: owner.cookie,
      body: { chatID: asked.chatID },
    });
    expect(staffView.status, staffView.body.message).toBe(200);
    expect(
      staffView.body.data.messages.filter((m) => m.messageData.customReplyID === reply._id).map((m) => m.messageType),
    ).toEqual(["form", "form", "email_trigger", "answer", "widget_event"]);
    const listed = await h.api<InboxResponse>("POST", "/api/chat/inbox", {
      cookie: owner.cookie,
      body: { customReply: "Lantern returns" },
    });
    expect(listed.body.data.inbox.map((chat) => chat.chatID)).toEqual([asked.chatID]);
    visitor.socket.close();
  });

  it("hands off to the team (zendesk-classic) or to WhatsApp with the number", async () => {
    const team = await saveReply("Compass help", [
      {
        _id: "n1",
        actions: [
          text("wait", "A colleague will take over."),
          {
            _id: "handoff",
            actionType: "widget_event",
            widgetEvent: { event: "handoff", handoff: { appType: "zendesk-classic", delay: 10 } },
          },
        ],
      },
    ]);
    await routeCategory("Compasses", "compass needle calibration", team._id);
    const whatsapp = await saveReply("Telescope help", [
      {
        _id: "n1",
        actions: [
          {
            _id: "handoff",
            actionType: "widget_event",
            widgetEvent: {
              event: "handoff",
              handoff: { appType: "whatsapp", whatsapp: { number: "+31 6 1234 5678" } },
            },
          },
        ],
      },
    ]);
    await routeCategory("Telescopes", "telescope lens mount", whatsapp._id);

    const visitor = await connectVisitor(h, widgetID);
    const asked = await ask(visitor, "My compass needle needs calibration");
    await visitor.events.waitFor<{ status: string }>("chat-status", (p) => p.status === "human");
    const [row] = await h.db.select().from(chats).where(eq(chats.id, asked.chatID));
    expect(row?.status).toBe("human");
    expect((await chatOf(visitor, asked.chatID)).messages.at(-1)?.messageData.widgetEvent).toEqual({
      event: "handoff",
      appType: "zendesk-classic",
    });

    const other = await connectVisitor(h, widgetID);
    const second = await ask(other, "Which telescope lens mount fits?");
    expect((await chatOf(other, second.chatID)).messages.at(-1)?.messageData.widgetEvent).toEqual({
      event: "handoff",
      appType: "whatsapp",
      number: "+31 6 1234 5678",
    });
    visitor.socket.close();
    other.socket.close();
  });

  it("an AI answer step answers from the reply's sources only, with its instruction, tagged with the reply", async () => {
    const unrelated = "00000000-0000-4000-8000-000000000000";
    const reply = await saveReply("Bicycle answers", [
      {
        _id: "n1",
        actions: [
          {
            _id: "all",
            actionType: "message_ai_answer",
            message: { aiAnswer: { sources: [], instruction: "Keep it short." } },
          },
          {
            _id: "none",
            actionType: "message_ai_answer",
            message: { aiAnswer: { sources: [{ sourceIDs: [unrelated], docCount: 0 }], instruction: "" } },
          },
        ],
      },
    ]);
    await routeCategory("Bicycles", "bicycle delivery shipping", reply._id);
    const visitor = await connectVisitor(h, widgetID);
    const asked = await ask(visitor, "How long does standard delivery take for a bicycle?");
    const steps = fromReply((await chatOf(visitor, asked.chatID)).messages, reply._id);
    expect(steps.map((m) => m.messageData.customReplyStep?.actionID)).toEqual(["all", "none"]);
    // From all of the shop's knowledge the delivery article answers; from a source holding
    // nothing, the engine finds nothing and says so instead of answering.
    const stored = await h.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, asked.chatID), eq(chatMessages.senderRole, "ai")))
      .orderBy(asc(chatMessages.createdAt));
    expect(stored.map((row) => readMessageData(row.messageData).outcome)).toEqual(["answered", "no-match"]);
    expect(steps[0]?.message).toMatch(/deliver|ship/i);
    visitor.socket.close();
  });
});

describe("conditions branch on the visitor's values", () => {
  it("each operator path through the runtime: numbers compared as numbers, text contained or not, set or not, Else last", async () => {
    const say = (id: string, content: string): NodeInput => ({ _id: id, actions: [text(`${id}-text`, content)] });
    const rule = (key: string, operator: ConditionOperator, value = "") => ({
      parameter: { key },
      operator,
      compareValue: { value },
    });
    const reply = await saveReply("Candle orders", [
      {
        _id: "n1",
        actions: [
          {
            _id: "details",
            actionType: "form",
            form: { title: "Your order" },
            dataModel: {
              fields: [
                { key: "quantity", title: "Quantity", required: true },
                { key: "note", title: "Note", required: false },
              ],
            },
          },
          {
            _id: "route",
            actionType: "condition",
            branches: [
              {
                conditions: [rule("quantity", "greater_than", "10"), rule("note", "contains", "GIFT")],
                nextNode: { nodeID: "bulkGift" },
              },
              { conditions: [rule("quantity", "greater_than", "10")], nextNode: { nodeID: "bulk" } },
              {
                conditions: [rule("note", "is_not_set"), rule("quantity", "less_than", "3")],
                nextNode: { nodeID: "few" },
              },
              {
                conditions: [
                  rule("note", "is_set"),
                  rule("note", "not_contains", "urgent"),
                  rule("quantity", "not_equals", "5"),
                ],
                nextNode: { nodeID: "noted" },
              },
              { conditions: [], nextNode: { nodeID: "other" } },
            ],
          },
        ],
      },
      say("bulkGift", "Bulk gift order"),
      say("bulk", "Bulk order"),
      say("few", "A few candles"),
      say("noted", "Order with a note"),
      say("other", "Any other order"),
    ]);
    await routeCategory("Candles", "candle order wax", reply._id);

    const cases: [Record<string, string>, string][] = [
      [{ quantity: "12", note: "a gift for mum" }, "Bulk gift order"],
      [{ quantity: "12", note: "for the shop" }, "Bulk order"],
      [{ quantity: "2" }, "A few candles"],
      [{ quantity: "4", note: "blue please" }, "Order with a note"],
      // 5 fails not_equals, "urgent" fails not_contains, "lots" is no number for greater_than: Else.
      [{ quantity: "5", note: "blue please" }, "Any other order"],
      [{ quantity: "lots", note: "urgent" }, "Any other order"],
    ];
    for (const [values, expected] of cases) {
      const visitor = await connectVisitor(h, widgetID);
      const asked = await ask(visitor, "I want to place a candle order");
      ackData(
        await emitWithAck<AddEventAck>(visitor.socket, "add-event", {
          event: "CUSTOM_REPLY_FORM",
          chatID: asked.chatID,
          clientMessageID: crypto.randomUUID(),
          actionID: "details",
          values,
        }),
      );
      await settled();
      const last = (await chatOf(visitor, asked.chatID)).messages.at(-1);
      expect([values, last?.message]).toEqual([values, expected]);
      visitor.socket.close();
    }
  });
});

describe("custom replies that cannot run", () => {
  it("a reply whose condition leads to a missing node falls back to a normal AI answer", async () => {
    // The save refuses such a graph now (custom-reply-graph.ts); one stored before that check, or
    // written by hand, must still not strand the visitor.
    const reply = await saveReply("Violin strings", [{ _id: "n1", actions: [text("first", "Let me check.")] }]);
    const broken = [
      {
        _id: "n1",
        actions: [
          { _id: "first", actionType: "message_content" as const, message: { content: "Let me check." } },
          {
            _id: "jump",
            actionType: "condition" as const,
            branches: [{ conditions: [], nextNode: { nodeID: "gone" } }],
          },
        ],
      },
    ];
    await h.db.update(customReplies).set({ nodes: broken }).where(eq(customReplies.id, reply._id));
    await routeCategory("Violins", "violin strings rosin", reply._id);
    const visitor = await connectVisitor(h, widgetID);
    const asked = await ask(visitor, "Which violin strings do you sell?");
    const messages = (await chatOf(visitor, asked.chatID)).messages;
    const last = messages.at(-1);
    expect(last?.senderRole).toBe("ai");
    expect(last?.messageType).toBe("answer");
    expect(last?.messageData.customReplyID).toBeUndefined();
    const [row] = await h.db.select().from(chats).where(eq(chats.id, asked.chatID));
    expect(row?.customReplyState).toBeNull();
    visitor.socket.close();
  });

  it("a reply deleted while it waits: the click is refused and the question answered normally", async () => {
    const reply = await saveReply("Hammock sizes", [
      {
        _id: "n1",
        actions: [
          bubbles("size", "hammockSize", [
            ["Single", "single"],
            ["Double", "double"],
          ]),
        ],
      },
    ]);
    await routeCategory("Hammocks", "hammock size garden", reply._id);
    const visitor = await connectVisitor(h, widgetID);
    const asked = await ask(visitor, "What hammock size fits my garden?");
    const deleted = await h.api("POST", "/api/custom-reply/delete", {
      cookie: owner.cookie,
      body: { customReplyID: reply._id },
    });
    expect(deleted.status).toBe(200);
    expect(await answerBubble(visitor, asked.chatID, "size", "single")).toEqual({
      ok: false,
      message: "This question is no longer asked.",
    });
    await settled();
    const last = (await chatOf(visitor, asked.chatID)).messages.at(-1);
    expect(last).toMatchObject({ senderRole: "ai", messageType: "answer" });
    expect(last?.messageData.customReplyID).toBeUndefined();
    visitor.socket.close();
  });

  it("another company's reply never runs, neither through a category nor for another visitor's chat", async () => {
    const rivalReply = await saveReply(
      "Rival lamps",
      [{ _id: "n1", actions: [text("x", "Rival text")] }],
      rival.cookie,
    );
    const category = await routeCategory("Desk lamps", "desk lamp bulbs", null);
    // Written past the API (which refuses a reply of another company), as a corrupt row would be.
    await h.db
      .update(questionCategories)
      .set({ customReplyId: rivalReply._id })
      .where(and(eq(questionCategories.id, category._id), eq(questionCategories.companyId, owner.companyId)));
    h.app.services.aiAgentService.forgetSettings(owner.companyId);
    const visitor = await connectVisitor(h, widgetID);
    const asked = await ask(visitor, "Which desk lamp bulbs fit?");
    const messages = (await chatOf(visitor, asked.chatID)).messages;
    expect(messages.some((m) => m.message === "Rival text" || m.messageData.customReplyID)).toBe(false);
    expect(messages.at(-1)?.senderRole).toBe("ai");

    // A rival visitor cannot answer into this company's chat.
    const stranger = await connectVisitor(h, rivalWidgetID);
    const refused = await answerBubble(stranger, asked.chatID, "n1", "x");
    expect(refused.ok).toBe(false);
    visitor.socket.close();
    stranger.socket.close();
  });

  it("a portal link starts its workflow instead of asking its title as a question", async () => {
    const reply = await saveReply("Gift wrapping", [
      { _id: "n1", actions: [text("wrap", "We wrap every gift in paper.")] },
    ]);
    const widget = await h.app.services.widgetRepository.findOrCreate(owner.companyId);
    const linkID = crypto.randomUUID();
    await h.app.services.widgetRepository.saveSettings(owner.companyId, {
      ...widget.settings,
      selfServicePortal: {
        ...widget.settings.selfServicePortal,
        isActive: true,
        customReplies: [
          { _id: linkID, icon: "gift", title: "Gift wrapping", description: "How we wrap", customReplyID: reply._id },
        ],
      },
    });
    const visitor = await connectVisitor(h, widgetID);
    const asked = ackData(
      await emitWithAck<{ chatID: string }>(visitor.socket, "ask-question", {
        chatID: null,
        clientMessageID: crypto.randomUUID(),
        question: "Gift wrapping",
        portalLinkID: linkID,
      }),
    );
    await settled();
    const messages = (await chatOf(visitor, asked.chatID)).messages;
    expect(messages.map((m) => [m.senderRole, m.message])).toEqual([
      ["customer", "Gift wrapping"],
      ["ai", "We wrap every gift in paper."],
    ]);
    visitor.socket.close();
  });
  it("a portal link whose reply is switched off has its title answered as a question", async () => {
    const reply = await saveReply("Engraving", [{ _id: "n1", actions: [text("engrave", "We engrave names.")] }]);
    const off = await h.api<CustomReply>("POST", "/api/custom-reply/save", {
      cookie: owner.cookie,
      body: { customReplyID: reply._id, name: "Engraving", isActive: false },
    });
    expect(off.status, off.body.message).toBe(200);
    const widget = await h.app.services.widgetRepository.findOrCreate(owner.companyId);
    const linkID = crypto.randomUUID();
    await h.app.services.widgetRepository.saveSettings(owner.companyId, {
      ...widget.settings,
      selfServicePortal: {
        ...widget.settings.selfServicePortal,
        isActive: true,
        customReplies: [
          { _id: linkID, icon: "gift", title: "Engraving", description: "Names on gifts", customReplyID: reply._id },
        ],
      },
    });
    const visitor = await connectVisitor(h, widgetID);
    const asked = ackData(
      await emitWithAck<{ chatID: string }>(visitor.socket, "ask-question", {
        chatID: null,
        clientMessageID: crypto.randomUUID(),
        question: "Engraving",
        portalLinkID: linkID,
      }),
    );
    await settled();
    const messages = (await chatOf(visitor, asked.chatID)).messages;
    expect(messages.some((m) => m.message === "We engrave names." || m.messageData.customReplyID)).toBe(false);
    expect(messages.at(-1)).toMatchObject({ senderRole: "ai", messageType: "answer" });
    visitor.socket.close();
  });

  describe("a suggested question naming a custom reply", () => {
    /** Saved as an admin does it, through the route; a portal that is on. */
    async function suggest(question: string, customReplyID: string, cookie = owner.cookie) {
      const widget = await h.app.services.widgetRepository.findOrCreate(owner.companyId);
      await h.app.services.widgetRepository.saveSettings(owner.companyId, {
        ...widget.settings,
        selfServicePortal: { ...widget.settings.selfServicePortal, isActive: true },
      });
      return h.api<WidgetSettings>("POST", "/api/widget-settings/suggested-question/save", {
        cookie,
        body: { question, category: null, answer: ["Shown when no reply is named"], customReplyID },
      });
    }

    async function clickSuggested(visitor: Visitor, question: string) {
      const { data } = (await h.api<WidgetGetResponse>("POST", "/api/widget/get", { body: { widgetID } })).body;
      const shown = data.widget.selfServicePortal.suggestedQuestions.find((q) => q.question === question);
      if (!shown) throw new Error(`${question} is not shown`);
      const asked = ackData(
        await emitWithAck<{ chatID: string }>(visitor.socket, "ask-question", {
          chatID: null,
          clientMessageID: crypto.randomUUID(),
          question,
          suggestedQuestionID: shown._id,
        }),
      );
      await settled();
      return { shown, messages: (await chatOf(visitor, asked.chatID)).messages };
    }

    it("starts its workflow; the widget learns only that it runs a reply, not which", async () => {
      const reply = await saveReply("Returns label", [
        { _id: "n1", actions: [text("label", "We email you a label.")] },
      ]);
      const saved = await suggest("How do I return an item?", reply._id);
      expect(saved.status, saved.body.message).toBe(200);
      const visitor = await connectVisitor(h, widgetID);
      const { shown, messages } = await clickSuggested(visitor, "How do I return an item?");
      expect(shown).toMatchObject({ runsCustomReply: true });
      expect(shown).not.toHaveProperty("customReplyID");
      expect(messages.map((m) => [m.senderRole, m.message, m.messageData.customReplyID])).toEqual([
        ["customer", "How do I return an item?", undefined],
        ["ai", "We email you a label.", reply._id],
      ]);
      visitor.socket.close();
    });

    it("another company's reply is refused on save; written past the API, or switched off, the text is answered", async () => {
      const rivalReply = await saveReply(
        "Rival returns",
        [{ _id: "n1", actions: [text("x", "Rival text")] }],
        rival.cookie,
      );
      const refused = await suggest("Can I swap a size?", rivalReply._id);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        hasError: true,
        message: "customReplyID: Choose one of your custom replies",
      });

      // A corrupt row: the rival's reply id stored as if the API had let it through.
      const widget = await h.app.services.widgetRepository.findOrCreate(owner.companyId);
      const foreignID = crypto.randomUUID();
      await h.app.services.widgetRepository.saveSettings(owner.companyId, {
        ...widget.settings,
        selfServicePortal: {
          ...widget.settings.selfServicePortal,
          isActive: true,
          suggestedQuestions: [
            ...widget.settings.selfServicePortal.suggestedQuestions,
            {
              _id: foreignID,
              question: "Can I swap a size?",
              category: null,
              answer: ["x"],
              customReplyID: rivalReply._id,
            },
          ],
        },
      });
      const visitor = await connectVisitor(h, widgetID);
      const foreign = await clickSuggested(visitor, "Can I swap a size?");
      expect(foreign.messages.some((m) => m.message === "Rival text" || m.messageData.customReplyID)).toBe(false);
      expect(foreign.messages.at(-1)).toMatchObject({ senderRole: "ai", messageType: "answer" });

      const ownReply = await saveReply("Swap sizes", [{ _id: "n1", actions: [text("swap", "Swaps are free.")] }]);
      expect((await suggest("Do swaps cost anything?", ownReply._id)).status).toBe(200);
      const off = await h.api<CustomReply>("POST", "/api/custom-reply/save", {
        cookie: owner.cookie,
        body: { customReplyID: ownReply._id, name: "Swap sizes", isActive: false },
      });
      expect(off.status, off.body.message).toBe(200);
      const other = await connectVisitor(h, widgetID);
      const switchedOff = await clickSuggested(other, "Do swaps cost anything?");
      expect(switchedOff.messages.some((m) => m.message === "Swaps are free." || m.messageData.customReplyID)).toBe(
        false,
      );
      expect(switchedOff.messages.at(-1)).toMatchObject({ senderRole: "ai", messageType: "answer" });
      visitor.socket.close();
      other.socket.close();
    });
  });
});

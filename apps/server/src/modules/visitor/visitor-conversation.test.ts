import type { VisitorAttachment } from "@harbor/contract/message-data";
import { type TurnRecord, turnOf } from "@harbor/contract/turn";
import type { VisitorMessage } from "@harbor/contract/widget";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { ackData, askQuestion, connectStaff, connectVisitor, emitWithAck } from "../../../test/realtime-clients";

/**
 * The conversation around the answers, as a visitor has it over the /visitor channel: what the
 * turn is (a person asked for in words, yes or no to an offer, order details in free text, a photo
 * of damage) and what the chat remembers between turns, in English, Dutch and Hebrew.
 */
let h: Harness;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let widgetID: string;

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

beforeAll(async () => {
  h = await createHarness({
    withDemoContent: true,
    // Many short conversations from one test address within a minute.
    visitorLimits: { questionsPerVisitor: 100, questionsPerAddressPerMinute: 500, questionsPerAddressPerHour: 5000 },
  });
  owner = await h.signUp("owner@turns-shop.example");
  await h.app.services.demoContent.drain();
  widgetID = (await h.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId;
}, 120_000);

afterAll(async () => {
  await h?.close();
});

type Visitor = Awaited<ReturnType<typeof connectVisitor>>;

/** Asks in the chat (a new one when none yet) and waits for the AI's stored reply to that question. */
async function say(
  visitor: Visitor,
  chatID: string | null,
  text: string,
  extra: {
    language?: "en" | "nl" | "he";
    quickReply?: "accept_offer" | "decline_offer";
    attachments?: VisitorAttachment[];
  } = {},
) {
  const ack = ackData(
    await emitWithAck<{ chatID: string; message: VisitorMessage }>(visitor.socket, "ask-question", {
      chatID,
      clientMessageID: crypto.randomUUID(),
      question: text,
      ...extra,
    }),
  );
  const reply = await visitor.events.waitFor<{ chatID: string; message: VisitorMessage }>(
    "chat-message",
    (payload) => payload.message.senderRole === "ai" && payload.message.messageData.questionID === ack.message._id,
    15_000,
  );
  return { chatID: ack.chatID, reply: reply.message, turn: turnOf(reply.message.messageData) as TurnRecord };
}

describe("a person asked for in words", () => {
  it.each([
    ["en", "I want to talk to a human"],
    ["en", "Can I speak to someone about a damaged parcel?"],
    ["nl", "Ik wil graag een medewerker spreken"],
    ["he", "אני רוצה לדבר עם נציג"],
  ] as const)("%s: %s → the chat goes to the team, the widget and the inbox hear it", async (language, text) => {
    const visitor = await connectVisitor(h, widgetID);
    const staff = await connectStaff(h, owner.cookie);
    const { chatID, turn, reply } = await say(visitor, null, text, { language });
    expect(turn).toMatchObject({ intent: "human_request", outcome: "handoff", resolvePrompt: false });
    expect(reply.message).not.toMatch(/couldn't find|kon ik niet vinden|לא מצאתי/);
    // Where a person answers is the handoff card's to say (the shop's configured way), not the AI's.
    expect(reply.message).not.toMatch(/\bhere\b|\bhier\b|כאן/);
    expect(await visitor.events.waitFor("chat-status", (s: { chatID: string }) => s.chatID === chatID)).toMatchObject({
      status: "human",
    });
    await staff.events.waitFor(
      "chat-updated",
      (payload: { chat: { _id: string; status: string } }) =>
        payload.chat._id === chatID && payload.chat.status === "human",
    );
    // A person has the chat now: the AI stays silent.
    const silent = ackData(await askQuestion(visitor.socket, "hello?", chatID));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      visitor.events
        .of<{ message: VisitorMessage }>("chat-message")
        .some((m) => m.message.messageData.questionID === silent.message._id),
    ).toBe(false);
    visitor.socket.close();
    staff.socket.close();
  });
});

describe("yes and no to an offer", () => {
  it("'yes please' after a decline hands off; the button's 'No thanks' keeps the AI", async () => {
    const visitor = await connectVisitor(h, widgetID);
    const declined = await say(visitor, null, "Do you rent out kayaks by the hour?");
    expect(declined.turn).toMatchObject({ outcome: "declined", state: { offer: "handoff" }, resolvePrompt: false });
    const yes = await say(visitor, declined.chatID, "yes please");
    expect(yes.turn).toMatchObject({ intent: "affirm", outcome: "handoff" });

    const other = await connectVisitor(h, widgetID);
    const again = await say(other, null, "Ondersteunen jullie betalen met cryptomunten?", { language: "nl" });
    expect(again.turn.outcome).toBe("declined");
    const no = await say(other, again.chatID, "Ja, verbind me door", { language: "nl", quickReply: "decline_offer" });
    expect(no.turn).toMatchObject({ intent: "deny", outcome: "acknowledged", state: { offer: null } });
    expect(no.reply.message).toMatch(/nog ergens anders mee helpen/);
    visitor.socket.close();
    other.socket.close();
  });
});

describe("order details in free text", () => {
  it("asks only for what is missing and passes the order on, never asking twice (Hebrew)", async () => {
    const visitor = await connectVisitor(h, widgetID);
    const asked = await say(visitor, null, "איפה ההזמנה שלי?", { language: "he" });
    expect(asked.turn).toMatchObject({
      intent: "order_question",
      outcome: "order_flow",
      state: { awaiting: "order_details" },
    });
    const number = await say(visitor, asked.chatID, "8812", { language: "he" });
    expect(number.turn).toMatchObject({
      intent: "order_reference",
      outcome: "order_flow",
      state: { order: { number: "8812" } },
    });
    expect(number.reply.message).toContain("#8812");
    const contact = await say(visitor, asked.chatID, "yael@mail.example", { language: "he" });
    expect(contact.turn).toMatchObject({ intent: "order_reference", outcome: "order_lookup" });
    expect(contact.reply.message).toContain("yael@mail.example");
    expect(
      await visitor.events.waitFor("chat-status", (s: { chatID: string }) => s.chatID === asked.chatID),
    ).toMatchObject({
      status: "human",
    });
    visitor.socket.close();
  });

  it("takes a number and an e-mail given at once in Dutch", async () => {
    const visitor = await connectVisitor(h, widgetID);
    const given = await say(visitor, null, "Bestelling 5120, mijn e-mail is kees@mail.example. Waar blijft hij?", {
      language: "nl",
    });
    expect(given.turn).toMatchObject({
      outcome: "order_lookup",
      state: { order: { number: "5120", email: "kees@mail.example" } },
    });
    visitor.socket.close();
  });
});

describe("a photo of something broken", () => {
  it("goes to a person with the photo, not to the knowledge base", async () => {
    const visitor = await connectVisitor(h, widgetID);
    const form = new FormData();
    form.append("widgetID", widgetID);
    form.append("visitorToken", visitor.visitorToken);
    form.append("file", new Blob([PNG], { type: "image/png" }), "broken.png");
    const uploaded = await h.api<VisitorAttachment>("POST", "/api/widget/upload", { body: form });
    const photo = await say(visitor, null, "It arrived like this", { attachments: [uploaded.body.data] });
    expect(photo.turn).toMatchObject({ intent: "complaint", outcome: "handoff" });
    visitor.socket.close();
  });
});

describe("small talk", () => {
  it("greets once with the persona's name, answers, and takes thanks without a resolve prompt", async () => {
    const visitor = await connectVisitor(h, widgetID);
    const hello = await say(visitor, null, "Hi there!");
    expect(hello.turn).toMatchObject({ intent: "greeting", outcome: "acknowledged", resolvePrompt: false });
    expect(hello.reply.message).toContain("Ava");
    const answered = await say(visitor, hello.chatID, "How long does standard delivery take?");
    expect(answered.turn).toMatchObject({ outcome: "answered", resolvePrompt: true });
    expect(answered.reply.message).not.toContain("Ava");
    const thanks = await say(visitor, hello.chatID, "great, thanks!");
    expect(thanks.turn).toMatchObject({ intent: "thanks", outcome: "acknowledged", resolvePrompt: false });
    // The inbox's summary: the question, the page it was answered from and the gist; the hello and
    // the thanks add nothing. (It is written after the answer is sent, hence the poll.)
    await expect
      .poll(async () => (await h.app.services.chatsRepository.findChat(owner.companyId, hello.chatID))?.summary)
      .toMatch(
        /^Customer asked: How long does standard delivery take\? AI answered from “\u2068[^\n]+\u2069”: \S[^\n]*$/,
      );
    visitor.socket.close();
  });
});

describe("English knowledge quoted to a Dutch visitor", () => {
  it("marks the reply as quoting English, so the widget can say so; an English reply is not marked", async () => {
    const visitor = await connectVisitor(h, widgetID);
    const dutch = await say(visitor, null, "Hoe lang duurt de standaard levering?", { language: "nl" });
    expect(dutch.turn.outcome).toBe("answered");
    expect(dutch.reply.messageData.quotedLanguage).toBe("en");
    const english = await say(visitor, dutch.chatID, "How long does standard delivery take?", { language: "en" });
    expect(english.turn.outcome).toBe("answered");
    expect(english.reply.messageData.quotedLanguage).toBeUndefined();
    visitor.socket.close();
  });
});

/**
 * Every built-in intent and the dialogue state around it, in each of the three languages, in the
 * words a visitor would type (not the buttons).
 */
describe.each([
  {
    language: "en",
    greeting: "hello",
    thanks: "thank you so much",
    goodbye: "bye",
    unknown: "Do you rent out kayaks by the hour?",
    yes: "yes please",
    no: "no thanks",
    complaint: "My parcel arrived damaged",
    orderAtOnce: "Where is my order 4471? my email is sam@mail.example",
    compound: "How long is a gift card valid and can I pay with PayPal?",
  },
  {
    language: "nl",
    greeting: "goedemorgen",
    thanks: "bedankt!",
    goodbye: "doei",
    unknown: "Verhuren jullie kano's per uur?",
    yes: "ja graag",
    no: "nee dank je",
    complaint: "Mijn pakket is beschadigd aangekomen",
    orderAtOnce: "Waar is mijn bestelling 4471? mijn e-mail is sam@mail.example",
    compound: "Hoe lang is een cadeaubon geldig en kan ik met PayPal betalen?",
  },
  {
    language: "he",
    greeting: "שלום",
    thanks: "תודה רבה",
    goodbye: "ביי",
    unknown: "אתם משכירים קייקים לפי שעה?",
    yes: "כן בבקשה",
    no: "לא תודה",
    complaint: "החבילה הגיעה שבורה",
    orderAtOnce: "איפה ההזמנה שלי 4471? המייל שלי sam@mail.example",
    compound: "כמה זמן כרטיס מתנה בתוקף ואפשר לשלם בפייפאל?",
  },
] as const)("every built-in intent in words ($language)", (words) => {
  const { language } = words;

  it("greets, thanks and says goodbye without a resolve prompt", async () => {
    const visitor = await connectVisitor(h, widgetID);
    const hello = await say(visitor, null, words.greeting, { language });
    expect(hello.turn).toMatchObject({ intent: "greeting", outcome: "acknowledged", resolvePrompt: false });
    const thanks = await say(visitor, hello.chatID, words.thanks, { language });
    expect(thanks.turn).toMatchObject({ intent: "thanks", outcome: "acknowledged", resolvePrompt: false });
    const bye = await say(visitor, hello.chatID, words.goodbye, { language });
    expect(bye.turn).toMatchObject({ intent: "goodbye", outcome: "acknowledged", resolvePrompt: false });
    visitor.socket.close();
  });

  it("takes yes to the offered person as a handoff, and no as staying with the AI", async () => {
    const accepting = await connectVisitor(h, widgetID);
    const declined = await say(accepting, null, words.unknown, { language });
    expect(declined.turn).toMatchObject({ outcome: "declined", state: { offer: "handoff" }, resolvePrompt: false });
    const yes = await say(accepting, declined.chatID, words.yes, { language });
    expect(yes.turn).toMatchObject({ intent: "affirm", outcome: "handoff" });

    const refusing = await connectVisitor(h, widgetID);
    const again = await say(refusing, null, words.unknown, { language });
    const no = await say(refusing, again.chatID, words.no, { language });
    expect(no.turn).toMatchObject({ intent: "deny", outcome: "acknowledged", state: { offer: null } });
    accepting.socket.close();
    refusing.socket.close();
  });

  it("takes damage in words as a complaint: the shop's policy if it has one, else a person on offer", async () => {
    const visitor = await connectVisitor(h, widgetID);
    const complaint = await say(visitor, null, words.complaint, { language });
    expect(complaint.turn.intent).toBe("complaint");
    // The demo shop's help has nothing on damage, so the AI says so and a person is offered; or,
    // when the parcel is theirs, it asks for the order a person will need.
    if (complaint.turn.outcome === "order_flow") {
      expect(complaint.turn.state).toMatchObject({ awaiting: "order_details" });
    } else {
      expect(complaint.turn).toMatchObject({ outcome: "declined", state: { offer: "handoff" } });
    }
    visitor.socket.close();
  });

  it("reads an order number and an e-mail given with the question, and asks for nothing again", async () => {
    const visitor = await connectVisitor(h, widgetID);
    const order = await say(visitor, null, words.orderAtOnce, { language });
    expect(order.turn).toMatchObject({
      outcome: "order_lookup",
      state: { order: { number: "4471", email: "sam@mail.example" } },
    });
    visitor.socket.close();
  });

  it("splits a question in two and answers it part by part", async () => {
    const visitor = await connectVisitor(h, widgetID);
    const both = await say(visitor, null, words.compound, { language });
    expect(both.turn.parts?.asked).toBe(2);
    if (language === "en") {
      expect(both.turn).toMatchObject({ outcome: "answered", parts: { answered: 2 } });
      expect(both.reply.message).toMatch(/2 years/);
      expect(both.reply.message).toMatch(/PayPal/);
    }
    visitor.socket.close();
  });
});

import type { VisitorLanguage } from "@harbor/contract/ai-agent";
import { type DialogueState, EMPTY_DIALOGUE_STATE, type TurnIntent } from "@harbor/contract/turn";
import { describe, expect, it } from "vitest";
import { orderReferenceIn } from "./order-reference";
import { planTurn } from "./plan-turn";
import { understandTurn } from "./understand-turn";

const offered: DialogueState = { offer: "handoff", awaiting: null, order: null };
const awaitingOrder: DialogueState = { offer: null, awaiting: "order_details", order: null };

function intentOf(text: string, language: VisitorLanguage, state = EMPTY_DIALOGUE_STATE, hasAttachment = false) {
  return understandTurn({ text, language, state, hasAttachment }).intent;
}

describe("understandTurn", () => {
  const cases: [string, VisitorLanguage, TurnIntent][] = [
    ["Hello!", "en", "greeting"],
    ["good morning :)", "en", "greeting"],
    ["Goedenavond", "nl", "greeting"],
    ["ערב טוב", "he", "greeting"],
    ["ok thank you so much!", "en", "thanks"],
    ["Top, bedankt hoor", "nl", "thanks"],
    ["תודה רבה לך", "he", "thanks"],
    ["that's all, have a nice day", "en", "goodbye"],
    ["tot ziens", "nl", "goodbye"],
    ["להתראות", "he", "goodbye"],
    ["I'd like to talk to a real person", "en", "human_request"],
    ["can I chat with someone from your support team about a return?", "en", "human_request"],
    ["agent pls", "en", "human_request"],
    ["Kan ik iemand van de klantenservice spreken?", "nl", "human_request"],
    ["verbind me door met een medewerker", "nl", "human_request"],
    ["אפשר לדבר עם נציג אנושי?", "he", "human_request"],
    ["תעבירו אותי לנציג בבקשה", "he", "human_request"],
    ["has my parcel shipped yet?", "en", "order_question"],
    ["I'm still waiting for my refund", "en", "order_question"],
    ["Ik wil mijn bestelling annuleren", "nl", "order_question"],
    ["מתי תגיע ההזמנה שלי?", "he", "order_question"],
    ["order 5531, anna@mail.example", "en", "order_reference"],
    ["bestelnummer AB-7781 en mijn e-mail is p.jansen@mail.example", "nl", "order_reference"],
    ["the lid of my grinder arrived cracked", "en", "complaint"],
    ["de doos was beschadigd en de mok is gebarsten", "nl", "complaint"],
    ["I'm really disappointed with how this was handled", "en", "complaint"],
    // Damage to their own order is a complaint (the plan still asks for the order).
    ["My parcel arrived damaged", "en", "complaint"],
    ["mijn bestelling is kapot aangekomen", "nl", "complaint"],
    ["do you ship to Norway?", "en", "question"],
    ["Hi, how long do returns take?", "en", "question"],
    ["welke maten hebben jullie?", "nl", "question"],
    ["האם אפשר לשלם בביט?", "he", "question"],
  ];
  it.each(cases)("%s (%s) → %s", (text, language, intent) => {
    expect(intentOf(text, language)).toBe(intent);
  });

  it("reads yes and no as the answer to an offer, and a button whatever the text", () => {
    expect(intentOf("yes please", "en", offered)).toBe("affirm");
    expect(intentOf("ja, graag", "nl", offered)).toBe("affirm");
    expect(intentOf("כן בבקשה", "he", offered)).toBe("affirm");
    expect(intentOf("nah, I'm good", "en", offered)).toBe("deny");
    expect(intentOf("nee hoor", "nl", offered)).toBe("deny");
    expect(intentOf("לא תודה", "he", offered)).toBe("deny");
    expect(intentOf("yes, and how much is delivery?", "en", offered)).toBe("question");
    expect(
      understandTurn({
        text: "Yes, connect me",
        language: "en",
        state: offered,
        hasAttachment: false,
        quickReply: "decline_offer",
      }).intent,
    ).toBe("deny");
  });

  it("takes a bare number as the order number only when one was asked for", () => {
    expect(intentOf("7781", "en", awaitingOrder)).toBe("order_reference");
    expect(
      understandTurn({ text: "7781", language: "en", state: awaitingOrder, hasAttachment: false }).order.number,
    ).toBe("7781");
    expect(orderReferenceIn("7781", { isAwaited: false }).number).toBeNull();
  });

  it("sends a photo with a few words to a person as a complaint", () => {
    expect(intentOf("see the picture", "en", EMPTY_DIALOGUE_STATE, true)).toBe("complaint");
    expect(intentOf("do you sell this in blue?", "en", EMPTY_DIALOGUE_STATE, true)).toBe("question");
  });

  it("takes a leading greeting off the question", () => {
    expect(
      understandTurn({
        text: "Hi there, do you ship to Norway?",
        language: "en",
        state: EMPTY_DIALOGUE_STATE,
        hasAttachment: false,
      }).question,
    ).toBe("do you ship to Norway?");
  });
});

describe("orderReferenceIn", () => {
  it.each([
    ["my order is #4410 and my email is kim@mail.example", { number: "4410", email: "kim@mail.example", phone: null }],
    ["ordernummer NL-88120, telefoon 06 1234 5678", { number: "NL-88120", email: null, phone: "06 1234 5678" }],
    ["מספר הזמנה 551203, הנייד שלי 054-7771234", { number: "551203", email: null, phone: "054-7771234" }],
    ["+31 20 123 4567", { number: null, email: null, phone: "+31 20 123 4567" }],
    ["איפה ההזמנה שלי 4471? המייל שלי sam@mail.example", { number: "4471", email: "sam@mail.example", phone: null }],
  ])("%s", (text, expected) => {
    expect(orderReferenceIn(text, { isAwaited: true })).toEqual(expected);
  });
});

describe("planTurn", () => {
  const context = { language: "en" as const, personaName: "Ava", isFirstReply: false };
  const plan = (text: string, state: DialogueState, hasAttachment = false) =>
    planTurn(understandTurn({ text, language: "en", state, hasAttachment }), { ...context, state });

  it("hands off on a typed request, on yes to an offer, and never offers twice", () => {
    expect(plan("can I speak to a person", EMPTY_DIALOGUE_STATE)).toMatchObject({
      kind: "reply",
      outcome: "handoff",
      handsOff: true,
    });
    expect(plan("yes please", offered)).toMatchObject({ outcome: "handoff", handsOff: true });
    expect(plan("yes please", EMPTY_DIALOGUE_STATE)).toMatchObject({ outcome: "acknowledged", handsOff: false });
  });

  const stateOf = (turnPlan: ReturnType<typeof plan>) =>
    turnPlan.kind === "lookup" ? EMPTY_DIALOGUE_STATE : turnPlan.state;

  it("asks for what an order lookup needs, only what is missing, and looks it up when complete", () => {
    const first = plan("where is my order?", EMPTY_DIALOGUE_STATE);
    expect(first).toMatchObject({ outcome: "order_flow", state: { awaiting: "order_details" } });
    const second = plan("it's 7781", stateOf(first));
    expect(second).toMatchObject({ outcome: "order_flow", state: { order: { number: "7781" } } });
    expect(second.kind === "reply" && second.text).toBe(
      "Which e-mail address or phone number did you place order #7781 with?",
    );
    const third = plan("kim@mail.example", stateOf(second));
    expect(third).toEqual({
      kind: "lookup",
      intent: "order_reference",
      order: { number: "7781", email: "kim@mail.example", phone: null },
    });
  });

  it("keeps order details asked for across a question in between", () => {
    const asked = plan("where is my order?", EMPTY_DIALOGUE_STATE);
    const question = plan("how long do refunds take?", stateOf(asked));
    expect(question).toMatchObject({ kind: "answer", state: { awaiting: "order_details" } });
  });

  it("greets with the persona's name only in the first reply", () => {
    const first = planTurn(
      understandTurn({ text: "hi", language: "en", state: EMPTY_DIALOGUE_STATE, hasAttachment: false }),
      {
        ...context,
        isFirstReply: true,
        state: EMPTY_DIALOGUE_STATE,
      },
    );
    expect(first.kind === "reply" && first.text).toContain("Ava");
    expect(
      plan("hi", EMPTY_DIALOGUE_STATE).kind === "reply" && (plan("hi", EMPTY_DIALOGUE_STATE) as { text: string }).text,
    ).not.toContain("Ava");
  });
});

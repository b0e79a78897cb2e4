import { describe, expect, it } from "vitest";
import { type ActionOf, conditionHolds, customReplyActionSchema, pickBranch } from "./custom-reply-actions";

const parse = (action: unknown) => customReplyActionSchema.safeParse(action);
const firstMessage = (action: unknown) => parse(action).error?.issues[0]?.message;

describe("customReplyActionSchema", () => {
  it("reads each of the nine action types with the spec's fields", () => {
    const actions = [
      { _id: "a1", actionType: "message_content", message: { content: "Hello" } },
      {
        _id: "a2",
        actionType: "message_file",
        message: { file: { fileUrl: "https://shop.example/size-chart.pdf", fileType: "application/pdf" } },
      },
      { _id: "a3", actionType: "message_ai_answer", message: { aiAnswer: { instruction: "Be brief" } } },
      {
        _id: "a4",
        actionType: "answer_bubbles",
        answerBubbles: { content: "Which size?", bubbles: [{ message: "Small", value: "s" }] },
        dataModel: { fields: [{ key: "size" }] },
      },
      {
        _id: "a5",
        actionType: "form",
        form: { title: "Your details" },
        dataModel: { fields: [{ key: "email", required: true }] },
      },
      { _id: "a6", actionType: "integration_event", integrationEvent: { appType: "shopify", event: "show_order" } },
      {
        _id: "a7",
        actionType: "email_trigger",
        emailTrigger: { recipients: ["ops@shop.example"], subject: "New", body: "Size {size}" },
      },
      {
        _id: "a8",
        actionType: "widget_event",
        widgetEvent: { event: "handoff", handoff: { appType: "whatsapp", whatsapp: { number: "+31 6 1234 5678" } } },
      },
      { _id: "a9", actionType: "condition", branches: [{ conditions: [], nextNode: { nodeID: "n2" } }] },
    ];
    for (const action of actions) expect(parse(action).success, action.actionType).toBe(true);
    expect(parse(actions[1])?.data).toMatchObject({ message: { content: "" } });
    expect(parse(actions[4])?.data).toMatchObject({
      form: { description: "" },
      dataModel: { fields: [{ key: "email", required: true }] },
    });
    // A get_order saved without keys reads the usual ones; named keys must be data-model keys.
    expect(parse(actions[5])?.data).toMatchObject({
      integrationEvent: { orderKeys: { orderNumber: "orderNumber", email: "email", phone: "phone" } },
    });
    expect(
      firstMessage({
        _id: "a",
        actionType: "integration_event",
        integrationEvent: { appType: "shopify", event: "get_order", orderKeys: { orderNumber: "Order no" } },
      }),
    ).toBe("A key starts with a lower-case letter and holds only letters, digits and _");
  });

  it("names what is missing or wrong", () => {
    expect(firstMessage({ _id: "a", actionType: "message_content", message: { content: "  " } })).toBe(
      "Message is required",
    );
    expect(
      firstMessage({ _id: "a", actionType: "message_file", message: { file: { fileUrl: "javascript:alert(1)" } } }),
    ).toBe("Enter a full http(s) address");
    expect(
      firstMessage({
        _id: "a",
        actionType: "answer_bubbles",
        answerBubbles: { content: "Size?", bubbles: [] },
        dataModel: { fields: [{ key: "size" }] },
      }),
    ).toBe("Add at least one bubble");
    expect(
      firstMessage({
        _id: "a",
        actionType: "answer_bubbles",
        answerBubbles: { content: "Size?", bubbles: [{ message: "S", value: "s" }] },
        dataModel: { fields: [] },
      }),
    ).toBe("Choose the field the answer is saved to");
    expect(
      firstMessage({
        _id: "a",
        actionType: "email_trigger",
        emailTrigger: { recipients: [], subject: "x", body: "y" },
      }),
    ).toBe("Add at least one recipient");
    expect(firstMessage({ _id: "a", actionType: "condition", branches: [] })).toBe(
      "A condition needs at least one branch",
    );
    expect(
      parse({ _id: "a", actionType: "widget_event", widgetEvent: { event: "handoff", handoff: { appType: "fax" } } })
        .success,
    ).toBe(false);
  });
});

describe("conditions", () => {
  const holds = (operator: Parameters<typeof conditionHolds>[0]["operator"], given: string | undefined, value = "") =>
    conditionHolds({ parameter: { key: "k" }, operator, compareValue: { value } }, { k: given });

  it("compares text ignoring case and space, and numbers as numbers", () => {
    expect(holds("equals", " Yes ", "yes")).toBe(true);
    expect(holds("equals", undefined, "")).toBe(false);
    expect(holds("not_equals", "no", "yes")).toBe(true);
    expect(holds("contains", "Broken glass", "GLASS")).toBe(true);
    expect(holds("not_contains", "Broken glass", "wood")).toBe(true);
    expect(holds("is_set", "x")).toBe(true);
    expect(holds("is_set", "  ")).toBe(false);
    expect(holds("is_not_set", undefined)).toBe(true);
    expect(holds("greater_than", "10", "9")).toBe(true);
    expect(holds("greater_than", "ten", "9")).toBe(false);
    expect(holds("less_than", "2.5", "3")).toBe(true);
  });

  it("takes the first branch whose conditions all hold, else the Else branch", () => {
    const action = customReplyActionSchema.parse({
      _id: "c",
      actionType: "condition",
      branches: [
        {
          conditions: [{ parameter: { key: "size" }, operator: "equals", compareValue: { value: "s" } }],
          nextNode: { nodeID: "small" },
        },
        { conditions: [], nextNode: { nodeID: "other" } },
      ],
    }) as ActionOf<"condition">;
    expect(pickBranch(action, { size: "S" })?.nextNode.nodeID).toBe("small");
    expect(pickBranch(action, { size: "m" })?.nextNode.nodeID).toBe("other");
    const noElse = { ...action, branches: action.branches.slice(0, 1) };
    expect(pickBranch(noElse, { size: "m" })).toBeNull();
  });
});

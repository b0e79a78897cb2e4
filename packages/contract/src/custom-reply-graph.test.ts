import { describe, expect, it } from "vitest";
import { checkCustomReplyGraph, type DraftAction, type DraftNode, graphErrors } from "./custom-reply-graph";

const say = (id: string, content = "Hello"): DraftAction => ({
  _id: id,
  actionType: "message_content",
  message: { content },
});
const ask = (id: string, key = "size"): DraftAction => ({
  _id: id,
  actionType: "answer_bubbles",
  answerBubbles: { content: "Which size?", bubbles: [{ message: "Small", value: "s" }] },
  dataModel: { fields: [{ key }] },
});
const branchTo = (id: string, branches: { key?: string; to: string; actionID?: string }[]): DraftAction => ({
  _id: id,
  actionType: "condition",
  branches: branches.map(({ key, to, actionID }) => ({
    conditions: key ? [{ parameter: { key }, operator: "equals", compareValue: { value: "s" } }] : [],
    nextNode: { nodeID: to, ...(actionID ? { actionID } : {}) },
  })),
});

const codes = (nodes: DraftNode[]) =>
  checkCustomReplyGraph(nodes).map(({ severity, code, nodeId, actionId }) => ({ severity, code, nodeId, actionId }));

describe("checkCustomReplyGraph", () => {
  it("finds nothing wrong in a question that branches to two ends", () => {
    const nodes: DraftNode[] = [
      { _id: "ask", actions: [ask("a1"), branchTo("c1", [{ key: "size", to: "small" }, { to: "other" }])] },
      { _id: "small", actions: [say("m1")] },
      { _id: "other", actions: [say("m2")] },
    ];
    expect(checkCustomReplyGraph(nodes)).toEqual([]);
    expect(checkCustomReplyGraph([])).toEqual([]);
  });

  it("names the node and action whose own fields are wrong, with the field", () => {
    const problems = checkCustomReplyGraph([{ _id: "n1", actions: [say("m1"), say("m2", " ")] }]);
    expect(problems).toEqual([
      {
        severity: "error",
        code: "action_field",
        nodeId: "n1",
        actionId: "m2",
        field: "message.content",
        message: "Node 1, action 2 (Message): Message is required",
      },
    ]);
    const bubbles = checkCustomReplyGraph([
      { _id: "n1", actions: [{ ...ask("a1"), dataModel: { fields: [] } } as DraftAction] },
    ]);
    expect(bubbles.map((problem) => problem.message)).toEqual([
      "Node 1, action 1 (Answer bubbles): Choose the field the answer is saved to",
    ]);
  });

  it("reports branches that lead nowhere or to what no longer exists", () => {
    const nodes: DraftNode[] = [
      {
        _id: "n1",
        actions: [
          ask("a1"),
          branchTo("c1", [
            { key: "size", to: "" },
            { key: "size", to: "gone" },
            { key: "size", to: "n2", actionID: "gone" },
            { to: "n2" },
          ]),
        ],
      },
      { _id: "n2", actions: [say("m1")] },
    ];
    const problems = checkCustomReplyGraph(nodes);
    expect(problems.map((problem) => [problem.code, problem.field, problem.message])).toEqual([
      [
        "branch_without_target",
        "branches.0.nextNode",
        "Node 1, action 2 (Condition), branch 1: choose the node it leads to",
      ],
      [
        "dangling_branch",
        "branches.1.nextNode",
        "Node 1, action 2 (Condition), branch 2: leads to a node or action that no longer exists",
      ],
      [
        "dangling_branch",
        "branches.2.nextNode",
        "Node 1, action 2 (Condition), branch 3: leads to a node or action that no longer exists",
      ],
    ]);
  });

  it("reports a node no branch reaches from the first", () => {
    const nodes: DraftNode[] = [
      { _id: "n1", actions: [say("m1")] },
      { _id: "n2", actions: [say("m2")] },
    ];
    expect(checkCustomReplyGraph(nodes)).toEqual([
      {
        severity: "error",
        code: "unreachable_node",
        nodeId: "n2",
        message: "Node 2: no branch leads to it from Node 1, where the reply starts",
      },
    ]);
  });

  it("refuses a loop that never waits for the visitor and allows one that asks", () => {
    const silent: DraftNode[] = [
      { _id: "n1", actions: [say("m1"), branchTo("c1", [{ to: "n2" }])] },
      { _id: "n2", actions: [say("m2"), branchTo("c2", [{ to: "n1" }])] },
    ];
    const problems = checkCustomReplyGraph(silent);
    expect(problems.map((problem) => [problem.code, problem.nodeId, problem.message])).toEqual([
      [
        "cycle_without_visitor_step",
        "n1",
        "Node 1: the loop Node 1 → Node 2 → Node 1 never waits for the visitor; add answer bubbles or a form to it",
      ],
    ]);
    expect(codes([{ _id: "n1", actions: [say("m1"), branchTo("c1", [{ to: "n1" }])] }])).toEqual([
      { severity: "error", code: "cycle_without_visitor_step", nodeId: "n1", actionId: undefined },
    ]);
    const asking: DraftNode[] = [
      { _id: "n1", actions: [ask("a1"), branchTo("c1", [{ key: "size", to: "n2" }, { to: "n1" }])] },
      { _id: "n2", actions: [say("m2")] },
    ];
    expect(checkCustomReplyGraph(asking)).toEqual([]);
    // Entering n1 after its question skips it: that loop asks nothing.
    const skipping: DraftNode[] = [
      { _id: "n1", actions: [ask("a1"), say("m1"), branchTo("c1", [{ to: "n1", actionID: "m1" }])] },
    ];
    expect(graphErrors(checkCustomReplyGraph(skipping)).map((problem) => problem.code)).toEqual([
      "cycle_without_visitor_step",
    ]);
  });

  it("requires a condition to be its node's last action", () => {
    const nodes: DraftNode[] = [{ _id: "n1", actions: [ask("a1"), branchTo("c1", [{ to: "n2" }]), say("m1")] }];
    nodes.push({ _id: "n2", actions: [say("m2")] });
    expect(codes(nodes)).toEqual([{ severity: "error", code: "condition_not_last", nodeId: "n1", actionId: "c1" }]);
  });

  it("warns of a condition key no earlier step fills, an empty node and a second Else branch", () => {
    const nodes: DraftNode[] = [
      { _id: "n1", actions: [branchTo("c1", [{ key: "orderNumber", to: "n2" }, { to: "n2" }, { to: "n3" }])] },
      { _id: "n2", actions: [ask("a1", "size"), branchTo("c2", [{ key: "size", to: "n3" }])] },
      { _id: "n3", actions: [] },
    ];
    const problems = checkCustomReplyGraph(nodes);
    expect(graphErrors(problems)).toEqual([]);
    expect(problems.map((problem) => problem.message)).toEqual([
      "Node 1, action 1 (Condition), branch 3: only the first Else branch is ever taken",
      "Node 3 has no actions: the reply ends there",
      'Node 1, action 1 (Condition): no earlier answer bubbles or form fills "orderNumber"',
    ]);
  });

  it("takes a get_order's outcome keys as filled for the conditions after it (the order keys stay the visitor's)", () => {
    const nodes: DraftNode[] = [
      {
        _id: "n1",
        actions: [
          ask("a1", "orderNumber"),
          {
            _id: "look",
            actionType: "integration_event",
            integrationEvent: { appType: "shopify", event: "get_order" },
          },
          branchTo("c1", [{ key: "orderResult", to: "n2" }, { key: "orderStatus", to: "n2" }, { to: "n2" }]),
        ],
      },
      {
        _id: "n2",
        actions: [
          branchTo("c2", [
            { key: "orderName", to: "n3" },
            { key: "email", to: "n3" },
          ]),
        ],
      },
      { _id: "n3", actions: [say("m1")] },
    ];
    expect(checkCustomReplyGraph(nodes).map((problem) => problem.message)).toEqual([
      'Node 2, action 1 (Condition): no earlier answer bubbles or form fills "email"',
    ]);
  });

  it("reports ids used twice", () => {
    const nodes: DraftNode[] = [
      { _id: "n1", actions: [say("m1"), say("m1")] },
      { _id: "n1", actions: [] },
    ];
    expect(graphErrors(checkCustomReplyGraph(nodes)).map((problem) => problem.message)).toEqual([
      "Node 2: its id is also used by Node 1",
      "Node 1, action 2 (Message): its id is used twice",
      // Branches find nodes by id, so the second of a pair can never be reached.
      "Node 2: no branch leads to it from Node 1, where the reply starts",
    ]);
  });
});

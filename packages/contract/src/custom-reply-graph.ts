import {
  type CustomReplyAction,
  type CustomReplyActionType,
  customReplyActionSchema,
  ORDER_RESULT_KEYS,
  VISITOR_STEP_ACTIONS,
} from "./custom-reply-actions";

/**
 * Whole-graph checks of a custom reply (decision 044): what one action's schema cannot see.
 * The editor shows the problems as the admin builds; the server refuses a save with an error.
 *
 * Errors make a reply that cannot run as drawn: an action's own fields, a branch to nothing, a
 * node no path reaches, a loop that never waits for the visitor (it would send messages forever),
 * a condition that is not its node's last action (what follows it would never run).
 * Warnings may be meant: an empty node (ends the reply), a condition on a key no earlier question,
 * form or order lookup fills (the pre-chat form or the Customer model may fill it), a second Else branch.
 */

/** What an admin calls each action type; problems name actions by it. */
export const ACTION_TYPE_LABELS: Record<CustomReplyActionType, string> = {
  message_content: "Message",
  message_file: "File",
  message_ai_answer: "AI answer",
  answer_bubbles: "Answer bubbles",
  form: "Form",
  integration_event: "Integration event",
  email_trigger: "Email trigger",
  widget_event: "Widget event",
  condition: "Condition",
};

/** A node as the editor holds it: actions may be half filled in, which is what the checks report. */
export type DraftAction = { _id: string; actionType: CustomReplyActionType; [field: string]: unknown };
export type DraftNode = { _id: string; actions: DraftAction[] };

export type GraphProblemCode =
  | "action_field"
  | "duplicate_id"
  | "condition_not_last"
  | "branch_without_target"
  | "dangling_branch"
  | "unreachable_node"
  | "cycle_without_visitor_step"
  | "empty_node"
  | "unfilled_condition_key"
  | "second_else_branch";

export type GraphProblem = {
  severity: "error" | "warning";
  code: GraphProblemCode;
  nodeId: string;
  actionId?: string;
  /** Inside the action (`answerBubbles.content`), for the editor to put the message by its field. */
  field?: string;
  /** Names the node (and action), as the problems list and the server's 400 show it. */
  message: string;
};

/** Nodes are shown numbered from 1 in their saved order; the first is where the reply starts. */
export const nodeLabel = (index: number) => `Node ${index + 1}`;

type Branch = { conditions?: unknown; nextNode?: { nodeID?: unknown; actionID?: unknown } };

const branchesOf = (action: DraftAction): Branch[] =>
  action.actionType === "condition" && Array.isArray(action.branches) ? (action.branches as Branch[]) : [];

/** Keys a step fills: the chosen bubble's field, the form's fields, or a get_order's outcome. */
function keysFilledBy(action: DraftAction): string[] {
  if (
    action.actionType === "integration_event" &&
    (action.integrationEvent as { event?: unknown } | undefined)?.event === "get_order"
  ) {
    return Object.values(ORDER_RESULT_KEYS);
  }
  if (!VISITOR_STEP_ACTIONS.includes(action.actionType)) return [];
  const fields = (action.dataModel as { fields?: { key?: unknown }[] } | undefined)?.fields;
  return Array.isArray(fields) ? fields.flatMap((field) => (typeof field?.key === "string" ? [field.key] : [])) : [];
}

function conditionKeys(action: DraftAction): string[] {
  return branchesOf(action).flatMap((branch) =>
    Array.isArray(branch.conditions)
      ? branch.conditions.flatMap((condition: { parameter?: { key?: unknown } }) =>
          typeof condition?.parameter?.key === "string" && condition.parameter.key !== ""
            ? [condition.parameter.key]
            : [],
        )
      : [],
  );
}

export function checkCustomReplyGraph(nodes: readonly DraftNode[]): GraphProblem[] {
  const problems: GraphProblem[] = [];
  const indexById = new Map<string, number>();
  nodes.forEach((node, index) => {
    if (indexById.has(node._id)) {
      problems.push({
        severity: "error",
        code: "duplicate_id",
        nodeId: node._id,
        message: `${nodeLabel(index)}: its id is also used by ${nodeLabel(indexById.get(node._id) ?? 0)}`,
      });
    } else indexById.set(node._id, index);
  });

  const actionIds = new Set<string>();
  nodes.forEach((node, nodeIndex) => {
    const where = nodeLabel(nodeIndex);
    if (node.actions.length === 0) {
      problems.push({
        severity: "warning",
        code: "empty_node",
        nodeId: node._id,
        message: `${where} has no actions: the reply ends there`,
      });
    }
    node.actions.forEach((action, actionIndex) => {
      const label = `${where}, action ${actionIndex + 1} (${ACTION_TYPE_LABELS[action.actionType] ?? action.actionType})`;
      const at = { nodeId: node._id, actionId: action._id };
      if (actionIds.has(action._id)) {
        problems.push({ severity: "error", code: "duplicate_id", ...at, message: `${label}: its id is used twice` });
      }
      actionIds.add(action._id);
      const parsed = customReplyActionSchema.safeParse(action);
      for (const issue of parsed.error?.issues ?? []) {
        // Where a branch leads is checked below, with a message an admin can act on.
        if (issue.path.includes("nextNode")) continue;
        problems.push({
          severity: "error",
          code: "action_field",
          ...at,
          field: issue.path.join("."),
          message: `${label}: ${issue.message}`,
        });
      }
      if (action.actionType === "condition" && actionIndex !== node.actions.length - 1) {
        problems.push({
          severity: "error",
          code: "condition_not_last",
          ...at,
          message: `${label}: a condition must be the node's last action, the actions after it would never run`,
        });
      }
      let elseSeen = false;
      branchesOf(action).forEach((branch, branchIndex) => {
        const branchLabel = `${label}, branch ${branchIndex + 1}`;
        const isElse = !Array.isArray(branch.conditions) || branch.conditions.length === 0;
        if (isElse && elseSeen) {
          problems.push({
            severity: "warning",
            code: "second_else_branch",
            ...at,
            message: `${branchLabel}: only the first Else branch is ever taken`,
          });
        }
        elseSeen ||= isElse;
        const target = branch.nextNode?.nodeID;
        if (typeof target !== "string" || target === "") {
          problems.push({
            severity: "error",
            code: "branch_without_target",
            ...at,
            field: `branches.${branchIndex}.nextNode`,
            message: `${branchLabel}: choose the node it leads to`,
          });
          return;
        }
        const targetIndex = indexById.get(target);
        const targetAction = branch.nextNode?.actionID;
        const targetNode = targetIndex === undefined ? undefined : nodes[targetIndex];
        if (
          !targetNode ||
          (typeof targetAction === "string" && !targetNode.actions.some((candidate) => candidate._id === targetAction))
        ) {
          problems.push({
            severity: "error",
            code: "dangling_branch",
            ...at,
            field: `branches.${branchIndex}.nextNode`,
            message: `${branchLabel}: leads to a node or action that no longer exists`,
          });
        }
      });
    });
  });

  problems.push(...flowProblems(nodes, indexById));
  return problems;
}

/**
 * The reply as it runs: a "stretch" is a node entered at one action (a branch may name the action
 * it enters at) and played to the node's end. Stretches link through their condition's branches.
 */
function flowProblems(nodes: readonly DraftNode[], indexById: Map<string, number>): GraphProblem[] {
  if (nodes.length === 0) return [];
  const problems: GraphProblem[] = [];
  type Stretch = { node: number; start: number };
  const keyOf = (stretch: Stretch) => `${stretch.node}:${stretch.start}`;
  const next = (stretch: Stretch): Stretch[] => {
    const node = nodes[stretch.node];
    if (!node) return [];
    return node.actions.slice(stretch.start).flatMap((action) =>
      branchesOf(action).flatMap((branch) => {
        const target = indexById.get(String(branch.nextNode?.nodeID ?? ""));
        if (target === undefined) return [];
        const actionID = branch.nextNode?.actionID;
        const start = typeof actionID === "string" ? nodes[target]?.actions.findIndex((a) => a._id === actionID) : 0;
        return start === undefined || start < 0 ? [] : [{ node: target, start }];
      }),
    );
  };
  const waits = (stretch: Stretch) =>
    (nodes[stretch.node]?.actions ?? [])
      .slice(stretch.start)
      .some((action) => VISITOR_STEP_ACTIONS.includes(action.actionType));

  // Reachable stretches from the first node, and which nodes can come before which.
  const reached = new Map<string, Stretch>();
  const queue: Stretch[] = [{ node: 0, start: 0 }];
  const before = new Map<number, Set<number>>(nodes.map((_, index) => [index, new Set<number>()]));
  while (queue.length > 0) {
    const stretch = queue.shift() as Stretch;
    if (reached.has(keyOf(stretch))) continue;
    reached.set(keyOf(stretch), stretch);
    for (const following of next(stretch)) {
      before.get(following.node)?.add(stretch.node);
      queue.push(following);
    }
  }
  const reachedNodes = new Set([...reached.values()].map((stretch) => stretch.node));
  nodes.forEach((node, index) => {
    if (!reachedNodes.has(index)) {
      problems.push({
        severity: "error",
        code: "unreachable_node",
        nodeId: node._id,
        message: `${nodeLabel(index)}: no branch leads to it from ${nodeLabel(0)}, where the reply starts`,
      });
    }
  });

  // A loop among stretches that never wait for the visitor would send messages without end.
  const state = new Map<string, "open" | "done">();
  const reported = new Set<number>();
  const visit = (stretch: Stretch, path: Stretch[]) => {
    const key = keyOf(stretch);
    if (state.get(key) === "done") return;
    if (state.get(key) === "open") {
      const loop = path.slice(path.findIndex((step) => keyOf(step) === key));
      const first = loop[0]?.node ?? stretch.node;
      if (!reported.has(first)) {
        reported.add(first);
        const route = [...loop, stretch].map((step) => nodeLabel(step.node)).join(" → ");
        problems.push({
          severity: "error",
          code: "cycle_without_visitor_step",
          nodeId: nodes[first]?._id ?? "",
          message: `${nodeLabel(first)}: the loop ${route} never waits for the visitor; add answer bubbles or a form to it`,
        });
      }
      return;
    }
    state.set(key, "open");
    for (const following of next(stretch)) if (!waits(following)) visit(following, [...path, stretch]);
    state.set(key, "done");
  };
  for (const stretch of reached.values()) if (!waits(stretch)) visit(stretch, []);

  // Keys a condition reads should be filled by a question or form that can run before it.
  const ancestors = (index: number) => {
    const seen = new Set<number>();
    const stack = [...(before.get(index) ?? [])];
    while (stack.length > 0) {
      const node = stack.pop() as number;
      if (seen.has(node)) continue;
      seen.add(node);
      stack.push(...(before.get(node) ?? []));
    }
    return seen;
  };
  nodes.forEach((node, nodeIndex) => {
    node.actions.forEach((action, actionIndex) => {
      const keys = conditionKeys(action);
      if (keys.length === 0) return;
      const filled = new Set(node.actions.slice(0, actionIndex).flatMap(keysFilledBy));
      for (const ancestor of ancestors(nodeIndex)) {
        for (const earlier of nodes[ancestor]?.actions ?? []) for (const key of keysFilledBy(earlier)) filled.add(key);
      }
      for (const key of new Set(keys)) {
        if (filled.has(key)) continue;
        problems.push({
          severity: "warning",
          code: "unfilled_condition_key",
          nodeId: node._id,
          actionId: action._id,
          message: `${nodeLabel(nodeIndex)}, action ${actionIndex + 1} (Condition): no earlier answer bubbles or form fills "${key}"`,
        });
      }
    });
  });
  return problems;
}

export const graphErrors = (problems: readonly GraphProblem[]) =>
  problems.filter((problem) => problem.severity === "error");

/** The actions of a graph with no errors, typed and with their schema defaults filled in. */
export function parseCheckedActions(actions: readonly DraftAction[]): CustomReplyAction[] {
  return actions.map((action) => customReplyActionSchema.parse(action));
}

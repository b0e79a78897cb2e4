import type { CustomReplyNode } from "@harbor/contract/automation";
import type { CustomReplyActionType } from "@harbor/contract/custom-reply-actions";
import type { DraftAction, DraftNode } from "@harbor/contract/custom-reply-graph";

/** A node as the editor holds it: half-filled actions and where it is drawn. */
export type EditorNode = DraftNode & { position: { x: number; y: number } };
export type Selection = { nodeId: string; actionId: string | null } | null;

/** Ids only need to be unique in the reply; a uuid is, and fits the contract's 64 characters. */
export const newId = () => crypto.randomUUID();

/** What a new action of each type starts with: every field the form shows, empty. */
export function newAction(actionType: CustomReplyActionType): DraftAction {
  const _id = newId();
  switch (actionType) {
    case "message_content":
      return { _id, actionType, message: { content: "" } };
    case "message_file":
      return { _id, actionType, message: { content: "", file: { fileUrl: "", fileType: "application/octet-stream" } } };
    case "message_ai_answer":
      return { _id, actionType, message: { aiAnswer: { sources: [], instruction: "" } } };
    case "answer_bubbles":
      return {
        _id,
        actionType,
        answerBubbles: { content: "", bubbles: [{ message: "", value: "" }] },
        dataModel: { fields: [] },
      };
    case "form":
      return { _id, actionType, form: { title: "", description: "" }, dataModel: { fields: [] } };
    case "integration_event":
      return { _id, actionType, integrationEvent: { appType: "shopify", event: "show_order" } };
    case "email_trigger":
      return { _id, actionType, emailTrigger: { recipients: [], subject: "", body: "" }, dataModel: { fields: [] } };
    case "widget_event":
      return { _id, actionType, widgetEvent: { event: "end_chat" } };
    case "condition":
      return { _id, actionType, branches: [{ conditions: [], nextNode: { nodeID: "" } }] };
  }
}

/** Saved nodes without a position (made before the editor, or by the API) are laid out in a row. */
export function toEditorNodes(nodes: CustomReplyNode[]): EditorNode[] {
  return nodes.map((node, index) => ({
    _id: node._id,
    actions: node.actions as DraftAction[],
    position: node.position ?? { x: index * 320, y: 0 },
  }));
}

export type Branch = { conditions: Condition[]; nextNode: { nodeID: string; actionID?: string } };
export type Condition = { parameter: { key: string }; operator: string; compareValue: { value: string } };

export const branchesOf = (action: DraftAction | undefined): Branch[] =>
  action?.actionType === "condition" && Array.isArray(action.branches) ? (action.branches as Branch[]) : [];

/**
 * Linking node A to node B (a drag on the canvas or the panel's select): A's condition gets a
 * branch to B, filling the first branch that leads nowhere yet; without a condition, A gets one
 * whose Else branch goes to B (decision 044).
 */
export function linkNodes(nodes: EditorNode[], sourceId: string, targetId: string): EditorNode[] {
  return nodes.map((node) => {
    if (node._id !== sourceId) return node;
    const last = node.actions.at(-1);
    if (last?.actionType !== "condition") {
      const condition = newAction("condition");
      return {
        ...node,
        actions: [...node.actions, { ...condition, branches: [{ conditions: [], nextNode: { nodeID: targetId } }] }],
      };
    }
    const branches = branchesOf(last);
    const open = branches.findIndex((branch) => !branch.nextNode?.nodeID);
    const next =
      open >= 0
        ? branches.map((branch, index) => (index === open ? { ...branch, nextNode: { nodeID: targetId } } : branch))
        : [...branches, { conditions: [], nextNode: { nodeID: targetId } }];
    return { ...node, actions: [...node.actions.slice(0, -1), { ...last, branches: next }] };
  });
}

/** Removing a node also clears the branches that led to it, so they show as "choose the node". */
export function removeNode(nodes: EditorNode[], nodeId: string): EditorNode[] {
  return nodes
    .filter((node) => node._id !== nodeId)
    .map((node) => ({
      ...node,
      actions: node.actions.map((action) =>
        action.actionType === "condition"
          ? {
              ...action,
              branches: branchesOf(action).map((branch) =>
                branch.nextNode?.nodeID === nodeId ? { ...branch, nextNode: { nodeID: "" } } : branch,
              ),
            }
          : action,
      ),
    }));
}

export function moveItem<T>(items: T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** The graph as the server stores it, to compare against what was last saved. */
export const graphSnapshot = (name: string, isActive: boolean, nodes: EditorNode[]) =>
  JSON.stringify({ name, isActive, nodes });

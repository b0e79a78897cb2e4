import { visitorLanguageSchema } from "@harbor/contract/ai-agent";
import { customReplyNodeSchema } from "@harbor/contract/automation";
import {
  type ActionOf,
  type CustomReplyAction,
  ORDER_RESULT_KEYS,
  type OrderResult,
  type OrderStatus,
  pickBranch,
} from "@harbor/contract/custom-reply-actions";
import type { MessageWithData } from "@harbor/contract/message-data";
import { orderCardSchema } from "@harbor/contract/orders";
import type { VisitorEvent } from "@harbor/contract/realtime";
import type { VisitorMessage } from "@harbor/contract/widget";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { OrderLookup } from "../../ai/pipeline/engine-ports";
import { describeOrderStatus, orderStatusOf } from "../../ai/turn/order-status";
import { AppError } from "../../platform/errors";
import type { Mailer } from "../../platform/mailer";
import {
  type ChatAnswering,
  type ChatMessageRow,
  type ChatRow,
  type ChatsRepository,
  toVisitorMessage,
} from "../chats/chats.module";
import type { VisitorRepository } from "./visitor.repository";
import type { VisitorChatChanges } from "./visitor-chat-changes";
import type { VisitorScope, VisitorScopes } from "./visitor-scope";

/**
 * Where a chat's custom reply is (chats.custom_reply_state): the node and action to run next, the
 * action waiting for the visitor (answer_bubbles, form), the values the visitor gave by data-model
 * key, and the question that started it (a broken reply answers it the normal way).
 */
const workflowStateSchema = z.object({
  customReplyID: z.string(),
  nodeID: z.string(),
  actionIndex: z.number().int().min(0),
  waitingActionID: z.string().nullable(),
  values: z.record(z.string(), z.string()),
  questionID: z.string(),
  /** The order a get_order found and proved the visitor's, for a later show_order (state of 0021 lacks it). */
  order: orderCardSchema.nullish(),
});
type WorkflowState = z.infer<typeof workflowStateSchema>;

const nodesSchema = z.array(customReplyNodeSchema).min(1, "The reply has no nodes");
type Nodes = z.infer<typeof nodesSchema>;

/** Actions run without a visitor step before the reply is taken for a loop (a cycle of conditions). */
const MAX_STEPS_WITHOUT_VISITOR = 100;

/** The one status word a condition can compare, from the sentence the AI's order flow would say. */
const ORDER_STATUS_OF: Record<ReturnType<typeof orderStatusOf>, OrderStatus> = {
  orderStatusProcessing: "processing",
  orderStatusPartlyShipped: "partly_shipped",
  orderStatusShipped: "shipped",
  orderStatusOutForDelivery: "out_for_delivery",
  orderStatusDelivered: "delivered",
  orderStatusCancelled: "cancelled",
  orderStatusRefunded: "refunded",
  orderStatusFailed: "failed",
};

/** Why a reply cannot go on; said in the log, never to the visitor (who gets a normal answer). */
class BrokenWorkflow extends Error {}

type CustomReplyAnswerEvent = Extract<VisitorEvent, { event: "CUSTOM_REPLY_ANSWER" | "CUSTOM_REPLY_FORM" }>;

/** `{key}` placeholders filled from the visitor's values; an unknown key is left as it was written. */
export function fillPlaceholders(template: string, values: Readonly<Record<string, string>>) {
  return template.replace(/\{([a-zA-Z][a-zA-Z0-9_]{0,39})\}/g, (whole, key: string) => values[key] ?? whole);
}

const languageOf = (chat: ChatRow) => visitorLanguageSchema.catch("en").parse(chat.language ?? "en");

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/**
 * Custom replies (workflows) run for a visitor (issue #16 item 4, decision 043): a question
 * classified into a category or intent with an active reply, or a portal link naming one, starts
 * it; each action is stored as a chat message (messageData.customReplyID and customReplyStep) and
 * sent like any message; answer bubbles and forms wait for the visitor's add-event; conditions
 * branch on the values given (`pickBranch`). A broken reply falls back to the normal AI answer.
 * One chat's steps run one at a time on this node.
 */
export function createVisitorCustomReplies(deps: {
  findReply(companyId: string, replyId: string): Promise<{ id: string; nodes: unknown } | null>;
  visitors: VisitorRepository;
  chats: ChatsRepository;
  scopes: VisitorScopes;
  changes: VisitorChatChanges;
  chatAnswering: ChatAnswering;
  mailer: Mailer;
  /** The AI order flow's lookup (the orders module): the order only when the e-mail or phone is its own. */
  orderLookup: OrderLookup;
  /** The question answered the normal way (the reply could not run). */
  answerNormally(scope: VisitorScope, chat: ChatRow, question: ChatMessageRow): void;
  /** A zendesk-classic handoff: the chat goes to the team, as "No, I need help" does. */
  handOff(scope: VisitorScope, chatId: string): Promise<void>;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Waits a handoff's delay (tests may shorten nothing: the delay is the admin's). */
  wait?: (ms: number) => Promise<void>;
}) {
  const { chats, changes, log } = deps;
  const wait = deps.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const queues = new Map<string, Promise<unknown>>();

  /** Runs one chat's work in order: a bubble click and the steps it starts never interleave. */
  function serial<T>(chatId: string, work: () => Promise<T>): Promise<T> {
    const previous = queues.get(chatId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    queues.set(chatId, settled);
    void settled.then(() => {
      if (queues.get(chatId) === settled) queues.delete(chatId);
    });
    return next;
  }

  const stateOf = (chat: ChatRow): WorkflowState | null => {
    const parsed = workflowStateSchema.safeParse(chat.customReplyState);
    return parsed.success ? parsed.data : null;
  };

  const saveState = (scope: VisitorScope, chatId: string, state: WorkflowState | null) =>
    deps.visitors.updateChat(scope.companyId, chatId, { customReplyState: state });

  async function loadNodes(companyId: string, replyId: string): Promise<Nodes> {
    const reply = await deps.findReply(companyId, replyId);
    if (!reply) throw new BrokenWorkflow("the custom reply no longer exists or is switched off");
    const parsed = nodesSchema.safeParse(reply.nodes);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new BrokenWorkflow(
        `invalid graph at ${issue?.path.join(".") || "nodes"}: ${issue?.message ?? "unreadable"}`,
      );
    }
    return parsed.data;
  }

  const nodeOf = (nodes: Nodes, nodeId: string) => {
    const node = nodes.find((candidate) => candidate._id === nodeId);
    if (!node) throw new BrokenWorkflow(`node ${nodeId} does not exist`);
    return node;
  };

  /** Stores a message of the reply (sent by the AI side) and sends it to the visitor's tabs and staff. */
  async function post(scope: VisitorScope, chatId: string, message: string, kindAndData: MessageWithData) {
    const row = await chats.insertMessage({
      ...kindAndData,
      companyId: scope.companyId,
      chatId,
      message,
      senderRole: "ai",
    });
    await changes.tellStaff(scope.companyId, chatId, row);
    return row;
  }

  /** The reply could not go on: its state goes, the question gets a normal answer, and the log says why. */
  async function fallBack(scope: VisitorScope, chat: ChatRow, state: WorkflowState, reason: string) {
    log.warn(
      { chatId: chat.id, customReplyId: state.customReplyID, nodeId: state.nodeID, reason },
      "custom reply cannot run; answering the question the normal way",
    );
    await saveState(scope, chat.id, null);
    const question = await chats.findMessage(scope.companyId, chat.id, state.questionID);
    if (question) deps.answerNormally(scope, chat, question);
  }

  /** Runs actions from the state's position until one waits for the visitor or the reply ends. */
  async function advance(scope: VisitorScope, chatId: string, start: WorkflowState) {
    const chat = await deps.scopes.visitorChat(scope, chatId);
    let state = start;
    let nodes: Nodes = [];
    try {
      nodes = await loadNodes(scope.companyId, state.customReplyID);
      for (let steps = 0; ; steps++) {
        if (steps >= MAX_STEPS_WITHOUT_VISITOR) throw new BrokenWorkflow("the reply loops without a visitor step");
        const node = nodeOf(nodes, state.nodeID);
        const action = node.actions[state.actionIndex];
        if (!action) {
          await saveState(scope, chat.id, null);
          return;
        }
        const step = { nodeID: node._id, actionID: action._id };
        const tag = { customReplyID: state.customReplyID, customReplyStep: step };
        const outcome = await runAction(scope, chat, state, action, tag);
        if (outcome.kind === "wait") {
          await saveState(scope, chat.id, { ...state, waitingActionID: action._id });
          return;
        }
        if (outcome.kind === "end") {
          await saveState(scope, chat.id, null);
          return;
        }
        state =
          outcome.kind === "jump"
            ? { ...state, nodeID: outcome.nodeID, actionIndex: outcome.actionIndex }
            : { ...state, ...("found" in outcome ? outcome.found : {}), actionIndex: state.actionIndex + 1 };
        // Each step is kept, so a server restart does not repeat what the visitor saw.
        await saveState(scope, chat.id, state);
      }
    } catch (error) {
      if (!(error instanceof BrokenWorkflow)) {
        log.error({ err: error, chatId: chat.id, customReplyId: state.customReplyID }, "custom reply step failed");
      }
      await fallBack(scope, chat, state, error instanceof BrokenWorkflow ? error.message : "a step failed");
    }

    async function runAction(
      scope: VisitorScope,
      chat: ChatRow,
      state: WorkflowState,
      action: CustomReplyAction,
      tag: { customReplyID: string; customReplyStep: { nodeID: string; actionID: string } },
    ): Promise<
      | { kind: "next" | "wait" | "end" }
      | { kind: "next"; found: Pick<WorkflowState, "values" | "order"> }
      | { kind: "jump"; nodeID: string; actionIndex: number }
    > {
      switch (action.actionType) {
        case "message_content":
          await post(scope, chat.id, action.message.content, { messageType: "answer", messageData: tag });
          return { kind: "next" };
        case "message_file":
          await post(scope, chat.id, action.message.content, {
            messageType: "answer",
            messageData: {
              ...tag,
              file: { url: action.message.file.fileUrl, contentType: action.message.file.fileType },
            },
          });
          return { kind: "next" };
        case "message_ai_answer": {
          const question = await chats.findMessage(scope.companyId, chat.id, state.questionID);
          if (!question) throw new BrokenWorkflow("the question that started the reply is gone");
          await deps.chatAnswering.answerInChat({
            companyId: scope.companyId,
            chatId: chat.id,
            question: question.message,
            questionMessage: question,
            customReplyAnswer: {
              ...tag,
              step: tag.customReplyStep,
              sourceIds: action.message.aiAnswer.sources.flatMap((source) => source.sourceIDs),
              instruction: action.message.aiAnswer.instruction,
            },
            onAnswerStored: (stored, inbox) => void changes.tellStaff(scope.companyId, chat.id, stored, inbox),
          });
          return { kind: "next" };
        }
        case "answer_bubbles":
          await post(scope, chat.id, action.answerBubbles.content, {
            messageType: "answer_bubbles",
            messageData: {
              ...tag,
              questionID: state.questionID,
              answerBubbles: {
                bubbles: action.answerBubbles.bubbles.map((bubble) => ({
                  message: bubble.message,
                  value: bubble.value,
                })),
              },
            },
          });
          return { kind: "wait" };
        case "form":
          await post(scope, chat.id, action.form.title, {
            messageType: "form",
            messageData: {
              ...tag,
              form: {
                title: action.form.title,
                description: action.form.description,
                fields: action.dataModel.fields.map((field) => ({
                  key: field.key,
                  title: field.title || field.key,
                  fieldType: "text",
                  required: field.required,
                })),
              },
            },
          });
          return { kind: "wait" };
        case "email_trigger":
          await sendEmail(scope, chat, state, action, tag);
          return { kind: "next" };
        case "widget_event":
          await widgetEvent(scope, chat, action, tag);
          return { kind: "end" };
        case "condition": {
          const branch = pickBranch(action, state.values);
          if (!branch) throw new BrokenWorkflow(`condition ${action._id} has no branch that holds and no Else`);
          const target = nodeOf(nodes, branch.nextNode.nodeID);
          const actionIndex = branch.nextNode.actionID
            ? target.actions.findIndex((candidate) => candidate._id === branch.nextNode.actionID)
            : 0;
          if (actionIndex < 0)
            throw new BrokenWorkflow(`action ${branch.nextNode.actionID} is not in node ${target._id}`);
          const rule = branch.conditions[0];
          await post(
            scope,
            chat.id,
            rule
              ? branch.conditions
                  .map((c) => `${c.parameter.key} ${c.operator.replace("_", " ")} ${c.compareValue.value}`.trim())
                  .join(" and ")
              : "Else",
            {
              messageType: "condition",
              messageData: {
                ...tag,
                condition: {
                  field: rule?.parameter.key ?? "",
                  operator: rule?.operator ?? "else",
                  value: rule ? (state.values[rule.parameter.key] ?? null) : null,
                  result: true,
                },
              },
            },
          );
          return { kind: "jump", nodeID: target._id, actionIndex };
        }
        case "integration_event":
          if (action.integrationEvent.event === "get_order") {
            return { kind: "next", found: await getOrder(scope, state, action) };
          }
          // Only an order proven the visitor's is shown; without one the reply goes on, and its
          // conditions on orderResult say what to tell the visitor instead.
          if (state.order) {
            await post(scope, chat.id, describeOrderStatus(state.order, languageOf(chat)), {
              messageType: "answer",
              messageData: { ...tag, order: state.order },
            });
          }
          return { kind: "next" };
      }
    }

    /**
     * The order from the values the reply collected, through the AI order flow's lookup: found
     * only when the e-mail or phone is the order's (a wrong one answers as an unknown order and
     * counts as the visitor's miss). The outcome replaces the last lookup's keys.
     */
    async function getOrder(
      scope: VisitorScope,
      state: WorkflowState,
      action: ActionOf<"integration_event">,
    ): Promise<Pick<WorkflowState, "values" | "order">> {
      const keys = action.integrationEvent.orderKeys;
      const given = (key: string) => state.values[key]?.trim() || null;
      const reference = { number: given(keys.orderNumber), email: given(keys.email), phone: given(keys.phone) };
      const looked =
        reference.number && (reference.email || reference.phone)
          ? await deps.orderLookup({
              companyId: scope.companyId,
              // Misses count with the AI's and the widget's lookups of the same visitor.
              askerKey: `visitor:${scope.visitorId}`,
              reference,
            })
          : null;
      const result: OrderResult = looked?.kind ?? "missing_details";
      const values: Record<string, string> = { ...state.values, [ORDER_RESULT_KEYS.result]: result };
      delete values[ORDER_RESULT_KEYS.name];
      delete values[ORDER_RESULT_KEYS.status];
      if (looked?.kind !== "found") return { values, order: null };
      return {
        values: {
          ...values,
          [ORDER_RESULT_KEYS.name]: looked.card.order.name,
          [ORDER_RESULT_KEYS.status]: ORDER_STATUS_OF[orderStatusOf(looked.card)],
        },
        order: looked.card,
      };
    }

    async function sendEmail(
      scope: VisitorScope,
      chat: ChatRow,
      state: WorkflowState,
      action: ActionOf<"email_trigger">,
      tag: { customReplyID: string; customReplyStep: { nodeID: string; actionID: string } },
    ) {
      const customer = chat.customer as { name?: unknown; email?: unknown };
      const values: Record<string, string> = {
        ...(typeof customer.name === "string" ? { name: customer.name } : {}),
        ...(typeof customer.email === "string" ? { email: customer.email } : {}),
        ticketID: chat.ticketId,
        ...state.values,
      };
      const subject = fillPlaceholders(action.emailTrigger.subject, values).replace(/[\r\n]+/g, " ");
      const text = fillPlaceholders(action.emailTrigger.body, values);
      const to = action.emailTrigger.recipients.join(", ");
      let event = "sent";
      try {
        for (const recipient of action.emailTrigger.recipients) {
          await deps.mailer.send({
            to: recipient,
            subject,
            text,
            html: `<p>${escapeHtml(text).replace(/\n/g, "<br>")}</p>`,
          });
        }
      } catch (error) {
        // The visitor's reply goes on; staff see the mail did not go.
        log.warn({ err: error, chatId: chat.id, customReplyId: state.customReplyID }, "custom reply email failed");
        event = "failed";
      }
      await post(scope, chat.id, `Email "${subject}" ${event === "sent" ? "sent" : "not sent"} to ${to}`, {
        messageType: "email_trigger",
        messageData: { ...tag, emailTrigger: { event, to } },
      });
    }

    async function widgetEvent(
      scope: VisitorScope,
      chat: ChatRow,
      action: ActionOf<"widget_event">,
      tag: { customReplyID: string; customReplyStep: { nodeID: string; actionID: string } },
    ) {
      const event = action.widgetEvent;
      if (event.event === "end_chat") {
        await post(scope, chat.id, "Chat ended", {
          messageType: "widget_event",
          messageData: { ...tag, widgetEvent: { event: "end_chat" } },
        });
        const current = await deps.scopes.visitorChat(scope, chat.id);
        await changes.changeChat(scope, current, { completedAt: current.completedAt ?? deps.now() });
        return;
      }
      const { handoff } = event;
      if (handoff.delay > 0) await wait(handoff.delay);
      if (handoff.appType === "whatsapp") {
        await post(scope, chat.id, handoff.whatsapp.number, {
          messageType: "widget_event",
          messageData: {
            ...tag,
            widgetEvent: { event: "handoff", appType: "whatsapp", number: handoff.whatsapp.number },
          },
        });
        return;
      }
      await post(scope, chat.id, "Handed to the team", {
        messageType: "widget_event",
        messageData: { ...tag, widgetEvent: { event: "handoff", appType: "zendesk-classic" } },
      });
      await deps.handOff(scope, chat.id);
    }
  }

  return {
    /** Starts the reply for the question (classified into its category or intent, or a portal link). */
    start(scope: VisitorScope, chat: ChatRow, replyId: string, question: ChatMessageRow) {
      return serial(chat.id, async () => {
        const state: WorkflowState = {
          customReplyID: replyId,
          nodeID: "",
          actionIndex: 0,
          waitingActionID: null,
          values: {},
          questionID: question.id,
        };
        try {
          const nodes = await loadNodes(scope.companyId, replyId);
          state.nodeID = (nodes[0] as Nodes[number])._id;
        } catch (error) {
          await fallBack(
            scope,
            chat,
            state,
            error instanceof BrokenWorkflow ? error.message : "the reply could not be read",
          );
          return;
        }
        await saveState(scope, chat.id, state);
        await advance(scope, chat.id, state);
      });
    },

    /** A typed question while a reply waits: the visitor moved on, and the reply stops. */
    async abandon(scope: VisitorScope, chat: ChatRow) {
      if (chat.customReplyState) await saveState(scope, chat.id, null);
    },

    /**
     * The visitor's bubble or form for the action the reply waits on: stored once per client id
     * (a replay answers the stored message and runs nothing again), its values kept, the reply
     * going on in the background.
     */
    answer(scope: VisitorScope, event: CustomReplyAnswerEvent): Promise<VisitorMessage> {
      return serial(event.chatID, async () => {
        const replayed = await deps.visitors.findVisitorMessageByClientId(
          scope.companyId,
          scope.visitorId,
          event.clientMessageID,
        );
        if (replayed) return toVisitorMessage(replayed);
        const chat = await deps.scopes.visitorChat(scope, event.chatID);
        const state = stateOf(chat);
        if (!state || state.waitingActionID !== event.actionID) {
          throw new AppError("CONFLICT", "This question has been answered already.");
        }
        let nodes: Nodes;
        try {
          nodes = await loadNodes(scope.companyId, state.customReplyID);
        } catch (error) {
          await fallBack(scope, chat, state, error instanceof Error ? error.message : "unreadable");
          throw new AppError("CONFLICT", "This question is no longer asked.");
        }
        const node = nodes.find((candidate) => candidate._id === state.nodeID);
        const action = node?.actions[state.actionIndex];
        if (!node || action?._id !== event.actionID) {
          await fallBack(scope, chat, state, `the waiting action ${event.actionID} is no longer in the reply`);
          throw new AppError("CONFLICT", "This question is no longer asked.");
        }
        const step = { nodeID: node._id, actionID: action._id };
        const given = answerOf(action, event);
        const stored = await chats.insertMessageOnce({
          companyId: scope.companyId,
          chatId: chat.id,
          senderRole: "customer",
          clientMessageId: event.clientMessageID,
          message: given.message,
          ...(given.kind === "form"
            ? {
                messageType: "form" as const,
                messageData: {
                  customReplyID: state.customReplyID,
                  customReplyStep: step,
                  form: { title: given.message, fields: given.fields, values: given.values },
                  dataModel: { fields: Object.entries(given.values).map(([key, value]) => ({ key, value })) },
                },
              }
            : {
                messageType: "question" as const,
                messageData: {
                  customReplyID: state.customReplyID,
                  customReplyStep: step,
                  dataModel: { fields: Object.entries(given.values).map(([key, value]) => ({ key, value })) },
                },
              }),
        });
        if (!stored.isNew) return toVisitorMessage(stored.row);
        await changes.tellStaff(scope.companyId, chat.id, stored.row, stored.inbox);
        const next: WorkflowState = {
          ...state,
          values: { ...state.values, ...given.values },
          waitingActionID: null,
          actionIndex: state.actionIndex + 1,
        };
        await saveState(scope, chat.id, next);
        void serial(chat.id, () => advance(scope, chat.id, next));
        return toVisitorMessage(stored.row);
      });
    },

    /** Waits for every chat's steps (tests, shutdown). */
    async drain() {
      while (queues.size > 0) await Promise.all([...queues.values()]);
    },
  };
}

/** What the visitor gave for the waiting action, checked against it. */
function answerOf(
  action: CustomReplyAction,
  event: CustomReplyAnswerEvent,
): {
  kind: "bubble" | "form";
  message: string;
  values: Record<string, string>;
  /** A form's fields as it asked them, so the chat shows the visitor's answers under their titles. */
  fields?: { key: string; title: string }[];
} {
  if (action.actionType === "answer_bubbles" && event.event === "CUSTOM_REPLY_ANSWER") {
    const bubble = action.answerBubbles.bubbles.find((candidate) => candidate.value === event.value);
    if (!bubble) throw new AppError("BAD_REQUEST", "Choose one of the answers.");
    const key = action.dataModel.fields[0]?.key;
    return { kind: "bubble", message: bubble.message, values: key ? { [key]: bubble.value } : {} };
  }
  if (action.actionType === "form" && event.event === "CUSTOM_REPLY_FORM") {
    const values: Record<string, string> = {};
    for (const field of action.dataModel.fields) {
      const value = event.values[field.key]?.trim() ?? "";
      if (field.required && value === "") throw new AppError("BAD_REQUEST", `${field.title || field.key} is required`);
      if (value !== "") values[field.key] = value;
    }
    const fields = action.dataModel.fields.map((field) => ({ key: field.key, title: field.title || field.key }));
    return { kind: "form", message: action.form.title, values, fields };
  }
  throw new AppError("BAD_REQUEST", "This answer does not fit the question asked.");
}

export type VisitorCustomReplies = ReturnType<typeof createVisitorCustomReplies>;

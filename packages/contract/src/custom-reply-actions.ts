import { z } from "zod";
import { safeHttpURL } from "./answer-links";
import { idSchema } from "./common";
import { EMAIL_MAX_LENGTH } from "./constants";

/**
 * The nine action types a custom-reply node holds (spec part 2 §3), each with its own fields.
 * One schema for the editor (which names the broken field), the server's save and the runtime
 * that plays a reply to a visitor (decision 038, "Graph shape").
 *
 * How a reply runs: it starts at its first node; a node's actions run in order; a `condition`
 * (a node's last action) sends the visitor to the first branch whose conditions all hold, a
 * branch without conditions being the Else branch; a node without a condition ends the reply.
 * `answer_bubbles` and `form` wait for the visitor; every other action runs at once.
 */

export const ACTION_TEXT_MAX = 2000;
export const ANSWER_BUBBLES_MAX = 10;
export const BUBBLE_TEXT_MAX = 80;
/** One value a visitor types into a custom reply's form. */
export const CUSTOM_REPLY_FORM_VALUE_MAX = 500;
export const EMAIL_RECIPIENTS_MAX = 10;
export const CONDITION_BRANCHES_MAX = 10;
export const BRANCH_CONDITIONS_MAX = 10;
/** A handoff delay longer than this would leave the visitor waiting on a silent chat. */
export const HANDOFF_DELAY_MAX_MS = 60_000;

/** Node and action ids come from the editor, so they are short strings rather than uuids. */
export const graphIdSchema = z
  .string()
  .trim()
  .min(1, "An id is required")
  .max(64, "An id can be at most 64 characters");

function text(label: string, max = ACTION_TEXT_MAX) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} can be at most ${max} characters`);
}

/** A data-model field key: what forms and answer bubbles fill and email triggers read as {key}. */
export const dataModelFieldKeySchema = z
  .string({ error: "Key is required" })
  .trim()
  .regex(/^[a-z][a-zA-Z0-9_]{0,39}$/, "A key starts with a lower-case letter and holds only letters, digits and _");

const httpURLSchema = z
  .string({ error: "An address is required" })
  .trim()
  .refine((value) => safeHttpURL(value) !== null, "Enter a full http(s) address");

const base = { _id: graphIdSchema };

export const messageContentActionSchema = z.object({
  ...base,
  actionType: z.literal("message_content"),
  message: z.object({ content: text("Message") }),
});

export const messageFileActionSchema = z.object({
  ...base,
  actionType: z.literal("message_file"),
  message: z.object({
    content: z.string().trim().max(ACTION_TEXT_MAX, `Message can be at most ${ACTION_TEXT_MAX} characters`).default(""),
    file: z.object({
      fileUrl: httpURLSchema,
      fileType: z.string().trim().max(100).default("application/octet-stream"),
    }),
  }),
});

/** An AI answer limited to some knowledge sources; no sources means all of the shop's knowledge. */
export const messageAiAnswerActionSchema = z.object({
  ...base,
  actionType: z.literal("message_ai_answer"),
  message: z.object({
    aiAnswer: z.object({
      sources: z
        .array(z.object({ sourceIDs: z.array(idSchema).max(50), docCount: z.number().int().min(0) }))
        .max(20)
        .default([]),
      instruction: z
        .string()
        .trim()
        .max(ACTION_TEXT_MAX, `Instruction can be at most ${ACTION_TEXT_MAX} characters`)
        .default(""),
    }),
  }),
});

/** Which data model a visitor step fills, and which of its fields. */
const dataModelRefSchema = z.object({
  dataModelID: idSchema.optional(),
  fields: z.array(
    z.object({
      key: dataModelFieldKeySchema,
      title: z.string().trim().max(120).optional(),
      required: z.boolean().default(false),
    }),
  ),
});

export const answerBubblesActionSchema = z.object({
  ...base,
  actionType: z.literal("answer_bubbles"),
  answerBubbles: z.object({
    content: text("Question"),
    bubbles: z
      .array(z.object({ message: text("Bubble text", BUBBLE_TEXT_MAX), value: text("Bubble value", BUBBLE_TEXT_MAX) }))
      .min(1, "Add at least one bubble")
      .max(ANSWER_BUBBLES_MAX, `At most ${ANSWER_BUBBLES_MAX} bubbles`),
  }),
  /** The one field the chosen bubble's value is saved to. */
  dataModel: dataModelRefSchema.extend({
    fields: dataModelRefSchema.shape.fields.length(1, "Choose the field the answer is saved to"),
  }),
});

export const formActionSchema = z.object({
  ...base,
  actionType: z.literal("form"),
  form: z.object({ title: text("Form title", 120), description: z.string().trim().max(500).default("") }),
  dataModel: dataModelRefSchema.extend({ fields: dataModelRefSchema.shape.fields.min(1, "Add at least one field") }),
});

/**
 * What a get_order writes for later steps (conditions read them like any data-model key):
 * `orderResult` is `found`, `not_found` (no such order, or not placed with the e-mail or phone
 * given), `missing_details` (no order number, or neither an e-mail nor a phone, was collected),
 * `not_connected` (no shop), `unavailable` (the shop did not answer) or `locked` (too many misses);
 * a found order also sets `orderName` (`#1001`) and `orderStatus` (ORDER_STATUSES).
 */
export const ORDER_RESULT_KEYS = { result: "orderResult", name: "orderName", status: "orderStatus" } as const;
export const ORDER_RESULTS = [
  "found",
  "not_found",
  "missing_details",
  "not_connected",
  "unavailable",
  "locked",
] as const;
export type OrderResult = (typeof ORDER_RESULTS)[number];
export const ORDER_STATUSES = [
  "processing",
  "partly_shipped",
  "shipped",
  "out_for_delivery",
  "delivered",
  "cancelled",
  "refunded",
  "failed",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The data-model keys a get_order reads the order number and the visitor's contact from. */
const orderKeysSchema = z.object({
  orderNumber: dataModelFieldKeySchema.default("orderNumber"),
  email: dataModelFieldKeySchema.default("email"),
  phone: dataModelFieldKeySchema.default("phone"),
});

/**
 * get_order looks the order up from values the reply collected (keys in `orderKeys`), only when
 * the e-mail or phone is the order's; show_order posts the found order's card (nothing without one).
 */
export const integrationEventActionSchema = z.object({
  ...base,
  actionType: z.literal("integration_event"),
  integrationEvent: z.object({
    appType: z.literal("shopify"),
    event: z.enum(["get_order", "show_order"]),
    orderKeys: orderKeysSchema.default({ orderNumber: "orderNumber", email: "email", phone: "phone" }),
  }),
});

/**
 * A recipient, checked like `emailSchema` but without its lower-casing transform: a saved reply is
 * sent back through this schema, which a one-way transform cannot encode.
 */
const recipientSchema = z
  .string({ error: "E-mail is required" })
  .trim()
  .min(1, "E-mail is required")
  .max(EMAIL_MAX_LENGTH, "E-mail is too long")
  .pipe(z.email({ error: "Enter a valid e-mail address" }));

export const emailTriggerActionSchema = z.object({
  ...base,
  actionType: z.literal("email_trigger"),
  emailTrigger: z.object({
    recipients: z
      .array(recipientSchema)
      .min(1, "Add at least one recipient")
      .max(EMAIL_RECIPIENTS_MAX, `At most ${EMAIL_RECIPIENTS_MAX} recipients`),
    subject: text("Subject", 200),
    /** `{key}` placeholders are filled from the data model's fields. */
    body: text("Body", 10_000),
  }),
  dataModel: dataModelRefSchema.default({ fields: [] }),
});

export const widgetEventActionSchema = z.object({
  ...base,
  actionType: z.literal("widget_event"),
  widgetEvent: z.discriminatedUnion("event", [
    z.object({ event: z.literal("end_chat") }),
    z.object({
      event: z.literal("handoff"),
      handoff: z.discriminatedUnion("appType", [
        z.object({
          appType: z.literal("whatsapp"),
          whatsapp: z.object({
            number: z
              .string()
              .trim()
              .regex(/^\+?[0-9 ()-]{6,20}$/, "Enter a phone number with its country code"),
          }),
          delay: z.number().int().min(0).max(HANDOFF_DELAY_MAX_MS).default(0),
        }),
        z.object({
          appType: z.literal("zendesk-classic"),
          delay: z.number().int().min(0).max(HANDOFF_DELAY_MAX_MS).default(0),
        }),
      ]),
    }),
  ]),
});

export const CONDITION_OPERATORS = [
  "equals",
  "not_equals",
  "contains",
  "not_contains",
  "is_set",
  "is_not_set",
  "greater_than",
  "less_than",
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export const conditionSchema = z.object({
  parameter: z.object({ key: dataModelFieldKeySchema }),
  operator: z.enum(CONDITION_OPERATORS),
  /** Unused by is_set and is_not_set. */
  compareValue: z.object({ value: z.string().trim().max(200).default("") }).default({ value: "" }),
});
export type Condition = z.infer<typeof conditionSchema>;

export const conditionActionSchema = z.object({
  ...base,
  actionType: z.literal("condition"),
  branches: z
    .array(
      z.object({
        /** Empty: the Else branch. */
        conditions: z.array(conditionSchema).max(BRANCH_CONDITIONS_MAX),
        nextNode: z.object({ nodeID: graphIdSchema, actionID: graphIdSchema.optional() }),
      }),
    )
    .min(1, "A condition needs at least one branch")
    .max(CONDITION_BRANCHES_MAX, `At most ${CONDITION_BRANCHES_MAX} branches`),
});

export const customReplyActionSchema = z.discriminatedUnion("actionType", [
  messageContentActionSchema,
  messageFileActionSchema,
  messageAiAnswerActionSchema,
  answerBubblesActionSchema,
  formActionSchema,
  integrationEventActionSchema,
  emailTriggerActionSchema,
  widgetEventActionSchema,
  conditionActionSchema,
]);
export type CustomReplyAction = z.infer<typeof customReplyActionSchema>;
export type CustomReplyActionInput = z.input<typeof customReplyActionSchema>;
export type CustomReplyActionType = CustomReplyAction["actionType"];
export type ActionOf<T extends CustomReplyActionType> = Extract<CustomReplyAction, { actionType: T }>;

/** Actions that wait for the visitor's answer before the reply goes on. */
export const VISITOR_STEP_ACTIONS: readonly CustomReplyActionType[] = ["answer_bubbles", "form"];

/**
 * Whether a condition holds for the values a visitor gave so far. Comparison ignores case and
 * surrounding space; greater/less compare as numbers and fail when either side is not one.
 */
export function conditionHolds(condition: Condition, values: Readonly<Record<string, string | undefined>>): boolean {
  const given = values[condition.parameter.key]?.trim() ?? "";
  const expected = condition.compareValue.value.trim();
  const a = given.toLocaleLowerCase();
  const b = expected.toLocaleLowerCase();
  switch (condition.operator) {
    case "equals":
      return given !== "" && a === b;
    case "not_equals":
      return a !== b;
    case "contains":
      return b !== "" && a.includes(b);
    case "not_contains":
      return b === "" || !a.includes(b);
    case "is_set":
      return given !== "";
    case "is_not_set":
      return given === "";
    case "greater_than":
    case "less_than": {
      if (given === "" || expected === "") return false;
      const left = Number(given);
      const right = Number(expected);
      if (!Number.isFinite(left) || !Number.isFinite(right)) return false;
      return condition.operator === "greater_than" ? left > right : left < right;
    }
  }
}

/** The branch a condition action takes: the first whose conditions all hold, else the Else branch. */
export function pickBranch(
  action: ActionOf<"condition">,
  values: Readonly<Record<string, string | undefined>>,
): ActionOf<"condition">["branches"][number] | null {
  const ruled = action.branches.find(
    (branch) =>
      branch.conditions.length > 0 && branch.conditions.every((condition) => conditionHolds(condition, values)),
  );
  return ruled ?? action.branches.find((branch) => branch.conditions.length === 0) ?? null;
}

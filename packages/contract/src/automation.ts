import { z } from "zod";
import { customReplySummarySchema } from "./ai-agent";
import { idSchema } from "./common";
import {
  type CustomReplyActionType,
  customReplyActionSchema,
  dataModelFieldKeySchema,
  graphIdSchema,
} from "./custom-reply-actions";

/** Automation limits (spec part 2 §5, §9; the ones the spec leaves open are decision 038's). */
export const CATEGORY_TITLE_MAX = 120;
export const CATEGORY_DESCRIPTION_MAX = 250;
export const INTENT_TITLE_MAX = 250;
export const CATEGORIES_MAX = 100;
export const INTENTS_MAX = 100;
export const CUSTOM_REPLY_NAME_MAX = 120;
export const CUSTOM_REPLIES_MAX = 200;
export const CUSTOM_REPLY_NODES_MAX = 100;
/** A file a custom reply sends (message_file), uploaded by an admin in the editor. */
export const CUSTOM_REPLY_FILE_MAX_MB = 10;
export const CUSTOM_REPLY_FILE_MAX_BYTES = CUSTOM_REPLY_FILE_MAX_MB * 1024 * 1024;
export const CUSTOM_REPLY_FILE_TYPES_TEXT = "a JPG, PNG or WebP image, or a PDF";
export const NODE_ACTIONS_MAX = 20;
export const DATA_MODEL_NAME_MAX = 60;
export const DATA_MODEL_FIELDS_MAX = 30;
export const DATA_MODELS_MAX = 50;

function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} can be at most ${max} characters`);
}

export const intentSchema = z.object({
  _id: idSchema,
  title: z.string(),
  customReplyID: idSchema.nullable(),
  isActive: z.boolean(),
});
export type Intent = z.infer<typeof intentSchema>;

/** A question category with its intents (spec part 2 §3). */
export const questionCategorySchema = z.object({
  _id: idSchema,
  title: z.string(),
  description: z.string(),
  customReplyID: idSchema.nullable(),
  isActive: z.boolean(),
  intents: z.array(intentSchema),
  createdAt: z.string(),
});
export type QuestionCategory = z.infer<typeof questionCategorySchema>;

export const questionCategoryIdRequestSchema = z.object({ questionCategoryID: idSchema });

/** POST /api/question-category/add and /update: without an id it creates, with one it updates (§4). */
export const saveQuestionCategoryRequestSchema = z.object({
  questionCategoryID: idSchema.optional(),
  title: requiredText("Name", CATEGORY_TITLE_MAX),
  description: requiredText("Description", CATEGORY_DESCRIPTION_MAX),
  customReplyID: idSchema.nullable().default(null),
  isActive: z.boolean().default(true),
});
export type SaveQuestionCategoryRequest = z.input<typeof saveQuestionCategoryRequestSchema>;

/** POST /api/question-category/intent/add and /intent/update. */
export const saveIntentRequestSchema = z.object({
  questionCategoryID: idSchema,
  intent: z.object({
    _id: idSchema.optional(),
    title: requiredText("Description", INTENT_TITLE_MAX),
    customReplyID: idSchema.nullable().default(null),
    isActive: z.boolean().default(true),
  }),
});
export type SaveIntentRequest = z.input<typeof saveIntentRequestSchema>;

export const deleteIntentRequestSchema = z.object({ questionCategoryID: idSchema, intentID: idSchema });

/** The nine action types a custom-reply node may hold (spec part 2 §3). */
export const CUSTOM_REPLY_ACTION_TYPES = [
  "message_content",
  "message_file",
  "message_ai_answer",
  "answer_bubbles",
  "form",
  "integration_event",
  "email_trigger",
  "widget_event",
  "condition",
] as const satisfies readonly CustomReplyActionType[];
export const customReplyActionTypeSchema = z.enum(CUSTOM_REPLY_ACTION_TYPES);

/** Where the editor draws a node; the runtime ignores it (decision 044). */
const nodePositionSchema = z.object({ x: z.number().finite(), y: z.number().finite() });

export const customReplyNodeSchema = z.object({
  _id: graphIdSchema,
  position: nodePositionSchema.optional(),
  actions: z
    .array(customReplyActionSchema)
    .max(NODE_ACTIONS_MAX, `A node can hold at most ${NODE_ACTIONS_MAX} actions`),
});
export type CustomReplyNode = z.infer<typeof customReplyNodeSchema>;

/**
 * A node as a save sends it: each action's own fields are checked with the whole graph by
 * `checkCustomReplyGraph`, whose messages name the node and action (decision 044).
 */
export const customReplyDraftNodeSchema = z.object({
  _id: graphIdSchema,
  position: nodePositionSchema.optional(),
  actions: z
    .array(z.looseObject({ _id: graphIdSchema, actionType: customReplyActionTypeSchema }))
    .max(NODE_ACTIONS_MAX, `A node can hold at most ${NODE_ACTIONS_MAX} actions`),
});

const nodesSchema = z
  .array(customReplyDraftNodeSchema)
  .max(CUSTOM_REPLY_NODES_MAX, `A custom reply can have at most ${CUSTOM_REPLY_NODES_MAX} nodes`)
  .superRefine((nodes, ctx) => {
    const seen = new Set<string>();
    nodes.forEach((node, index) => {
      if (seen.has(node._id)) ctx.addIssue({ code: "custom", path: [index, "_id"], message: "Node ids must differ" });
      seen.add(node._id);
    });
  });

/** A custom reply (workflow) with its graph. */
export const customReplySchema = z.object({
  _id: idSchema,
  name: z.string(),
  isActive: z.boolean(),
  nodes: z.array(customReplyNodeSchema),
});
export type CustomReply = z.infer<typeof customReplySchema>;

/** A row of GET /api/custom-reply/all: the list shows name, number of nodes and status. */
export const customReplyListItemSchema = customReplySummarySchema.extend({
  isActive: z.boolean(),
  nodeCount: z.number().int(),
});
export type CustomReplyListItem = z.infer<typeof customReplyListItemSchema>;

export const customReplyIdRequestSchema = z.object({ customReplyID: idSchema });

/**
 * POST /api/custom-reply/save: without an id it creates, with one it updates. Without nodes a new
 * reply starts empty and a saved one keeps its graph (renaming does not need the graph).
 */
export const saveCustomReplyRequestSchema = z.object({
  customReplyID: idSchema.optional(),
  name: requiredText("Name", CUSTOM_REPLY_NAME_MAX),
  isActive: z.boolean().default(true),
  nodes: nodesSchema.optional(),
});
export type SaveCustomReplyRequest = z.input<typeof saveCustomReplyRequestSchema>;

/** POST /api/data-model/save: without an id it creates, with one it updates. */
export const saveDataModelRequestSchema = z.object({
  dataModelID: idSchema.optional(),
  name: requiredText("Name", DATA_MODEL_NAME_MAX),
  fields: z
    .array(z.object({ key: dataModelFieldKeySchema, title: requiredText("Field title", 120) }))
    .min(1, "A data model needs at least one field")
    .max(DATA_MODEL_FIELDS_MAX, `A data model can have at most ${DATA_MODEL_FIELDS_MAX} fields`)
    .superRefine((fields, ctx) => {
      const seen = new Set<string>();
      fields.forEach((field, index) => {
        if (seen.has(field.key)) ctx.addIssue({ code: "custom", path: [index, "key"], message: "Keys must differ" });
        seen.add(field.key);
      });
    }),
});
export type SaveDataModelRequest = z.input<typeof saveDataModelRequestSchema>;

/** The sort dropdown of the categories page (spec part 2 §9). */
export const CATEGORY_SORTS = ["name", "intents", "status", "custom-replies", "created-date"] as const;
export type CategorySort = (typeof CATEGORY_SORTS)[number];

/**
 * Name ascending; intents, status and created date descending (spec part 2 §9). The spec gives no
 * direction for custom replies: those with one come first, like status (decision 038).
 * Ties keep name order, so the list never shuffles between renders.
 */
export function sortCategories(categories: QuestionCategory[], sort: CategorySort): QuestionCategory[] {
  const byName = (a: QuestionCategory, b: QuestionCategory) =>
    a.title.localeCompare(b.title, undefined, { sensitivity: "base" });
  const descending = (key: (category: QuestionCategory) => number) => (a: QuestionCategory, b: QuestionCategory) =>
    key(b) - key(a) || byName(a, b);
  const compare = {
    name: byName,
    intents: descending((category) => category.intents.length),
    status: descending((category) => (category.isActive ? 1 : 0)),
    "custom-replies": descending((category) => (category.customReplyID ? 1 : 0)),
    "created-date": descending((category) => Date.parse(category.createdAt)),
  }[sort];
  return [...categories].sort(compare);
}

/** POST /api/custom-reply/upload: where the uploaded file is served, and what it is. */
export const customReplyFileSchema = z.object({ fileUrl: z.string(), fileType: z.string() });
export type CustomReplyFile = z.infer<typeof customReplyFileSchema>;

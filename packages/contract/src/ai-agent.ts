import { z } from "zod";
import { idSchema } from "./common";
import { sourceTypeSchema } from "./knowledge";
import { GROUNDS_VERDICTS } from "./turn";

/** AI agent limits (spec part 1 §5, §9). */
export const PERSONA_TEXT_MAX = 250;
export const PERSONA_NAME_MAX = 60;
export const PERSONA_DESIGNATION_MAX = 80;
export const COMPANY_NAME_MAX = 120;
export const COMPANY_INDUSTRY_MAX = 120;
export const ANSWER_RULE_TITLE_MAX = 120;
export const ANSWER_RULE_DESCRIPTION_MAX = 1000;
export const ANSWER_RULES_MAX = 100;
export const WORKFLOW_MESSAGE_MAX = 500;
export const NUDGE_DELAY_MAX_MS = 10 * 60 * 1000;
export const PRE_CHAT_FIELDS_MAX = 20;
/** Profile pictures: what the server accepts; the dashboard crops square and scales to 800 px first. */
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_IMAGE_MAX_WIDTH = 800;
export const PROFILE_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const PLAYGROUND_QUESTION_MAX = 2000;
/** Answer text is split into bubbles at the first sentence end after this many characters. */
export const BUBBLE_SPLIT_AFTER = 200;

export const responseToneSchema = z.enum(["normal", "formal", "friendly", "casual", "funny"]);
export type ResponseTone = z.infer<typeof responseToneSchema>;
export const responseLengthSchema = z.enum(["normal", "brief", "detailed"]);
export type ResponseLength = z.infer<typeof responseLengthSchema>;
export const visitorLanguageSchema = z.enum(["en", "nl", "he"]);
export type VisitorLanguage = z.infer<typeof visitorLanguageSchema>;

function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} can be at most ${max} characters`);
}

function optionalText(label: string, max: number) {
  return z.string().trim().max(max, `${label} can be at most ${max} characters`).default("");
}

export const personaSchema = z.object({
  name: requiredText("Name", PERSONA_NAME_MAX),
  designation: requiredText("Designation", PERSONA_DESIGNATION_MAX),
  characteristics: requiredText("Characteristics", PERSONA_TEXT_MAX),
  responseTone: responseToneSchema,
  responseLength: responseLengthSchema,
  /** Set by the server from the uploaded picture; ignored when a client sends it. */
  thumbnailURL: z.string().nullable().default(null),
});
export type Persona = z.infer<typeof personaSchema>;

export const agentCompanySchema = z.object({
  name: requiredText("Company name", COMPANY_NAME_MAX),
  description: optionalText("Company description", PERSONA_TEXT_MAX),
  industry: optionalText("Industry", COMPANY_INDUSTRY_MAX),
});
export type AgentCompany = z.infer<typeof agentCompanySchema>;

export const answerRuleSchema = z.object({
  _id: idSchema,
  title: z.string(),
  description: z.string(),
  isActive: z.boolean(),
});
export type AnswerRule = z.infer<typeof answerRuleSchema>;

export const saveAnswerRuleRequestSchema = z.object({
  /** Absent for a new rule. */
  ruleID: idSchema.optional(),
  title: requiredText("Title", ANSWER_RULE_TITLE_MAX),
  description: requiredText("Description", ANSWER_RULE_DESCRIPTION_MAX),
  isActive: z.boolean().default(true),
});
export type SaveAnswerRuleRequest = z.input<typeof saveAnswerRuleRequestSchema>;

export const answerRuleIdRequestSchema = z.object({ ruleID: idSchema });

const replySchema = z.object({
  message: z.string().trim().max(WORKFLOW_MESSAGE_MAX, `A reply can be at most ${WORKFLOW_MESSAGE_MAX} characters`),
  /** The custom reply (workflow) that runs after the message; null when the company has none yet. */
  customReplyID: idSchema.nullable().default(null),
});

export const preChatFieldSchema = z.object({
  key: z.string().trim().min(1).max(60),
  title: z.string().trim().min(1, "Field title is required").max(120),
  fieldType: z.literal("text").default("text"),
  required: z.literal(true).default(true),
  /** Whether the visitor is asked for this field. */
  isActive: z.boolean().default(true),
});
export type PreChatField = z.infer<typeof preChatFieldSchema>;

export const PRE_CHAT_FIELD_RULE_MESSAGE = "Atleast one field should be active in the customer form";

/**
 * Workflows (spec part 1 §3, §5). Sub-fields are required only when their toggle is on, so a
 * switched-off section keeps what was typed in it.
 */
export const workflowsSchema = z
  .object({
    nudgeMessage: z.object({
      isActive: z.boolean(),
      showOnce: z.boolean(),
      /** Milliseconds after the widget opens. */
      delay: z.number().int().min(0).max(NUDGE_DELAY_MAX_MS).nullable(),
      message: z.string().trim().max(WORKFLOW_MESSAGE_MAX),
    }),
    preChatForm: z.object({
      isActive: z.boolean(),
      title: z.string().trim().max(120),
      description: z.string().trim().max(PERSONA_TEXT_MAX),
      dataModelID: idSchema.nullable(),
      fields: z.array(preChatFieldSchema).max(PRE_CHAT_FIELDS_MAX),
    }),
    standardReplies: z.object({ positiveReply: replySchema, negativeReply: replySchema }),
    showSources: z.object({ isActive: z.boolean() }),
    feedback: z.object({
      isActive: z.boolean(),
      positiveMessage: z.string().trim().max(WORKFLOW_MESSAGE_MAX),
      negativeMessage: z.string().trim().max(WORKFLOW_MESSAGE_MAX),
    }),
  })
  .superRefine((workflows, ctx) => {
    const { nudgeMessage, preChatForm, standardReplies, feedback } = workflows;
    if (nudgeMessage.isActive) {
      if (nudgeMessage.delay === null) {
        ctx.addIssue({ code: "custom", path: ["nudgeMessage", "delay"], message: "Delay is required" });
      }
      if (!nudgeMessage.message) {
        ctx.addIssue({ code: "custom", path: ["nudgeMessage", "message"], message: "Nudge message is required" });
      }
    }
    if (preChatForm.isActive) {
      if (!preChatForm.dataModelID) {
        ctx.addIssue({ code: "custom", path: ["preChatForm", "dataModelID"], message: "Data model is required" });
      }
      if (!preChatForm.fields.some((field) => field.isActive)) {
        ctx.addIssue({ code: "custom", path: ["preChatForm", "fields"], message: PRE_CHAT_FIELD_RULE_MESSAGE });
      }
    }
    for (const key of ["positiveReply", "negativeReply"] as const) {
      if (!standardReplies[key].message) {
        ctx.addIssue({
          code: "custom",
          path: ["standardReplies", key, "message"],
          message: "Reply message is required",
        });
      }
    }
    if (feedback.isActive) {
      if (!feedback.positiveMessage) {
        ctx.addIssue({
          code: "custom",
          path: ["feedback", "positiveMessage"],
          message: "Positive message is required",
        });
      }
      if (!feedback.negativeMessage) {
        ctx.addIssue({
          code: "custom",
          path: ["feedback", "negativeMessage"],
          message: "Negative message is required",
        });
      }
    }
  });
export type Workflows = z.infer<typeof workflowsSchema>;

/**
 * Who answers visitors on this server: the built-in `local` engine (no AI model configured, see
 * AI_PROVIDER) or a `model`. The built-in engine follows only some answer rules
 * (`isFollowedByLocalEngine` in answer-rules.ts), and the dashboard says which.
 */
export const answerEngineSchema = z.enum(["local", "model"]);
export type AnswerEngine = z.infer<typeof answerEngineSchema>;

/** GET /api/ai-agent/ and the answer of POST /api/ai-agent/save. */
export const aiAgentSchema = z.object({
  persona: personaSchema,
  company: agentCompanySchema,
  answerRules: z.array(answerRuleSchema),
  workflows: workflowsSchema,
  engine: answerEngineSchema,
});
export type AiAgent = z.infer<typeof aiAgentSchema>;

/** The multipart parts of POST /api/ai-agent/save, as JSON. */
export const savePersonaPartsSchema = z.object({ persona: personaSchema, company: agentCompanySchema });
export const saveWorkflowsPartSchema = z.object({ workflows: workflowsSchema });

export const dataModelSchema = z.object({
  _id: idSchema,
  name: z.string(),
  fields: z.array(z.object({ key: z.string(), title: z.string() })),
});
export type DataModel = z.infer<typeof dataModelSchema>;

export const customReplySummarySchema = z.object({ _id: idSchema, name: z.string() });
export type CustomReplySummary = z.infer<typeof customReplySummarySchema>;

/** A cited document, as stored with an answer and shown under it. */
export const referenceSchema = z.object({
  url: z.string().nullable(),
  title: z.string(),
  image: z.string().nullable(),
  sourceType: sourceTypeSchema,
});
export type Reference = z.infer<typeof referenceSchema>;

/** Why the engine answered the way it did: `answered` from the knowledge base, or why not. */
export const answerOutcomeSchema = z.enum([
  "answered",
  "no-match",
  "needs-order",
  "provider-failed",
  "human-handling",
  /** Handed to a person (asked for in words, a photo of a damaged item, order details to pass on). */
  "handoff",
  /** A reply of the conversation's own: hello, thanks, bye, an offer of a person. */
  "conversation",
]);
export type AnswerOutcome = z.infer<typeof answerOutcomeSchema>;

export const playgroundRequestSchema = z.object({
  question: requiredText("Question", PLAYGROUND_QUESTION_MAX),
  /** Answer in this language; detected from the question when absent. */
  language: visitorLanguageSchema.optional(),
});
export type PlaygroundRequest = z.infer<typeof playgroundRequestSchema>;

export const playgroundPassageSchema = z.object({
  title: z.string(),
  content: z.string(),
  url: z.string().nullable(),
  sourceType: sourceTypeSchema,
  score: z.number(),
  isCited: z.boolean(),
});

export const tokenCountSchema = z.object({ model: z.string(), inputTokens: z.number(), outputTokens: z.number() });

/** See `AnswerGrounds` in turn.ts. */
export const answerGroundsSchema = z.object({
  question: z.string(),
  verdict: z.enum(GROUNDS_VERDICTS),
  coverage: z.number(),
  threshold: z.number(),
  concepts: z.array(z.object({ words: z.string(), weight: z.number(), covered: z.number(), isRequired: z.boolean() })),
});

/** POST /api/ai-agent/playground: an answer as a visitor would get it, with what led to it. */
export const playgroundResponseSchema = z.object({
  language: visitorLanguageSchema,
  outcome: answerOutcomeSchema,
  bubbles: z.array(z.string()),
  references: z.array(referenceSchema),
  questionCategory: z.string().nullable(),
  selectedIntent: z.string().nullable(),
  passages: z.array(playgroundPassageSchema),
  /** Why the engine answered or declined, per question part; empty for a remote model or a conversational reply. */
  grounds: z.array(answerGroundsSchema),
  usage: z.array(tokenCountSchema),
  timings: z.object({ retrieveMs: z.number(), answerMs: z.number(), totalMs: z.number() }),
});
export type PlaygroundResponse = z.infer<typeof playgroundResponseSchema>;

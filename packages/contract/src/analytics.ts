import { z } from "zod";
import { sourceTypeSchema } from "./knowledge";
import { REPORTING_TIME_ZONES } from "./reporting-time-zones";

/** The longest range one report covers (a year and a day: a leap year's months all fit). */
export const ANALYTICS_MAX_RANGE_DAYS = 366;

const isoDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Dates are YYYY-MM-DD")
  .refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    {
      message: "Not a calendar date",
    },
  );

const dayNumber = (isoDay: string) => Date.parse(`${isoDay}T00:00:00Z`) / 86_400_000;

/**
 * The body of every analytics call (spec part 2 §7): calendar days in the company's reporting time
 * zone, both included.
 */
export const analyticsRangeSchema = z
  .object({ startDate: isoDaySchema, endDate: isoDaySchema })
  .refine((range) => range.startDate <= range.endDate, { message: "The start date must not be after the end date" })
  .refine((range) => dayNumber(range.endDate) - dayNumber(range.startDate) + 1 <= ANALYTICS_MAX_RANGE_DAYS, {
    message: `Choose a range of at most ${ANALYTICS_MAX_RANGE_DAYS} days.`,
  });
export type AnalyticsRange = z.infer<typeof analyticsRangeSchema>;

const countsByNameSchema = z.record(z.string(), z.number());

/**
 * How the conversations of the range ended (decision 039); each chat is in at most one of them.
 * `confirmed` + `assumed` is `totalResolutions`; `handedOff` is `totalHandoffs`.
 */
export const resolutionBreakdownSchema = z.object({
  /** The visitor said it resolved ("Yes, thank you") or rated the chat 3 stars or more. */
  confirmed: z.number(),
  /** No word from the visitor for 24 hours after the AI's last answer, and no handoff. */
  assumed: z.number(),
  /** A person was asked for, or a ticket raised. */
  handedOff: z.number(),
  /** The visitor came back within 7 days after such a silence: the assumed resolution is withdrawn. */
  reopened: z.number(),
});
export type ResolutionBreakdown = z.infer<typeof resolutionBreakdownSchema>;

/** POST /api/chat/get-analytics: the Insights object (spec part 2 §3) and Harbor's breakdown. */
export const insightsSchema = z.object({
  totalConversations: z.number(),
  totalHandoffs: z.number(),
  totalResolutions: z.number(),
  /** Messages per conversation, one decimal. */
  averageMessagesCount: z.number(),
  aiCategories: countsByNameSchema,
  /** Deflected chats (neither handed off nor resolved) per AI category. */
  openChats: countsByNameSchema,
  /** Resolved chats (confirmed or assumed) per AI category. */
  resolvedChats: countsByNameSchema,
  /** Chats a custom reply took part in, per reply name. */
  customReplies: countsByNameSchema,
  /** Chats that asked one of the self-serve portal's suggested questions, per question. */
  suggestedQuestions: countsByNameSchema,
  resolutions: resolutionBreakdownSchema,
  /** The zone the days were read in. */
  timeZone: z.string(),
});
export type Insights = z.infer<typeof insightsSchema>;

/** POST /api/document/analytics/sources: per source, its documents the AI cited (spec part 2 §3). */
export const sourceInsightSchema = z.object({
  sourceID: z.string(),
  sourceType: sourceTypeSchema,
  title: z.string(),
  /** Documents in the source. */
  documentCount: z.number(),
  /** The source's documents cited in answers, most used first. */
  documents: z.array(
    z.object({ title: z.string(), timesUsed: z.number(), url: z.string().nullable(), referenceID: z.string() }),
  ),
});
export type SourceInsight = z.infer<typeof sourceInsightSchema>;
export const sourceInsightsSchema = z.array(sourceInsightSchema);

const modelTokensSchema = z.object({ model: z.string(), tokensUsed: z.number() });
/** POST /api/chat/get-token-usage (spec part 2 §3); days in the company's reporting time zone. */
export const tokenUsageResponseSchema = z.object({
  overallUsage: z.array(modelTokensSchema),
  usageByModel: z.array(
    z.object({ model: z.string(), inputTokens: z.number(), outputTokens: z.number(), tokensUsed: z.number() }),
  ),
  /** Average tokens per chat, per model, over chats with usage in the range. */
  usageByConversation: z.array(z.object({ model: z.string(), chats: z.number(), averageTokensPerChat: z.number() })),
  dailyUsage: z.array(z.object({ date: z.string(), usage: z.array(modelTokensSchema) })),
});
export type TokenUsageResponse = z.infer<typeof tokenUsageResponseSchema>;

/** One of the spec's time-zone options (part 2 §3: about 100, IANA ids, default UTC). */
export const reportingTimeZoneSchema = z.enum(REPORTING_TIME_ZONES, { error: "Choose a time zone from the list" });
export type ReportingTimeZone = z.infer<typeof reportingTimeZoneSchema>;

/** GET and POST /api/analytics/time-zone (not in the spec): the zone the analytics days are read in. */
export const reportingTimeZoneBodySchema = z.object({ timeZone: reportingTimeZoneSchema });
export type ReportingTimeZoneBody = z.infer<typeof reportingTimeZoneBodySchema>;

/** Why a visitor's question counts as unanswered (decision 042). */
export const unansweredReasonSchema = z.enum(["declined", "handed-off", "rated-low"]);
export type UnansweredReason = z.infer<typeof unansweredReasonSchema>;

/**
 * Questions the AI declined, handed off or was rated below 3 on, grouped by the retrieval
 * engine's terms: the most asked wording first, then other wordings as examples.
 */
export const unansweredGroupSchema = z.object({
  /** The group's most asked wording: what "Write an article" prefills. */
  question: z.string(),
  /** Times the group's questions were asked in the range. */
  count: z.number().int(),
  /** Up to five other wordings, most asked first. */
  examples: z.array(z.string()),
  /** The visitors' languages ("en", "nl", "he", …), most frequent first. */
  languages: z.array(z.string()),
  reasons: z.object({ declined: z.number().int(), handedOff: z.number().int(), ratedLow: z.number().int() }),
  lastAskedAt: z.string(),
});
export type UnansweredGroup = z.infer<typeof unansweredGroupSchema>;

export const unansweredQuestionsSchema = z.object({
  groups: z.array(unansweredGroupSchema),
  /** Groups left out because knowledge added or changed since they were asked now answers them. */
  answeredSince: z.number().int(),
  timeZone: reportingTimeZoneSchema,
});
export type UnansweredQuestions = z.infer<typeof unansweredQuestionsSchema>;

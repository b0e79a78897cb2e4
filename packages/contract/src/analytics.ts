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

/** Prices are kept and shown in US dollars, per million tokens (the providers' own unit). */
export const PRICE_CURRENCY = "USD";

/** A model's price per million tokens, in and out (decision 046). */
export const modelPriceSchema = z.object({
  model: z.string().trim().min(1, "Enter the model's name").max(200, "A model's name is at most 200 characters"),
  inputPerMillion: z
    .number({ error: "Enter a price" })
    .min(0, "A price cannot be negative")
    .max(10_000, "A price is at most 10,000 per million tokens"),
  outputPerMillion: z
    .number({ error: "Enter a price" })
    .min(0, "A price cannot be negative")
    .max(10_000, "A price is at most 10,000 per million tokens"),
});
export type ModelPrice = z.infer<typeof modelPriceSchema>;

/**
 * One row of the company's price table: Harbor's default for a model it supports, the admin's own
 * price, or a model the company used that has no price yet (its tokens are left out of costs).
 */
export const modelPriceRowSchema = z.object({
  model: z.string(),
  inputPerMillion: z.number().nullable(),
  outputPerMillion: z.number().nullable(),
  source: z.enum(["default", "custom", "missing"]),
  /** Harbor has a default for this model: dropping the admin's price goes back to it. */
  hasDefault: z.boolean(),
});
export type ModelPriceRow = z.infer<typeof modelPriceRowSchema>;

/** GET /api/analytics/model-prices and the answer of its changes (not in the spec). */
export const modelPricesSchema = z.object({
  currency: z.literal(PRICE_CURRENCY),
  prices: z.array(modelPriceRowSchema),
});
export type ModelPrices = z.infer<typeof modelPricesSchema>;

/** POST /api/analytics/model-prices/reset: drop the admin's price, back to the default if any. */
export const modelPriceResetSchema = z.object({ model: z.string().trim().min(1).max(200) });

/** The visitor languages analytics splits by; any other (or none) is "other". */
export const qualityLanguageSchema = z.enum(["en", "nl", "he", "other"]);
export type QualityLanguage = z.infer<typeof qualityLanguageSchema>;

/**
 * POST /api/analytics/cost-and-speed (not in the spec; issue 18 item 5, decision 046): what the
 * range's conversations cost, how fast the AI answered per day, and how conversations ended per
 * visitor language. Days in the company's reporting zone.
 */
export const costAndSpeedSchema = z.object({
  currency: z.literal(PRICE_CURRENCY),
  /** Conversations with the AI started in the range (decision 039). */
  conversations: z.number().int(),
  /** Confirmed + assumed resolutions of those conversations. */
  resolutions: z.number().int(),
  /** What those conversations' tokens cost at the company's prices, whenever the tokens were spent. */
  totalCost: z.number(),
  /** totalCost / conversations; null without conversations. */
  costPerConversation: z.number().nullable(),
  /** totalCost / resolutions; null without resolutions. */
  costPerResolution: z.number().nullable(),
  costByModel: z.array(
    z.object({
      model: z.string(),
      inputTokens: z.number(),
      outputTokens: z.number(),
      /** null when the model has no price (its tokens are not in totalCost). */
      cost: z.number().nullable(),
    }),
  ),
  /** Time from the visitor's question to the AI's answer, per day of the answer, in milliseconds. */
  latencyByDay: z.array(
    z.object({ date: z.string(), answers: z.number().int(), p50Ms: z.number(), p95Ms: z.number() }),
  ),
  qualityByLanguage: z.array(
    z.object({
      language: qualityLanguageSchema,
      conversations: z.number().int(),
      resolutions: z.number().int(),
      handoffs: z.number().int(),
      /** Truncated whole percentages of conversations (spec §9). */
      resolutionRate: z.number(),
      handoffRate: z.number(),
      ratings: z.number().int(),
      /** One decimal; null when nobody rated. */
      averageRating: z.number().nullable(),
    }),
  ),
  timeZone: reportingTimeZoneSchema,
});
export type CostAndSpeed = z.infer<typeof costAndSpeedSchema>;

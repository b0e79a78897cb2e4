import {
  type AnalyticsRange,
  type CostAndSpeed,
  type Insights,
  type ModelPrice,
  type ModelPrices,
  PRICE_CURRENCY,
  type QualityLanguage,
  type SourceInsight,
  type TokenUsageResponse,
  type UnansweredGroup,
  type UnansweredQuestions,
} from "@harbor/contract/analytics";
import { sourceTypeSchema } from "@harbor/contract/knowledge";
import {
  DEFAULT_REPORTING_TIME_ZONE,
  REPORTING_TIME_ZONES,
  type ReportingTimeZoneId,
} from "@harbor/contract/reporting-time-zones";
import type { CompanyAuth } from "../../platform/session";
import type { AnalyticsRepository, InsightRows } from "./analytics.repository";
import { addDays, longestRangeEndingToday, todayIn } from "./analytics-warming";
import { DEFAULT_MODEL_PRICES } from "./default-model-prices";
import { groupUnanswered } from "./unanswered-groups";

/**
 * Whether the AI would now answer a question, and from which documents: the local engine's
 * verdict (no provider, no cost), given by the composition root.
 */
export type AnswerCheck = (
  companyId: string,
  question: string,
) => Promise<{ answered: boolean; documentIds: string[] }>;

/** Wordings read per report (most asked first) and groups shown; decision 042. */
const UNANSWERED_WORDINGS = 5_000;
const UNANSWERED_GROUPS = 50;

const CARD_OF_ROW = {
  category: "aiCategories",
  deflected: "openChats",
  resolved: "resolvedChats",
  "custom-reply": "customReplies",
  "suggested-question": "suggestedQuestions",
} as const;

/** The cards' name → count maps, largest first (the screen sorts again; JSON keeps this order). */
function cardsOf(rows: InsightRows["counts"]) {
  const cards = {
    aiCategories: {} as Record<string, number>,
    openChats: {} as Record<string, number>,
    resolvedChats: {} as Record<string, number>,
    customReplies: {} as Record<string, number>,
    suggestedQuestions: {} as Record<string, number>,
  };
  const sorted = [...rows].sort((a, b) => b.chats - a.chats || a.name.localeCompare(b.name));
  for (const row of sorted) {
    const card = CARD_OF_ROW[row.card as keyof typeof CARD_OF_ROW];
    if (card) cards[card][row.name] = row.chats;
  }
  return cards;
}

const QUALITY_LANGUAGES: QualityLanguage[] = ["en", "nl", "he", "other"];

/** Dollars kept to a hundredth of a cent, so small per-chat costs stay visible and sums stay exact enough. */
const toMicroDollars = (value: number) => Math.round(value * 1_000_000) / 1_000_000;

/** The admin's prices over Harbor's defaults, by model. */
function effectivePrices(custom: ModelPrice[]): Map<string, ModelPrice> {
  const prices = new Map(DEFAULT_MODEL_PRICES.map((price) => [price.model, price]));
  for (const price of custom) prices.set(price.model, price);
  return prices;
}

const isKnownZone = (zone: string | null): zone is ReportingTimeZoneId =>
  zone !== null && (REPORTING_TIME_ZONES as readonly string[]).includes(zone);

/** The Analytics area's figures (spec part 2 §2.4, §3, §7), each read in the company's reporting zone. */
export function createAnalyticsService(deps: {
  analytics: AnalyticsRepository;
  answerCheck?: AnswerCheck;
  now?: () => Date;
  /** Called after the reporting zone changed (queues the cache's warming; must not throw). */
  onTimeZoneChanged?: (companyId: string) => Promise<void>;
}) {
  const now = deps.now ?? (() => new Date());
  let answerChecksMade = 0;

  /**
   * A group is answered by new knowledge when the engine now answers its most asked wording and
   * cites a document added or changed after the group was last asked (decision 042). Verdicts are
   * stored per company, state of the knowledge, last asked and wording (decision 080), so a new
   * document or a new ask asks again, and every node and every restart reads what was checked.
   * `stored` is the company's stored verdicts for this state, read once per call when first needed.
   */
  async function answeredSince(
    companyId: string,
    group: UnansweredGroup,
    knowledgeChangedAt: string,
    stored: () => Promise<Map<string, boolean>>,
  ) {
    if (!deps.answerCheck || knowledgeChangedAt <= group.lastAskedAt) return false;
    const key = `${group.lastAskedAt}\u0000${group.question}`;
    const verdicts = await stored();
    const known = verdicts.get(key);
    if (known !== undefined) return known;
    answerChecksMade += 1;
    const check = await deps.answerCheck(companyId, group.question);
    const answered =
      check.answered &&
      (await deps.analytics.documentsChangedSince(companyId, check.documentIds, group.lastAskedAt)).length > 0;
    await deps.analytics.storeUnansweredVerdict({
      companyId,
      knowledgeChangedAt,
      lastAskedAt: group.lastAskedAt,
      question: group.question,
      answered,
    });
    verdicts.set(key, answered);
    return answered;
  }

  async function timeZoneOf(companyId: string): Promise<ReportingTimeZoneId> {
    const stored = await deps.analytics.reportingTimeZone(companyId);
    return isKnownZone(stored) ? stored : DEFAULT_REPORTING_TIME_ZONE;
  }

  async function windowOf(auth: CompanyAuth | { companyId: string }, range: AnalyticsRange) {
    return { companyId: auth.companyId, ...range, timeZone: await timeZoneOf(auth.companyId) };
  }

  async function unansweredOf(companyId: string, range: AnalyticsRange): Promise<UnansweredQuestions> {
    const window = await windowOf({ companyId }, range);
    const [wordings, knowledgeChangedAt] = await Promise.all([
      deps.analytics.unansweredQuestions(window, UNANSWERED_WORDINGS),
      deps.analytics.knowledgeChangedAt(companyId),
    ]);
    const groups: UnansweredGroup[] = [];
    let answered = 0;
    let verdicts: Map<string, boolean> | null = null;
    const stored = async () => {
      if (verdicts) return verdicts;
      const rows = knowledgeChangedAt ? await deps.analytics.unansweredVerdicts(companyId, knowledgeChangedAt) : [];
      verdicts = new Map(rows.map((row) => [`${row.last_asked_at}\u0000${row.question}`, row.answered]));
      return verdicts;
    };
    for (const group of groupUnanswered(wordings)) {
      if (groups.length >= UNANSWERED_GROUPS) break;
      if (knowledgeChangedAt && (await answeredSince(companyId, group, knowledgeChangedAt, stored))) answered += 1;
      else groups.push(group);
    }
    return { groups, answeredSince: answered, timeZone: window.timeZone };
  }

  /** Harbor's defaults, the admin's prices and the models used without one, by model name. */
  async function modelPrices(auth: CompanyAuth): Promise<ModelPrices> {
    const custom = await deps.analytics.customModelPrices(auth.companyId);
    const today = now().toISOString().slice(0, 10);
    const used = await deps.analytics.usedModels(auth.companyId, today);
    const customModels = new Set(custom.map((price) => price.model));
    const defaults = new Set(DEFAULT_MODEL_PRICES.map((price) => price.model));
    const rows = new Map<string, ModelPrices["prices"][number]>();
    for (const [model, price] of effectivePrices(custom)) {
      rows.set(model, {
        ...price,
        source: customModels.has(model) ? "custom" : "default",
        hasDefault: defaults.has(model),
      });
    }
    for (const model of used) {
      if (rows.has(model)) continue;
      rows.set(model, { model, inputPerMillion: null, outputPerMillion: null, source: "missing", hasDefault: false });
    }
    // Unpriced models first: they are what the admin has to fill in.
    const order = { missing: 0, custom: 1, default: 2 } as const;
    return {
      currency: PRICE_CURRENCY,
      prices: [...rows.values()].sort((a, b) => order[a.source] - order[b.source] || a.model.localeCompare(b.model)),
    };
  }

  return {
    async insights(auth: CompanyAuth, range: AnalyticsRange): Promise<Insights> {
      const window = await windowOf(auth, range);
      const { totals, counts } = await deps.analytics.insights(window, now());
      const totalResolutions = totals.confirmed + totals.assumed;
      return {
        totalConversations: totals.conversations,
        totalHandoffs: totals.handed_off,
        totalResolutions,
        averageMessagesCount: totals.average_messages,
        ...cardsOf(counts),
        resolutions: {
          confirmed: totals.confirmed,
          assumed: totals.assumed,
          handedOff: totals.handed_off,
          reopened: totals.reopened,
        },
        timeZone: window.timeZone,
      };
    },

    /**
     * Sources and the documents the AI cited. The counts are the documents' times_used, which has
     * no dates: the range is validated like the other calls' but cannot narrow them (decision 039).
     */
    async sources(auth: CompanyAuth, _range: AnalyticsRange): Promise<SourceInsight[]> {
      const rows = await deps.analytics.sources(auth.companyId);
      return rows.flatMap((row) => {
        const sourceType = sourceTypeSchema.safeParse(row.source_type);
        if (!sourceType.success) return [];
        return [
          {
            sourceID: row.id,
            sourceType: sourceType.data,
            title: row.name,
            documentCount: row.document_count,
            documents: row.documents,
          },
        ];
      });
    },

    async tokenUsage(auth: CompanyAuth, range: AnalyticsRange): Promise<TokenUsageResponse> {
      const window = await windowOf(auth, range);
      const [daily, perConversation] = await Promise.all([
        deps.analytics.tokensByModelAndDay(window),
        deps.analytics.tokensPerConversation(window),
      ]);
      const byModel = new Map<string, { inputTokens: number; outputTokens: number }>();
      const byDay = new Map<string, { model: string; tokensUsed: number }[]>();
      // One row per day and model already summed by the database; this only regroups them.
      for (const row of daily) {
        const totals = byModel.get(row.model) ?? { inputTokens: 0, outputTokens: 0 };
        totals.inputTokens += row.input_tokens;
        totals.outputTokens += row.output_tokens;
        byModel.set(row.model, totals);
        const usage = byDay.get(row.day) ?? [];
        usage.push({ model: row.model, tokensUsed: row.input_tokens + row.output_tokens });
        byDay.set(row.day, usage);
      }
      const models = [...byModel.entries()].sort(([a], [b]) => a.localeCompare(b));
      return {
        overallUsage: models.map(([model, t]) => ({ model, tokensUsed: t.inputTokens + t.outputTokens })),
        usageByModel: models.map(([model, t]) => ({ model, ...t, tokensUsed: t.inputTokens + t.outputTokens })),
        usageByConversation: perConversation.map((row) => ({
          model: row.model,
          chats: row.chats,
          averageTokensPerChat: row.chats > 0 ? Math.round(row.tokens / row.chats) : 0,
        })),
        dailyUsage: [...byDay.entries()].map(([date, usage]) => ({ date, usage })),
      };
    },

    /** Questions the AI failed on, grouped, most asked first; groups new knowledge answers are left out. */
    unanswered: (auth: CompanyAuth, range: AnalyticsRange) => unansweredOf(auth.companyId, range),

    /**
     * Reads the unanswered questions of the ranges the dashboard offers (its presets, this month
     * and the longest range, each ending today in the company's zone), so the engine's verdicts
     * after a change of knowledge are cached before anyone asks (decision 077).
     */
    async warmUnanswered(companyId: string, signal?: AbortSignal) {
      const timeZone = await timeZoneOf(companyId);
      const today = todayIn(timeZone, now());
      const ranges: AnalyticsRange[] = [
        longestRangeEndingToday(timeZone, now()),
        { startDate: addDays(today, -29), endDate: today },
        { startDate: `${today.slice(0, 7)}-01`, endDate: today },
        { startDate: addDays(today, -6), endDate: today },
        { startDate: addDays(today, -1), endDate: addDays(today, -1) },
        { startDate: today, endDate: today },
      ];
      for (const range of ranges) {
        if (signal?.aborted) return;
        await unansweredOf(companyId, range);
      }
    },

    /** How many times the engine was asked whether new knowledge answers a group (tests, benchmark). */
    answerChecksMade: () => answerChecksMade,

    /** Cost per conversation and resolution, answer latency per day, outcomes per language (decision 046). */
    async costAndSpeed(auth: CompanyAuth, range: AnalyticsRange): Promise<CostAndSpeed> {
      const window = await windowOf(auth, range);
      const prices = effectivePrices(await deps.analytics.customModelPrices(auth.companyId));
      const [rows, latency] = await Promise.all([
        deps.analytics.conversationCosts(window, now(), [...prices.values()]),
        deps.analytics.answerLatencyByDay(window),
      ]);
      const models = rows.filter((row) => row.card === "model").sort((a, b) => a.name.localeCompare(b.name));
      const languages = rows.filter((row) => row.card === "language");
      const conversations = languages.reduce((sum, row) => sum + row.conversations, 0);
      const resolutions = languages.reduce((sum, row) => sum + row.resolutions, 0);
      const totalCost = models.reduce((sum, row) => sum + (row.cost ?? 0), 0);
      const percent = (part: number, whole: number) => (whole > 0 ? Math.trunc((part * 100) / whole) : 0);
      return {
        currency: PRICE_CURRENCY,
        conversations,
        resolutions,
        totalCost: toMicroDollars(totalCost),
        costPerConversation: conversations > 0 ? toMicroDollars(totalCost / conversations) : null,
        costPerResolution: resolutions > 0 ? toMicroDollars(totalCost / resolutions) : null,
        costByModel: models.map((row) => ({
          model: row.name,
          inputTokens: row.input_tokens,
          outputTokens: row.output_tokens,
          cost: row.cost === null ? null : toMicroDollars(row.cost),
        })),
        latencyByDay: latency.map((row) => ({
          date: row.day,
          answers: row.answers,
          p50Ms: row.p50_ms,
          p95Ms: row.p95_ms,
        })),
        // Every language in a fixed order, with zeros, so the table's rows never move.
        qualityByLanguage: QUALITY_LANGUAGES.map((language) => {
          const row = languages.find((entry) => entry.name === language);
          const chats = row?.conversations ?? 0;
          const ratings = row?.ratings ?? 0;
          return {
            language,
            conversations: chats,
            resolutions: row?.resolutions ?? 0,
            handoffs: row?.handoffs ?? 0,
            resolutionRate: percent(row?.resolutions ?? 0, chats),
            handoffRate: percent(row?.handoffs ?? 0, chats),
            ratings,
            averageRating: ratings > 0 ? Math.round(((row?.rating_sum ?? 0) / ratings) * 10) / 10 : null,
          };
        }),
        timeZone: window.timeZone,
      };
    },

    modelPrices,

    async setModelPrice(auth: CompanyAuth, price: ModelPrice): Promise<ModelPrices> {
      await deps.analytics.setModelPrice(auth.companyId, price);
      return modelPrices(auth);
    },

    async resetModelPrice(auth: CompanyAuth, model: string): Promise<ModelPrices> {
      await deps.analytics.removeModelPrice(auth.companyId, model);
      return modelPrices(auth);
    },

    timeZone: (auth: CompanyAuth) => timeZoneOf(auth.companyId),

    /** A company's reporting zone (the default when never chosen). */
    timeZoneOfCompany: timeZoneOf,

    async setTimeZone(auth: CompanyAuth, timeZone: ReportingTimeZoneId) {
      await deps.analytics.setReportingTimeZone(auth.companyId, timeZone);
      // The new zone's days are cold: warmed in the background. Not awaited, so the change never
      // waits for the job queue (which may still be starting) and never fails because of it.
      void deps.onTimeZoneChanged?.(auth.companyId);
      return timeZone;
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

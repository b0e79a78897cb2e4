import type {
  AnalyticsRange,
  Insights,
  SourceInsight,
  TokenUsageResponse,
  UnansweredGroup,
  UnansweredQuestions,
} from "@harbor/contract/analytics";
import { sourceTypeSchema } from "@harbor/contract/knowledge";
import {
  DEFAULT_REPORTING_TIME_ZONE,
  REPORTING_TIME_ZONES,
  type ReportingTimeZoneId,
} from "@harbor/contract/reporting-time-zones";
import type { CompanyAuth } from "../../platform/session";
import type { AnalyticsRepository, InsightRows } from "./analytics.repository";
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
const CHECK_CACHE_SIZE = 10_000;

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

const isKnownZone = (zone: string | null): zone is ReportingTimeZoneId =>
  zone !== null && (REPORTING_TIME_ZONES as readonly string[]).includes(zone);

/** The Analytics area's figures (spec part 2 §2.4, §3, §7), each read in the company's reporting zone. */
export function createAnalyticsService(deps: {
  analytics: AnalyticsRepository;
  answerCheck?: AnswerCheck;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  /** Verdicts per company, question and state of the knowledge: a new document asks again. */
  const checked = new Map<string, boolean>();

  /**
   * A group is answered by new knowledge when the engine now answers its most asked wording and
   * cites a document added or changed after the group was last asked (decision 042).
   */
  async function answeredSince(companyId: string, group: UnansweredGroup, knowledgeChangedAt: string) {
    if (!deps.answerCheck || knowledgeChangedAt <= group.lastAskedAt) return false;
    const key = [companyId, knowledgeChangedAt, group.lastAskedAt, group.question].join("\u0000");
    const known = checked.get(key);
    if (known !== undefined) return known;
    const check = await deps.answerCheck(companyId, group.question);
    const answered =
      check.answered &&
      (await deps.analytics.documentsChangedSince(companyId, check.documentIds, group.lastAskedAt)).length > 0;
    if (checked.size >= CHECK_CACHE_SIZE) checked.clear();
    checked.set(key, answered);
    return answered;
  }

  async function timeZoneOf(companyId: string): Promise<ReportingTimeZoneId> {
    const stored = await deps.analytics.reportingTimeZone(companyId);
    return isKnownZone(stored) ? stored : DEFAULT_REPORTING_TIME_ZONE;
  }

  async function windowOf(auth: CompanyAuth, range: AnalyticsRange) {
    return { companyId: auth.companyId, ...range, timeZone: await timeZoneOf(auth.companyId) };
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
    async unanswered(auth: CompanyAuth, range: AnalyticsRange): Promise<UnansweredQuestions> {
      const window = await windowOf(auth, range);
      const [wordings, knowledgeChangedAt] = await Promise.all([
        deps.analytics.unansweredQuestions(window, UNANSWERED_WORDINGS),
        deps.analytics.knowledgeChangedAt(auth.companyId),
      ]);
      const groups: UnansweredGroup[] = [];
      let answered = 0;
      for (const group of groupUnanswered(wordings)) {
        if (groups.length >= UNANSWERED_GROUPS) break;
        if (knowledgeChangedAt && (await answeredSince(auth.companyId, group, knowledgeChangedAt))) answered += 1;
        else groups.push(group);
      }
      return { groups, answeredSince: answered, timeZone: window.timeZone };
    },

    timeZone: (auth: CompanyAuth) => timeZoneOf(auth.companyId),

    async setTimeZone(auth: CompanyAuth, timeZone: ReportingTimeZoneId) {
      await deps.analytics.setReportingTimeZone(auth.companyId, timeZone);
      return timeZone;
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

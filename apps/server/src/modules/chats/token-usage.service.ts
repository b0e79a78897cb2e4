import type { TokenUsageRequest, TokenUsageResponse } from "@harbor/contract/ai-agent";
import { AppError } from "../../platform/errors";
import type { CompanyAuth } from "../../platform/session";
import type { ChatsRepository } from "./chats.repository";

/** The longest range one report covers; the daily chart has one column group per day. */
const MAX_RANGE_DAYS = 366;

const dayNumber = (isoDay: string) => Date.parse(`${isoDay}T00:00:00Z`) / 86_400_000;

/** The data behind the Token Usage page (spec part 2 §2.4, §3). */
export function createTokenUsageService(deps: { chats: ChatsRepository }) {
  return {
    async report(auth: CompanyAuth, range: TokenUsageRequest): Promise<TokenUsageResponse> {
      const start = dayNumber(range.startDate);
      const end = dayNumber(range.endDate);
      if (Number.isNaN(start) || Number.isNaN(end)) throw new AppError("BAD_REQUEST", "Dates are YYYY-MM-DD");
      if (end - start + 1 > MAX_RANGE_DAYS) {
        throw new AppError("BAD_REQUEST", `Choose a range of at most ${MAX_RANGE_DAYS} days.`);
      }
      const [daily, perConversation] = await Promise.all([
        deps.chats.usageByModelAndDay(auth.companyId, range.startDate, range.endDate),
        deps.chats.usagePerConversation(auth.companyId, range.startDate, range.endDate),
      ]);

      const byModel = new Map<string, { inputTokens: number; outputTokens: number }>();
      const byDay = new Map<string, { model: string; tokensUsed: number }[]>();
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
  };
}

export type TokenUsageService = ReturnType<typeof createTokenUsageService>;

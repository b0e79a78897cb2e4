import type { TokenUsageResponse } from "@harbor/contract/analytics";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAnalyticsPage } from "../test-fixtures";
import { TokenUsagePage } from "./token-usage-page";

const usage: TokenUsageResponse = {
  overallUsage: [
    { model: "claude-3-haiku", tokensUsed: 15 },
    { model: "gpt-4.1-mini", tokensUsed: 1_234_567 },
  ],
  usageByModel: [
    { model: "claude-3-haiku", inputTokens: 10, outputTokens: 5, tokensUsed: 15 },
    { model: "gpt-4.1-mini", inputTokens: 1_200_000, outputTokens: 34_567, tokensUsed: 1_234_567 },
  ],
  usageByConversation: [{ model: "gpt-4.1-mini", chats: 2, averageTokensPerChat: 2250 }],
  dailyUsage: [
    { date: "2025-03-10", usage: [{ model: "gpt-4.1-mini", tokensUsed: 1500 }] },
    { date: "2025-03-30", usage: [{ model: "claude-3-haiku", tokensUsed: 15 }] },
  ],
};

function renderUsage(data: TokenUsageResponse) {
  return renderAnalyticsPage({
    path: "/analytics/token-usage",
    page: <TokenUsagePage />,
    routes: { "POST /api/chat/get-token-usage": () => ({ data }) },
  });
}

describe("TokenUsagePage", { timeout: 30_000 }, () => {
  it("shows usage per model and per chat with thousands separators, and the days as MMM D", async () => {
    renderUsage(usage);
    expect(screen.getByRole("status").textContent).toContain("Loading token usage");
    const overall = await screen.findByRole("region", { name: "Overall usage per model" });
    expect(within(overall).getByText("1,234,567")).toBeTruthy();
    const byModel = screen.getByRole("region", { name: "Overall usage by model" });
    expect(within(byModel).getByText("34,567")).toBeTruthy();
    const perChat = screen.getByRole("region", { name: "Average usage per chat" });
    expect(within(perChat).getByText("2,250")).toBeTruthy();
    const daily = screen.getByRole("table", { name: "Daily usage per model" });
    const rows = within(daily)
      .getAllByRole("row")
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["Date", "claude-3-haiku", "gpt-4.1-mini"],
      ["Mar 10", "0", "1,500"],
      ["Mar 30", "15", "0"],
    ]);
  });

  it("has the spec's note when there are no days, and says when nothing was used", async () => {
    renderUsage({ overallUsage: [], usageByModel: [], usageByConversation: [], dailyUsage: [] });
    expect(await screen.findByText("Data after August 3rd, 2023 will show up here")).toBeTruthy();
    expect(screen.getByText("No token usage in this period")).toBeTruthy();
  });
});

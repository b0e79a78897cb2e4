import type { CostAndSpeed, ModelPrices } from "@harbor/contract/analytics";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAnalyticsPage } from "../test-fixtures";
import { CostAndSpeedPage } from "./cost-and-speed-page";

const figures: CostAndSpeed = {
  currency: "USD",
  conversations: 6,
  resolutions: 4,
  totalCost: 1.11,
  costPerConversation: 0.185,
  costPerResolution: 0.2775,
  costByModel: [
    { model: "gpt-4o-mini", inputTokens: 3_000_000, outputTokens: 1_100_000, cost: 1.11 },
    { model: "my-llama", inputTokens: 1_000, outputTokens: 1_000, cost: null },
  ],
  latencyByDay: [{ date: "2025-03-10", answers: 2, p50Ms: 3_000, p95Ms: 3_900 }],
  qualityByLanguage: [
    {
      language: "en",
      conversations: 2,
      resolutions: 2,
      handoffs: 0,
      resolutionRate: 100,
      handoffRate: 0,
      ratings: 2,
      averageRating: 4.5,
    },
    {
      language: "nl",
      conversations: 2,
      resolutions: 1,
      handoffs: 1,
      resolutionRate: 50,
      handoffRate: 50,
      ratings: 1,
      averageRating: 2,
    },
    {
      language: "he",
      conversations: 1,
      resolutions: 1,
      handoffs: 0,
      resolutionRate: 100,
      handoffRate: 0,
      ratings: 0,
      averageRating: null,
    },
    {
      language: "other",
      conversations: 0,
      resolutions: 0,
      handoffs: 0,
      resolutionRate: 0,
      handoffRate: 0,
      ratings: 0,
      averageRating: null,
    },
  ],
  timeZone: "UTC",
};

const prices: ModelPrices = {
  currency: "USD",
  prices: [
    { model: "my-llama", inputPerMillion: null, outputPerMillion: null, source: "missing", hasDefault: false },
    { model: "gpt-4o-mini", inputPerMillion: 0.15, outputPerMillion: 0.6, source: "default", hasDefault: true },
    { model: "local", inputPerMillion: 0, outputPerMillion: 0, source: "default", hasDefault: true },
  ],
};

function renderCost(data: CostAndSpeed, onPrice?: (body: unknown) => void) {
  return renderAnalyticsPage({
    path: "/analytics/cost-and-speed",
    page: <CostAndSpeedPage />,
    routes: {
      "POST /api/analytics/cost-and-speed": () => ({ data }),
      "GET /api/analytics/model-prices": () => ({ data: prices }),
      "POST /api/analytics/model-prices": (body) => {
        onPrice?.(body);
        return { data: prices };
      },
    },
  });
}

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .map((row) => [...row.children].map((cell) => cell.textContent));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("CostAndSpeedPage", { timeout: 30_000 }, () => {
  it("shows the costs in dollars, warns about an unpriced model, and links figures to the inbox", async () => {
    renderCost(figures);
    expect(screen.getAllByRole("status")[0]?.textContent).toContain("Loading cost and speed");
    // The total, and gpt-4o-mini's row of the cost table.
    expect(await screen.findAllByText("$1.11")).toHaveLength(2);
    expect(screen.getByText("$0.185")).toBeTruthy();
    expect(screen.getByText("$0.2775")).toBeTruthy();
    expect(screen.getByText(/No price for my-llama/)).toBeTruthy();
    const quality = screen.getByRole("region", { name: "Quality by language" });
    expect(cellsOf(within(quality).getByRole("table"))).toEqual([
      ["Language", "Conversations", "Resolution rate", "Handoff rate", "Average rating"],
      ["English", "2", "100%", "0%", "4.5"],
      ["Dutch", "2", "50%", "50%", "2"],
      ["Hebrew", "1", "100%", "0%", "—"],
      ["Other", "0", "0%", "0%", "—"],
    ]);
    const range = /from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/;
    const dutch = screen.getByRole("link", { name: "Open Dutch conversations in the inbox" });
    expect(dutch.getAttribute("href")).toMatch(/^\/inbox\?language=nl&from=/);
    expect(dutch.getAttribute("href")).toMatch(range);
    const handoffs = screen.getByRole("link", { name: "Open Dutch handoffs in the inbox" });
    expect(handoffs.getAttribute("href")).toMatch(/^\/inbox\?status=handoff&language=nl&from=/);
    expect(screen.getByRole("link", { name: /6 conversations with the AI/ }).getAttribute("href")).toMatch(range);
    const latency = screen.getByRole("table", { name: "Answer time per day" });
    expect(cellsOf(latency)).toEqual([
      ["Date", "Answers", "Median (s)", "p95 (s)"],
      ["Mar 10, 2025", "2", "3.0", "3.9"],
    ]);
  });

  it("exports a table as CSV with a byte order mark, named by the table and range", async () => {
    const files: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      files.push(blob as Blob);
      return "blob:csv";
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toMatch(/^cost-by-model-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    });
    renderCost(figures);
    fireEvent.click(await screen.findByRole("button", { name: "Export Cost by model as CSV" }));
    expect(clicked).toHaveBeenCalledTimes(1);
    const bytes = new Uint8Array((await files[0]?.arrayBuffer()) ?? new ArrayBuffer(0));
    // UTF-8's byte order mark, kept: Excel then reads the file as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text).toBe(
      "\uFEFFModel,Input tokens,Output tokens,Cost (USD)\r\ngpt-4o-mini,3000000,1100000,1.11\r\nmy-llama,1000,1000,\r\n",
    );
  });

  it("prices an unpriced model through the dialog, refusing a negative price first", async () => {
    const saved: unknown[] = [];
    renderCost(figures, (body) => saved.push(body));
    fireEvent.click(await screen.findByRole("button", { name: "Edit the price of my-llama" }));
    const dialog = await screen.findByRole("dialog", { name: "Price of my-llama" });
    fireEvent.change(within(dialog).getByLabelText(/Input, USD per 1M tokens/), { target: { value: "-1" } });
    fireEvent.change(within(dialog).getByLabelText(/Output, USD per 1M tokens/), { target: { value: "2" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save price" }));
    expect(await within(dialog).findByText("A price cannot be negative")).toBeTruthy();
    expect(saved).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/Input, USD per 1M tokens/), { target: { value: "1" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save price" }));
    await waitFor(() => expect(saved).toEqual([{ model: "my-llama", inputPerMillion: 1, outputPerMillion: 2 }]));
  });

  it("says when there is nothing to price or time", async () => {
    renderCost({
      ...figures,
      totalCost: 0,
      costPerConversation: null,
      costPerResolution: null,
      costByModel: [],
      latencyByDay: [],
    });
    expect(await screen.findByText("No token usage in this period's conversations")).toBeTruthy();
    expect(screen.getByText("No AI answers in this period")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Export Cost by model as CSV" })).toBeNull();
  });
});

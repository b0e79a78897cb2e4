import type { UnansweredQuestions } from "@harbor/contract/analytics";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { StubAnswer } from "../../../test/fetch-stub";
import { renderAnalyticsPage } from "../test-fixtures";
import { UnansweredQuestionsPage } from "./unanswered-questions-page";

const month: UnansweredQuestions = {
  groups: [
    {
      question: "How long does shipping to Belgium take?",
      count: 3,
      examples: ["How long does delivery to Belgium take?"],
      languages: ["en", "nl"],
      reasons: { declined: 2, handedOff: 1, ratedLow: 0 },
      lastAskedAt: "2025-03-03T10:00:00.000000Z",
    },
    {
      question: "Do you sell tents?",
      count: 1,
      examples: [],
      languages: ["he"],
      reasons: { declined: 0, handedOff: 0, ratedLow: 1 },
      lastAskedAt: "2025-03-05T10:00:00.000000Z",
    },
  ],
  answeredSince: 1,
  timeZone: "UTC",
};

function renderUnanswered(answer: (body: unknown) => StubAnswer | Promise<StubAnswer>) {
  return renderAnalyticsPage({
    path: "/analytics/unanswered",
    page: <UnansweredQuestionsPage />,
    routes: { "POST /api/analytics/unanswered-questions": answer },
  });
}

describe("UnansweredQuestionsPage", { timeout: 30_000 }, () => {
  it("lists the groups most asked first with their wordings, languages and reasons", async () => {
    renderUnanswered(() => ({ data: month }));
    expect(screen.getByRole("status").textContent).toContain("Loading unanswered questions");
    const first = await screen.findByRole("article", { name: "How long does shipping to Belgium take?" });
    const articles = screen.getAllByRole("article").map((article) => article.getAttribute("aria-label"));
    expect(articles).toEqual(["How long does shipping to Belgium take?", "Do you sell tents?"]);
    expect(within(first).getByText("Asked 3 times")).toBeTruthy();
    expect(within(first).getByText("Languages: English, Dutch")).toBeTruthy();
    expect(within(first).getByText("Declined 2 · Handed off 1 · Last asked 2025-03-03")).toBeTruthy();
    expect(within(first).getByRole("listitem").textContent).toBe("How long does delivery to Belgium take?");
    const second = screen.getByRole("article", { name: "Do you sell tents?" });
    expect(within(second).getByText("Languages: Hebrew")).toBeTruthy();
    expect(within(second).getByText("Rated below 3: 1 · Last asked 2025-03-05")).toBeTruthy();
    expect(within(second).queryByRole("list")).toBeNull();
    expect(screen.getByText("1 group is no longer shown: knowledge added since answers it.")).toBeTruthy();
  });

  it("opens the article editor with the question as the title", async () => {
    const user = userEvent.setup();
    renderUnanswered(() => ({ data: month }));
    await user.click(await screen.findByRole("link", { name: 'Write an article answering "Do you sell tents?"' }));
    expect(await screen.findByText("new article: Do you sell tents?")).toBeTruthy();
  });

  it("says so when nothing went unanswered", async () => {
    renderUnanswered(() => ({ data: { groups: [], answeredSince: 0, timeZone: "UTC" } }));
    expect(await screen.findByText("No unanswered questions in this period")).toBeTruthy();
  });

  it("shows the server's message with a retry when loading fails, and the groups after retrying", async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderUnanswered(() => {
      calls += 1;
      return calls === 1 ? { status: 503, hasError: true, message: "The database is busy" } : { data: month };
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The database is busy");
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("article", { name: "Do you sell tents?" })).toBeTruthy();
  });
});

import type { AnalyticsRange } from "@harbor/contract/analytics";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { bodiesSentTo } from "../../../test/fetch-stub";
import { addDays, todayIn } from "../lib/date-ranges";
import { insightsFixture, renderAnalyticsPage } from "../test-fixtures";
import { InsightsPage } from "./insights-page";

const today = todayIn("UTC");

function renderInsights(answer: () => object = () => ({ data: insightsFixture })) {
  return renderAnalyticsPage({
    path: "/analytics/insights",
    page: <InsightsPage />,
    routes: { "POST /api/chat/get-analytics": answer },
  });
}

const card = (name: string) => screen.getByRole("region", { name });

// Several renders and many clicks each: more than the default 5 s on a busy machine.
describe("InsightsPage", { timeout: 30_000 }, () => {
  it("shows skeletons, then the figures for the last 30 days", async () => {
    const { fetchMock } = renderInsights();
    expect(screen.getByRole("status").textContent).toContain("Loading insights");
    expect(await screen.findByText("2.3 messages per chat on average")).toBeTruthy();
    expect(bodiesSentTo(fetchMock, "POST /api/chat/get-analytics")[0]).toEqual({
      startDate: addDays(today, -29),
      endDate: today,
    });
    const figure = (label: string) => screen.getByText(label).closest(".mantine-Paper-root")?.textContent;
    expect(figure("Total conversations with AI")).toContain("13");
    // Deflections = 13 − 1 − 9.
    expect(figure("Deflections")).toContain("3");
    expect(figure("Resolutions")).toContain("9");
    expect(figure("Handoffs")).toContain("1");
    const breakdown = screen.getByRole("region", { name: "How conversations ended" });
    expect(within(breakdown).getByText("Confirmed").closest(".mantine-Paper-root")?.textContent).toContain("2");
    expect(within(breakdown).getByText("Assumed").closest(".mantine-Paper-root")?.textContent).toContain("7");
    expect(within(breakdown).getByText("Reopened").closest(".mantine-Paper-root")?.textContent).toContain("2");
  });

  it("lists each card's names split into words, largest first, with chats and truncated percentages", async () => {
    renderInsights();
    await screen.findByText("2.3 messages per chat on average");
    const rows = within(card("Chats by AI categories"))
      .getAllByRole("listitem")
      .map((row) => row.textContent);
    // 3 of 13 is 23.07 %, 1 of 13 is 7.69 %: both cut, not rounded.
    expect(rows).toEqual(["Order Status3 chats23%", "Shipping Times3 chats23%", "Fit1 chats7%"]);
    expect(within(card("Deflected chats")).getAllByRole("listitem")[0]?.textContent).toBe("Shipping Times2 chats15%");
    expect(within(card("Suggested Questions")).getByText("No chats in this category")).toBeTruthy();
  });

  it("says message for one message per chat", async () => {
    renderInsights(() => ({ data: { ...insightsFixture, averageMessagesCount: 1 } }));
    expect(await screen.findByText("1 message per chat on average")).toBeTruthy();
  });

  it("shows each figure's definition on focus and gives it to screen readers", async () => {
    const user = userEvent.setup();
    renderInsights();
    await screen.findByText("2.3 messages per chat on average");
    const about = screen.getByRole("button", { name: "About Assumed" });
    expect(about.getAttribute("aria-describedby")).toBeTruthy();
    const description = document.getElementById(about.getAttribute("aria-describedby") ?? "");
    expect(description?.textContent).toContain("24 hours");
    await user.tab();
    about.focus();
    expect((await screen.findByRole("tooltip")).textContent).toContain("No message from the visitor for 24 hours");
  });

  it("asks again for Yesterday, a custom range and a month", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderInsights();
    await screen.findByText("2.3 messages per chat on average");
    const sent = () => bodiesSentTo(fetchMock, "POST /api/chat/get-analytics") as AnalyticsRange[];

    await user.click(screen.getByRole("button", { name: /^Date range:/ }));
    await user.click(await screen.findByRole("button", { name: "Yesterday" }));
    await waitFor(() => expect(sent().at(-1)).toEqual({ startDate: addDays(today, -1), endDate: addDays(today, -1) }));

    await user.click(screen.getByRole("button", { name: /^Date range:/ }));
    await user.click(await screen.findByRole("button", { name: "Custom Range" }));
    const start = screen.getByLabelText("Start date") as HTMLInputElement;
    const end = screen.getByLabelText("End date") as HTMLInputElement;
    expect(end.max).toBe(today);
    await user.clear(end);
    await user.type(end, addDays(today, 1));
    expect(screen.getByRole("alert").textContent).toBe("Dates cannot be in the future");
    expect((screen.getByRole("button", { name: "Get Insights" }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(start);
    await user.type(start, "2025-03-01");
    await user.clear(end);
    await user.type(end, "2025-03-31");
    await user.click(screen.getByRole("button", { name: "Get Insights" }));
    await waitFor(() => expect(sent().at(-1)).toEqual({ startDate: "2025-03-01", endDate: "2025-03-31" }));

    const month = screen.getByRole("combobox", { name: "Month" });
    const options = within(month)
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(options[0]).toBe("Choose a month");
    expect(options.at(-1)).toBe("March 2024");
    await user.selectOptions(month, "March 2024");
    await waitFor(() => expect(sent().at(-1)).toEqual({ startDate: "2024-03-01", endDate: "2024-03-31" }));
  });

  it("keeps the figures on screen when a later call fails", async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderInsights(() => {
      calls += 1;
      return calls === 1 ? { data: insightsFixture } : { status: 500, message: "Down" };
    });
    await screen.findByText("2.3 messages per chat on average");
    await user.click(screen.getByRole("button", { name: /^Date range:/ }));
    await user.click(await screen.findByRole("button", { name: "Today" }));
    await waitFor(() => expect(calls).toBe(2));
    expect(screen.getByText("2.3 messages per chat on average")).toBeTruthy();
  });

  it("changes the company's reporting zone and reads the figures again in it", async () => {
    const user = userEvent.setup();
    let stored = { timeZone: "UTC" };
    const { fetchMock } = renderAnalyticsPage({
      path: "/analytics/insights",
      page: <InsightsPage />,
      routes: {
        "POST /api/chat/get-analytics": () => ({ data: insightsFixture }),
        "GET /api/analytics/time-zone": () => ({ data: stored }),
        "POST /api/analytics/time-zone": (body) => {
          stored = body as typeof stored;
          return { data: stored };
        },
      },
    });
    await screen.findByText("2.3 messages per chat on average");
    const before = bodiesSentTo(fetchMock, "POST /api/chat/get-analytics").length;
    const zone = screen.getByRole("combobox", { name: "Reporting time zone" }) as HTMLSelectElement;
    expect(zone.value).toBe("UTC");
    await user.selectOptions(zone, "Europe/Amsterdam");
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, "POST /api/analytics/time-zone")).toEqual([{ timeZone: "Europe/Amsterdam" }]),
    );
    await waitFor(() => expect(bodiesSentTo(fetchMock, "POST /api/chat/get-analytics").length).toBeGreaterThan(before));
    expect(zone.value).toBe("Europe/Amsterdam");
  });
});

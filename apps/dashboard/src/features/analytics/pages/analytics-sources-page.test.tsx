import type { SourceInsight } from "@harbor/contract/analytics";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAnalyticsPage } from "../test-fixtures";
import { AnalyticsSourcesPage } from "./analytics-sources-page";

const articles: SourceInsight = {
  sourceID: "s1",
  sourceType: "macha-article",
  title: "Help articles",
  documentCount: 3,
  documents: [
    { title: "Shipping", timesUsed: 5, url: "https://shop.example/shipping", referenceID: "a2" },
    { title: "Returns", timesUsed: 2, url: null, referenceID: "a1" },
  ],
};
const catalogue: SourceInsight = {
  sourceID: "s2",
  sourceType: "shopify-products",
  title: "Catalogue",
  documentCount: 1,
  documents: [],
};

function renderSources(data: SourceInsight[]) {
  return renderAnalyticsPage({
    path: "/analytics/sources",
    page: <AnalyticsSourcesPage />,
    routes: { "POST /api/document/analytics/sources": () => ({ data }) },
  });
}

describe("AnalyticsSourcesPage", { timeout: 30_000 }, () => {
  it("shows each source's used documents with truncated shares and where View leads", async () => {
    const user = userEvent.setup();
    renderSources([articles, catalogue]);
    expect(screen.getByRole("status").textContent).toContain("Loading sources");
    const section = await screen.findByRole("region", { name: "Help articles" });
    expect(within(section).getByText("3 documents")).toBeTruthy();
    expect(
      within(section)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Name", "Used in Answers", "Percentage", "Link"]);
    const rows = within(section)
      .getAllByRole("row")
      .slice(1)
      .map((row) => [...row.querySelectorAll("td")].slice(0, 3).map((cell) => cell.textContent));
    // 5 of 7 is 71.4 %, 2 of 7 is 28.6 %: cut, not rounded.
    expect(rows).toEqual([
      ["Shipping", "5", "71%"],
      ["Returns", "2", "28%"],
    ]);
    const external = within(section).getByRole("link", { name: "View Shipping" });
    expect(external.getAttribute("href")).toBe("https://shop.example/shipping");
    expect(external.getAttribute("target")).toBe("_blank");
    expect(
      within(screen.getByRole("region", { name: "Catalogue" })).getByText("No documents in this source used"),
    ).toBeTruthy();
    await user.click(within(section).getByRole("link", { name: "View Returns" }));
    expect(await screen.findByText("article editor")).toBeTruthy();
  });

  it("says so when there is no source", async () => {
    renderSources([]);
    expect(await screen.findByRole("heading", { name: "No sources yet" })).toBeTruthy();
  });
});

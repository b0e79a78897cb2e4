import type { Source } from "@harbor/contract/knowledge";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { bodiesSentTo, type StubAnswer, stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import { setViewportWidth } from "../../../test/viewport";
import { SOURCES_SYNC_POLL_MS } from "../api/get-sources";
import { articlesSource, company, source } from "../test-fixtures";
import { SourcesPage } from "./sources-page";

function renderPage(routes: Record<string, (body: unknown) => StubAnswer | Promise<StubAnswer>>) {
  const fetchMock = stubFetch(routes);
  const view = renderRoutes({
    initialPath: "/knowledge-base/sources",
    routes: [
      { path: "/knowledge-base/sources", element: <SourcesPage /> },
      { path: "/knowledge-base/sources/:sourceID", element: <p>source detail</p> },
    ],
  });
  return { ...view, fetchMock };
}

const rowOf = (name: string) => screen.getByRole("link", { name }).closest("tr") as HTMLElement;

const website = source({ _id: "00000000-0000-4000-8000-0000000000b1", name: "Help pages" });
const shop = source({
  _id: "00000000-0000-4000-8000-0000000000b2",
  name: "Shop products",
  sourceType: "shopify-products",
  isActive: false,
  updateFrequency: "monthly",
});
const helpCenter = source({
  _id: "00000000-0000-4000-8000-0000000000b3",
  name: "Help center",
  sourceType: "zendesk-hc",
  updateFrequency: "auto",
});
const syncing = (item: Source): Source => ({
  ...item,
  integrationStatus: { ...item.integrationStatus, inProgress: true },
});

describe("SourcesPage", () => {
  it("offers the help-center source only while the company's Zendesk integration is active", async () => {
    const user = userEvent.setup();
    const zendesk = (isActive: boolean) => ({ zendesk: { isActive, credentials: { domainName: "acme" } } });
    const answers = [
      company([articlesSource, website], zendesk(true)),
      company([articlesSource, website], zendesk(false)),
    ];
    for (const [index, answer] of answers.entries()) {
      const view = renderPage({ "GET /api/document/sources": () => ({ data: answer }) });
      await screen.findByRole("link", { name: "Help pages" });
      await user.click(screen.getByRole("button", { name: "Add Source" }));
      const dialog = await screen.findByRole("dialog", { name: "Add Source" });
      const types = within(dialog)
        .getAllByRole("option")
        .map((option) => (option as HTMLOptionElement).value);
      expect(types.includes("zendesk-hc"), `answer ${index}`).toBe(index === 0);
      view.unmount();
    }
  });

  it("shows a loader, then the sources with their columns", async () => {
    renderPage({ "GET /api/document/sources": () => ({ data: company([articlesSource, website]) }) });
    expect(screen.getByRole("status").textContent).toContain("Loading sources");
    await screen.findByRole("link", { name: "Help pages" });
    const headers = screen.getAllByRole("columnheader").map((cell) => cell.textContent);
    expect(headers).toEqual(["Name", "Type", "Documents", "Update frequency", "Last updated", "Status", "Actions"]);
    const row = rowOf("Help pages");
    expect(within(row).getByText("Website")).toBeTruthy();
    expect(within(row).getByText("12")).toBeTruthy();
    expect(within(row).getByText("Weekly")).toBeTruthy();
  });

  it("shows each source as a card with labelled values on a 375 px phone, and opens it from the card", async () => {
    setViewportWidth(375);
    const user = userEvent.setup();
    const { router } = renderPage({ "GET /api/document/sources": () => ({ data: company([website]) }) });
    const cards = await screen.findByRole("list", { name: "Sources" });
    expect(screen.queryByRole("table")).toBeNull();
    const [card] = within(cards).getAllByRole("listitem");
    const text = card?.textContent ?? "";
    for (const labelled of ["Help pages", "TypeWebsite", "Documents12", "Update frequencyWeekly", "Status"])
      expect(text).toContain(labelled);
    await user.click(within(card as HTMLElement).getByText("Website"));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/knowledge-base/sources/${website._id}`));
  });

  it("shows Syncing, Active or Inactive, and 'auto' instead of Resync for automatic sources", async () => {
    renderPage({
      "GET /api/document/sources": () => ({ data: company([articlesSource, syncing(website), shop, helpCenter]) }),
    });
    await screen.findByRole("link", { name: "Help pages" });

    expect(within(rowOf("Help pages")).getByText("Syncing")).toBeTruthy();
    expect(
      (within(rowOf("Help pages")).getByRole("button", { name: "Resync Help pages" }) as HTMLButtonElement).disabled,
    ).toBe(true);

    expect(within(rowOf("Shop products")).getByText("Inactive")).toBeTruthy();
    expect(within(rowOf("Shop products")).getByRole("button", { name: "Resync Shop products" })).toBeTruthy();

    const helpRow = rowOf("Help center");
    expect(within(helpRow).getByText("Active")).toBeTruthy();
    expect(within(helpRow).getByText("auto")).toBeTruthy();
    expect(within(helpRow).queryByRole("button")).toBeNull();

    // Articles are written in Harbor: nothing to read again.
    expect(within(rowOf("Articles")).queryByRole("button")).toBeNull();
  });

  it("reads the list again every 3 s while a source syncs, so Syncing turns Active by itself", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let isSyncing = true;
    const { fetchMock } = renderPage({
      "GET /api/document/sources": () => ({ data: company([isSyncing ? syncing(website) : website]) }),
    });
    await screen.findByText("Syncing");
    isSyncing = false;
    await act(() => vi.advanceTimersByTimeAsync(SOURCES_SYNC_POLL_MS + 100));
    await waitFor(() => expect(within(rowOf("Help pages")).getByText("Active")).toBeTruthy());
    const calls = bodiesSentTo(fetchMock, "GET /api/document/sources").length;

    // Nothing syncs any more: no further reads.
    await act(() => vi.advanceTimersByTimeAsync(SOURCES_SYNC_POLL_MS * 3));
    expect(bodiesSentTo(fetchMock, "GET /api/document/sources")).toHaveLength(calls);
  });

  it("resyncs a source and shows it syncing", async () => {
    const user = userEvent.setup();
    let current = website;
    const { fetchMock } = renderPage({
      "GET /api/document/sources": () => ({ data: company([current]) }),
      "POST /api/document/sources/resync": () => {
        current = syncing(website);
        return { data: company([current]) };
      },
    });
    await user.click(await screen.findByRole("button", { name: "Resync Help pages" }));
    expect(await screen.findByText("Syncing")).toBeTruthy();
    expect(bodiesSentTo(fetchMock, "POST /api/document/sources/resync")).toEqual([{ sourceID: website._id }]);
  });

  it("opens a source from its row, by click or by its link", async () => {
    const user = userEvent.setup();
    const { router } = renderPage({ "GET /api/document/sources": () => ({ data: company([website]) }) });
    await screen.findByRole("link", { name: "Help pages" });
    await user.click(within(rowOf("Help pages")).getByText("Weekly"));
    expect(await screen.findByText("source detail")).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/knowledge-base/sources/${website._id}`);
  });

  it("shows the last error and lists the pages that could not be read", async () => {
    const user = userEvent.setup();
    const broken = source({
      ...website,
      integrationStatus: {
        inProgress: false,
        lastSyncedAt: null,
        lastError: "The site did not answer",
        pageErrors: [
          { url: "https://shop.test/a", message: "404 Not Found" },
          { url: "https://shop.test/b", message: "Timed out" },
        ],
      },
    });
    const { router } = renderPage({ "GET /api/document/sources": () => ({ data: company([broken]) }) });
    expect(await screen.findByText("Last sync failed: The site did not answer")).toBeTruthy();
    // Not a green Active beside the error.
    expect(within(rowOf("Help pages")).queryByText("Active")).toBeNull();
    const badge = within(rowOf("Help pages")).getByText("Sync failed").closest("[data-status]") as HTMLElement;
    expect(badge.dataset.status).toBe("failed");
    expect(badge.style.minWidth).toBe("max-content");
    await user.click(screen.getByRole("button", { name: "2 pages could not be read" }));
    const dialog = await screen.findByRole("dialog", { name: "Pages of Help pages that could not be read" });
    expect(within(dialog).getByText("https://shop.test/a")).toBeTruthy();
    expect(within(dialog).getByText("Timed out")).toBeTruthy();
    // The link opens the list, not the source.
    expect(router.state.location.pathname).toBe("/knowledge-base/sources");
  });

  it("shows the empty state without sources", async () => {
    renderPage({ "GET /api/document/sources": () => ({ data: company([]) }) });
    expect(await screen.findByRole("heading", { name: "No sources yet" })).toBeTruthy();
  });

  it("opens the Add Source modal", async () => {
    const user = userEvent.setup();
    renderPage({ "GET /api/document/sources": () => ({ data: company([articlesSource]) }) });
    await user.click(await screen.findByRole("button", { name: "Add Source" }));
    expect(await screen.findByRole("dialog", { name: "Add Source" })).toBeTruthy();
  });
});

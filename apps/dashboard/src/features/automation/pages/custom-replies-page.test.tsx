import type { CustomReplyListItem } from "@harbor/contract/automation";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { notifySuccess } from "../../../lib/notify";
import { bodiesSentTo, type StubAnswer, stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import { replyItem } from "../test-fixtures";
import { CustomRepliesPage } from "./custom-replies-page";

vi.mock("../../../lib/notify", () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));

type Handler = (body: unknown) => StubAnswer | Promise<StubAnswer>;

/** Pastes instead of typing key by key: the same events a form sees, in a fraction of the time. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const SECOND_ID = "00000000-0000-4000-8000-0000000000a2";

function renderPage({ replies = [] as CustomReplyListItem[], routes = {} as Record<string, Handler> } = {}) {
  const fetchMock = stubFetch({ "GET /api/custom-reply/all": () => ({ data: replies }), ...routes });
  const view = renderRoutes({
    initialPath: "/automation/custom-replies",
    routes: [
      { path: "/automation/custom-replies", element: <CustomRepliesPage /> },
      { path: "/automation/custom-replies/:customReplyID", element: <p>Flow editor</p> },
    ],
  });
  return { ...view, fetchMock };
}

const rowTexts = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .slice(0, 3)
        .map((cell) => cell.textContent),
    );

describe("CustomRepliesPage", () => {
  it("shows the zero state 'Add Custom Replies' after loading", async () => {
    renderPage();
    expect(screen.getByRole("status").textContent).toContain("Loading custom replies");
    expect(await screen.findByRole("heading", { name: "Add Custom Replies" })).toBeTruthy();
  });

  it("lists Name, Number of Nodes and Status as the server sorted them", async () => {
    renderPage({
      replies: [replyItem({ _id: SECOND_ID, name: "Exchange", nodeCount: 0, isActive: false }), replyItem()],
    });
    await screen.findByRole("table");
    expect(screen.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual([
      "Name",
      "Number of Nodes",
      "Status",
      "Actions",
    ]);
    expect(rowTexts()).toEqual([
      ["Exchange", "0", "Inactive"],
      ["Track order", "3", "Active"],
    ]);
    expect(screen.getByText("Showing 2 custom replies")).toBeTruthy();
  });

  it("adds a reply by name without sending a graph, then opens it in the flow editor", async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderPage({
      replies: [replyItem()],
      routes: {
        "POST /api/custom-reply/save": () => ({
          data: { _id: SECOND_ID, name: "Exchange", isActive: true, nodes: [] },
          message: "Custom reply saved",
        }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Add Custom Reply" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Custom Reply" });
    const name = within(dialog).getByLabelText(/^Name/);
    await user.type(name, " ");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Name is required")).toBeTruthy();
    await user.clear(name);
    await fill(user, name, "Exchange");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Flow editor")).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/automation/custom-replies/${SECOND_ID}`);
    expect(bodiesSentTo(fetchMock, "POST /api/custom-reply/save")).toEqual([{ name: "Exchange", isActive: true }]);
    expect(notifySuccess).toHaveBeenCalledWith({ message: "Custom reply saved" });
    // Back on the list, the new reply is in its name order without a reload.
    await router.navigate("/automation/custom-replies");
    await screen.findByRole("table");
    expect(rowTexts()).toEqual([
      ["Exchange", "0", "Active"],
      ["Track order", "3", "Active"],
    ]);
  });

  it("Edit opens the reply in the flow editor", async () => {
    const user = userEvent.setup();
    const { router } = renderPage({ replies: [replyItem()] });
    await user.click(await screen.findByRole("button", { name: "Edit Track order" }));
    expect(await screen.findByText("Flow editor")).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/automation/custom-replies/${replyItem()._id}`);
  });

  it("deletes after a confirmation naming the reply", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage({
      replies: [replyItem()],
      routes: { "POST /api/custom-reply/delete": () => ({ data: null }) },
    });
    await user.click(await screen.findByRole("button", { name: "Delete Track order" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Track order?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByRole("heading", { name: "Add Custom Replies" })).toBeTruthy();
    expect(bodiesSentTo(fetchMock, "POST /api/custom-reply/delete")).toEqual([{ customReplyID: replyItem()._id }]);
    expect(notifySuccess).toHaveBeenCalledWith({ message: "Custom reply deleted" });
  });
});

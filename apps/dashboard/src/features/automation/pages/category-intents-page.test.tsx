import type { QuestionCategory } from "@harbor/contract/automation";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { notifySuccess } from "../../../lib/notify";
import { bodiesSentTo, type StubAnswer, stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import { CATEGORY_ID, category, intent, REPLY_ID, replyItem } from "../test-fixtures";
import { CategoryIntentsPage } from "./category-intents-page";

vi.mock("../../../lib/notify", () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));

type Handler = (body: unknown) => StubAnswer | Promise<StubAnswer>;

/** Pastes instead of typing key by key: the same events a form sees, in a fraction of the time. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const NEW_INTENT_ID = "00000000-0000-4000-8000-0000000000d9";

function renderPage({ shown = category(), routes = {} as Record<string, Handler> } = {}) {
  const fetchMock = stubFetch({
    "POST /api/question-category/get": () => ({ data: shown satisfies QuestionCategory }),
    "GET /api/custom-reply/all": () => ({ data: [replyItem()] }),
    ...routes,
  });
  const view = renderRoutes({
    initialPath: `/automation/question-categories/${CATEGORY_ID}`,
    routes: [
      { path: "/automation/question-categories", element: <p>categories list</p> },
      { path: "/automation/question-categories/:categoryID", element: <CategoryIntentsPage /> },
    ],
  });
  return { ...view, fetchMock };
}

describe("CategoryIntentsPage", () => {
  it("reads the category by its id, shows its title, and the zero state", async () => {
    const { fetchMock } = renderPage();
    expect(await screen.findByRole("heading", { name: "Shipping" })).toBeTruthy();
    expect(screen.getByText("Category Intents")).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "No intents found" })).toBeTruthy();
    expect(bodiesSentTo(fetchMock, "POST /api/question-category/get")).toEqual([{ questionCategoryID: CATEGORY_ID }]);
  });

  it("lists Title, Custom Reply, Status with a count, and leads back through the breadcrumb", async () => {
    const user = userEvent.setup();
    renderPage({
      shown: category({
        intents: [intent({ customReplyID: REPLY_ID }), intent({ _id: NEW_INTENT_ID, title: "Cost", isActive: false })],
      }),
    });
    await screen.findByRole("table");
    expect(screen.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual([
      "Title",
      "Custom Reply",
      "Status",
      "Actions",
    ]);
    const rows = screen
      .getAllByRole("row")
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole("cell")
          .slice(0, 3)
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ["Where is my order?", "Track order", "Active"],
      ["Cost", "None", "Inactive"],
    ]);
    expect(screen.getByText("Showing 2 intents")).toBeTruthy();
    await user.click(screen.getByRole("link", { name: "Question Categories" }));
    expect(await screen.findByText("categories list")).toBeTruthy();
  });

  it("adds an intent under the category; it joins the table", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage({
      routes: {
        "POST /api/question-category/intent/add": () => ({
          data: intent({ _id: NEW_INTENT_ID, title: "Do you ship abroad?" }),
          message: "Intent saved",
        }),
      },
    });
    await screen.findByRole("heading", { name: "No intents found" });
    await user.click(screen.getAllByRole("button", { name: "Add Intent" })[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Add Intent" });
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(bodiesSentTo(fetchMock, "POST /api/question-category/intent/add")).toHaveLength(0);
    await fill(user, within(dialog).getByLabelText(/^Description/), "Do you ship abroad?");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodiesSentTo(fetchMock, "POST /api/question-category/intent/add")).toEqual([
      {
        questionCategoryID: CATEGORY_ID,
        intent: { title: "Do you ship abroad?", customReplyID: null, isActive: true },
      },
    ]);
    expect(notifySuccess).toHaveBeenCalledWith({ message: "Intent saved" });
    expect(screen.getByText("Showing 1 intent")).toBeTruthy();
  });

  it("requires a description", async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole("heading", { name: "No intents found" });
    await user.click(screen.getAllByRole("button", { name: "Add Intent" })[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Add Intent" });
    await user.type(within(dialog).getByLabelText(/^Description/), "  ");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Description is required")).toBeTruthy();
  });

  it("edits an intent through /intent/update and deletes one after confirming", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage({
      shown: category({ intents: [intent()] }),
      routes: {
        "POST /api/question-category/intent/update": (body) => ({
          data: (body as { intent: unknown }).intent,
        }),
        "POST /api/question-category/intent/delete": () => ({ data: null }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Edit Where is my order?" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Intent" });
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Custom reply" }), "Track order");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodiesSentTo(fetchMock, "POST /api/question-category/intent/update")).toEqual([
      {
        questionCategoryID: CATEGORY_ID,
        intent: { _id: intent()._id, title: "Where is my order?", customReplyID: REPLY_ID, isActive: true },
      },
    ]);
    expect(screen.getByRole("cell", { name: "Track order" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Delete Where is my order?" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete Where is my order??" });
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await screen.findByRole("heading", { name: "No intents found" })).toBeTruthy();
    expect(bodiesSentTo(fetchMock, "POST /api/question-category/intent/delete")).toEqual([
      { questionCategoryID: CATEGORY_ID, intentID: intent()._id },
    ]);
  });

  it("says when the category is gone", async () => {
    renderPage({
      routes: {
        "POST /api/question-category/get": () => ({ status: 404, message: "This category no longer exists." }),
      },
    });
    expect((await screen.findByRole("alert")).textContent).toContain("This category no longer exists.");
  });
});

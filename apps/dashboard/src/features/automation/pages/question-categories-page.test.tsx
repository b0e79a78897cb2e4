import type { QuestionCategory } from "@harbor/contract/automation";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { notifySuccess } from "../../../lib/notify";
import { bodiesSentTo, type StubAnswer, stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import { category, intent, REPLY_ID, replyItem } from "../test-fixtures";
import { QuestionCategoriesPage } from "./question-categories-page";

vi.mock("../../../lib/notify", () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));

type Handler = (body: unknown) => StubAnswer | Promise<StubAnswer>;

/** Pastes instead of typing key by key: the same events a form sees, in a fraction of the time. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const SECOND_ID = "00000000-0000-4000-8000-0000000000c2";
const THIRD_ID = "00000000-0000-4000-8000-0000000000c3";

function renderPage({ categories = [] as QuestionCategory[], routes = {} as Record<string, Handler> } = {}) {
  const fetchMock = stubFetch({
    "GET /api/question-category/all": () => ({ data: categories }),
    "GET /api/custom-reply/all": () => ({ data: [replyItem()] }),
    ...routes,
  });
  const view = renderRoutes({
    initialPath: "/automation/question-categories",
    routes: [
      { path: "/automation/question-categories", element: <QuestionCategoriesPage /> },
      { path: "/automation/question-categories/:categoryID", element: <p>intents page</p> },
    ],
  });
  return { ...view, fetchMock };
}

const firstCells = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[0]!.textContent);

const three = [
  category({
    _id: SECOND_ID,
    title: "billing",
    intents: [intent()],
    isActive: false,
    createdAt: "2026-10-01T00:00:00Z",
  }),
  category({ title: "Shipping", customReplyID: REPLY_ID, createdAt: "2026-11-02T00:00:00Z" }),
  category({
    _id: THIRD_ID,
    title: "Returns",
    intents: [intent(), intent({ _id: "00000000-0000-4000-8000-0000000000d2", title: "Refund" })],
    createdAt: "2026-11-01T00:00:00Z",
  }),
];

describe("QuestionCategoriesPage", () => {
  it("shows the header, a loader, then the zero state whose action opens the Add Category modal", async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole("heading", { name: "Question Categories" })).toBeTruthy();
    expect(screen.getByText("Question categories allow you to set rules for the AI to answer")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain("Loading question categories");
    expect(await screen.findByRole("heading", { name: "Add Question Categories" })).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    const [, zeroStateAction] = screen.getAllByRole("button", { name: "Add Category" });
    await user.click(zeroStateAction!);
    expect(await screen.findByRole("dialog", { name: "Add Category" })).toBeTruthy();
  });

  it("lists Name, Intents, Custom Reply, Status and counts them in the footer", async () => {
    renderPage({ categories: three });
    await screen.findByRole("table");
    expect(screen.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual([
      "Name",
      "Intents",
      "Custom Reply",
      "Status",
      "Actions",
    ]);
    const rows = screen.getAllByRole("row").slice(1);
    expect(
      within(rows[2]!)
        .getAllByRole("cell")
        .slice(0, 4)
        .map((cell) => cell.textContent),
    ).toEqual(["Shipping", "0", "Track order", "Active"]);
    expect(screen.getByText("Showing 3 categories")).toBeTruthy();
  });

  it("sorts by name ascending, by intents, status, custom reply and created date descending", async () => {
    const user = userEvent.setup();
    renderPage({ categories: three });
    await screen.findByRole("table");
    const sortBy = screen.getByRole("combobox", { name: "Sort by" });
    expect(firstCells()).toEqual(["billing", "Returns", "Shipping"]);
    await user.selectOptions(sortBy, "intents");
    expect(firstCells()).toEqual(["Returns", "billing", "Shipping"]);
    await user.selectOptions(sortBy, "status");
    expect(firstCells()).toEqual(["Returns", "Shipping", "billing"]);
    await user.selectOptions(sortBy, "custom-replies");
    expect(firstCells()).toEqual(["Shipping", "billing", "Returns"]);
    await user.selectOptions(sortBy, "created-date");
    expect(firstCells()).toEqual(["Shipping", "Returns", "billing"]);
  });

  it("validates per spec part 2 §5 and sends nothing until the form is right", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage();
    await user.click((await screen.findAllByRole("button", { name: "Add Category" }))[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Add Category" });
    await user.type(within(dialog).getByLabelText(/^Name/), " ");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Name is required")).toBeTruthy();
    expect(within(dialog).getByText("Description is required")).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/^Description/)
        .getAttribute("maxlength"),
    ).toBe("250");
    expect(bodiesSentTo(fetchMock, "POST /api/question-category/add")).toHaveLength(0);
  });

  it("adds a category, which joins the list from the returned record", async () => {
    const user = userEvent.setup();
    const saved = category({ _id: SECOND_ID, title: "Sizing", description: "Fit", customReplyID: REPLY_ID });
    const { fetchMock } = renderPage({
      categories: [category()],
      routes: { "POST /api/question-category/add": () => ({ data: saved, message: "Category saved" }) },
    });
    await user.click(await screen.findByRole("button", { name: "Add Category" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Category" });
    await fill(user, within(dialog).getByLabelText(/^Name/), "Sizing");
    await fill(user, within(dialog).getByLabelText(/^Description/), "Fit");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: /Custom reply/ }), "Track order");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodiesSentTo(fetchMock, "POST /api/question-category/add")).toEqual([
      { title: "Sizing", description: "Fit", customReplyID: REPLY_ID, isActive: true },
    ]);
    expect(notifySuccess).toHaveBeenCalledWith({ message: "Category saved" });
    expect(firstCells()).toEqual(["Shipping", "Sizing"]);
    expect(screen.getByText("Showing 2 categories")).toBeTruthy();
  });

  it("edits through /update, replacing the row, and shows a server refusal in the modal", async () => {
    const user = userEvent.setup();
    let calls = 0;
    const { fetchMock } = renderPage({
      categories: [category()],
      routes: {
        "POST /api/question-category/update": (body) => {
          calls += 1;
          if (calls === 1) return { status: 409, message: 'A category named "Returns" already exists.' };
          return { data: { ...category(), ...(body as object), intents: [] } };
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Edit Shipping" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Category" });
    const name = within(dialog).getByLabelText(/^Name/);
    await user.clear(name);
    await fill(user, name, "Delivery");
    await user.click(within(dialog).getByRole("switch", { name: "Active" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain(
      'A category named "Returns" already exists.',
    );
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodiesSentTo(fetchMock, "POST /api/question-category/update")[1]).toEqual({
      questionCategoryID: category()._id,
      title: "Delivery",
      description: "Delivery times and costs",
      customReplyID: null,
      isActive: false,
    });
    expect(firstCells()).toEqual(["Delivery"]);
    expect(screen.getByText("Showing 1 category")).toBeTruthy();
    expect(screen.getByText("Inactive")).toBeTruthy();
  });

  it("deletes after a confirmation naming the category; Cancel keeps it", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage({
      categories: [category()],
      routes: { "POST /api/question-category/delete": () => ({ data: null, message: "Category deleted" }) },
    });
    await user.click(await screen.findByRole("button", { name: "Delete Shipping" }));
    let dialog = await screen.findByRole("dialog", { name: "Delete Shipping?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodiesSentTo(fetchMock, "POST /api/question-category/delete")).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Delete Shipping" }));
    dialog = await screen.findByRole("dialog", { name: "Delete Shipping?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByRole("heading", { name: "Add Question Categories" })).toBeTruthy();
    expect(bodiesSentTo(fetchMock, "POST /api/question-category/delete")).toEqual([
      { questionCategoryID: category()._id },
    ]);
    expect(notifySuccess).toHaveBeenCalledWith({ message: "Category deleted" });
  });

  it("opens a category's intents from the row, by keyboard too", async () => {
    const user = userEvent.setup();
    renderPage({ categories: [category()] });
    const link = await screen.findByRole("link", { name: "Intents of Shipping" });
    link.focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByText("intents page")).toBeTruthy();
  });

  it("says why the list could not load, and tries again", async () => {
    const user = userEvent.setup();
    let isDown = true;
    renderPage({
      routes: {
        "GET /api/question-category/all": () =>
          isDown ? { status: 503, message: "The database is busy." } : { data: [category()] },
      },
    });
    expect((await screen.findByRole("alert")).textContent).toContain("The database is busy.");
    isDown = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table")).toBeTruthy();
  });
});

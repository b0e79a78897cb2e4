import type { DocumentWithChunks, SaveArticleRequest } from "@harbor/contract/knowledge";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, Outlet } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { notifySuccess } from "../../../lib/notify";
import { bodiesSentTo, type StubAnswer, stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import { ARTICLES_SOURCE_ID, articlesSource, company, knowledgeDocument, withChunks } from "../test-fixtures";
import { ArticleEditorPage } from "./article-editor-page";

vi.mock("../../../lib/notify", () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));

type Handler = (body: unknown) => StubAnswer | Promise<StubAnswer>;

const saved = withChunks(
  knowledgeDocument({
    title: "Returns",
    reference_id: "art-1",
    source_id: ARTICLES_SOURCE_ID,
    source_type: "macha-article",
  }),
  ["You can return items within 30 days.", "Refunds take 5 days."],
);
const [firstChunk, secondChunk] = saved.chunks;

function Shell() {
  return (
    <>
      <Link to="/knowledge-base/articles">Articles list</Link>
      <Outlet />
    </>
  );
}

function renderEditor({ path, routes = {} }: { path: string; routes?: Record<string, Handler> }) {
  const fetchMock = stubFetch({
    "GET /api/document/sources": () => ({ data: company([articlesSource]) }),
    "POST /api/document/get": () => ({ data: saved }),
    ...routes,
  });
  const view = renderRoutes({
    initialPath: path,
    routes: [
      {
        element: <Shell />,
        children: [
          { path: "/knowledge-base/articles", element: <p>articles list</p> },
          { path: "/knowledge-base/articles/add", element: <ArticleEditorPage /> },
          { path: "/knowledge-base/articles/add/:referenceID", element: <ArticleEditorPage /> },
        ],
      },
    ],
  });
  return { ...view, fetchMock };
}

const block = (n: number) => screen.getByLabelText(`Block ${n}`) as HTMLTextAreaElement;
const counterOf = (n: number) =>
  within(block(n).closest(".mantine-InputWrapper-root") as HTMLElement).getByTestId("block-counter");
const saveButton = () => screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;

async function setText(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.clear(element);
  if (text) {
    await user.click(element);
    await user.paste(text);
  }
}

describe("ArticleEditorPage", () => {
  it("counts characters left: green at 200 or more, yellow below 200, red below 0, and blocks saving", async () => {
    const user = userEvent.setup();
    renderEditor({ path: "/knowledge-base/articles/add" });
    const title = await screen.findByLabelText(/^Title/);
    expect(title.getAttribute("placeholder")).toBe("Untitled Article");
    expect(counterOf(1).textContent).toBe("1600 of 1600 characters left");
    expect(counterOf(1).dataset.color).toBe("green");

    await setText(user, block(1), "a".repeat(1400));
    expect(counterOf(1).textContent).toBe("200 of 1600 characters left");
    expect(counterOf(1).dataset.color).toBe("green");

    await setText(user, block(1), "a".repeat(1401));
    expect(counterOf(1).textContent).toBe("199 of 1600 characters left");
    expect(counterOf(1).dataset.color).toBe("yellow");

    await setText(user, block(1), "a".repeat(1600));
    expect(counterOf(1).dataset.color).toBe("yellow");
    expect(screen.queryByRole("alert")).toBeNull();

    await user.type(title, "Shipping");
    await setText(user, block(1), "a".repeat(1601));
    expect(counterOf(1).textContent).toBe("1 character over the limit");
    expect(counterOf(1).dataset.color).toBe("red");
    expect(screen.getByRole("alert").textContent).toContain("Block 1 is too long");
    expect(saveButton().disabled).toBe(true);
  });

  it("never deletes the only block", async () => {
    const user = userEvent.setup();
    renderEditor({ path: "/knowledge-base/articles/add" });
    await screen.findByLabelText("Block 1");
    expect((screen.getByRole("button", { name: "Delete block 1" }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole("button", { name: "Add block" }));
    expect(document.activeElement).toBe(block(2));
    expect((screen.getByRole("button", { name: "Delete block 1" }) as HTMLButtonElement).disabled).toBe(false);
    await user.click(screen.getByRole("button", { name: "Delete block 2" }));
    expect(screen.queryByLabelText("Block 2")).toBeNull();
    expect((screen.getByRole("button", { name: "Delete block 1" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("starts a new article from ?title= (Write an article in Analytics) and saves it with that title", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderEditor({
      path: `/knowledge-base/articles/add?title=${encodeURIComponent("Do you sell tents?")}`,
      routes: { "POST /api/document/article/save": () => ({ data: saved }) },
    });
    expect(((await screen.findByLabelText(/^Title/)) as HTMLInputElement).value).toBe("Do you sell tents?");
    await user.type(block(1), "We sell tents from spring on.");
    await user.click(saveButton());
    await waitFor(() => expect(bodiesSentTo(fetchMock, "POST /api/document/article/save")).toHaveLength(1));
    const [request] = bodiesSentTo(fetchMock, "POST /api/document/article/save") as SaveArticleRequest[];
    expect(request?.document.title).toBe("Do you sell tents?");
  });

  it("saves only new and edited contents plus the deleted blocks' ids; Save is off until a change and after saving", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderEditor({
      path: "/knowledge-base/articles/add/art-1",
      routes: {
        "POST /api/document/article/save": () => ({
          message: "Article saved",
          data: withChunks({ ...saved, title: "Returns and refunds" }, [
            "You can return items within 30 days.",
            "New block",
          ]),
        }),
      },
    });
    expect(((await screen.findByLabelText(/^Title/)) as HTMLInputElement).value).toBe("Returns");
    expect(bodiesSentTo(fetchMock, "POST /api/document/get")).toEqual([
      { referenceID: "art-1", sourceID: ARTICLES_SOURCE_ID },
    ]);
    expect(block(1).value).toBe(firstChunk!.content);
    expect(saveButton().disabled).toBe(true);

    // Typing and undoing it is no change.
    await user.type(block(1), "!");
    expect(saveButton().disabled).toBe(false);
    await user.type(block(1), "{Backspace}");
    expect(saveButton().disabled).toBe(true);

    await user.type(screen.getByLabelText(/^Title/), " and refunds");
    await user.click(screen.getByRole("button", { name: "Delete block 2" }));
    await user.click(screen.getByRole("button", { name: "Add block" }));
    await user.type(block(2), "New block");
    await user.click(saveButton());

    await waitFor(() => expect(bodiesSentTo(fetchMock, "POST /api/document/article/save")).toHaveLength(1));
    const [request] = bodiesSentTo(fetchMock, "POST /api/document/article/save") as SaveArticleRequest[];
    expect(request).toEqual({
      deleteChunkIDs: [secondChunk!.id],
      document: {
        reference_id: "art-1",
        title: "Returns and refunds",
        is_active: true,
        chunks: [{ id: firstChunk!.id }, { content: "New block" }],
      },
    });
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith({ message: "Article saved" }));
    expect(saveButton().disabled).toBe(true);
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe("Returns and refunds");
  });

  it("sends an edited block's new content with its id", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderEditor({
      path: "/knowledge-base/articles/add/art-1",
      routes: { "POST /api/document/article/save": () => ({ data: saved }) },
    });
    await screen.findByLabelText("Block 2");
    await user.type(block(2), " Or store credit.");
    await user.click(screen.getByRole("switch", { name: /^Active/ }));
    await user.click(saveButton());
    await waitFor(() => expect(bodiesSentTo(fetchMock, "POST /api/document/article/save")).toHaveLength(1));
    expect(bodiesSentTo(fetchMock, "POST /api/document/article/save")[0]).toEqual({
      deleteChunkIDs: [],
      document: {
        reference_id: "art-1",
        title: "Returns",
        is_active: false,
        chunks: [{ id: firstChunk!.id }, { id: secondChunk!.id, content: "Refunds take 5 days. Or store credit." }],
      },
    });
  });

  it("requires a title, saves a new article once, then opens it at its own address", async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const created: DocumentWithChunks = { ...saved, reference_id: "art-new", title: "Shipping" };
    const { fetchMock, router } = renderEditor({
      path: "/knowledge-base/articles/add",
      routes: {
        "POST /api/document/article/save": () =>
          new Promise<StubAnswer>((resolve) => {
            release = () => resolve({ data: withChunks(created, ["We ship in 2 days."]) });
          }),
      },
    });
    await user.type(await screen.findByLabelText("Block 1"), "We ship in 2 days.");
    await user.click(saveButton());
    expect(screen.getByText("Title is required")).toBeTruthy();
    expect(bodiesSentTo(fetchMock, "POST /api/document/article/save")).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Title/), "Shipping");
    await user.click(saveButton());
    await user.type(screen.getByLabelText(/^Title/), "{Enter}");
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe("/knowledge-base/articles/add/art-new"));
    expect(bodiesSentTo(fetchMock, "POST /api/document/article/save")).toEqual([
      {
        deleteChunkIDs: [],
        document: { title: "Shipping", is_active: true, chunks: [{ content: "We ship in 2 days." }] },
      },
    ]);
    // No unsaved-changes question after saving, and the saved article is shown without reading it again.
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(((await screen.findByLabelText(/^Title/)) as HTMLInputElement).value).toBe("Shipping");
    expect(bodiesSentTo(fetchMock, "POST /api/document/get")).toHaveLength(0);
  });

  it("asks before leaving with unsaved changes", async () => {
    const user = userEvent.setup();
    const { router } = renderEditor({ path: "/knowledge-base/articles/add" });
    await user.type(await screen.findByLabelText(/^Title/), "Draft");
    await user.click(screen.getByRole("link", { name: "Articles list" }));
    expect(await screen.findByRole("dialog", { name: "You Have Unsaved Changes" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/knowledge-base/articles/add");
    await user.click(screen.getByRole("button", { name: "Yes, Continue" }));
    expect(await screen.findByText("articles list")).toBeTruthy();
  });

  it("says so when the article does not exist", async () => {
    renderEditor({
      path: "/knowledge-base/articles/add/missing",
      routes: { "POST /api/document/get": () => ({ status: 404, message: "Document not found" }) },
    });
    expect(await screen.findByRole("heading", { name: "Article not found" })).toBeTruthy();
  });
});

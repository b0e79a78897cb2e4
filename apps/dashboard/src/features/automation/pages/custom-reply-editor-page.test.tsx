import type { DataModel } from "@harbor/contract/ai-agent";
import type { CustomReply } from "@harbor/contract/automation";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { notifySuccess } from "../../../lib/notify";
import { bodiesSentTo, type StubAnswer, stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import { setViewportWidth } from "../../../test/viewport";
import { REPLY_ID } from "../test-fixtures";
import { CustomReplyEditorPage } from "./custom-reply-editor-page";

vi.mock("../../../lib/notify", () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));

const returnsModel: DataModel = {
  _id: "00000000-0000-4000-8000-0000000000e1",
  name: "Return",
  fields: [
    { key: "reason", title: "Reason" },
    { key: "orderNumber", title: "Order number" },
  ],
};

/** A question with answer bubbles, branching to a second node: valid, as the server only stores valid replies. */
function reply(overrides: Partial<CustomReply> = {}): CustomReply {
  return {
    _id: REPLY_ID,
    name: "Returns",
    isActive: true,
    nodes: [
      {
        _id: "n1",
        position: { x: 0, y: 0 },
        actions: [
          {
            _id: "a1",
            actionType: "answer_bubbles",
            answerBubbles: { content: "Which size did not fit?", bubbles: [{ message: "Too small", value: "small" }] },
            dataModel: { dataModelID: returnsModel._id, fields: [{ key: "reason", required: true }] },
          },
          {
            _id: "c1",
            actionType: "condition",
            branches: [{ conditions: [], nextNode: { nodeID: "n2" } }],
          },
        ],
      },
      {
        _id: "n2",
        position: { x: 0, y: 200 },
        actions: [{ _id: "m1", actionType: "message_content", message: { content: "We will e-mail a label" } }],
      },
    ],
    ...overrides,
  } as CustomReply;
}

type SaveHandler = (body: unknown) => StubAnswer;

function renderEditor(
  saved = reply(),
  save = vi.fn<SaveHandler>((body) => ({ data: { ...saved, ...(body as object) } })),
) {
  // On a phone-sized screen the chart gives way to the list of nodes (decision 044); happy-dom
  // lays nothing out, so the list is also what these tests can drive.
  setViewportWidth(375);
  const fetchMock = stubFetch({
    "POST /api/custom-reply/get": () => ({ data: saved }),
    "GET /api/data-model/all": () => ({ data: [returnsModel] }),
    "POST /api/custom-reply/save": (body) => save(body),
  });
  const view = renderRoutes({
    initialPath: `/automation/custom-replies/${REPLY_ID}`,
    routes: [
      { path: "/automation/custom-replies/:customReplyID", element: <CustomReplyEditorPage /> },
      { path: "/automation/custom-replies", element: <p>Custom replies list</p> },
    ],
  });
  return { ...view, fetchMock, save };
}

beforeEach(() => {
  vi.mocked(notifySuccess).mockClear();
});

/** A stored reply has no problems (the server refuses to save one that has): they start with an edit. */
async function clearTheQuestion(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("button", { name: "Edit 1. Answer bubbles" }));
  await user.clear(await screen.findByRole("textbox", { name: /^Question/ }));
}

/** Pastes instead of typing key by key: the same events a form sees, in a fraction of the time. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe("CustomReplyEditorPage", () => {
  it("lists the problems naming the node; choosing one opens the action with its field's message", async () => {
    const user = userEvent.setup();
    renderEditor();
    await clearTheQuestion(user);
    const problem = await screen.findByRole("button", {
      name: "Error: Node 1, action 1 (Answer bubbles): Question is required",
    });
    const nodes = screen.getByRole("list", { name: "Nodes" });
    expect(
      within(nodes)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Node 1 · Start · ErrorAnswer bubbles → Condition", "Node 2Message"]);

    await user.click(problem);
    const question = await screen.findByRole("textbox", { name: /^Question/ });
    expect(question.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Question is required")).toBeTruthy();
    await fill(user, question, "Why are you returning it?");
    await waitFor(() => expect(screen.queryByRole("button", { name: /Question is required/ })).toBeNull());
    expect(question.getAttribute("aria-invalid")).toBe("false");
  });

  it("refuses to save while errors remain, then saves the graph with positions and shows success", async () => {
    const user = userEvent.setup();
    const { fetchMock, save } = renderEditor();
    await clearTheQuestion(user);
    await user.click(await screen.findByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Fix the errors listed before saving.");
    expect(save).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: /Question is required/ }));
    await fill(user, await screen.findByRole("textbox", { name: /^Question/ }), "Why?");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith({ message: "Custom reply saved" }));
    const [body] = bodiesSentTo(fetchMock, "POST /api/custom-reply/save") as CustomReply[];
    expect(body?.nodes[0]).toMatchObject({
      _id: "n1",
      position: { x: 0, y: 0 },
      actions: [{ _id: "a1", answerBubbles: { content: "Why?" } }, { _id: "c1" }],
    });
    expect(body).toMatchObject({ customReplyID: REPLY_ID, name: "Returns", isActive: true });
  });

  it("shows the server's refusal when a save fails", async () => {
    const user = userEvent.setup();
    renderEditor(
      reply(),
      vi.fn<SaveHandler>(() => ({ status: 409, message: 'A custom reply named "Returns" already exists.' })),
    );
    await user.click(await screen.findByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toContain('A custom reply named "Returns" already exists.');
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it("adds a node, gives it an action and links it by the panel's select, without dragging", async () => {
    const user = userEvent.setup();
    renderEditor(reply({ nodes: reply().nodes.slice(1) }));
    await screen.findByRole("list", { name: "Nodes" });
    await user.click(screen.getByRole("button", { name: "Add node" }));
    expect(
      await screen.findByRole("button", {
        name: "Error: Node 2: no branch leads to it from Node 1, where the reply starts",
      }),
    ).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Add action" }));
    await fill(user, await screen.findByRole("textbox", { name: /^Message/ }), "Thanks!");
    await user.selectOptions(screen.getByRole("combobox", { name: "Node to edit" }), "Node 1");
    await user.selectOptions(screen.getByRole("combobox", { name: /^Goes on to/ }), "Node 2");
    await user.click(screen.getByRole("button", { name: "Link" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: /no branch leads to it/ })).toBeNull());
    const nodes = screen.getByRole("list", { name: "Nodes" });
    expect(
      within(nodes)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Node 1 · StartMessage → Condition", "Node 2Message"]);
    // The link is the node's condition with an Else branch to Node 2.
    await user.click(screen.getByRole("button", { name: "Edit 2. Condition" }));
    expect(
      (screen.getByRole("combobox", { name: /^Next node/ }) as HTMLSelectElement).selectedOptions[0]?.textContent,
    ).toBe("Node 2");
    expect(screen.getByRole("group", { name: "Branch 1 (Else)" })).toBeTruthy();
  });
});

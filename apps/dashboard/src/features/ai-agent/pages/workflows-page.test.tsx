import type { AiAgent, DataModel, Workflows } from "@harbor/contract/ai-agent";
import type { CustomReplyListItem } from "@harbor/contract/automation";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, Outlet } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { notifySuccess } from "../../../lib/notify";
import { formsSentTo, type StubAnswer, stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import { aiAgent, CUSTOM_REPLY_ID, DATA_MODEL_ID, workflows } from "../test-fixtures";
import { WorkflowsPage } from "./workflows-page";

vi.mock("../../../lib/notify", () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));

type Handler = (body: unknown) => StubAnswer | Promise<StubAnswer>;

const customerModel: DataModel = {
  _id: DATA_MODEL_ID,
  name: "Customer",
  fields: [
    { key: "name", title: "Name" },
    { key: "email", title: "Email" },
  ],
};
// As GET /api/custom-reply/all sends it; the page reads only the id and name.
const returnsReply: CustomReplyListItem = {
  _id: CUSTOM_REPLY_ID,
  name: "Start a return",
  isActive: true,
  nodeCount: 2,
};

function Shell() {
  return (
    <>
      <Link to="/inbox">Inbox</Link>
      <Outlet />
    </>
  );
}

/** Answers a save with the workflows sent, as the server does. */
function echoSave(agent: AiAgent): Handler {
  return (body) => ({
    data: { ...agent, workflows: JSON.parse(String((body as FormData).get("workflows"))) as Workflows },
  });
}

function renderPage({
  agent = aiAgent(),
  customReplies = [],
  routes = {},
}: {
  agent?: AiAgent;
  customReplies?: CustomReplyListItem[];
  routes?: Record<string, Handler>;
} = {}) {
  const fetchMock = stubFetch({
    "GET /api/ai-agent/": () => ({ data: agent }),
    "GET /api/data-model/all": () => ({ data: [customerModel] }),
    "GET /api/custom-reply/all": () => ({ data: customReplies }),
    "POST /api/ai-agent/save": echoSave(agent),
    ...routes,
  });
  const view = renderRoutes({
    initialPath: "/ai-agent/workflows",
    routes: [
      {
        element: <Shell />,
        children: [
          { path: "/ai-agent/workflows", element: <WorkflowsPage /> },
          { path: "/inbox", element: <p>inbox screen</p> },
        ],
      },
    ],
  });
  return { ...view, fetchMock };
}

const saveButton = () => screen.getByRole("button", { name: "Save Changes" }) as HTMLButtonElement;
const toggle = (name: string) => screen.getByRole("switch", { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const savedWorkflows = (fetchMock: ReturnType<typeof stubFetch>) =>
  formsSentTo(fetchMock, "POST /api/ai-agent/save").map(({ form }) => JSON.parse(String(form.get("workflows"))));

describe("WorkflowsPage", () => {
  it("has the three conversation stages as accordions", async () => {
    renderPage();
    await screen.findByRole("switch", { name: /^Nudge message/ });
    expect(screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual([
      "Before a conversation",
      "During a conversation",
      "After a conversation",
    ]);
  });

  it("shows each toggle's sub-fields only while it is on", async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole("switch", { name: /^Nudge message/ });
    expect(screen.queryByLabelText(/^Delay in seconds/)).toBeNull();
    expect(screen.queryByRole("switch", { name: /^Show once/ })).toBeNull();
    expect(screen.queryByLabelText(/^Nudge text/)).toBeNull();
    expect(screen.queryByLabelText(/^Form title/)).toBeNull();
    expect(screen.queryByLabelText(/^Data model/)).toBeNull();
    expect(screen.queryByLabelText(/^Message for ratings of 3 stars and above/)).toBeNull();
    expect(screen.queryByLabelText(/^Message for ratings below 3 stars/)).toBeNull();

    await user.click(toggle("Nudge message"));
    await user.click(toggle("Pre-chat form"));
    await user.click(toggle("Feedback"));
    expect((screen.getByLabelText(/^Delay in seconds/) as HTMLInputElement).value).toBe("5");
    expect(toggle("Show once").checked).toBe(true);
    expect((screen.getByLabelText(/^Nudge text/) as HTMLTextAreaElement).value).toBe("Need help?");
    expect(screen.getByLabelText(/^Form title/)).toBeTruthy();
    expect(screen.getByLabelText(/^Data model/)).toBeTruthy();
    expect(screen.getByLabelText(/^Message for ratings of 3 stars and above/)).toBeTruthy();
    expect(screen.getByLabelText(/^Message for ratings below 3 stars/)).toBeTruthy();

    // Switching off keeps what was typed for the next time it is switched on.
    await user.type(screen.getByLabelText(/^Nudge text/), " Ask me!");
    await user.click(toggle("Nudge message"));
    expect(screen.queryByLabelText(/^Nudge text/)).toBeNull();
    await user.click(toggle("Nudge message"));
    expect((screen.getByLabelText(/^Nudge text/) as HTMLTextAreaElement).value).toBe("Need help? Ask me!");
  });

  it("saves the nudge delay typed in seconds as milliseconds, then turns Save Changes off", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage();
    await screen.findByRole("switch", { name: /^Nudge message/ });
    expect(saveButton().disabled).toBe(true);
    await user.click(toggle("Nudge message"));
    const delay = screen.getByLabelText(/^Delay in seconds/);
    await user.clear(delay);
    await user.type(delay, "45");
    await user.click(saveButton());

    await waitFor(() => expect(savedWorkflows(fetchMock)).toHaveLength(1));
    expect(savedWorkflows(fetchMock)[0]).toEqual({
      ...workflows(),
      nudgeMessage: { isActive: true, showOnce: true, delay: 45_000, message: "Need help?" },
    });
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith({ message: "Changes saved" }));
    expect(saveButton().disabled).toBe(true);
    expect((screen.getByLabelText(/^Delay in seconds/) as HTMLInputElement).value).toBe("45");
  });

  it("requires a delay while the nudge is on", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage();
    await screen.findByRole("switch", { name: /^Nudge message/ });
    await user.click(toggle("Nudge message"));
    await user.clear(screen.getByLabelText(/^Delay in seconds/));
    await user.click(saveButton());
    expect(screen.getByText("Delay is required")).toBeTruthy();
    expect(savedWorkflows(fetchMock)).toHaveLength(0);
  });

  it("says at least one pre-chat field must be active, and saves once one is", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage();
    await screen.findByRole("switch", { name: /^Nudge message/ });
    await user.click(toggle("Pre-chat form"));
    await user.click(saveButton());
    expect(screen.getByText("Data model is required")).toBeTruthy();

    await user.selectOptions(screen.getByLabelText(/^Data model/), DATA_MODEL_ID);
    expect(screen.queryByText("Data model is required")).toBeNull();
    const fields = within(screen.getByRole("group", { name: "Fields" }));
    await user.click(fields.getByRole("switch", { name: "Name" }));
    await user.click(fields.getByRole("switch", { name: "Email" }));
    await user.click(saveButton());
    expect(screen.getByText("Atleast one field should be active in the customer form")).toBeTruthy();
    expect(savedWorkflows(fetchMock)).toHaveLength(0);

    await user.click(fields.getByRole("switch", { name: "Email" }));
    expect(screen.queryByText("Atleast one field should be active in the customer form")).toBeNull();
    await user.click(saveButton());
    await waitFor(() => expect(savedWorkflows(fetchMock)).toHaveLength(1));
    expect(savedWorkflows(fetchMock)[0].preChatForm).toEqual({
      isActive: true,
      title: "",
      description: "",
      dataModelID: DATA_MODEL_ID,
      fields: [
        { key: "name", title: "Name", fieldType: "text", required: true, isActive: false },
        { key: "email", title: "Email", fieldType: "text", required: true, isActive: true },
      ],
    });
  });

  it("switches the custom reply choice off, with a hint, when the company has none", async () => {
    renderPage();
    const select = (await screen.findByLabelText(/^Custom reply after a positive reply/)) as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    expect(screen.getAllByText("Create custom replies in Automation to link one")).toHaveLength(2);
  });

  it("requires both reply messages and, once the company has some, both custom replies", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage({ customReplies: [returnsReply] });
    const positive = await screen.findByLabelText(/^Positive reply/);
    await user.clear(positive);
    await user.click(saveButton());
    expect(screen.getByText("Reply message is required")).toBeTruthy();
    expect(screen.getAllByText("Custom reply is required")).toHaveLength(2);

    await user.type(positive, "Great!");
    await user.selectOptions(screen.getByLabelText(/^Custom reply after a positive reply/), CUSTOM_REPLY_ID);
    await user.selectOptions(screen.getByLabelText(/^Custom reply after a negative reply/), CUSTOM_REPLY_ID);
    await user.click(saveButton());
    await waitFor(() => expect(savedWorkflows(fetchMock)).toHaveLength(1));
    expect(savedWorkflows(fetchMock)[0].standardReplies).toEqual({
      positiveReply: { message: "Great!", customReplyID: CUSTOM_REPLY_ID },
      negativeReply: { message: "Sorry about that.", customReplyID: CUSTOM_REPLY_ID },
    });
  });

  it("asks before leaving with unsaved changes", async () => {
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByRole("switch", { name: /^Show sources/ });
    await user.click(toggle("Show sources"));
    await user.click(screen.getByRole("link", { name: "Inbox" }));
    expect(await screen.findByRole("dialog", { name: "You Have Unsaved Changes" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/ai-agent/workflows");
  });

  it("shows the server's message when a dropdown list cannot be read", async () => {
    renderPage({
      routes: { "GET /api/data-model/all": () => ({ status: 500, message: "Data models are unavailable" }) },
    });
    expect((await screen.findByRole("alert")).textContent).toContain("Data models are unavailable");
  });
});

import type { SuggestedQuestion } from "@harbor/contract/widget";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { bodiesSentTo, stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import { widgetSettings } from "../test-fixtures";
import { SuggestedQuestionsSection } from "./suggested-questions-section";

const question = (id: number, text: string, category: string | null = null): SuggestedQuestion => ({
  _id: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
  question: text,
  category,
  answer: [`About ${text}`],
});

vi.mock("../../../lib/notify", () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));

const REPLY_ID = "00000000-0000-4000-8000-0000000000aa";

function renderSection(questions: SuggestedQuestion[]) {
  const fetchMock = stubFetch({
    "POST /api/widget-settings/suggested-question/save": () => ({ data: widgetSettings(), message: "Question saved" }),
  });
  renderRoutes({
    initialPath: "/",
    routes: [
      {
        path: "/",
        element: (
          <SuggestedQuestionsSection
            questions={questions}
            customReplies={[{ _id: REPLY_ID, name: "Gift wrapping" }]}
            onDirtyChange={() => {}}
          />
        ),
      },
    ],
  });
  return fetchMock;
}

describe("SuggestedQuestionsSection", () => {
  it("a question can name a custom reply, which the widget then starts instead of showing the messages", async () => {
    const user = userEvent.setup();
    const fetchMock = renderSection([]);
    await user.click(await screen.findByRole("button", { name: "Add Question" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Question" });
    await user.type(within(dialog).getByLabelText(/^Title/), "Can you wrap a gift?");
    await user.type(within(dialog).getByLabelText(/^Message 1/), "Yes, for free.");
    const reply = within(dialog).getByLabelText("Custom reply");
    expect((reply as HTMLSelectElement).value).toBe("");
    await user.selectOptions(reply, "Gift wrapping");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await vi.waitFor(() =>
      expect(bodiesSentTo(fetchMock, "POST /api/widget-settings/suggested-question/save")).toEqual([
        { question: "Can you wrap a gift?", category: null, answer: ["Yes, for free."], customReplyID: REPLY_ID },
      ]),
    );
  });

  it("editing shows the question's reply, and None takes it off", async () => {
    const user = userEvent.setup();
    const named = { ...question(1, "Can you wrap a gift?"), customReplyID: REPLY_ID };
    const fetchMock = renderSection([named]);
    await user.click(await screen.findByRole("button", { name: "Edit Can you wrap a gift?" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Question" });
    const reply = within(dialog).getByLabelText("Custom reply") as HTMLSelectElement;
    expect(reply.value).toBe(REPLY_ID);
    await user.selectOptions(reply, "None: show the chat messages");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await vi.waitFor(() =>
      expect(bodiesSentTo(fetchMock, "POST /api/widget-settings/suggested-question/save")).toEqual([
        {
          questionID: named._id,
          question: "Can you wrap a gift?",
          category: null,
          answer: ["About Can you wrap a gift?"],
          customReplyID: null,
        },
      ]),
    );
  });

  it("indents sub-questions under their parent, and keeps top-level questions flush", async () => {
    renderRoutes({
      initialPath: "/",
      routes: [
        {
          path: "/",
          element: (
            <SuggestedQuestionsSection
              questions={[question(1, "Shipping"), question(2, "How long?", "Shipping"), question(3, "Returns")]}
              customReplies={[]}
              onDirtyChange={() => {}}
            />
          ),
        },
      ],
    });
    const topLevel = await screen.findByRole("list", { name: "Suggested questions" });
    const children = screen.getByRole("list", { name: "Shipping" });
    expect(within(children).getByText("How long?")).toBeTruthy();
    const indentOf = (list: HTMLElement) => getComputedStyle(list).paddingInlineStart;
    expect(indentOf(children)).toBe("2rem");
    expect(getComputedStyle(topLevel).paddingLeft).toBe("0px");
  });
});

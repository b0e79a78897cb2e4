import type { AiAgent, AnswerRule } from "@harbor/contract/ai-agent";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { notifySuccess } from "../../../lib/notify";
import { bodiesSentTo, type StubAnswer, stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import { setViewportWidth } from "../../../test/viewport";
import { aiAgent, answerRule } from "../test-fixtures";
import { AnswerRulesPage } from "./answer-rules-page";

vi.mock("../../../lib/notify", () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));

type Handler = (body: unknown) => StubAnswer | Promise<StubAnswer>;

const NEW_RULE_ID = "00000000-0000-4000-8000-0000000000f2";

function renderPage({ agent = aiAgent(), routes = {} }: { agent?: AiAgent; routes?: Record<string, Handler> } = {}) {
  const fetchMock = stubFetch({ "GET /api/ai-agent/": () => ({ data: agent }), ...routes });
  const view = renderRoutes({
    initialPath: "/ai-agent/answer-rules",
    routes: [{ path: "/ai-agent/answer-rules", element: <AnswerRulesPage /> }],
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
        .map((cell) => cell.textContent),
    );

describe("AnswerRulesPage", () => {
  it("shows a loader, then the zero state with its action when there are no rules", async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole("status").textContent).toContain("Loading answer rules");
    expect(await screen.findByRole("heading", { name: "Add answer rules" })).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    const [, zeroStateAction] = screen.getAllByRole("button", { name: "Add Rule" });
    await user.click(zeroStateAction!);
    expect(await screen.findByRole("dialog", { name: "Add Rule" })).toBeTruthy();
  });

  it("lists rules with Name, Description and Status", async () => {
    renderPage({
      agent: aiAgent({
        answerRules: [answerRule(), answerRule({ _id: NEW_RULE_ID, title: "Be brief", isActive: false })],
      }),
    });
    await screen.findByRole("table");
    expect(screen.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual([
      "Name",
      "Description",
      "Status",
    ]);
    expect(rowTexts()).toEqual([
      ["No delivery promises", "Never promise a delivery date.", "Active"],
      ["Be brief", "Never promise a delivery date.", "Inactive"],
    ]);
  });

  it("shows each rule as a card on a 375 px phone: every column labelled, the description whole", async () => {
    setViewportWidth(375);
    const user = userEvent.setup();
    const description =
      "Never promise a delivery date, not even an estimate: say the parcel ships within two working days.";
    renderPage({ agent: aiAgent({ answerRules: [answerRule({ description })] }) });
    const cards = await screen.findByRole("list", { name: "Answer rules" });
    expect(screen.queryByRole("table")).toBeNull();
    const [card] = within(cards).getAllByRole("listitem");
    expect(card?.textContent).toBe(`No delivery promisesDescription${description}StatusActive`);
    // Whole, and broken only between words: no two-line clamp, no break inside a word.
    const shown = within(card as HTMLElement).getByTestId("rule-description");
    expect(shown.getAttribute("data-line-clamp")).toBeNull();
    expect(shown.style.overflowWrap).toBe("break-word");
    await user.click(within(card as HTMLElement).getByRole("button", { name: "Open No delivery promises" }));
    expect(await screen.findByRole("dialog", { name: "Edit Rule" })).toBeTruthy();
  });

  it("keeps the table at 1280 px", async () => {
    setViewportWidth(1280);
    renderPage({ agent: aiAgent({ answerRules: [answerRule()] }) });
    expect(await screen.findByRole("table")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Answer rules" })).toBeNull();
  });

  it("requires a title and a description", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage();
    await user.click((await screen.findAllByRole("button", { name: "Add Rule" }))[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Add Rule" });
    await user.type(within(dialog).getByLabelText(/^Title/), " ");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Title is required")).toBeTruthy();
    expect(within(dialog).getByText("Description is required")).toBeTruthy();
    expect(bodiesSentTo(fetchMock, "POST /api/ai-agent/answer-rule/save")).toHaveLength(0);
  });

  it("adds a rule, which then appears in the table from the returned record", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage({
      routes: {
        "POST /api/ai-agent/answer-rule/save": (body) => ({
          message: "Answer rule saved",
          data: { _id: NEW_RULE_ID, ...(body as Omit<AnswerRule, "_id">) },
        }),
      },
    });
    await user.click((await screen.findAllByRole("button", { name: "Add Rule" }))[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Add Rule" });
    const save = within(dialog).getByRole("button", { name: "Save" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(/^Title/), "  Be brief ");
    await user.type(within(dialog).getByLabelText(/^Description/), "Answer in two sentences.");
    await user.click(within(dialog).getByRole("switch", { name: /^Active/ }));
    await user.click(save);

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodiesSentTo(fetchMock, "POST /api/ai-agent/answer-rule/save")).toEqual([
      { title: "Be brief", description: "Answer in two sentences.", isActive: false },
    ]);
    expect(notifySuccess).toHaveBeenCalledWith({ message: "Answer rule saved" });
    expect(rowTexts()).toEqual([["Be brief", "Answer in two sentences.", "Inactive"]]);
    // The list came from the saved record, not from reading the agent again.
    expect(fetchMock.mock.calls.filter(([input]) => String(input).endsWith("/api/ai-agent/"))).toHaveLength(1);
  });

  it("opens a rule with Enter and saves the edit in place", async () => {
    const user = userEvent.setup();
    const rule = answerRule();
    const { fetchMock } = renderPage({
      agent: aiAgent({ answerRules: [rule] }),
      routes: {
        "POST /api/ai-agent/answer-rule/save": (body) => {
          const { ruleID, ...fields } = body as { ruleID: string; title: string; description: string };
          return { data: { _id: ruleID, ...fields } };
        },
      },
    });
    const open = await screen.findByRole("button", { name: "Open No delivery promises" });
    open.focus();
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Edit Rule" });
    expect((within(dialog).getByLabelText(/^Title/) as HTMLInputElement).value).toBe("No delivery promises");
    expect((within(dialog).getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);

    await user.type(within(dialog).getByLabelText(/^Title/), " ever");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodiesSentTo(fetchMock, "POST /api/ai-agent/answer-rule/save")).toEqual([
      { ruleID: rule._id, title: "No delivery promises ever", description: rule.description, isActive: true },
    ]);
    expect(rowTexts()).toEqual([["No delivery promises ever", rule.description, "Active"]]);
  });

  it("asks before closing a rule with unsaved edits", async () => {
    const user = userEvent.setup();
    renderPage({ agent: aiAgent({ answerRules: [answerRule()] }) });
    await user.click(await screen.findByText("Never promise a delivery date."));
    const dialog = await screen.findByRole("dialog", { name: "Edit Rule" });
    await user.type(within(dialog).getByLabelText(/^Title/), "!");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    const question = await screen.findByRole("dialog", { name: "You Have Unsaved Changes" });
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "You Have Unsaved Changes" })).toBeNull());
    expect((within(dialog).getByLabelText(/^Title/) as HTMLInputElement).value).toBe("No delivery promises!");

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await user.click(await screen.findByRole("button", { name: "Yes, Continue" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("deletes a rule only after confirmation", async () => {
    const user = userEvent.setup();
    const rule = answerRule();
    const { fetchMock } = renderPage({
      agent: aiAgent({ answerRules: [rule] }),
      routes: { "POST /api/ai-agent/answer-rule/delete": () => ({ message: "Answer rule deleted" }) },
    });
    await user.click(await screen.findByRole("button", { name: "Open No delivery promises" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Edit Rule" })).getByRole("button", { name: "Delete" }),
    );

    // Backing out returns to the rule and deletes nothing.
    const question = await screen.findByRole("dialog", { name: "Delete No delivery promises?" });
    expect(question.textContent).toContain("This action cannot be undone.");
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Edit Rule" })).getByRole("button", { name: "Delete" }),
    );
    expect(bodiesSentTo(fetchMock, "POST /api/ai-agent/answer-rule/delete")).toHaveLength(0);

    await user.click(
      within(await screen.findByRole("dialog", { name: "Delete No delivery promises?" })).getByRole("button", {
        name: "Delete rule",
      }),
    );
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, "POST /api/ai-agent/answer-rule/delete")).toEqual([{ ruleID: rule._id }]),
    );
    expect(await screen.findByRole("heading", { name: "Add answer rules" })).toBeTruthy();
    expect(notifySuccess).toHaveBeenCalledWith({ message: "Answer rule deleted" });
  });

  describe("with the built-in engine (no AI model connected)", () => {
    const klarna = answerRule({ _id: NEW_RULE_ID, title: "Payments", description: "Never mention 'Klarna'." });

    it("marks the active rules it will ignore in the list, and says why", async () => {
      renderPage({
        agent: aiAgent({
          engine: "local",
          answerRules: [
            answerRule(),
            klarna,
            answerRule({ _id: "00000000-0000-4000-8000-0000000000f3", isActive: false }),
          ],
        }),
      });
      await screen.findByRole("table");
      expect(rowTexts().map((cells) => cells[2])).toEqual([
        "ActiveIgnored by the built-in engine",
        "Active",
        "Inactive",
      ]);
      expect(screen.getByText("1 active rule is ignored by the built-in engine")).toBeTruthy();
      expect(
        screen.getByText(/follows only rules that forbid a phrase in quotes, like: Never mention 'Klarna'/),
      ).toBeTruthy();
    });

    it("says so while the rule is written, and again when it is saved", async () => {
      const user = userEvent.setup();
      renderPage({
        agent: aiAgent({ engine: "local" }),
        routes: {
          "POST /api/ai-agent/answer-rule/save": (body) => ({
            data: { _id: NEW_RULE_ID, ...(body as Omit<AnswerRule, "_id">) },
          }),
        },
      });
      await user.click((await screen.findAllByRole("button", { name: "Add Rule" }))[0]!);
      const dialog = await screen.findByRole("dialog", { name: "Add Rule" });
      expect(within(dialog).queryByText("The built-in engine will ignore this rule")).toBeNull();
      const description = within(dialog).getByLabelText(/^Description/);
      /** Replaces the description in one go (pasted, as typing letter by letter only adds time here). */
      const describe = async (text: string) => {
        await user.clear(description);
        await user.click(description);
        await user.paste(text);
      };
      await user.click(within(dialog).getByLabelText(/^Title/));
      await user.paste("Payments");
      await describe("Never mention Klarna.");
      expect(within(dialog).getByText("The built-in engine will ignore this rule")).toBeTruthy();
      // Quoting the phrase makes it a rule the engine follows.
      await describe("Never mention 'Klarna'.");
      expect(within(dialog).queryByText("The built-in engine will ignore this rule")).toBeNull();
      await describe("Be extra polite.");
      await user.click(within(dialog).getByRole("button", { name: "Save" }));

      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect(notifySuccess).toHaveBeenLastCalledWith({
        message:
          "Answer rule saved. The built-in engine will ignore it: it only follows rules that forbid a phrase in quotes.",
      });
      expect(rowTexts()).toEqual([["Payments", "Be extra polite.", "ActiveIgnored by the built-in engine"]]);
    });

    it("says nothing of the kind when an AI model answers", async () => {
      renderPage({ agent: aiAgent({ engine: "model", answerRules: [answerRule()] }) });
      await screen.findByRole("table");
      expect(rowTexts()).toEqual([["No delivery promises", "Never promise a delivery date.", "Active"]]);
      expect(screen.queryByText(/ignored by the built-in engine/)).toBeNull();
    });
  });
});

import type { DataModel } from "@harbor/contract/ai-agent";
import { CUSTOM_REPLY_ACTION_TYPES } from "@harbor/contract/automation";
import { customReplyActionSchema } from "@harbor/contract/custom-reply-actions";
import { checkCustomReplyGraph, type DraftAction } from "@harbor/contract/custom-reply-graph";
import type { Source } from "@harbor/contract/knowledge";
import { MantineProvider } from "@mantine/core";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { cssVariablesResolver, theme } from "../../../app/theme";
import { formsSentTo, stubFetch } from "../../../test/fetch-stub";
import { ActionForm } from "./action-form";
import { newAction } from "./draft";

const model: DataModel = {
  _id: "00000000-0000-4000-8000-0000000000e1",
  name: "Return",
  fields: [
    { key: "reason", title: "Reason" },
    { key: "email", title: "Email" },
  ],
};

const faqSource = {
  _id: "00000000-0000-4000-8000-0000000000f1",
  name: "Returns FAQ",
  documentCount: 12,
} as Source;

/** The form as the panel uses it: its action in state, its problems from the contract's check. */
function renderForm(initial: DraftAction) {
  const seen: { action: DraftAction } = { action: initial };
  function Harness() {
    const [action, setAction] = useState(initial);
    seen.action = action;
    const nodes = [
      { _id: "n1", actions: [action] },
      { _id: "n2", actions: [] },
    ];
    const problems = checkCustomReplyGraph(nodes).filter((problem) => problem.actionId === action._id);
    return (
      <ActionForm
        action={action}
        problems={problems}
        dataModels={[model]}
        sources={[faqSource]}
        nodeOptions={[
          { value: "n1", label: "Node 1" },
          { value: "n2", label: "Node 2" },
        ]}
        onChange={setAction}
      />
    );
  }
  render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Harness />
    </MantineProvider>,
  );
  return seen;
}

async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const invalid = (field: HTMLElement) => field.getAttribute("aria-invalid") === "true";

describe("ActionForm", () => {
  it("starts every one of the nine types with a labelled form", () => {
    for (const actionType of CUSTOM_REPLY_ACTION_TYPES) {
      const { unmount } = render(
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <ActionForm
            action={newAction(actionType)}
            problems={[]}
            dataModels={[model]}
            nodeOptions={[]}
            onChange={() => {}}
          />
        </MantineProvider>,
      );
      const fields = [...screen.queryAllByRole("textbox"), ...screen.queryAllByRole("combobox")];
      expect(fields.length, actionType).toBeGreaterThan(0);
      for (const field of fields)
        expect(
          field.getAttribute("aria-label") ?? (field as HTMLInputElement).labels?.[0]?.textContent,
          actionType,
        ).toBeTruthy();
      unmount();
    }
  });

  it("answer bubbles: shows the schema's messages by their fields until they are filled in", async () => {
    const user = userEvent.setup();
    const seen = renderForm(newAction("answer_bubbles"));
    const question = screen.getByRole("textbox", { name: /^Question/ });
    expect(invalid(question)).toBe(true);
    expect(screen.getByText("Question is required")).toBeTruthy();
    expect(screen.getByText("Bubble text is required")).toBeTruthy();
    expect(screen.getByText("Choose the field the answer is saved to")).toBeTruthy();

    await fill(user, question, "Why are you returning it?");
    await fill(user, screen.getByRole("textbox", { name: /^Bubble 1 text/ }), "Too small");
    await fill(user, screen.getByRole("textbox", { name: /^Bubble 1 value/ }), "small");
    await user.click(screen.getByRole("button", { name: "Add bubble" }));
    await fill(user, screen.getByRole("textbox", { name: /^Bubble 2 text/ }), "Broken");
    await fill(user, screen.getByRole("textbox", { name: /^Bubble 2 value/ }), "broken");
    await user.click(screen.getByRole("textbox", { name: /^Save the answer to/ }));
    await user.click(await screen.findByRole("option", { name: "Return › Reason", hidden: true }));

    expect(invalid(question)).toBe(false);
    expect(screen.queryByText(/is required|Choose the field/)).toBeNull();
    const parsed = customReplyActionSchema.parse(seen.action);
    expect(parsed).toMatchObject({
      answerBubbles: {
        content: "Why are you returning it?",
        bubbles: [
          { message: "Too small", value: "small" },
          { message: "Broken", value: "broken" },
        ],
      },
      dataModel: { dataModelID: model._id, fields: [{ key: "reason", required: true }] },
    });
  });

  it("condition: branches of field, operator and value, each with a next node chosen from a select", async () => {
    const user = userEvent.setup();
    const seen = renderForm(newAction("condition"));
    expect(screen.getByRole("group", { name: "Branch 1 (Else)" })).toBeTruthy();
    expect(screen.getByText("choose the node it leads to")).toBeTruthy();
    await user.selectOptions(screen.getByRole("combobox", { name: /^Next node/ }), "Node 2");
    expect(screen.queryByText("choose the node it leads to")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Add branch" }));
    const branch = screen.getByRole("group", { name: "Branch 2" });
    await user.click(within(branch).getByRole("textbox", { name: /^Field 1/ }));
    await user.click(await screen.findByRole("option", { name: "Reason (reason)", hidden: true }));
    await user.click(within(branch).getByRole("textbox", { name: /^Operator 1/ }));
    await user.click(await screen.findByRole("option", { name: "does not equal", hidden: true }));
    await fill(user, within(branch).getByRole("textbox", { name: /^Value 1/ }), "small");
    await user.selectOptions(within(branch).getByRole("combobox", { name: /^Next node/ }), "Node 1");

    expect(customReplyActionSchema.parse(seen.action)).toMatchObject({
      branches: [
        { conditions: [], nextNode: { nodeID: "n2" } },
        {
          conditions: [{ parameter: { key: "reason" }, operator: "not_equals", compareValue: { value: "small" } }],
          nextNode: { nodeID: "n1" },
        },
      ],
    });
  });

  it("widget event: a WhatsApp handoff asks for a number with its country code and a delay in seconds", async () => {
    const user = userEvent.setup();
    const seen = renderForm(newAction("widget_event"));
    await user.click(screen.getByRole("textbox", { name: /^Event/ }));
    await user.click(await screen.findByRole("option", { name: "Hand off", hidden: true }));
    const number = await screen.findByRole("textbox", { name: /^WhatsApp number/ });
    await fill(user, number, "call me");
    expect(screen.getByText("Enter a phone number with its country code")).toBeTruthy();
    await user.clear(number);
    await fill(user, number, "+31 6 1234 5678");
    const delay = screen.getByRole("textbox", { name: /^Delay/ });
    await user.clear(delay);
    await fill(user, delay, "5");
    expect(customReplyActionSchema.parse(seen.action)).toMatchObject({
      widgetEvent: {
        event: "handoff",
        handoff: { appType: "whatsapp", whatsapp: { number: "+31 6 1234 5678" }, delay: 5000 },
      },
    });
  });

  it("email trigger: recipients, subject and a body with {key} placeholders", async () => {
    const user = userEvent.setup();
    const seen = renderForm(newAction("email_trigger"));
    expect(screen.getByText("Add at least one recipient")).toBeTruthy();
    await user.type(screen.getByRole("textbox", { name: /^Recipients/ }), "returns@shop.example{Enter}");
    await fill(user, screen.getByRole("textbox", { name: /^Subject/ }), "New return");
    await fill(user, screen.getByRole("textbox", { name: /^Body/ }), "Reason: {reason}");
    expect(screen.queryByText(/is required|Add at least/)).toBeNull();
    expect(customReplyActionSchema.parse(seen.action)).toMatchObject({
      emailTrigger: { recipients: ["returns@shop.example"], subject: "New return", body: "Reason: {reason}" },
    });
  });

  it("order lookup: the keys it reads (the usual ones until changed); conditions offer what it writes", async () => {
    const user = userEvent.setup();
    const seen = renderForm(newAction("integration_event"));
    expect(screen.queryByRole("textbox", { name: /^Order number key/ })).toBeNull();
    await user.click(screen.getByRole("textbox", { name: /^Event/ }));
    await user.click(await screen.findByRole("option", { name: "Look up an order", hidden: true }));
    const numberKey = screen.getByRole("textbox", { name: /^Order number key/ }) as HTMLInputElement;
    expect(numberKey.value).toBe("orderNumber");
    expect((screen.getByRole("textbox", { name: /^E-mail key/ }) as HTMLInputElement).value).toBe("email");
    await user.clear(numberKey);
    await fill(user, numberKey, "orderNo");
    expect(customReplyActionSchema.parse(seen.action)).toMatchObject({
      integrationEvent: { event: "get_order", orderKeys: { orderNumber: "orderNo", email: "email", phone: "phone" } },
    });
    await user.clear(numberKey);
    await fill(user, numberKey, "Order no");
    expect(screen.getByText(/A key starts with a lower-case letter/)).toBeTruthy();

    renderForm(newAction("condition"));
    await user.click(screen.getByRole("button", { name: "Add branch" }));
    await user.click(
      within(screen.getByRole("group", { name: "Branch 2" })).getByRole("textbox", { name: /^Field 1/ }),
    );
    expect(await screen.findByRole("option", { name: "Order lookup result (orderResult)", hidden: true })).toBeTruthy();
  });

  it("AI answer: restricted to the chosen knowledge sources, with an instruction", async () => {
    const user = userEvent.setup();
    const seen = renderForm(newAction("message_ai_answer"));
    await user.click(screen.getByRole("textbox", { name: /^Answer only from these sources/ }));
    await user.click(await screen.findByRole("option", { name: "Returns FAQ", hidden: true }));
    await fill(user, screen.getByRole("textbox", { name: /^Instruction/ }), "Mention the 30-day window");
    expect(customReplyActionSchema.parse(seen.action)).toMatchObject({
      message: {
        aiAnswer: { sources: [{ sourceIDs: [faqSource._id], docCount: 12 }], instruction: "Mention the 30-day window" },
      },
    });
  });

  it("file: an uploaded file's stored address and type fill the action; a refused upload says why", async () => {
    const user = userEvent.setup();
    const fileUrl = "http://localhost:3000/api/files/00000000-0000-4000-8000-0000000000c1";
    const fetchMock = stubFetch({
      "POST /api/custom-reply/upload": (body) =>
        body instanceof FormData && (body.get("file") as File | null)?.name === "guide.html"
          ? { status: 400, message: "file: The file must be a JPG, PNG or WebP image, or a PDF." }
          : { data: { fileUrl, fileType: "application/pdf" }, message: "File uploaded" },
    });
    const seen = renderForm(newAction("message_file"));
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file input");
    expect(screen.getByRole("button", { name: "Upload file" })).toBeTruthy();

    await user.upload(input, new File(["%PDF-1.4"], "size-guide.pdf", { type: "application/pdf" }));
    expect(await screen.findByText("size-guide.pdf uploaded.")).toBeTruthy();
    expect((screen.getByLabelText(/^File address/) as HTMLInputElement).value).toBe(fileUrl);
    expect((screen.getByLabelText(/^File type/) as HTMLInputElement).value).toBe("application/pdf");
    expect(seen.action).toMatchObject({ message: { file: { fileUrl, fileType: "application/pdf" } } });
    const [sent] = formsSentTo(fetchMock, "POST /api/custom-reply/upload");
    expect((sent?.form.get("file") as File | undefined)?.name).toBe("size-guide.pdf");

    await user.upload(input, new File(["<html>"], "guide.html", { type: "application/pdf" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "file: The file must be a JPG, PNG or WebP image, or a PDF.",
    );
    // The refused file leaves the action as it was.
    expect(seen.action).toMatchObject({ message: { file: { fileUrl } } });
  });
});

import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Catalogue } from "../i18n/en";
import { he } from "../i18n/he";
import { nl } from "../i18n/nl";
import { renderInWidget, storedMessage } from "../test/widget-fixtures";
import { ChatMessage, type CustomReplyAnswer } from "./chat-message";

const step = { nodeID: "start", actionID: "size" };

function showStep(
  overrides: Parameters<typeof storedMessage>[0],
  options: { isLast?: boolean; language?: "en" | "nl" | "he"; texts?: Catalogue; answer?: () => Promise<unknown> } = {},
) {
  const onAnswer = vi.fn<(answer: CustomReplyAnswer) => Promise<unknown>>(options.answer ?? (async () => null));
  const onChoose = vi.fn();
  renderInWidget(
    <ChatMessage
      message={storedMessage(overrides)}
      isLast={options.isLast ?? true}
      onChoose={onChoose}
      onForm={vi.fn()}
      onAnswer={onAnswer}
    />,
    { language: options.language, texts: options.texts },
  );
  return { onAnswer, onChoose };
}

type Overrides = Parameters<typeof storedMessage>[0];

const bubblesMessage: Overrides = {
  message: "Which size?",
  messageType: "answer_bubbles",
  messageData: {
    customReplyID: "reply-1",
    customReplyStep: step,
    answerBubbles: {
      bubbles: [
        { message: "Big one", value: "big" },
        { message: "Small one", value: "small" },
      ],
    },
  },
};

describe("a custom reply's answer bubbles", () => {
  it("send the chosen bubble's value for the waiting action, by keyboard too, never as a typed question", async () => {
    const user = userEvent.setup();
    const { onAnswer, onChoose } = showStep(bubblesMessage);
    expect(screen.getByText("Which size?")).toBeTruthy();
    await user.tab();
    expect(document.activeElement?.textContent).toBe("Big one");
    await user.tab();
    await user.keyboard("{Enter}");
    expect(onAnswer).toHaveBeenCalledWith({ event: "CUSTOM_REPLY_ANSWER", actionID: "size", value: "small" });
    expect(onChoose).not.toHaveBeenCalled();
  });

  it("are disabled once answered (a later message follows)", async () => {
    showStep(bubblesMessage, { isLast: false });
    for (const button of screen.getAllByRole("button")) expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it("show the server's refusal when the choice is not taken", async () => {
    const user = userEvent.setup();
    showStep(bubblesMessage, {
      answer: async () => {
        throw new Error("This question has been answered already.");
      },
    });
    await user.click(screen.getByRole("button", { name: "Big one" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This question has been answered already.");
  });
});

const formMessage = (title: string): Overrides => ({
  message: title,
  messageType: "form",
  messageData: {
    customReplyID: "reply-1",
    customReplyStep: { nodeID: "start", actionID: "details" },
    form: {
      title,
      description: null,
      fields: [
        { key: "email", title: "Email", fieldType: "text", required: true },
        { key: "orderNumber", title: "Order number", fieldType: "text", required: false },
      ],
    },
  },
});

describe("a custom reply's form", () => {
  it("labels its fields, refuses a missing required one with an error, and sends the values by key", async () => {
    const user = userEvent.setup();
    const { onAnswer } = showStep(formMessage("Your details"));
    const email = await screen.findByLabelText(/E-mail/);
    const order = screen.getByLabelText("Order number");
    expect(order.hasAttribute("required")).toBe(false);
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("E-mail is required")).toBeTruthy();
    expect(onAnswer).not.toHaveBeenCalled();

    await user.type(email, "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() =>
      expect(onAnswer).toHaveBeenCalledWith({
        event: "CUSTOM_REPLY_FORM",
        actionID: "details",
        values: { email: "ada@example.com", orderNumber: "" },
      }),
    );
  });

  it("speaks Dutch and Hebrew: the widget's own labels and errors in the visitor's language", async () => {
    const user = userEvent.setup();
    showStep(formMessage("Uw gegevens"), { language: "nl", texts: nl });
    await screen.findByLabelText(/E-mailadres/);
    await user.click(screen.getByRole("button", { name: nl.send }));
    expect(await screen.findByText(nl.emailRequired)).toBeTruthy();
  });

  it("in Hebrew the form's texts run right to left", async () => {
    const user = userEvent.setup();
    showStep(formMessage("הפרטים שלך"), { language: "he", texts: he });
    await screen.findByLabelText(new RegExp(he.email));
    const heading = screen.getAllByText("הפרטים שלך").find((node) => node.tagName === "H3");
    expect(heading?.getAttribute("dir")).toBe("auto");
    await user.click(screen.getByRole("button", { name: he.send }));
    expect(await screen.findByText(he.emailRequired)).toBeTruthy();
  });
});

import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderInWidget } from "../test/widget-fixtures";
import { TranscriptForm } from "./transcript-form";

describe("TranscriptForm", () => {
  it("fills in the known address and sends it, showing Sending… until it went", async () => {
    let finish = () => {};
    const onSend = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderInWidget(<TranscriptForm email="dana@example.com" onSend={onSend} />);
    expect(screen.getByLabelText(/E-mail/)).toHaveProperty("value", "dana@example.com");

    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onSend).toHaveBeenCalledWith("dana@example.com");
    const sending = screen.getByRole("button", { name: "Sending…" });
    expect(sending).toHaveProperty("disabled", true);
    finish();
    expect((await screen.findByRole("status")).textContent).toBe("We sent this conversation to dana@example.com.");
    expect(screen.getByRole("button", { name: "Send" })).toHaveProperty("disabled", false);
  });

  it("checks the address first, by keyboard alone, and sends nothing until it is one", async () => {
    const onSend = vi.fn(async () => {});
    renderInWidget(<TranscriptForm email="" onSend={onSend} />);
    const field = screen.getByLabelText(/E-mail/);
    await userEvent.click(field);
    await userEvent.keyboard("{Enter}");
    expect(screen.getByText("E-mail is required")).toBeTruthy();

    await userEvent.type(field, "dana@example");
    await userEvent.keyboard("{Enter}");
    expect(screen.getByText("Enter a valid e-mail address")).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(field);
    expect(onSend).not.toHaveBeenCalled();

    await userEvent.type(field, ".com ");
    await userEvent.keyboard("{Enter}");
    expect(onSend).toHaveBeenCalledWith("dana@example.com");
    expect(screen.queryByText("Enter a valid e-mail address")).toBeNull();
  });

  it("says why it was not sent: the server's words, else Not sent.", async () => {
    const onSend = vi
      .fn()
      .mockRejectedValueOnce(new Error("The transcript could not be sent. Please try again later."))
      .mockRejectedValueOnce(new Error(""));
    renderInWidget(<TranscriptForm email="dana@example.com" onSend={onSend} />);
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The transcript could not be sent. Please try again later.",
    );
    expect(screen.queryByRole("status")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    await vi.waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Not sent."));
  });
});

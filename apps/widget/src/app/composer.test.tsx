import { act, fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderInWidget } from "../test/widget-fixtures";
import { Composer, TYPING_NUDGE_MS } from "./composer";

const file = (name: string, bytes: number, type = "image/png") => {
  const made = new File(["x"], name, { type });
  Object.defineProperty(made, "size", { value: bytes });
  return made;
};

function pick(files: File[]) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, "files", { value: files, configurable: true });
  fireEvent.change(input);
}

describe("Composer", () => {
  it("refuses a file over 10 MB with the spec's message for 2 seconds, keeping the others", () => {
    vi.useFakeTimers();
    const upload = vi.fn();
    renderInWidget(<Composer placeholder="Ask" onSend={vi.fn()} upload={upload} />);
    expect(document.querySelector('input[type="file"]')?.getAttribute("accept")).toContain("image/png");

    pick([file("receipt.png", 1024), file("video.png", 10 * 1024 * 1024 + 1)]);
    expect(screen.getByRole("alert").textContent).toBe("some files are larger than 10MB");
    expect(screen.getByText("receipt.png")).toBeTruthy();
    expect(screen.queryByText("video.png")).toBeNull();

    act(() => vi.advanceTimersByTime(1900));
    expect(screen.queryByRole("alert")).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("uploads the files, then sends the question with them; Enter sends and Shift+Enter does not", async () => {
    const onSend = vi.fn();
    const attachment = {
      url: "https://harbor.example/api/files/1",
      name: "a.png",
      contentType: "image/png",
      byteSize: 1,
    };
    const upload = vi.fn().mockResolvedValue(attachment);
    renderInWidget(<Composer placeholder="Ask" onSend={onSend} upload={upload} />);
    const box = screen.getByRole("textbox", { name: "Your message" });
    pick([file("a.png", 10)]);
    fireEvent.change(box, { target: { value: "Is this broken?" } });
    fireEvent.keyDown(box, { key: "Enter", shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: "Enter" });
    await vi.waitFor(() => expect(onSend).toHaveBeenCalledWith("Is this broken?", [attachment]));
    expect((box as HTMLTextAreaElement).value).toBe("");
  });

  it("nudges a visitor who stopped typing without sending, and tells the server when typing stops", () => {
    vi.useFakeTimers();
    const onTyping = vi.fn();
    renderInWidget(<Composer placeholder="Ask" onSend={vi.fn()} onTyping={onTyping} />);
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "I was" } });
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "I was wondering whether" } });
    expect(onTyping.mock.calls).toEqual([[true]]);
    expect(screen.queryByText("Still typing? Hit send when you're ready.")).toBeNull();
    act(() => vi.advanceTimersByTime(TYPING_NUDGE_MS));
    expect(screen.getByRole("status").textContent).toBe("Still typing? Hit send when you're ready.");
    expect(onTyping.mock.calls).toEqual([[true], [false]]);
  });
});

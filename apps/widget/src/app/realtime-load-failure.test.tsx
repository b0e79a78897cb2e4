import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeVisitorServer } from "../test/fake-visitor-server";
import { publicWidget } from "../test/widget-fixtures";
import { WidgetApp } from "./widget-app";

/*
 * The realtime client is a chunk of its own, downloaded when the visitor first asks. Here its
 * first download fails (a flaky network, a deploy that removed the old chunk), as the browser's
 * import() does; the second succeeds.
 */
const download = vi.hoisted(() => ({ failuresLeft: 0 }));
vi.mock("./visitor-socket", async (importOriginal) => {
  if (download.failuresLeft > 0) {
    download.failuresLeft -= 1;
    throw new TypeError("Failed to fetch dynamically imported module");
  }
  return importOriginal();
});

let server: FakeVisitorServer;

beforeEach(async () => {
  server = new FakeVisitorServer();
  server.autoAnswer = () => "Standard delivery takes two to three working days.";
  const url = await server.listen();
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${url}/widget/frame.html?widgetID=abc123`,
  );
  vi.stubGlobal(
    "fetch",
    vi.fn(async () =>
      Response.json({
        hasError: false,
        message: "",
        data: { widget: publicWidget(), visitorToken: "visitor-token-123", activeChatID: null },
      }),
    ),
  );
});

afterEach(async () => {
  await server.close();
});

describe("when the realtime client cannot be downloaded", () => {
  it("shows the error screen instead of losing the question, and Restart Chat sends it", async () => {
    download.failuresLeft = 1;
    const view = render(<WidgetApp widgetID="abc123" />);
    const box = await screen.findByRole("textbox", { name: "Your message" });
    fireEvent.change(box, { target: { value: "How long does delivery take?" } });
    fireEvent.keyDown(box, { key: "Enter" });

    expect(await screen.findByRole("heading", { name: "Holy Glitch" })).toBeTruthy();
    expect(screen.getByText("Our servers hiccuped. Please restart the chat to continue")).toBeTruthy();
    expect(server.questions).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: "Restart Chat" }));
    expect(await screen.findByText("Standard delivery takes two to three working days.")).toBeTruthy();
    expect(screen.getByText("How long does delivery take?")).toBeTruthy();
    expect(server.questions).toEqual(["How long does delivery take?"]);
    view.unmount();
  });
});

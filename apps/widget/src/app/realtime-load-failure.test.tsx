import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeVisitorServer } from "../test/fake-visitor-server";
import { publicWidget } from "../test/widget-fixtures";

/*
 * The realtime client is a chunk of its own, downloaded when the visitor first asks. Here its
 * first download fails (a flaky network, a deploy that removed the old chunk), as the browser's
 * import() does; the second succeeds.
 */
/** The widget app, fresh, with the realtime client's first `failures` downloads failing. */
async function widgetAppFailing(failures: number) {
  let failuresLeft = failures;
  vi.doMock("./visitor-socket", async (importOriginal) => {
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw new TypeError("Failed to fetch dynamically imported module");
    }
    return importOriginal();
  });
  return (await import("./widget-app")).WidgetApp;
}

let server: FakeVisitorServer;

beforeEach(async () => {
  // Each test loads the app and the realtime client afresh (a module once loaded stays loaded).
  vi.resetModules();
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
  vi.doUnmock("./visitor-socket");
  await server.close();
});

describe("when the realtime client cannot be downloaded", () => {
  it("shows the error screen instead of losing the question, and Restart Chat sends it", async () => {
    const WidgetApp = await widgetAppFailing(1);
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

  it("gives a fresh frame when the download fails again (a browser may keep a failed module)", async () => {
    const WidgetApp = await widgetAppFailing(2);
    const reload = vi.fn();
    vi.spyOn(window.location, "reload").mockImplementation(reload);
    const view = render(<WidgetApp widgetID="abc123" />);
    const box = await screen.findByRole("textbox", { name: "Your message" });
    fireEvent.change(box, { target: { value: "How long does delivery take?" } });
    fireEvent.keyDown(box, { key: "Enter" });
    await userEvent.click(await screen.findByRole("button", { name: "Restart Chat" }));
    // The second download fails too: the error screen again, and now Restart Chat reloads.
    await userEvent.click(await screen.findByRole("button", { name: "Restart Chat" }));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(server.questions).toEqual([]);
    view.unmount();
    vi.restoreAllMocks();
  });
});

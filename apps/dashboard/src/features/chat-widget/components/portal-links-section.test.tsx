import type { CustomReplySummary } from "@harbor/contract/ai-agent";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { notifySuccess } from "../../../lib/notify";
import { bodiesSentTo, type StubAnswer, stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import { widgetSettings } from "../test-fixtures";
import { PortalLinksSection } from "./portal-links-section";

vi.mock("../../../lib/notify", () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));

const returns: CustomReplySummary = { _id: "00000000-0000-4000-8000-0000000000a1", name: "Returns" };

function renderSection(
  save: (body: unknown) => StubAnswer | Promise<StubAnswer>,
  onDirtyChange: (isDirty: boolean) => void = () => {},
) {
  const fetchMock = stubFetch({ "POST /api/widget-settings/custom-reply/save": save });
  renderRoutes({
    initialPath: "/",
    routes: [
      { path: "/", element: <PortalLinksSection links={[]} customReplies={[returns]} onDirtyChange={onDirtyChange} /> },
    ],
  });
  return fetchMock;
}

async function fillNewLink(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Add Link" }));
  const dialog = await screen.findByRole("dialog", { name: "Add Link" });
  const save = within(dialog).getByRole("button", { name: "Save" });
  expect(save.hasAttribute("disabled")).toBe(true);
  await user.type(within(dialog).getByRole("textbox", { name: /^Title/ }), "Start a return");
  await user.type(within(dialog).getByRole("textbox", { name: /^Description/ }), "Send something back");
  await user.selectOptions(within(dialog).getByRole("combobox", { name: /^Custom reply/ }), returns._id);
  return { dialog, save };
}

describe("PortalLinksSection's link form", () => {
  it("adds a link once, even when Save is pressed again while it is on its way, then closes", async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const fetchMock = renderSection(
      (body) =>
        new Promise<StubAnswer>((resolve) => {
          const link = { _id: "00000000-0000-4000-8000-0000000000b1", ...(body as object) };
          const settings = widgetSettings();
          release = () =>
            resolve({
              data: { ...settings, selfServicePortal: { ...settings.selfServicePortal, customReplies: [link] } },
            });
        }),
    );
    const { save } = await fillNewLink(user);
    await user.click(save);
    await user.click(save);
    release();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodiesSentTo(fetchMock, "POST /api/widget-settings/custom-reply/save")).toEqual([
      { icon: "package", title: "Start a return", description: "Send something back", customReplyID: returns._id },
    ]);
    expect(notifySuccess).toHaveBeenCalledWith({ message: "Custom reply saved" });
  });

  it("shows the server's refusal in the form and keeps what was typed", async () => {
    const user = userEvent.setup();
    renderSection(() => ({ status: 409, message: "A link with this title already exists." }));
    const { dialog, save } = await fillNewLink(user);
    await user.click(save);
    expect((await within(dialog).findByRole("alert")).textContent).toContain("A link with this title already exists.");
    expect((within(dialog).getByRole("textbox", { name: /^Title/ }) as HTMLInputElement).value).toBe("Start a return");
  });

  it("asks before closing with unsaved edits, and tells the page while it has them", async () => {
    const user = userEvent.setup();
    const onDirtyChange = vi.fn();
    renderSection(() => ({ status: 500, message: "not sent" }), onDirtyChange);
    const { dialog } = await fillNewLink(user);
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    const question = await screen.findByRole("dialog", { name: "You Have Unsaved Changes" });
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "You Have Unsaved Changes" })).toBeNull());
    expect((within(dialog).getByRole("textbox", { name: /^Title/ }) as HTMLInputElement).value).toBe("Start a return");

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await user.click(await screen.findByRole("button", { name: "Yes, Continue" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
  });
});

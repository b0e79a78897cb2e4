import { TextInput } from "@mantine/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { Link } from "react-router";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../../test/render";
import { UnsavedChangesGuard } from "./unsaved-changes-guard";

function EditScreen() {
  const [value, setValue] = useState("");
  return (
    <>
      <Link to="/elsewhere">Leave</Link>
      <TextInput label="Title" value={value} onChange={(event) => setValue(event.currentTarget.value)} />
      <UnsavedChangesGuard isDirty={value !== ""} />
    </>
  );
}

function renderGuarded() {
  return renderRoutes({
    initialPath: "/edit",
    routes: [
      { path: "/edit", element: <EditScreen /> },
      { path: "/elsewhere", element: <p>elsewhere screen</p> },
    ],
  });
}

describe("UnsavedChangesGuard", () => {
  it("lets navigation through when nothing changed", async () => {
    const user = userEvent.setup();
    renderGuarded();
    await user.click(screen.getByRole("link", { name: "Leave" }));
    expect(await screen.findByText("elsewhere screen")).toBeTruthy();
  });

  it("asks before leaving with changes, with the exact texts, and Cancel stays", async () => {
    const user = userEvent.setup();
    const { router } = renderGuarded();
    await user.type(screen.getByLabelText("Title"), "draft");
    await user.click(screen.getByRole("link", { name: "Leave" }));

    const dialog = await screen.findByRole("dialog", { name: "You Have Unsaved Changes" });
    // The title is the dialog's heading, drawn as one.
    const title = within(dialog).getByRole("heading", { name: "You Have Unsaved Changes" });
    expect(title.style.fontWeight).toBe("700");
    expect(dialog.textContent).toContain("Your changes will be lost. Are you sure you want to continue?");
    expect(screen.getByRole("button", { name: "Yes, Continue" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/edit");
    expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("draft");
  });

  it("goes on when the user continues", async () => {
    const user = userEvent.setup();
    const { router } = renderGuarded();
    await user.type(screen.getByLabelText("Title"), "draft");
    await user.click(screen.getByRole("link", { name: "Leave" }));
    await user.click(await screen.findByRole("button", { name: "Yes, Continue" }));
    expect(await screen.findByText("elsewhere screen")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/elsewhere");
  });

  it("also holds back the browser's back button", async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes({
      initialPath: "/elsewhere",
      routes: [
        { path: "/edit", element: <EditScreen /> },
        { path: "/elsewhere", element: <Link to="/edit">Edit</Link> },
      ],
    });
    await user.click(screen.getByRole("link", { name: "Edit" }));
    await user.type(await screen.findByLabelText("Title"), "draft");
    await router.navigate(-1);
    expect(await screen.findByRole("dialog", { name: "You Have Unsaved Changes" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/edit");
  });

  it("asks the browser to confirm a reload while there are changes", async () => {
    const user = userEvent.setup();
    renderGuarded();
    const clean = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);

    await user.type(screen.getByLabelText("Title"), "draft");
    const dirty = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});

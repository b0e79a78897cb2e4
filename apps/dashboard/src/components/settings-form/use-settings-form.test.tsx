import { Stack, TextInput } from "@mantine/core";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, Outlet } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api-client";
import { notifyError, notifySuccess } from "../../lib/notify";
import { renderRoutes } from "../../test/render";
import { UnsavedChangesGuard } from "../unsaved-changes-guard/unsaved-changes-guard";
import { SaveButton } from "./save-button";
import { useSettingsForm } from "./use-settings-form";

vi.mock("../../lib/notify", () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));

type Profile = { name: string; city: string };
type SaveProfile = (values: Profile) => Promise<Profile>;

/** A settings page as small as can be: two required fields, the first far above the second. */
function ProfileSettings({ save }: { save: SaveProfile }) {
  const settings = useSettingsForm<Profile, Profile>({
    initialValues: { name: "Harbor", city: "Utrecht" },
    validate: (values) => ({
      ...(values.name.trim() ? {} : { name: "Enter a name" }),
      ...(values.city.trim() ? {} : { city: "Enter a city" }),
    }),
    save,
    // The server trims what it stores; its answer becomes the new starting point.
    valuesFrom: (saved) => ({ name: saved.name.trim(), city: saved.city.trim() }),
    savedMessage: "Profile saved",
  });
  return (
    <form {...settings.formProps}>
      <Stack>
        <SaveButton isChanged={settings.isChanged} isSaving={settings.isSaving} />
        <TextInput label="Name" {...settings.form.getInputProps("name")} />
        <TextInput label="City" {...settings.form.getInputProps("city")} />
      </Stack>
      <UnsavedChangesGuard isDirty={settings.isChanged} />
    </form>
  );
}

function renderSettings(save: SaveProfile) {
  return renderRoutes({
    initialPath: "/settings",
    routes: [
      {
        element: (
          <>
            <Link to="/inbox">Inbox</Link>
            <Outlet />
          </>
        ),
        children: [
          { path: "/settings", element: <ProfileSettings save={save} /> },
          { path: "/inbox", element: <p>inbox screen</p> },
        ],
      },
    ],
  });
}

const saveButton = () => screen.getByRole("button", { name: "Save Changes" }) as HTMLButtonElement;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("useSettingsForm", () => {
  beforeEach(() => {
    vi.mocked(notifySuccess).mockClear();
    vi.mocked(notifyError).mockClear();
  });
  afterEach(() => vi.restoreAllMocks());

  it("keeps Save Changes off until a value differs, and off again once the value is back", async () => {
    const user = userEvent.setup();
    renderSettings(async (values) => values);
    expect(saveButton().disabled).toBe(true);
    await user.type(field("Name"), "!");
    expect(saveButton().disabled).toBe(false);
    await user.type(field("Name"), "{Backspace}");
    expect(saveButton().disabled).toBe(true);
  });

  it("saves once while a save is on its way, takes the server's answer as the new start and says so", async () => {
    const user = userEvent.setup();
    let finish: (profile: Profile) => void = () => {};
    const save = vi.fn<SaveProfile>(() => new Promise((resolve) => (finish = resolve)));
    renderSettings(save);
    await user.clear(field("City"));
    await user.type(field("City"), "  Leiden  ");
    await user.click(saveButton());
    fireEvent.submit(saveButton().closest("form") as HTMLFormElement);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ name: "Harbor", city: "  Leiden  " });

    finish({ name: "Harbor", city: "  Leiden  " });
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith({ message: "Profile saved" }));
    expect(field("City").value).toBe("Leiden");
    expect(saveButton().disabled).toBe(true);
  });

  it("shows the server's message when the save fails, and keeps the changes to try again", async () => {
    const user = userEvent.setup();
    const save = vi.fn<SaveProfile>(async () => {
      throw new ApiError({ status: 400, message: "City is not served" });
    });
    renderSettings(save);
    await user.type(field("City"), "x");
    await user.click(saveButton());
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith({ message: "City is not served" }));
    expect(field("City").value).toBe("Utrechtx");
    expect(saveButton().disabled).toBe(false);
  });

  it("does not send an invalid draft, and scrolls to and focuses the first invalid field", async () => {
    const user = userEvent.setup();
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    const save = vi.fn<SaveProfile>(async (values) => values);
    renderSettings(save);
    await user.clear(field("City"));
    await user.clear(field("Name"));
    await user.click(saveButton());

    // The first field in the page's order, not the last one edited.
    await waitFor(() => expect(document.activeElement).toBe(field("Name")));
    expect(scrolled).toEqual([field("Name")]);
    expect(field("Name").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Enter a city")).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it("asks before leaving with changes, and lets the page go once they are saved", async () => {
    const user = userEvent.setup();
    const { router } = renderSettings(async (values) => values);
    await user.type(field("Name"), " Docks");
    await user.click(screen.getByRole("link", { name: "Inbox" }));
    expect(await screen.findByRole("dialog", { name: "You Have Unsaved Changes" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await user.click(saveButton());
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    await user.click(screen.getByRole("link", { name: "Inbox" }));
    expect(await screen.findByText("inbox screen")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/inbox");
  });
});

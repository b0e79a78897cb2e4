import type { TeamMember } from "@harbor/contract/user";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { bodiesSentTo, type StubAnswer, stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import { UserAccessPage } from "./user-access-page";

const admin: TeamMember = {
  _id: "00000000-0000-4000-8000-00000000000a",
  name: "Ada Admin",
  email: "ada@shop.test",
  role: "admin",
  status: "active",
};
const agent: TeamMember = {
  _id: "00000000-0000-4000-8000-00000000000b",
  name: "Bo Agent",
  email: "bo@shop.test",
  role: "agent",
  status: "active",
};
const invitedAdmin: TeamMember = {
  _id: "00000000-0000-4000-8000-00000000000c",
  name: "Cy Invited",
  email: "cy@elsewhere.test",
  role: "admin",
  status: "invited",
};

function Shell() {
  return (
    <>
      <nav>
        <Link to="/inbox">Inbox</Link>
      </nav>
      <Outlet />
    </>
  );
}

function renderPage(routes: Record<string, (body: unknown) => StubAnswer | Promise<StubAnswer>>) {
  const fetchMock = stubFetch(routes);
  const view = renderRoutes({
    initialPath: "/settings/user-access",
    routes: [
      {
        element: <Shell />,
        children: [
          { path: "/settings/user-access", element: <UserAccessPage /> },
          { path: "/inbox", element: <p>inbox screen</p> },
        ],
      },
    ],
  });
  return { ...view, fetchMock };
}

describe("UserAccessPage", () => {
  it("shows a loader, then the team", async () => {
    renderPage({ "GET /api/user/all": () => ({ data: [admin, agent] }) });
    expect(screen.getByRole("status").textContent).toContain("Loading users");
    expect(await screen.findByText("Showing 2 users")).toBeTruthy();
  });

  it("shows the empty state when the team has nobody", async () => {
    renderPage({ "GET /api/user/all": () => ({ data: [] }) });
    expect(await screen.findByRole("heading", { name: "No users in your team" })).toBeTruthy();
  });

  it("validates the new user before sending it", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage({ "GET /api/user/all": () => ({ data: [admin] }) });
    await user.click(await screen.findByRole("button", { name: "Add User" }));
    const dialog = await screen.findByRole("dialog", { name: "Add User" });
    await user.type(within(dialog).getByLabelText(/E-Mail address/), "not-an-address");
    await user.click(within(dialog).getByRole("button", { name: "Add User" }));
    expect(within(dialog).getByText("Name is required")).toBeTruthy();
    expect(within(dialog).getByText("Enter a valid e-mail address")).toBeTruthy();
    expect(bodiesSentTo(fetchMock, "POST /api/user/add-users")).toHaveLength(0);
  });

  it("adds a user, ignoring a second submit while the first is pending", async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const { fetchMock } = renderPage({
      "GET /api/user/all": () => ({ data: [admin] }),
      "POST /api/user/add-users": () =>
        new Promise<StubAnswer>((resolve) => {
          release = () =>
            resolve({
              message: "User added",
              data: [{ ...invitedAdmin, name: "Cy New", email: "cy@shop.test", status: "invited" }],
            });
        }),
    });
    await user.click(await screen.findByRole("button", { name: "Add User" }));
    const dialog = await screen.findByRole("dialog", { name: "Add User" });
    // Adding someone invites them: the form says so before anything is sent.
    expect(within(dialog).getByText("We e-mail them an invitation. They join once they accept it.")).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Full name/), "Cy New");
    await user.type(within(dialog).getByLabelText(/E-Mail address/), "Cy@Shop.test");
    await user.selectOptions(within(dialog).getByLabelText(/User role/), "admin");
    await user.type(within(dialog).getByLabelText(/Full name/), "{Enter}");
    await user.type(within(dialog).getByLabelText(/Full name/), "{Enter}");
    release();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodiesSentTo(fetchMock, "POST /api/user/add-users")).toEqual([
      { users: [{ name: "Cy New", email: "cy@shop.test", role: "admin" }] },
    ]);
  });

  it("shows the server's message when adding fails", async () => {
    const user = userEvent.setup();
    renderPage({
      "GET /api/user/all": () => ({ data: [admin] }),
      "POST /api/user/add-users": () => ({ status: 409, message: "cy@shop.test is already in your team" }),
    });
    await user.click(await screen.findByRole("button", { name: "Add User" }));
    const dialog = await screen.findByRole("dialog", { name: "Add User" });
    await user.type(within(dialog).getByLabelText(/Full name/), "Cy New");
    await user.type(within(dialog).getByLabelText(/E-Mail address/), "cy@shop.test");
    await user.click(within(dialog).getByRole("button", { name: "Add User" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("cy@shop.test is already in your team");
  });

  it("edits with the e-mail locked and the role prefilled", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage({
      "GET /api/user/all": () => ({ data: [admin, agent] }),
      "POST /api/user/update": () => ({ message: "User updated", data: { ...agent, name: "Bo Renamed" } }),
    });
    await user.click(await screen.findByRole("button", { name: "Edit Bo Agent" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit User" });
    const email = within(dialog).getByLabelText(/E-Mail address/) as HTMLInputElement;
    expect(email.value).toBe("bo@shop.test");
    expect(email.readOnly).toBe(true);
    expect((within(dialog).getByLabelText(/User role/) as HTMLSelectElement).value).toBe("agent");

    const name = within(dialog).getByLabelText(/Full name/);
    await user.clear(name);
    await user.type(name, "Bo Renamed");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, "POST /api/user/update")).toEqual([
        { userID: agent._id, name: "Bo Renamed", role: "agent" },
      ]),
    );
  });

  it("guards a changed, unsaved user form against leaving through a menu link", async () => {
    const user = userEvent.setup();
    const { router } = renderPage({ "GET /api/user/all": () => ({ data: [admin, agent] }) });
    await user.click(await screen.findByRole("button", { name: "Add User" }));
    const dialog = await screen.findByRole("dialog", { name: "Add User" });
    await user.type(within(dialog).getByLabelText(/Full name/), "Half typed");

    await user.click(screen.getByRole("link", { name: "Inbox" }));
    const guard = await screen.findByRole("dialog", { name: "You Have Unsaved Changes" });
    expect(router.state.location.pathname).toBe("/settings/user-access");

    await user.click(within(guard).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "You Have Unsaved Changes" })).toBeNull());
    expect((within(dialog).getByLabelText(/Full name/) as HTMLInputElement).value).toBe("Half typed");

    await user.click(screen.getByRole("link", { name: "Inbox" }));
    await user.click(await screen.findByRole("button", { name: "Yes, Continue" }));
    expect(await screen.findByText("inbox screen")).toBeTruthy();
  });

  it("confirms before deleting a user", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage({
      "GET /api/user/all": () => ({ data: [admin, agent] }),
      "POST /api/user/delete": () => ({ message: "User deleted", data: agent }),
    });
    await user.click(await screen.findByRole("button", { name: "Delete Bo Agent" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Bo Agent?" });
    expect(dialog.textContent).toContain(
      "This action cannot be undone. This user will be removed from your organization",
    );
    await user.click(within(dialog).getByRole("button", { name: "Delete user" }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, "POST /api/user/delete")).toEqual([{ userID: agent._id }]));
  });

  it("confirms before withdrawing an invitation, in the words of an invitation", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage({
      "GET /api/user/all": () => ({ data: [admin, invitedAdmin] }),
      "POST /api/user/delete": () => ({ message: "Cy Invited was removed.", data: invitedAdmin }),
    });
    expect(await screen.findByText("Invited")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Withdraw the invitation to Cy Invited" }));
    const dialog = await screen.findByRole("dialog", { name: "Withdraw the invitation to Cy Invited?" });
    expect(dialog.textContent).toContain("They will no longer be able to join with this invitation.");
    await user.click(within(dialog).getByRole("button", { name: "Withdraw invitation" }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, "POST /api/user/delete")).toEqual([{ userID: invitedAdmin._id }]),
    );
  });
});

import type { TeamMember } from "@harbor/contract/user";
import { MantineProvider } from "@mantine/core";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { UserTable } from "./user-table";

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

function renderTable(users: TeamMember[]) {
  const onEdit = vi.fn();
  const onDelete = vi.fn();
  render(
    <MantineProvider>
      <UserTable users={users} onEdit={onEdit} onDelete={onDelete} />
    </MantineProvider>,
  );
  return { onEdit, onDelete };
}

describe("UserTable", () => {
  it("has Name, Email and Role columns", () => {
    renderTable([agent]);
    const headers = screen.getAllByRole("columnheader").map((cell) => cell.textContent);
    expect(headers.slice(0, 3)).toEqual(["Name", "Email", "Role"]);
  });

  it("offers edit and delete for agents only, never for admins", () => {
    const { onEdit, onDelete } = renderTable([admin, agent]);
    const [, adminRow, agentRow] = screen.getAllByRole("row");
    if (!adminRow || !agentRow) throw new Error("expected two user rows");

    expect(within(adminRow).queryAllByRole("button")).toHaveLength(0);
    expect(within(adminRow).getByText("Admin")).toBeTruthy();

    within(agentRow).getByRole("button", { name: "Edit Bo Agent" }).click();
    within(agentRow).getByRole("button", { name: "Delete Bo Agent" }).click();
    expect(onEdit).toHaveBeenCalledWith(agent);
    expect(onDelete).toHaveBeenCalledWith(agent);
  });

  it("marks an invitation as such, and offers to edit or withdraw it even for an admin's", () => {
    const { onEdit, onDelete } = renderTable([invitedAdmin]);
    const [, row] = screen.getAllByRole("row");
    if (!row) throw new Error("expected a row");
    expect(within(row).getByText("Invited")).toBeTruthy();
    within(row).getByRole("button", { name: "Edit Cy Invited" }).click();
    within(row).getByRole("button", { name: "Withdraw the invitation to Cy Invited" }).click();
    expect(onEdit).toHaveBeenCalledWith(invitedAdmin);
    expect(onDelete).toHaveBeenCalledWith(invitedAdmin);
  });

  it("counts the users in its footer, singular for one", () => {
    renderTable([agent]);
    expect(screen.getByText("Showing 1 user")).toBeTruthy();
  });

  it("counts the users in its footer, plural for several", () => {
    renderTable([admin, agent]);
    expect(screen.getByText("Showing 2 users")).toBeTruthy();
  });
});

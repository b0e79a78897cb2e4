import type { GetUserResponse, PendingInvitation } from "@harbor/contract/user";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { bodiesSentTo, stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import { InvitationsPage } from "./invitations-page";
import { SelectCompanyPage } from "./select-company-page";

const bravo: PendingInvitation = {
  invitationID: "00000000-0000-4000-8000-0000000000c1",
  companyID: "00000000-0000-4000-8000-0000000000b2",
  companyName: "Bravo Gear",
  logoURL: null,
  role: "agent",
  inviterName: "Bea Bravo",
};
const charlie: PendingInvitation = {
  ...bravo,
  invitationID: "00000000-0000-4000-8000-0000000000c2",
  companyID: "00000000-0000-4000-8000-0000000000b3",
  companyName: "Charlie Camping",
  role: "admin",
  inviterName: null,
};

/** A user with no workspace yet and two invitations; after answering, the session is read again. */
function renderInvitations(path = "/invitations") {
  let invitations = [bravo, charlie];
  let companies: GetUserResponse["user"]["companies"] = [];
  const session = (): GetUserResponse => ({
    user: {
      userID: "00000000-0000-4000-8000-000000000001",
      email: "sam@example.test",
      name: "Sam",
      role: null,
      companies,
      hasMultipleCompanies: companies.length > 1,
      isPlatformAdmin: false,
      invitations,
    },
    company: null,
  });
  const fetchMock = stubFetch({
    "GET /api/user/": () => ({ data: session() }),
    "POST /api/user/invitation/accept": (body) => {
      const { invitationID } = body as { invitationID: string };
      const accepted = invitations.find((entry) => entry.invitationID === invitationID)!;
      invitations = invitations.filter((entry) => entry !== accepted);
      companies = [{ companyID: accepted.companyID, name: accepted.companyName, logoURL: null }];
      return { message: `You joined ${accepted.companyName}.`, data: companies[0] };
    },
    "POST /api/user/invitation/decline": (body) => {
      invitations = invitations.filter(
        (entry) => entry.invitationID !== (body as { invitationID: string }).invitationID,
      );
      return { message: "Invitation declined." };
    },
    "POST /api/auth/select-company": () => ({ message: "Workspace selected." }),
  });
  renderRoutes({
    initialPath: path,
    routes: [
      { path: "/invitations", element: <InvitationsPage /> },
      { path: "/select-company", element: <SelectCompanyPage /> },
    ],
  });
  return fetchMock;
}

describe("/invitations", () => {
  it("lists each invitation with who sent it and the role offered", async () => {
    renderInvitations();
    expect(await screen.findByText("Bravo Gear")).toBeTruthy();
    expect(screen.getByText("Bea Bravo invited you as an agent.")).toBeTruthy();
    expect(screen.getByText("You were invited as an admin.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Accept the invitation to Charlie Camping" })).toBeTruthy();
  });

  it("accepts one, then opens it; declines the other", async () => {
    const user = userEvent.setup();
    const fetchMock = renderInvitations();
    await user.click(await screen.findByRole("button", { name: "Accept the invitation to Bravo Gear" }));
    expect(await screen.findByText("You joined Bravo Gear.")).toBeTruthy();
    expect(bodiesSentTo(fetchMock, "POST /api/user/invitation/accept")).toEqual([{ invitationID: bravo.invitationID }]);

    await user.click(screen.getByRole("button", { name: "Decline the invitation to Charlie Camping" }));
    expect(await screen.findByText("You declined the invitation to Charlie Camping.")).toBeTruthy();
    expect(bodiesSentTo(fetchMock, "POST /api/user/invitation/decline")).toEqual([
      { invitationID: charlie.invitationID },
    ]);
    expect(screen.queryByRole("button", { name: /^Accept the invitation/ })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Open Bravo Gear" }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, "POST /api/auth/select-company")).toEqual([{ companyID: bravo.companyID }]),
    );
  });

  it("is where /select-company sends a user whose only choices are invitations", async () => {
    renderInvitations("/select-company");
    const list = await screen.findByRole("list");
    expect(within(list).getByText("Bravo Gear")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Invitations" })).toBeTruthy();
  });
});

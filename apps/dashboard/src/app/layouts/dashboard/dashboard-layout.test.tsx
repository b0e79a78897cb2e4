import type { GetUserResponse, PendingInvitation } from "@harbor/contract/user";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import { DashboardLayout } from "./dashboard-layout";

const acme = { companyID: "00000000-0000-4000-8000-0000000000a1", name: "Acme Outdoor", logoURL: null };

function session(overrides: {
  role?: "admin" | "agent";
  status?: "active" | "past_due";
  companies?: (typeof acme)[];
  invitations?: PendingInvitation[];
}) {
  const companies = overrides.companies ?? [acme];
  const answer: GetUserResponse = {
    user: {
      userID: "00000000-0000-4000-8000-000000000001",
      email: "sam@acme.example",
      name: "Sam Support",
      role: overrides.role ?? "admin",
      companies,
      hasMultipleCompanies: companies.length > 1,
      isPlatformAdmin: false,
      invitations: overrides.invitations ?? [],
    },
    company: {
      _id: acme.companyID,
      name: acme.name,
      logoURL: null,
      subscription: { status: overrides.status ?? "active" },
      isDemoContentReady: true,
      createdAt: "2026-11-01T00:00:00.000Z",
    },
  };
  return answer;
}

function renderShell(answer: GetUserResponse) {
  const fetchMock = stubFetch({
    "GET /api/user/": () => ({ data: answer }),
    "POST /api/auth/logout": () => ({ message: "You are signed out." }),
  });
  renderRoutes({
    initialPath: "/inbox",
    routes: [
      { element: <DashboardLayout />, children: [{ path: "/inbox", element: <p>inbox page</p> }] },
      { path: "/sign-in", element: <p>sign-in page</p> },
    ],
  });
  return fetchMock;
}

/** happy-dom applies Mantine's visibleFrom/hiddenFrom media queries to this window size. */
function setWindowWidth(width: number) {
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({
    width,
    height: 800,
  });
}

describe("dashboard shell", () => {
  // A laptop screen: wide enough for the header's links (they move under the burger below 1,200 px).
  beforeEach(() => setWindowWidth(1280));
  afterEach(() => setWindowWidth(1024));

  it("shows the subscription banner only when the subscription is not active", async () => {
    renderShell(session({ status: "past_due" }));
    expect(await screen.findByText("Your subscription is not active")).toBeTruthy();
    expect(screen.getByText(/Its status is past due/)).toBeTruthy();
  });

  it("has no banner for an active subscription", async () => {
    renderShell(session({ status: "active" }));
    expect(await screen.findByText("inbox page")).toBeTruthy();
    expect(screen.queryByText("Your subscription is not active")).toBeNull();
  });

  it.each([
    ["admin", ["Inbox", "AI Agent", "Knowledge Base", "Automated Replies", "Chat Widget", "Analytics", "Settings"]],
    ["agent", ["Inbox"]],
  ] as const)("gives the %s role the menu entries %j", async (role, entries) => {
    renderShell(session({ role }));
    await screen.findByText("inbox page");
    const navigation = screen.getAllByRole("navigation", { name: "Main navigation" })[0]!;
    expect(
      within(navigation)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(entries);
  });

  it("below 1,200 px puts the admin's links behind the burger instead of wrapping them out of the header", async () => {
    setWindowWidth(1024);
    renderShell(session({ role: "admin" }));
    await screen.findByText("inbox page");
    expect(screen.queryByRole("navigation", { name: "Main navigation" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Toggle navigation" }));
    const navigation = await screen.findByRole("navigation", { name: "Main navigation" });
    expect(within(navigation).getByRole("link", { name: "Settings" })).toBeTruthy();
  });

  it("closes the phone navigation with Escape, from inside it or from the burger, and puts focus back on the burger", async () => {
    setWindowWidth(375);
    renderShell(session({ role: "admin" }));
    await screen.findByText("inbox page");
    const burger = screen.getByRole("button", { name: "Toggle navigation" });
    fireEvent.click(burger);
    const navigation = await screen.findByRole("navigation", { name: "Main navigation" });
    fireEvent.keyDown(within(navigation).getByRole("link", { name: "Settings" }), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("navigation", { name: "Main navigation" })).toBeNull());
    expect(document.activeElement).toBe(burger);
    fireEvent.click(burger);
    await screen.findByRole("navigation", { name: "Main navigation" });
    fireEvent.keyDown(burger, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("navigation", { name: "Main navigation" })).toBeNull());
  });

  it("shows the workspace name without a menu for a single company", async () => {
    renderShell(session({ companies: [acme] }));
    await screen.findByText("inbox page");
    expect(screen.getAllByText("Acme Outdoor").length).toBeGreaterThan(0);
    expect(screen.queryByRole("button", { name: /Switch workspace/ })).toBeNull();
  });

  it("shows waiting invitations in the workspace switcher, even with one workspace, linking to where they are answered", async () => {
    const invitation: PendingInvitation = {
      invitationID: "00000000-0000-4000-8000-0000000000c1",
      companyID: "00000000-0000-4000-8000-0000000000b2",
      companyName: "Bravo Gear",
      logoURL: null,
      role: "agent",
      inviterName: "Bea",
    };
    renderShell(session({ companies: [acme], invitations: [invitation] }));
    await screen.findByText("inbox page");
    const [switcher] = screen.getAllByRole("button", {
      name: "Workspace: Acme Outdoor. Switch workspace, 1 invitation waiting",
    });
    fireEvent.click(switcher!);
    const item = await screen.findByRole("menuitem", { name: "Invitations (1)" });
    expect(item.getAttribute("href")).toBe("/invitations");
  });

  it("signs out from the account menu with a POST and shows sign-in", async () => {
    const fetchMock = renderShell(session({}));
    await screen.findByText("inbox page");
    fireEvent.click(screen.getByRole("button", { name: "Account menu" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Logout" }));
    expect(await screen.findByText("sign-in page")).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => url === "/api/auth/logout" && init?.method === "POST")).toBe(
        true,
      ),
    );
  });
});

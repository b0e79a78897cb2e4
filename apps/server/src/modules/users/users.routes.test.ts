import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { memberships } from "../../db/schema/index";

type Member = { _id: string; name: string; email: string; role: string };

let h: Harness;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let rival: Awaited<ReturnType<Harness["signUp"]>>;

beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUp("owner@acme.example");
  rival = await h.signUp("owner@rival.example");
});
afterAll(async () => {
  await h.close();
});

const addUsers = (cookie: string, users: unknown) =>
  h.api<Member[]>("POST", "/api/user/add-users", { cookie, body: { users } });
const team = (cookie: string) => h.api<Member[]>("GET", "/api/user/all", { cookie });

/** Adds an agent to the owner's team and signs them in. */
async function agentOfOwner(email: string) {
  const added = await addUsers(owner.cookie, [{ name: "Agent Smith", email, role: "agent" }]);
  expect(added.status).toBe(200);
  return h.signIn(email);
}

describe("GET /user/", () => {
  it("returns the user, their companies and the selected company", async () => {
    const me = await h.api<{ user: Record<string, unknown>; company: Record<string, unknown> }>("GET", "/api/user/", {
      cookie: owner.cookie,
    });
    expect(me.body.data.user).toMatchObject({
      userID: owner.userId,
      email: "owner@acme.example",
      role: "admin",
      hasMultipleCompanies: false,
      isPlatformAdmin: false,
      companies: [{ companyID: owner.companyId, name: "Acme", logoURL: null }],
    });
    expect(me.body.data.company).toMatchObject({ _id: owner.companyId, name: "Acme" });
  });
});

describe("team management", () => {
  it("adds users, mails each an invitation, and lists the team sorted by name", async () => {
    const response = await addUsers(owner.cookie, [
      { name: "Zoë Visser", email: "ZOE@acme.example", role: "agent" },
      { name: "אורי כהן", email: "ori@acme.example", role: "admin" },
    ]);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe("2 users added.");
    expect(response.body.data.map((m) => m.email)).toEqual(["zoe@acme.example", "ori@acme.example"]);

    const invitation = await h.smtp.latestTo("zoe@acme.example");
    expect(invitation.subject).toBe("Owner added you to Acme on Harbor");
    expect(invitation.text).toContain("http://localhost:3000/sign-in");
    expect(invitation.html).toContain("Sign in to Harbor");

    const list = await team(owner.cookie);
    expect(list.status).toBe(200);
    expect(list.body.data.map((m) => [m.name, m.role])).toEqual([
      ["Owner", "admin"],
      ["Zoë Visser", "agent"],
      ["אורי כהן", "admin"],
    ]);
  });

  it("an invited user signs in by code and lands in the company as its role", async () => {
    await addUsers(owner.cookie, [{ name: "Invited Agent", email: "invited@acme.example", role: "agent" }]);
    const session = await h.signIn("invited@acme.example");
    expect(session.data).toMatchObject({ hasMultipleCompanies: false, isNewCompany: false });
    const me = await h.api<{ user: { role: string }; company: { _id: string } }>("GET", "/api/user/", {
      cookie: session.cookie,
    });
    expect(me.body.data.user.role).toBe("agent");
    expect(me.body.data.company._id).toBe(owner.companyId);
  });

  it("refuses a person who is already in the team and adds nobody from that request", async () => {
    const response = await addUsers(owner.cookie, [
      { name: "New Person", email: "newperson@acme.example", role: "agent" },
      { name: "Owner Again", email: "owner@acme.example", role: "agent" },
    ]);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe("owner@acme.example is already in your team.");
    expect((await team(owner.cookie)).body.data.some((m) => m.email === "newperson@acme.example")).toBe(false);
  });

  it.each([
    [[{ name: "", email: "a@acme.example", role: "agent" }], "users.0.name: Name is required"],
    [[{ name: "A", email: "not-an-email", role: "agent" }], "users.0.email: Enter a valid e-mail address"],
    [[{ name: "A", email: "a@acme.example", role: "owner" }], "users.0.role: "],
    [[], "users: Add at least one user"],
    [
      [
        { name: "A", email: "dup@acme.example", role: "agent" },
        { name: "B", email: "DUP@acme.example", role: "agent" },
      ],
      "dup@acme.example is listed twice.",
    ],
  ])("validates %j", async (users, message) => {
    const response = await addUsers(owner.cookie, users);
    expect(response.status).toBe(400);
    expect(response.body.message.startsWith(message)).toBe(true);
  });

  it("updates an agent's name and role", async () => {
    const [added] = (await addUsers(owner.cookie, [{ name: "Temp", email: "temp@acme.example", role: "agent" }])).body
      .data;
    const response = await h.api<Member>("POST", "/api/user/update", {
      cookie: owner.cookie,
      body: { userID: added!._id, name: "Temporary Helper", role: "admin" },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ name: "Temporary Helper", role: "admin" });
  });

  it("admins can be neither edited nor deleted, and nobody deletes themselves", async () => {
    const [admin] = (
      await addUsers(owner.cookie, [{ name: "Second Admin", email: "admin2@acme.example", role: "admin" }])
    ).body.data;
    const edit = await h.api("POST", "/api/user/update", {
      cookie: owner.cookie,
      body: { userID: admin!._id, name: "Renamed", role: "agent" },
    });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe("Admins can't be edited.");
    const remove = await h.api("POST", "/api/user/delete", { cookie: owner.cookie, body: { userID: admin!._id } });
    expect(remove.status).toBe(403);
    const self = await h.api("POST", "/api/user/delete", { cookie: owner.cookie, body: { userID: owner.userId } });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe("You can't remove yourself.");
  });

  it("deleting a user removes them from the company and ends their session there", async () => {
    const agent = await agentOfOwner("leaver@acme.example");
    const response = await h.api<Member>("POST", "/api/user/delete", {
      cookie: owner.cookie,
      body: { userID: agent.userId },
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe("Agent Smith was removed.");
    expect((await team(owner.cookie)).body.data.some((m) => m._id === agent.userId)).toBe(false);
    // Their cookie no longer opens the company.
    const me = await h.api<{ company: unknown }>("GET", "/api/user/", { cookie: agent.cookie });
    expect(me.status).toBe(401);
  });
});

describe("roles and tenancy", () => {
  it("an agent can read their profile but not manage the team", async () => {
    const agent = await agentOfOwner("agent@acme.example");
    expect((await h.api("GET", "/api/user/", { cookie: agent.cookie })).status).toBe(200);
    const responses = await Promise.all([
      team(agent.cookie),
      addUsers(agent.cookie, [{ name: "X", email: "x@acme.example", role: "admin" }]),
      h.api("POST", "/api/user/update", {
        cookie: agent.cookie,
        body: { userID: owner.userId, name: "X", role: "agent" },
      }),
      h.api("POST", "/api/user/delete", { cookie: agent.cookie, body: { userID: owner.userId } }),
    ]);
    for (const response of responses) {
      expect(response.status).toBe(403);
      expect(response.body.message).toBe("Only admins of this workspace can do that.");
    }
  });

  it("signed-out requests get 401", async () => {
    for (const [method, url] of [
      ["GET", "/api/user/all"],
      ["POST", "/api/user/add-users"],
      ["POST", "/api/user/update"],
      ["POST", "/api/user/delete"],
    ] as const) {
      const response = await h.api(method, url, { body: method === "POST" ? {} : undefined });
      expect([400, 401]).toContain(response.status);
      if (response.status === 400) {
        // Validation runs before the handler; a valid body must still be refused as signed out.
        const valid =
          url === "/api/user/add-users"
            ? { users: [{ name: "A", email: "a@b.example", role: "agent" }] }
            : { userID: owner.userId, name: "A", role: "agent" };
        expect((await h.api(method, url, { body: valid })).status).toBe(401);
      }
    }
  });

  it("another company's admin cannot see, edit or delete this company's users", async () => {
    const [victim] = (await addUsers(owner.cookie, [{ name: "Victim", email: "victim@acme.example", role: "agent" }]))
      .body.data;
    const rivalTeam = await team(rival.cookie);
    expect(rivalTeam.body.data.map((m) => m.email)).toEqual(["owner@rival.example"]);
    const edit = await h.api("POST", "/api/user/update", {
      cookie: rival.cookie,
      body: { userID: victim!._id, name: "Hacked", role: "agent" },
    });
    const remove = await h.api("POST", "/api/user/delete", { cookie: rival.cookie, body: { userID: victim!._id } });
    for (const response of [edit, remove]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ hasError: true, message: "This user is not in your team.", data: null });
    }
    const stillThere = await h.db.select().from(memberships).where(eq(memberships.userId, victim!._id));
    expect(stillThere).toHaveLength(1);
    expect((await team(owner.cookie)).body.data.find((m) => m._id === victim!._id)?.name).toBe("Victim");
  });
});

describe("several companies", () => {
  it("a member of two companies picks one, then switches; membership is checked", async () => {
    await addUsers(owner.cookie, [{ name: "Dual", email: "dual@rival.example", role: "agent" }]);
    const signedIn = await h.signIn("dual@rival.example");
    expect(signedIn.data.hasMultipleCompanies).toBe(false);
    await addUsers(rival.cookie, [{ name: "Dual", email: "dual@rival.example", role: "admin" }]);

    const again = await h.signIn("dual@rival.example");
    expect(again.data.hasMultipleCompanies).toBe(true);
    const before = await h.api<{ user: { companies: { name: string }[] }; company: unknown }>("GET", "/api/user/", {
      cookie: again.cookie,
    });
    expect(before.body.data.company).toBeNull();
    expect(before.body.data.user.companies.map((c) => c.name)).toEqual(["Acme", "Rival"]);
    // No company yet: company-scoped calls say so.
    expect((await team(again.cookie)).body.message).toBe("Please select a workspace first.");

    const select = await h.api("POST", "/api/auth/select-company", {
      cookie: again.cookie,
      body: { companyID: rival.companyId, userID: again.userId, email: "dual@rival.example" },
    });
    expect(select.status).toBe(200);
    const inRival = await h.api<{ user: { role: string }; company: { _id: string } }>("GET", "/api/user/", {
      cookie: again.cookie,
    });
    expect(inRival.body.data).toMatchObject({ user: { role: "admin" }, company: { _id: rival.companyId } });

    const toggle = await h.api("POST", "/api/auth/toggle-company", {
      cookie: again.cookie,
      body: { companyID: owner.companyId, email: "dual@rival.example" },
    });
    expect(toggle.status).toBe(200);
    const inAcme = await h.api<{ user: { role: string }; company: { _id: string } }>("GET", "/api/user/", {
      cookie: again.cookie,
    });
    expect(inAcme.body.data).toMatchObject({ user: { role: "agent" }, company: { _id: owner.companyId } });
  });

  it("cannot select a company the user does not belong to", async () => {
    for (const url of ["/api/auth/select-company", "/api/auth/toggle-company"]) {
      const response = await h.api("POST", url, { cookie: rival.cookie, body: { companyID: owner.companyId } });
      expect(response.status).toBe(404);
      expect(response.body.message).toBe("You are not a member of this workspace.");
    }
    const me = await h.api<{ company: { _id: string } }>("GET", "/api/user/", { cookie: rival.cookie });
    expect(me.body.data.company._id).toBe(rival.companyId);
    const notAnId = await h.api("POST", "/api/auth/select-company", {
      cookie: rival.cookie,
      body: { companyID: "123" },
    });
    expect(notAnId.status).toBe(400);
  });
});

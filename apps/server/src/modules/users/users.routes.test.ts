import type { StaffMessageResponse } from "@harbor/contract/chat";
import type { GetUserResponse, TeamMember } from "@harbor/contract/user";
import type { VisitorMessage } from "@harbor/contract/widget";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { ackData, askQuestion, connectVisitor } from "../../../test/realtime-clients";
import { codeFromMail } from "../../../test/smtp-capture";
import { invitations, memberships, users } from "../../db/schema/index";

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

const addUsers = (cookie: string, people: unknown) =>
  h.api<TeamMember[]>("POST", "/api/user/add-users", { cookie, body: { users: people } });
const team = (cookie: string) => h.api<TeamMember[]>("GET", "/api/user/all", { cookie });
const me = async (cookie: string) => (await h.api<GetUserResponse>("GET", "/api/user/", { cookie })).body.data;
const accept = (cookie: string, invitationID: string) =>
  h.api<{ companyID: string; name: string }>("POST", "/api/user/invitation/accept", { cookie, body: { invitationID } });
const decline = (cookie: string, invitationID: string) =>
  h.api("POST", "/api/user/invitation/decline", { cookie, body: { invitationID } });

/** The signed-in user's waiting invitation from this company. */
async function invitationFrom(cookie: string, companyId: string) {
  const found = (await me(cookie)).user.invitations.find((invitation) => invitation.companyID === companyId);
  if (!found) throw new Error("no invitation from that company");
  return found;
}

describe("GET /user/", () => {
  it("returns the user, their companies, their invitations and the selected company", async () => {
    const data = await me(owner.cookie);
    expect(data.user).toMatchObject({
      userID: owner.userId,
      email: "owner@acme.example",
      name: "Owner",
      role: "admin",
      hasMultipleCompanies: false,
      isPlatformAdmin: false,
      companies: [{ companyID: owner.companyId, name: "Acme", logoURL: null }],
      invitations: [],
    });
    expect(data.company).toMatchObject({ _id: owner.companyId, name: "Acme" });
  });
});

describe("adding someone invites them; nothing happens until they accept", () => {
  it("answers with what the admin typed, the same for an address with an account as for a new one", async () => {
    // Rival's owner has an account (and a name of their own); the other address has none.
    const existing = await addUsers(owner.cookie, [
      { name: "Rita Rival", email: "OWNER@rival.example", role: "agent" },
    ]);
    const unknown = await addUsers(owner.cookie, [{ name: "Nina New", email: "nina@nowhere.example", role: "agent" }]);
    for (const [response, typed] of [
      [existing, { name: "Rita Rival", email: "owner@rival.example" }],
      [unknown, { name: "Nina New", email: "nina@nowhere.example" }],
    ] as const) {
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        hasError: false,
        message: "Invitation sent. They join once they accept it.",
        data: [{ _id: expect.any(String), ...typed, role: "agent", status: "invited" }],
      });
    }
    // Not attached: Rival's owner is still in Rival only, and Acme lists them as invited by the typed name.
    expect((await me(rival.cookie)).user.companies.map((company) => company.name)).toEqual(["Rival"]);
    expect(await h.db.select().from(memberships).where(eq(memberships.userId, rival.userId))).toHaveLength(1);
    const listed = (await team(owner.cookie)).body.data.find((member) => member.email === "owner@rival.example");
    expect(listed).toMatchObject({ name: "Rita Rival", status: "invited", role: "agent" });
    // No account was made for the new address either.
    expect(await h.db.select().from(users).where(eq(users.email, "nina@nowhere.example"))).toHaveLength(0);

    // Only the mails differ: the account holder is asked to sign in, the new address to sign up.
    const toRival = await h.smtp.latestTo("owner@rival.example");
    expect(toRival.subject).toBe("Owner invited you to join Acme on Harbor");
    expect(toRival.text).toContain("http://localhost:3000/invitations");
    expect(toRival.text).toContain("Until you accept, you are not part of the workspace.");
    const toNina = await h.smtp.latestTo("nina@nowhere.example");
    expect(toNina.subject).toBe("Owner invited you to join Acme on Harbor");
    expect(toNina.text).toContain("http://localhost:3000/sign-up");
  });

  it("the invitee sees the invitation in their own session and joins by accepting it", async () => {
    const invitation = await invitationFrom(rival.cookie, owner.companyId);
    expect(invitation).toEqual({
      invitationID: expect.any(String),
      companyID: owner.companyId,
      companyName: "Acme",
      logoURL: null,
      role: "agent",
      inviterName: "Owner",
    });
    // Nobody else can answer it, not even the inviting admin.
    expect((await accept(owner.cookie, invitation.invitationID)).status).toBe(404);

    const accepted = await accept(rival.cookie, invitation.invitationID);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ message: "You joined Acme.", data: { companyID: owner.companyId } });
    expect((await me(rival.cookie)).user).toMatchObject({
      companies: [expect.objectContaining({ name: "Acme" }), expect.objectContaining({ name: "Rival" })],
      invitations: [],
    });
    const listed = (await team(owner.cookie)).body.data.find((member) => member.email === "owner@rival.example");
    expect(listed).toEqual({
      _id: rival.userId,
      name: "Rita Rival",
      email: "owner@rival.example",
      role: "agent",
      status: "active",
    });
    // Accepted once: a second try finds nothing.
    expect((await accept(rival.cookie, invitation.invitationID)).body.message).toBe(
      "This invitation no longer exists.",
    );
  });

  it("a declined invitation is gone, and makes no membership", async () => {
    const { cookie } = await h.signUp("owner@declines.example");
    await addUsers(owner.cookie, [{ name: "Dee Cline", email: "owner@declines.example", role: "admin" }]);
    const invitation = await invitationFrom(cookie, owner.companyId);
    const declined = await decline(cookie, invitation.invitationID);
    expect(declined.status).toBe(200);
    expect(declined.body.message).toBe("Invitation declined.");
    expect((await me(cookie)).user).toMatchObject({
      invitations: [],
      companies: [expect.objectContaining({ name: "Declines" })],
    });
    expect((await team(owner.cookie)).body.data.some((member) => member.email === "owner@declines.example")).toBe(
      false,
    );
  });

  it("someone invited before they had any account signs up into the invitation, not into a workspace of their own", async () => {
    await addUsers(owner.cookie, [{ name: "Fresh Face", email: "fresh@acme.example", role: "agent" }]);
    await h.smtp.latestTo("fresh@acme.example");
    const sent = h.smtp.countTo("fresh@acme.example");
    expect(
      (await h.api("POST", "/api/auth/register", { body: { email: "fresh@acme.example" }, ip: h.nextIp() })).status,
    ).toBe(200);
    const code = codeFromMail(await h.smtp.latestTo("fresh@acme.example", { after: sent }));
    const validated = await h.api<{ isNewCompany: boolean }>("POST", "/api/auth/validate-email-otp", {
      body: { email: "fresh@acme.example", otp: code },
      ip: h.nextIp(),
    });
    expect(validated.body.data).toMatchObject({ isNewCompany: false, hasMultipleCompanies: false });
    const cookie = validated.cookie!;
    const fresh = await me(cookie);
    expect(fresh).toMatchObject({ company: null, user: { name: "Fresh", companies: [] } });
    expect(fresh.user.invitations.map((invitation) => invitation.companyName)).toEqual(["Acme"]);
    await accept(cookie, fresh.user.invitations[0]!.invitationID);
    await h.api("POST", "/api/auth/select-company", { cookie, body: { companyID: owner.companyId } });
    expect(await me(cookie)).toMatchObject({ user: { role: "agent" }, company: { _id: owner.companyId } });
  });

  it("an invited address without an account can sign in straight away: its code makes the account", async () => {
    await addUsers(owner.cookie, [{ name: "Ivy Invited", email: "ivy@acme.example", role: "agent" }]);
    await h.smtp.latestTo("ivy@acme.example");
    const sent = h.smtp.countTo("ivy@acme.example");
    const asked = await h.api("POST", "/api/auth/get-email-otp", {
      body: { email: "ivy@acme.example" },
      ip: h.nextIp(),
    });
    expect(asked.body.message).toBe("If ivy@acme.example has a Harbor account, a sign-in code is on its way.");
    const code = codeFromMail(await h.smtp.latestTo("ivy@acme.example", { after: sent }));
    const validated = await h.api<{ isNewCompany: boolean }>("POST", "/api/auth/validate-email-otp", {
      body: { email: "ivy@acme.example", otp: code },
      ip: h.nextIp(),
    });
    expect(validated.status).toBe(200);
    const ivy = await me(validated.cookie!);
    expect(ivy).toMatchObject({ company: null, user: { email: "ivy@acme.example", companies: [] } });
    expect(ivy.user.invitations.map((invitation) => invitation.companyName)).toEqual(["Acme"]);
  });

  it("refuses someone already in the team or already invited, and invites nobody from that request", async () => {
    await addUsers(owner.cookie, [{ name: "Waiting", email: "waiting@acme.example", role: "agent" }]);
    for (const [email, message] of [
      ["owner@acme.example", "owner@acme.example is already in your team."],
      ["waiting@acme.example", "waiting@acme.example is already invited."],
    ]) {
      const response = await addUsers(owner.cookie, [
        { name: "New Person", email: "newperson@acme.example", role: "agent" },
        { name: "Again", email, role: "agent" },
      ]);
      expect(response.status).toBe(409);
      expect(response.body.message).toBe(message);
    }
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
  ])("validates %j", async (people, message) => {
    const response = await addUsers(owner.cookie, people);
    expect(response.status).toBe(400);
    expect(response.body.message.startsWith(message)).toBe(true);
  });
});

describe("nobody renames anybody", () => {
  it("a workspace's name for its member stays in that workspace: their own name, and every other workspace's, is untouched", async () => {
    const { cookie: agentCookie, userId } = await h.addMember(rival.cookie, {
      name: "Sam from Rival",
      email: "sam@both.example",
      role: "agent",
    });
    await h.addMember(owner.cookie, { name: "Sam at Acme", email: "sam@both.example", role: "agent" });
    // Acme renames Sam; before issue #12 this rewrote Sam's name everywhere.
    const renamed = await h.api<TeamMember>("POST", "/api/user/update", {
      cookie: owner.cookie,
      body: { userID: userId, name: "Samuel (Acme)", role: "agent" },
    });
    expect(renamed.body.data).toEqual({
      _id: userId,
      name: "Samuel (Acme)",
      email: "sam@both.example",
      role: "agent",
      status: "active",
    });
    expect((await me(agentCookie)).user.name).toBe("Sam");
    expect((await team(rival.cookie)).body.data.find((member) => member._id === userId)?.name).toBe("Sam from Rival");

    // Rival's visitors see the name Rival gave Sam on Sam's replies, whatever Acme calls Sam.
    await h.api("POST", "/api/auth/select-company", { cookie: agentCookie, body: { companyID: rival.companyId } });
    const widgetID = (await h.app.services.widgetRepository.findOrCreate(rival.companyId)).widgetId;
    const visitor = await connectVisitor(h, widgetID);
    const { chatID } = ackData(await askQuestion(visitor.socket, "Can a person help me?"));
    await h.app.services.visitorService.drain();
    const reply = await h.api<StaffMessageResponse>("POST", "/api/chat/chat/reply", {
      cookie: agentCookie,
      body: { chatID, clientMessageID: crypto.randomUUID(), message: "Hi, Sam here." },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.message.senderName).toBe("Sam from Rival");
    const heard = await visitor.events.waitFor<{ message: VisitorMessage }>(
      "chat-message",
      (payload) => payload.message.senderRole === "agent",
    );
    expect(heard.message.senderName).toBe("Sam from Rival");
    visitor.socket.close();
  });

  it("edits and withdraws an invitation like a member", async () => {
    const [invited] = (await addUsers(owner.cookie, [{ name: "Temp", email: "temp@acme.example", role: "agent" }])).body
      .data;
    const edited = await h.api<TeamMember>("POST", "/api/user/update", {
      cookie: owner.cookie,
      body: { userID: invited!._id, name: "Temporary Helper", role: "admin" },
    });
    expect(edited.body.data).toEqual({
      _id: invited!._id,
      name: "Temporary Helper",
      email: "temp@acme.example",
      role: "admin",
      status: "invited",
    });
    const withdrawn = await h.api<TeamMember>("POST", "/api/user/delete", {
      cookie: owner.cookie,
      body: { userID: invited!._id },
    });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.message).toBe("Temporary Helper was removed.");
    expect(await h.db.select().from(invitations).where(eq(invitations.email, "temp@acme.example"))).toHaveLength(0);
  });

  it("admins can be neither edited nor deleted, and nobody deletes themselves", async () => {
    const admin = await h.addMember(owner.cookie, {
      name: "Second Admin",
      email: "admin2@acme.example",
      role: "admin",
    });
    const edit = await h.api("POST", "/api/user/update", {
      cookie: owner.cookie,
      body: { userID: admin.userId, name: "Renamed", role: "agent" },
    });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe("Admins can't be edited.");
    const remove = await h.api("POST", "/api/user/delete", { cookie: owner.cookie, body: { userID: admin.userId } });
    expect(remove.status).toBe(403);
    const self = await h.api("POST", "/api/user/delete", { cookie: owner.cookie, body: { userID: owner.userId } });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe("You can't remove yourself.");
  });

  it("deleting a user removes them from the company and ends their session there", async () => {
    const agent = await h.addMember(owner.cookie, { name: "Agent Smith", email: "leaver@acme.example", role: "agent" });
    const response = await h.api<TeamMember>("POST", "/api/user/delete", {
      cookie: owner.cookie,
      body: { userID: agent.userId },
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe("Agent Smith was removed.");
    expect((await team(owner.cookie)).body.data.some((m) => m._id === agent.userId)).toBe(false);
    const after = await h.api("GET", "/api/user/", { cookie: agent.cookie });
    expect(after.status).toBe(401);
  });

  it("the team list shows members and invitations by name", async () => {
    const list = (await team(owner.cookie)).body.data;
    const names = list.map((member) => member.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(list.find((member) => member.email === "owner@acme.example")).toMatchObject({
      name: "Owner",
      role: "admin",
      status: "active",
    });
    expect(list.find((member) => member.email === "nina@nowhere.example")?.status).toBe("invited");
  });
});

describe("roles and tenancy", () => {
  it("an agent can read their profile but not manage the team", async () => {
    const agent = await h.addMember(owner.cookie, { name: "Agent", email: "agent@acme.example", role: "agent" });
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
      ["POST", "/api/user/invitation/accept"],
      ["POST", "/api/user/invitation/decline"],
    ] as const) {
      const response = await h.api(method, url, { body: method === "POST" ? {} : undefined });
      expect([400, 401]).toContain(response.status);
      if (response.status === 400) {
        // Validation runs before the handler; a valid body must still be refused as signed out.
        const valid = url.includes("invitation")
          ? { invitationID: crypto.randomUUID() }
          : url === "/api/user/add-users"
            ? { users: [{ name: "A", email: "a@b.example", role: "agent" }] }
            : { userID: owner.userId, name: "A", role: "agent" };
        expect((await h.api(method, url, { body: valid })).status).toBe(401);
      }
    }
  });

  it("another company's admin can neither see, edit nor delete this company's members and invitations", async () => {
    const victim = await h.addMember(owner.cookie, { name: "Victim", email: "victim@acme.example", role: "agent" });
    const [invited] = (
      await addUsers(owner.cookie, [{ name: "Pending", email: "pending@acme.example", role: "agent" }])
    ).body.data;
    const rivalTeam = (await team(rival.cookie)).body.data;
    expect(rivalTeam.some((member) => member.email.endsWith("@acme.example"))).toBe(false);
    for (const id of [victim.userId, invited!._id]) {
      const edit = await h.api("POST", "/api/user/update", {
        cookie: rival.cookie,
        body: { userID: id, name: "Hacked", role: "agent" },
      });
      const remove = await h.api("POST", "/api/user/delete", { cookie: rival.cookie, body: { userID: id } });
      for (const response of [edit, remove]) {
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ hasError: true, message: "This user is not in your team.", data: null });
      }
    }
    const names = Object.fromEntries((await team(owner.cookie)).body.data.map((member) => [member.email, member.name]));
    expect(names).toMatchObject({ "victim@acme.example": "Victim", "pending@acme.example": "Pending" });
  });
});

describe("several companies", () => {
  it("a member of two companies picks one, then switches; membership is checked", async () => {
    const dual = await h.addMember(owner.cookie, { name: "Dual", email: "dual@rival.example", role: "agent" });
    await h.addMember(rival.cookie, { name: "Dual", email: "dual@rival.example", role: "admin" });

    const again = await h.signIn("dual@rival.example");
    expect(again.data.hasMultipleCompanies).toBe(true);
    const before = await me(again.cookie);
    expect(before.company).toBeNull();
    expect(before.user.companies.map((c) => c.name)).toEqual(["Acme", "Rival"]);
    // No company yet: company-scoped calls say so.
    expect((await team(again.cookie)).body.message).toBe("Please select a workspace first.");

    const select = await h.api("POST", "/api/auth/select-company", {
      cookie: again.cookie,
      body: { companyID: rival.companyId, userID: dual.userId, email: "dual@rival.example" },
    });
    expect(select.status).toBe(200);
    expect(await me(again.cookie)).toMatchObject({ user: { role: "admin" }, company: { _id: rival.companyId } });

    const toggle = await h.api("POST", "/api/auth/toggle-company", {
      cookie: again.cookie,
      body: { companyID: owner.companyId, email: "dual@rival.example" },
    });
    expect(toggle.status).toBe(200);
    expect(await me(again.cookie)).toMatchObject({ user: { role: "agent" }, company: { _id: owner.companyId } });
  });

  it("cannot select a company the user does not belong to, nor one they are only invited to", async () => {
    const stranger = await h.signUp("owner@stranger.example");
    const invitee = await h.signUp("owner@only-invited.example");
    await addUsers(owner.cookie, [{ name: "Only Invited", email: "owner@only-invited.example", role: "admin" }]);
    for (const [cookie, url] of [
      [stranger.cookie, "/api/auth/select-company"],
      [stranger.cookie, "/api/auth/toggle-company"],
      [invitee.cookie, "/api/auth/select-company"],
      [invitee.cookie, "/api/auth/toggle-company"],
    ] as const) {
      const response = await h.api("POST", url, { cookie, body: { companyID: owner.companyId } });
      expect(response.status).toBe(404);
      expect(response.body.message).toBe("You are not a member of this workspace.");
    }
    expect((await me(invitee.cookie)).company?._id).toBe(invitee.companyId);
    const notAnId = await h.api("POST", "/api/auth/select-company", {
      cookie: stranger.cookie,
      body: { companyID: "123" },
    });
    expect(notAnId.status).toBe(400);
  });
});

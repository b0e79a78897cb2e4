import type { InboxChat } from "@harbor/contract/chat";
import { eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { ackData, askQuestion, connectStaff, connectVisitor } from "../../../test/realtime-clients";
import { sessions } from "../../db/schema/index";
import { sha256 } from "../crypto";
import type { StaffSocketData } from "./staff-channel";

/**
 * A live /staff socket holds no more access than its session: signing out, being removed, a new
 * role or workspace, or the company's deletion closes it at once (issue #12 item 3).
 */
let h: Harness;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let widgetID: string;

beforeAll(async () => {
  h = await createHarness({ platformAdmins: ["root@harbor-platform.example"] });
  owner = await h.signUp("owner@revoke-shop.example");
  widgetID = (await h.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId;
}, 120_000);

afterAll(async () => {
  await h?.close();
});

/** Resolves with the reason the server gave for closing the socket. */
function closedByServer(socket: Socket, timeoutMs = 5000) {
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the socket is still open")), timeoutMs);
    socket.once("disconnect", (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** A visitor's new chat, which the company's staff hear of; answers its id once `witness` heard it. */
async function newChatSeenBy(witness: Awaited<ReturnType<typeof connectStaff>>) {
  const visitor = await connectVisitor(h, widgetID);
  const asked = ackData(await askQuestion(visitor.socket, "Do you ship to Norway?"));
  await witness.events.waitFor<{ chat: InboxChat }>("chat-updated", (p) => p.chat.chatID === asked.chatID);
  visitor.socket.close();
  await h.app.services.visitorService.drain();
  return asked.chatID;
}

const chatUpdatesFor = (staff: Awaited<ReturnType<typeof connectStaff>>, chatId: string) =>
  staff.events.of<{ chat: InboxChat }>("chat-updated").filter((p) => p.chat.chatID === chatId);

async function liveStaffSockets() {
  return (await h.app.services.realtime.staff.fetchSockets()).map((socket) => socket.data as StaffSocketData);
}

describe("a live /staff socket", () => {
  it("is closed when its session signs out, and hears no chat after", async () => {
    const agent = await h.addMember(owner.cookie, { name: "Lena", email: "lena@revoke-shop.example", role: "agent" });
    const witness = await connectStaff(h, owner.cookie);
    const signedOut = await connectStaff(h, agent.cookie);
    const closed = closedByServer(signedOut.socket);

    const logout = await h.api("POST", "/api/auth/logout", { cookie: agent.cookie });
    expect(logout.status).toBe(200);

    expect(await closed).toBe("io server disconnect");
    const chatId = await newChatSeenBy(witness);
    expect(chatUpdatesFor(signedOut, chatId)).toEqual([]);
    // The same cookie cannot open it again.
    await expect(connectStaff(h, agent.cookie)).rejects.toThrow("Please sign in to continue.");
    witness.socket.close();
  });

  it("closes only the session that signed out: the same person's other session stays", async () => {
    const agent = await h.addMember(owner.cookie, { name: "Omar", email: "omar@revoke-shop.example", role: "agent" });
    const laptop = await connectStaff(h, agent.cookie);
    const phone = await h.signIn("omar@revoke-shop.example");
    const phoneSocket = await connectStaff(h, phone.cookie);
    const closed = closedByServer(phoneSocket.socket);

    await h.api("POST", "/api/auth/logout", { cookie: phone.cookie });

    await closed;
    const chatId = await newChatSeenBy(laptop);
    expect(laptop.socket.connected).toBe(true);
    expect(chatUpdatesFor(phoneSocket, chatId)).toEqual([]);
    laptop.socket.close();
  });

  it("is closed when an admin removes the member, and hears no chat after", async () => {
    const agent = await h.addMember(owner.cookie, { name: "Rui", email: "rui@revoke-shop.example", role: "agent" });
    const witness = await connectStaff(h, owner.cookie);
    const removed = await connectStaff(h, agent.cookie);
    const closed = closedByServer(removed.socket);

    const deleted = await h.api("POST", "/api/user/delete", { cookie: owner.cookie, body: { userID: agent.userId } });
    expect(deleted.status).toBe(200);

    expect(await closed).toBe("io server disconnect");
    const chatId = await newChatSeenBy(witness);
    expect(chatUpdatesFor(removed, chatId)).toEqual([]);
    expect((await liveStaffSockets()).some((data) => data.userId === agent.userId)).toBe(false);
    witness.socket.close();
  });

  it("is closed on a role change, and a new handshake carries the new role", async () => {
    const agent = await h.addMember(owner.cookie, { name: "Ines", email: "ines@revoke-shop.example", role: "agent" });
    const before = await connectStaff(h, agent.cookie);
    expect((await liveStaffSockets()).find((data) => data.userId === agent.userId)?.role).toBe("agent");
    const closed = closedByServer(before.socket);

    const updated = await h.api("POST", "/api/user/update", {
      cookie: owner.cookie,
      body: { userID: agent.userId, name: "Ines", role: "admin" },
    });
    expect(updated.status).toBe(200);

    expect(await closed).toBe("io server disconnect");
    const after = await connectStaff(h, agent.cookie);
    expect((await liveStaffSockets()).filter((data) => data.userId === agent.userId).map((data) => data.role)).toEqual([
      "admin",
    ]);
    after.socket.close();
  });

  it("moves to the workspace the session switched to", async () => {
    const other = await h.signUp("owner@revoke-other.example");
    const person = await h.addMember(other.cookie, { name: "Ana", email: "ana@revoke-other.example", role: "agent" });
    // Ana is in the other shop now; she joins this one too and opens its inbox.
    await h.addMember(owner.cookie, { name: "Ana", email: "ana@revoke-other.example", role: "agent" });
    const ana = await h.signIn("ana@revoke-other.example");
    await h.api("POST", "/api/auth/select-company", { cookie: ana.cookie, body: { companyID: owner.companyId } });
    const inbox = await connectStaff(h, ana.cookie);
    const closed = closedByServer(inbox.socket);

    await h.api("POST", "/api/auth/toggle-company", { cookie: ana.cookie, body: { companyID: person.companyId } });

    await closed;
    const witness = await connectStaff(h, owner.cookie);
    const chatId = await newChatSeenBy(witness);
    expect(chatUpdatesFor(inbox, chatId)).toEqual([]);
    const reopened = await connectStaff(h, ana.cookie);
    expect((await liveStaffSockets()).filter((data) => data.userId === ana.userId).map((d) => d.companyId)).toEqual([
      person.companyId,
    ]);
    reopened.socket.close();
    witness.socket.close();
  });

  it("is closed when the platform deletes the company", async () => {
    const doomed = await h.signUp("owner@revoke-doomed.example");
    const inbox = await connectStaff(h, doomed.cookie);
    const closed = closedByServer(inbox.socket);
    const root = await h.signUp("root@harbor-platform.example");

    const deleted = await h.api("POST", "/api/admin/delete-company", {
      cookie: root.cookie,
      body: { companyID: doomed.companyId },
    });
    expect(deleted.status).toBe(200);

    expect(await closed).toBe("io server disconnect");
  });

  it("re-reads its session on the way: a session ended outside the API closes it at the next check", async () => {
    const quick = await createHarness({ staffRecheckMs: 50 });
    try {
      const shop = await quick.signUp("owner@revoke-recheck.example");
      const inbox = await connectStaff(quick, shop.cookie);
      const closed = closedByServer(inbox.socket);
      // Still valid: the checks pass and leave it open.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(inbox.socket.connected).toBe(true);

      await quick.db.delete(sessions).where(eq(sessions.tokenHash, sha256(shop.cookie)));

      expect(await closed).toBe("io server disconnect");
    } finally {
      await quick.close();
    }
  });
});

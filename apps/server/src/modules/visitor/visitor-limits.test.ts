import type { AddEventAck } from "@harbor/contract/realtime";
import type { WidgetGetResponse } from "@harbor/contract/widget";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { ackData, askQuestion, connectVisitor, emitWithAck } from "../../../test/realtime-clients";
import { DEFAULT_VISITOR_LIMITS } from "./visitor-limits";

/**
 * Per-address limits (issue #12 items 5 and 6, decision 029): tokens are free, so what one
 * address may do is counted across all its visitor tokens. The harness trusts X-Forwarded-For,
 * so loopback plays many addresses; a request without it counts as 127.0.0.1.
 */
let h: Harness;
let widgetID: string;
let teamAddress: string;

const clientId = () => crypto.randomUUID();
const from = (address: string) => ({ "x-forwarded-for": address });

beforeAll(async () => {
  h = await createHarness({
    isTrustingProxy: true,
    // Mint allowance lowered so the test stays under the route's own request limit (120 a minute).
    visitorLimits: { newVisitorsPerAddress: 10 },
  });
  const owner = await h.signUp("owner@limited-shop.example");
  const widget = await h.app.services.widgetRepository.findOrCreate(owner.companyId);
  widgetID = widget.widgetId;
  teamAddress = "support@limited-shop.example";
  const settings = structuredClone(widget.settings);
  settings.handoff.channels.ticket.attributes = [{ notificationEmail: teamAddress }];
  await h.app.services.widgetRepository.saveSettings(owner.companyId, settings);
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe("visitor tokens", () => {
  it("mints new visitors for one address up to its allowance, renews known ones, and leaves other addresses alone", async () => {
    const getWidget = (ip: string, visitorToken?: string) =>
      h.api<WidgetGetResponse>("POST", "/api/widget/get", {
        body: { widgetID, ...(visitorToken ? { visitorToken } : {}) },
        ip,
      });
    const minted: string[] = [];
    for (let i = 0; i < 10; i++) {
      const got = await getWidget("203.0.113.7");
      expect(got.status).toBe(200);
      minted.push(got.body.data.visitorToken);
    }
    const refused = await getWidget("203.0.113.7");
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      hasError: true,
      message: "Too many new chats from your network. Please try again later.",
      data: null,
    });
    // A visitor already known comes back on every page view: renewal costs no allowance.
    const renewed = await getWidget("203.0.113.7", minted[0]);
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.visitorToken.split(".")[0]).toBe(minted[0]?.split(".")[0]);
    expect((await getWidget("203.0.113.8")).status).toBe(200);
    // An IPv6 subscriber counts by its /64: another address in the same block shares the allowance.
    for (let i = 0; i < 10; i++) expect((await getWidget(`2001:db8:1:2::${i + 1}`)).status).toBe(200);
    expect((await getWidget("2001:db8:1:2:ffff::1")).status).toBe(429);
    expect((await getWidget("2001:db8:1:3::1")).status).toBe(200);
  });
});

describe("visitor sockets", () => {
  /** A visitor socket that stays open, or the refusal it got. */
  async function openSocket(visitorToken: string, address: string) {
    const socket: Socket = io(`${await h.url()}/visitor`, {
      path: "/socket.io",
      transports: ["websocket"],
      auth: { widgetID, visitorToken },
      extraHeaders: from(address),
      forceNew: true,
      reconnection: false,
    });
    return new Promise<{ socket: Socket; refusal: string | null }>((resolve) => {
      socket.once("connect", () => resolve({ socket, refusal: null }));
      socket.once("connect_error", (error) => resolve({ socket, refusal: error.message }));
    });
  }

  it("holds at most the allowance of open sockets per address, whatever the tokens; a closed one frees its place", async () => {
    const cap = DEFAULT_VISITOR_LIMITS.socketsPerAddress;
    // One token for every socket: the cap is the address's, not the visitor's.
    const got = await h.api<WidgetGetResponse>("POST", "/api/widget/get", { body: { widgetID }, ip: "198.51.100.20" });
    const { visitorToken } = got.body.data;
    const opened = await Promise.all(Array.from({ length: 200 }, () => openSocket(visitorToken, "198.51.100.20")));
    const held = opened.filter((entry) => entry.refusal === null);
    const refusals = opened.filter((entry) => entry.refusal !== null).map((entry) => entry.refusal);
    expect(held).toHaveLength(cap);
    expect(new Set(refusals)).toEqual(new Set(["Too many chats are open from your network. Close one and try again."]));

    // Another address is not affected; one closed socket lets one more in.
    const elsewhere = await openSocket(visitorToken, "198.51.100.21");
    expect(elsewhere.refusal).toBeNull();
    held[0]?.socket.close();
    await expect.poll(async () => (await openSocket(visitorToken, "198.51.100.20")).refusal).toBeNull();
    for (const entry of [...opened, elsewhere]) entry.socket.close();
  });
});

describe("questions", () => {
  it("counts one address's questions across all its visitor tokens", async () => {
    // Six visitors behind one address, as in the issue (120 questions in 8 s with six tokens).
    const visitors = await Promise.all(
      Array.from({ length: 6 }, () => connectVisitor(h, widgetID, { headers: from("192.0.2.55") })),
    );
    const acks: { ok: boolean; message?: string }[] = [];
    for (let round = 0; round < 10; round++) {
      for (const visitor of visitors) {
        acks.push(await askQuestion(visitor.socket, `Question ${round}: how long does delivery take?`));
      }
    }
    const answered = acks.filter((ack) => ack.ok);
    expect(answered).toHaveLength(DEFAULT_VISITOR_LIMITS.questionsPerAddressPerMinute);
    expect(acks.filter((ack) => !ack.ok).map((ack) => ack.message)).toContain(
      "You are sending messages too quickly. Please wait a moment.",
    );
    // The next address asks as usual.
    const neighbour = await connectVisitor(h, widgetID, { headers: from("192.0.2.56") });
    expect((await askQuestion(neighbour.socket, "Is delivery free?")).ok).toBe(true);
    for (const visitor of [...visitors, neighbour]) visitor.socket.close();
    await h.app.services.visitorService.drain();
  });
});

describe("mail to visitors", () => {
  /** A visitor at `address` with a chat whose contact form gave `email`. */
  async function visitorWithForm(address: string, email: string) {
    const visitor = await connectVisitor(h, widgetID, { headers: from(address) });
    const asked = ackData(await askQuestion(visitor.socket, "Which payment methods do you accept?"));
    await giveEmail(visitor.socket, asked.chatID, email);
    return { ...visitor, chatID: asked.chatID };
  }

  async function giveEmail(socket: Socket, chatID: string, email: string) {
    ackData(
      await emitWithAck<AddEventAck>(socket, "add-event", {
        event: "PRE_CHAT_FORM",
        chatID,
        clientMessageID: clientId(),
        customer: { email },
      }),
    );
  }

  const sendTranscript = (socket: Socket, chatID: string, email: string) =>
    emitWithAck<null>(socket, "send-ai-chat-history", { chatID, email });

  it("sends a transcript only to the address the chat's form gave", async () => {
    const visitor = await connectVisitor(h, widgetID, { headers: from("192.0.2.70") });
    const asked = ackData(await askQuestion(visitor.socket, "Do you ship abroad?"));
    // No form yet: no address to send to.
    expect(await sendTranscript(visitor.socket, asked.chatID, "victim@mail.example")).toMatchObject({ ok: false });
    await giveEmail(visitor.socket, asked.chatID, "me@mail.example");
    expect(await sendTranscript(visitor.socket, asked.chatID, "victim@mail.example")).toMatchObject({
      ok: false,
      message:
        "We can send this conversation only to the e-mail address you gave in this chat. Fill in the contact form first.",
    });
    ackData(await sendTranscript(visitor.socket, asked.chatID, "ME@mail.example"));
    expect((await h.smtp.latestTo("me@mail.example")).text).toContain("Do you ship abroad?");
    expect(h.smtp.countTo("victim@mail.example")).toBe(0);
    visitor.socket.close();
  });

  it("caps the mail one recipient gets, from any address; the team still hears of tickets", async () => {
    const recipient = "often@mail.example";
    const cap = DEFAULT_VISITOR_LIMITS.visitorMailsPerRecipient;
    const acks: boolean[] = [];
    for (let i = 0; i <= cap; i++) {
      const visitor = await visitorWithForm(`192.0.2.${100 + i}`, recipient);
      acks.push((await sendTranscript(visitor.socket, visitor.chatID, recipient)).ok);
      visitor.socket.close();
    }
    expect(acks).toEqual([...Array.from({ length: cap }, () => true), false]);
    expect(h.smtp.countTo(recipient)).toBe(cap);

    // A ticket naming that recipient: raised, the team mailed, the visitor's copy held back.
    const visitor = await connectVisitor(h, widgetID, { headers: from("192.0.2.150") });
    const asked = ackData(await askQuestion(visitor.socket, "Where is my order?"));
    const teamBefore = h.smtp.countTo(teamAddress);
    const raised = ackData(
      await emitWithAck<AddEventAck>(visitor.socket, "add-event", {
        event: "RAISE_TICKET",
        chatID: asked.chatID,
        clientMessageID: clientId(),
        form: { name: "Dana", email: recipient, number: "", message: "Please call me." },
      }),
    );
    expect(raised.ticket?.ticketID).toBe(asked.ticketID);
    expect((await h.smtp.latestTo(teamAddress, { after: teamBefore })).text).toContain("Please call me.");
    expect(h.smtp.countTo(recipient)).toBe(cap);
    visitor.socket.close();
    await h.app.services.visitorService.drain();
  });

  it("caps the mail one address asks for, whatever the recipients", async () => {
    const address = "192.0.2.200";
    const visitor = await visitorWithForm(address, "first@spread.example");
    const cap = DEFAULT_VISITOR_LIMITS.visitorMailsPerAddress;
    const acks: { ok: boolean; message?: string }[] = [];
    for (let i = 0; i <= cap; i++) {
      const email = `person${i}@spread.example`;
      await giveEmail(visitor.socket, visitor.chatID, email);
      acks.push(await sendTranscript(visitor.socket, visitor.chatID, email));
    }
    expect(acks.filter((ack) => ack.ok)).toHaveLength(cap);
    expect(acks.at(-1)).toEqual({
      ok: false,
      message: "Too many e-mails were sent for this chat. Please try again later.",
    });
    expect(h.smtp.countTo(`person${cap}@spread.example`)).toBe(0);
    visitor.socket.close();
    await h.app.services.visitorService.drain();
  });
});

import type { Chat } from "@harbor/contract/chat";
import type { AddEventAck } from "@harbor/contract/realtime";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { ackData, askQuestion, connectVisitor, emitWithAck } from "../../../test/realtime-clients";
import { type FakeGorgias, startFakeGorgias } from "../../integrations/gorgias/gorgias.fake-server";
import { type FakeZendesk, startFakeZendesk } from "../../integrations/zendesk/zendesk.fake-server";
import { HANDOFF_TICKET_JOB } from "./handoff-tickets";

const ZENDESK_TOKEN = "secret-zendesk-token";
const ZENDESK_EMAIL = "agent@fake-support.example";
const GORGIAS_KEY = "secret-gorgias-key";
const GORGIAS_EMAIL = "owner@acme.example";

let h: Harness;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let rival: Awaited<ReturnType<Harness["signUp"]>>;
let widgetID: string;
let zendesk: FakeZendesk;
let gorgias: FakeGorgias;

type HandoffSettings = Awaited<ReturnType<Harness["app"]["services"]["widgetRepository"]["findOrCreate"]>>["settings"];

async function setHandoff(change: (handoff: HandoffSettings["handoff"]) => void) {
  const widget = await h.app.services.widgetRepository.findOrCreate(owner.companyId);
  const settings = structuredClone(widget.settings);
  change(settings.handoff);
  await h.app.services.widgetRepository.saveSettings(owner.companyId, settings);
}

const ticketByZendesk = (handoff: HandoffSettings["handoff"]) => {
  handoff.channels.ticket = { ...handoff.channels.ticket, isActive: true, appType: "zendesk" };
  handoff.channels.agent.isActive = false;
  handoff.ticketStatus.chatHistory = "pending";
};

beforeAll(async () => {
  zendesk = await startFakeZendesk({ token: ZENDESK_TOKEN, email: ZENDESK_EMAIL, articles: [], macros: [] });
  gorgias = await startFakeGorgias({ domain: "acme", email: GORGIAS_EMAIL, apiKey: GORGIAS_KEY });
  h = await createHarness({ vendorBaseUrls: { zendesk: zendesk.url, gorgias: gorgias.url } });
  owner = await h.signUp("owner@handoff-shop.example");
  rival = await h.signUp("owner@rival-handoff.example");
  widgetID = (await h.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId;
  for (const [appName, credentials] of [
    ["zendesk", { domainName: "fake-support", email: ZENDESK_EMAIL, apiToken: ZENDESK_TOKEN }],
    ["gorgias", { domainName: "acme", email: GORGIAS_EMAIL, apiKey: GORGIAS_KEY }],
  ] as const) {
    const added = await h.api("POST", "/api/company/integration/add", {
      cookie: owner.cookie,
      body: { appName, credentials },
    });
    expect(added.status).toBe(200);
  }
}, 120_000);

afterAll(async () => {
  await h?.close();
  await zendesk?.close();
  await gorgias?.close();
});

const waitForTickets = () => h.app.services.jobRunner.waitUntilIdle({ kinds: [HANDOFF_TICKET_JOB] });

function raiseTicket(socket: Socket, chatID: string, clientMessageID: string, email: string) {
  return emitWithAck<AddEventAck>(socket, "add-event", {
    event: "RAISE_TICKET",
    chatID,
    clientMessageID,
    form: { name: "Dana Visser", email, number: "", message: "Please look at my parcel <b>today</b>." },
  });
}

/** The chat as the inbox opens it, and its help-desk ticket event. */
async function inboxChat(cookie: string, chatID: string) {
  const opened = await h.api<Chat>("POST", "/api/chat/", { cookie, body: { chatID } });
  const events = opened.status === 200 ? opened.body.data.messages.filter((m) => m.eventType === "HANDOFF_TICKET") : [];
  return { opened, events };
}

describe("handoff tickets in Zendesk", () => {
  it("files a ticket form once, with the transcript and summary, however often it is sent", async () => {
    await setHandoff(ticketByZendesk);
    const visitor = await connectVisitor(h, widgetID);
    const asked = ackData(await askQuestion(visitor.socket, "Where is my parcel with the red tent?"));
    const before = zendesk.tickets().length;
    const clientMessageID = crypto.randomUUID();
    // A retried send, twice at once and once more, and the visitor asking for a person too.
    const acks = await Promise.all([
      raiseTicket(visitor.socket, asked.chatID, clientMessageID, "dana@mail.example"),
      raiseTicket(visitor.socket, asked.chatID, clientMessageID, "dana@mail.example"),
    ]);
    for (const ack of acks) expect(ackData(ack).ticket?.ticketID).toBe(asked.ticketID);
    ackData(await raiseTicket(visitor.socket, asked.chatID, clientMessageID, "dana@mail.example"));
    ackData(
      await emitWithAck(visitor.socket, "add-event", {
        event: "NEED_HELP",
        chatID: asked.chatID,
        clientMessageID: crypto.randomUUID(),
      }),
    );
    await waitForTickets();

    const made = zendesk.tickets().slice(before);
    expect(made).toHaveLength(1);
    const ticket = made[0];
    expect(ticket?.status).toBe("pending");
    expect(ticket?.requester).toEqual({ email: "dana@mail.example", name: "Dana Visser" });
    expect(ticket?.subject).toBe(`Chat handoff ${asked.ticketID}: Where is my parcel with the red tent?`);
    expect(ticket?.comment.public).toBe(false);
    const body = ticket?.comment.html_body ?? "";
    expect(body).toContain("<strong>Summary</strong>");
    expect(body).toContain("Where is my parcel with the red tent?");
    // The visitor's own words are escaped, never HTML in the help desk.
    expect(body).toContain("Please look at my parcel &lt;b&gt;today&lt;/b&gt;.");
    expect(body).toContain(`http://localhost:3000/inbox?ticketID=${encodeURIComponent(asked.ticketID)}`);

    const { events } = await inboxChat(owner.cookie, asked.chatID);
    expect(events).toHaveLength(1);
    expect(events[0]?.message).toBe(`Ticket #${ticket?.id} in Zendesk`);
    expect(events[0]?.messageData.handoffTicket).toEqual({
      app: "zendesk",
      status: "created",
      ticketID: String(ticket?.id),
      url: `https://fake-support.zendesk.com/agent/tickets/${ticket?.id}`,
      ticketStatus: "pending",
      reason: null,
    });
    // The visitor's side never carries the help desk's agent link.
    const got = await h.api<{ messages: { messageData: Record<string, unknown> }[] }>("POST", "/api/widget/get-chat", {
      body: { widgetID, visitorToken: visitor.visitorToken, chatID: asked.chatID },
    });
    expect(got.status).toBe(200);
    expect(JSON.stringify(got.body.data)).not.toContain("agent/tickets");

    // Another company's staff cannot open the chat or its ticket.
    const foreign = await inboxChat(rival.cookie, asked.chatID);
    expect(foreign.opened.status).toBe(404);
    visitor.socket.close();
  });

  it("makes one ticket when Zendesk made it but its answer was lost (the idempotency key)", async () => {
    await setHandoff(ticketByZendesk);
    const visitor = await connectVisitor(h, widgetID);
    const asked = ackData(await askQuestion(visitor.socket, "Can I change my delivery address?"));
    const before = zendesk.tickets().length;
    zendesk.loseNextTicketAnswers(1);
    ackData(await raiseTicket(visitor.socket, asked.chatID, crypto.randomUUID(), "lost@mail.example"));
    await waitForTickets();
    const made = zendesk.tickets().slice(before);
    expect(made).toHaveLength(1);
    const { events } = await inboxChat(owner.cookie, asked.chatID);
    expect(events.map((event) => event.messageData.handoffTicket?.ticketID)).toEqual([String(made[0]?.id)]);
    visitor.socket.close();
  });

  it("waits out a 429 and then files the ticket", async () => {
    await setHandoff(ticketByZendesk);
    const visitor = await connectVisitor(h, widgetID);
    const asked = ackData(await askQuestion(visitor.socket, "Do you ship to Belgium?"));
    const before = zendesk.tickets().length;
    const requestsBefore = zendesk.requestCount();
    zendesk.failNextRequests(1, { status: 429, retryAfterSeconds: 1 });
    ackData(await raiseTicket(visitor.socket, asked.chatID, crypto.randomUUID(), "busy@mail.example"));
    await waitForTickets();
    expect(zendesk.requestCount() - requestsBefore).toBe(2);
    expect(zendesk.tickets().slice(before)).toHaveLength(1);
    const { events } = await inboxChat(owner.cookie, asked.chatID);
    expect(events[0]?.messageData.handoffTicket?.status).toBe("created");
    visitor.socket.close();
  });

  it("records a refusal for staff, and the visitor's ticket is still raised in Harbor", async () => {
    await setHandoff(ticketByZendesk);
    const visitor = await connectVisitor(h, widgetID);
    const asked = ackData(await askQuestion(visitor.socket, "Where are my gloves?"));
    const before = zendesk.tickets().length;
    zendesk.failNextRequests(1, { status: 401 });
    const raised = ackData(await raiseTicket(visitor.socket, asked.chatID, crypto.randomUUID(), "no@mail.example"));
    expect(raised.ticket?.ticketID).toBe(asked.ticketID);
    await waitForTickets();
    expect(zendesk.tickets().slice(before)).toHaveLength(0);
    const { opened, events } = await inboxChat(owner.cookie, asked.chatID);
    expect(opened.body.data.status).toBe("ticket");
    expect(events).toHaveLength(1);
    expect(events[0]?.messageData.handoffTicket).toMatchObject({ app: "zendesk", status: "failed", ticketID: null });
    expect(events[0]?.message).toBe("No ticket in Zendesk: Zendesk rejected the API token.");
    visitor.socket.close();
  });
});

describe("handoff tickets in Gorgias", () => {
  it("files a chat whose visitor asks for a person, after a 503, with its messages", async () => {
    await setHandoff((handoff) => {
      handoff.channels.ticket.isActive = false;
      handoff.channels.agent = { ...handoff.channels.agent, isActive: true, appType: "gorgias" };
    });
    const visitor = await connectVisitor(h, widgetID);
    const asked = ackData(await askQuestion(visitor.socket, "My order arrived broken, who can help?"));
    await emitWithAck(visitor.socket, "add-event", {
      event: "PRE_CHAT_FORM",
      chatID: asked.chatID,
      clientMessageID: crypto.randomUUID(),
      customer: { name: "Noor", email: "noor@mail.example" },
    });
    const before = gorgias.tickets().length;
    gorgias.failNextRequests(1, { status: 503, retryAfterSeconds: 0 });
    const needHelp = { event: "NEED_HELP", chatID: asked.chatID, clientMessageID: crypto.randomUUID() };
    ackData(await emitWithAck(visitor.socket, "add-event", needHelp));
    ackData(await emitWithAck(visitor.socket, "add-event", needHelp));
    await waitForTickets();

    const made = gorgias.tickets().slice(before);
    expect(made).toHaveLength(1);
    const ticket = made[0];
    expect(ticket?.customer.email).toBe("noor@mail.example");
    expect(ticket?.messages[0]).toMatchObject({
      from_agent: false,
      sender: { email: "noor@mail.example" },
      body_text: "My order arrived broken, who can help?",
    });
    expect(ticket?.messages.at(-1)?.body_text).toContain("Summary:");
    const { events } = await inboxChat(owner.cookie, asked.chatID);
    expect(events[0]?.messageData.handoffTicket).toMatchObject({
      app: "gorgias",
      status: "created",
      ticketID: String(ticket?.id),
      url: `https://acme.gorgias.com/app/ticket/${ticket?.id}`,
    });
    visitor.socket.close();
  });

  it("tells staff when there is no e-mail address to file the chat under", async () => {
    await setHandoff((handoff) => {
      handoff.channels.ticket.isActive = false;
      handoff.channels.agent = { ...handoff.channels.agent, isActive: true, appType: "gorgias" };
    });
    const visitor = await connectVisitor(h, widgetID);
    const asked = ackData(await askQuestion(visitor.socket, "Is anyone there?"));
    const before = gorgias.tickets().length;
    ackData(
      await emitWithAck(visitor.socket, "add-event", {
        event: "NEED_HELP",
        chatID: asked.chatID,
        clientMessageID: crypto.randomUUID(),
      }),
    );
    await waitForTickets();
    expect(gorgias.tickets().slice(before)).toHaveLength(0);
    const { events } = await inboxChat(owner.cookie, asked.chatID);
    expect(events[0]?.messageData.handoffTicket).toMatchObject({ app: "gorgias", status: "skipped" });
    expect(events[0]?.message).toBe("No ticket in Gorgias: the visitor left no e-mail address to file it under.");
    visitor.socket.close();
  });
});

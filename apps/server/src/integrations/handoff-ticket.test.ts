import { afterEach, describe, expect, it } from "vitest";
import { createGorgiasClient } from "./gorgias/gorgias.client";
import { type FakeGorgias, startFakeGorgias } from "./gorgias/gorgias.fake-server";
import { gorgiasHandoffTicket, type HandoffInput, type HandoffLine, zendeskHandoffTicket } from "./handoff-ticket";
import { createZendeskClient } from "./zendesk/zendesk.client";
import { type FakeZendesk, startFakeZendesk } from "./zendesk/zendesk.fake-server";

const started: (FakeZendesk | FakeGorgias)[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((fake) => fake.close()));
});

const line = (
  senderRole: HandoffLine["senderRole"],
  text: string,
  minute: number,
  extra: Partial<HandoffLine> = {},
) => ({
  senderRole,
  text,
  timestamp: new Date(Date.UTC(2026, 10, 28, 9, minute)).toISOString(),
  ...extra,
});

const chat: HandoffInput = {
  customer: { email: "ana@example.com", name: "Ana Lee" },
  summary: "Order #1001 has had no tracking scan since Monday; the customer wants it resent.",
  harborTicketId: "#1042",
  chatUrl: "https://harbor.example.com/inbox?chatID=abc",
  status: "open",
  lines: [
    line("customer", "Where is my order <#1001>?", 1),
    line("ai", "It shipped on Monday with DHL.", 2),
    line("agent", "Checking with the carrier now.", 3, { senderName: "Bo", messageType: "agent_reply" }),
    line("agent", "VIP customer, be generous", 4, { senderName: "Bo", messageType: "internal_note" }),
    line("customer", "Thanks!\nPlease hurry.", 5),
  ],
};

describe("handoff tickets", () => {
  it("Zendesk: one internal HTML comment, summary then transcript, escaped, notes left out", () => {
    const ticket = zendeskHandoffTicket(chat);
    expect(ticket.subject).toBe("Chat handoff #1042: Where is my order <#1001>?");
    expect(ticket.isPublic).toBe(false);
    expect(ticket.status).toBe("open");
    expect(ticket.requester).toEqual({ email: "ana@example.com", name: "Ana Lee" });
    expect(ticket.htmlBody.indexOf("Summary")).toBeLessThan(ticket.htmlBody.indexOf("Transcript"));
    expect(ticket.htmlBody).toContain(
      "<strong>Customer</strong> (2026-11-28 09:01 UTC): Where is my order &lt;#1001&gt;?",
    );
    expect(ticket.htmlBody).toContain("<strong>Bo</strong> (2026-11-28 09:03 UTC): Checking with the carrier now.");
    expect(ticket.htmlBody).toContain("Thanks!<br>Please hurry.");
    expect(ticket.htmlBody).not.toContain("VIP customer");
    expect(ticket.htmlBody).toContain('<a href="https://harbor.example.com/inbox?chatID=abc">');
  });

  it("Zendesk: a long chat keeps its newest lines under the comment limit and says how many were left out", () => {
    const long = Array.from({ length: 400 }, (_, index) => line("customer", `${index} ${"x".repeat(300)}`, index % 60));
    const ticket = zendeskHandoffTicket({ ...chat, lines: long });
    expect(ticket.htmlBody.length).toBeLessThanOrEqual(60_000);
    expect(ticket.htmlBody).toContain(" 399 xxx");
    const leftOut = Number(/<em>(\d+) earlier messages left out/.exec(ticket.htmlBody)?.[1]);
    expect(leftOut).toBeGreaterThan(0);
    expect(ticket.htmlBody).not.toContain(`(2026-11-28 09:00 UTC): 0 x`);
  });

  it("Gorgias: the chat's messages from the right side, the summary last, notes left out", () => {
    const ticket = gorgiasHandoffTicket(chat);
    expect(ticket.messages).toEqual([
      { bodyText: "Where is my order <#1001>?", isFromAgent: false },
      { bodyText: "AI agent: It shipped on Monday with DHL.", isFromAgent: true },
      { bodyText: "Bo: Checking with the carrier now.", isFromAgent: true },
      { bodyText: "Thanks!\nPlease hurry.", isFromAgent: false },
      {
        bodyText: `Summary: ${chat.summary}\nChat in Harbor: https://harbor.example.com/inbox?chatID=abc`,
        isFromAgent: true,
      },
    ]);
  });

  it("both are accepted by the vendors' fakes as the clients send them", async () => {
    const zendesk = await startFakeZendesk({ token: "t", articles: [], macros: [] });
    const gorgias = await startFakeGorgias({ domain: "acme", email: "owner@acme.example", apiKey: "k" });
    started.push(zendesk, gorgias);
    const zendeskTicket = await createZendeskClient({
      baseUrl: zendesk.url,
      auth: { type: "bearer", token: "t" },
    }).createTicket(zendeskHandoffTicket(chat));
    expect(zendeskTicket.status).toBe("open");
    expect(zendesk.tickets()[0]).toMatchObject({ tags: ["harbor", "harbor-handoff"], comment: { public: false } });
    const gorgiasTicket = await createGorgiasClient({
      baseUrl: gorgias.url,
      email: "owner@acme.example",
      apiKey: "k",
    }).createTicket(gorgiasHandoffTicket(chat));
    expect(gorgiasTicket.subject).toBe("Chat handoff #1042: Where is my order <#1001>?");
    expect(gorgias.tickets()[0]?.messages.map((message) => message.from_agent)).toEqual([
      false,
      true,
      true,
      false,
      true,
    ]);
  });
});

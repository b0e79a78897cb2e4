import { afterEach, describe, expect, it } from "vitest";
import { IntegrationError } from "../integration-error";
import { createVirtualClock } from "../virtual-clock";
import { createGorgiasClient, normalizeGorgiasDomain } from "./gorgias.client";
import { type FakeGorgias, type FakeGorgiasOptions, startFakeGorgias } from "./gorgias.fake-server";

const EMAIL = "owner@acme.example";
const KEY = "gorgias-key";
let fake: FakeGorgias | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup(options: Partial<FakeGorgiasOptions> = {}, apiKey = KEY) {
  const clock = createVirtualClock();
  fake = await startFakeGorgias({ domain: "acme", email: EMAIL, apiKey: KEY, now: clock.now, ...options });
  const client = createGorgiasClient({ baseUrl: fake.url, email: EMAIL, apiKey, sleep: clock.sleep });
  return { fake, client, clock };
}

async function failureOf(promise: Promise<unknown>): Promise<IntegrationError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(IntegrationError);
  return error as IntegrationError;
}

const handoff = {
  subject: "Chat handoff: where is order #1001?",
  customer: { email: "ana@example.com", name: "Ana Lee" },
  messages: [
    { bodyText: "Where is my order #1001?", isFromAgent: false },
    { bodyText: "Summary: the parcel shows no scan since Monday.", bodyHtml: "<p>Summary</p>", isFromAgent: true },
  ],
  tags: ["harbor"],
};

describe("Gorgias client against the fake", () => {
  it("creates a ticket with its messages, each with channel, via, sender and from_agent", async () => {
    const { client, fake } = await setup();
    const ticket = await client.createTicket(handoff);
    expect(ticket).toMatchObject({
      id: 1,
      status: "open",
      subject: handoff.subject,
      customer: { email: "ana@example.com" },
    });
    const [stored] = fake.tickets();
    expect(stored?.tags).toEqual([{ name: "harbor" }]);
    expect(stored?.messages).toEqual([
      {
        channel: "api",
        via: "api",
        from_agent: false,
        sender: { email: "ana@example.com" },
        body_text: "Where is my order #1001?",
        body_html: null,
      },
      {
        channel: "api",
        via: "api",
        from_agent: true,
        sender: { email: EMAIL },
        body_text: "Summary: the parcel shows no scan since Monday.",
        body_html: "<p>Summary</p>",
      },
    ]);
  });

  it("refuses a ticket without messages before asking Gorgias", async () => {
    const { client, fake } = await setup();
    await expect(client.createTicket({ ...handoff, messages: [] })).rejects.toThrow(RangeError);
    expect(fake.requestCount()).toBe(0);
  });

  it("pages through tickets newest first by cursor", async () => {
    const { client, fake } = await setup();
    for (let i = 1; i <= 25; i++) fake.addTicket({ subject: `Ticket ${i}`, customerEmail: "ana@example.com" });
    const sizes: number[] = [];
    const ids: number[] = [];
    for await (const page of client.iterateTickets({ pageSize: 10 })) {
      sizes.push(page.length);
      ids.push(...page.map((ticket) => ticket.id));
    }
    expect(sizes).toEqual([10, 10, 5]);
    expect(ids).toEqual(Array.from({ length: 25 }, (_, index) => 25 - index));
    expect(fake.requestCount()).toBe(3);
  });

  it("checks the credentials against the account", async () => {
    const { client } = await setup();
    expect(await client.verifyCredentials()).toEqual({ domain: "acme" });
  });

  it("refuses a wrong key as 'auth' without retrying", async () => {
    const { client, fake } = await setup({}, "wrong");
    const error = await failureOf(client.verifyCredentials());
    expect(error).toMatchObject({ kind: "auth", status: 401, vendorMessage: "Unauthorized: wrong e-mail or API key" });
    expect(error.message).toBe("Gorgias rejected the API key.");
    expect(fake.requestCount()).toBe(1);
  });

  it("carries Gorgias's validation body (msg and field data) in a typed error", async () => {
    const { client: good } = await setup();
    // A customer address that is not one: Gorgias answers 400 naming the message's sender.
    const invalid = await failureOf(good.createTicket({ ...handoff, customer: { email: "nobody" } }));
    expect(invalid).toMatchObject({ kind: "invalid", status: 400 });
    expect(invalid.vendorMessage).toBe(
      "Failed to validate the request.; messages.0.sender: A sender e-mail is required.",
    );
  });

  it("waits out a 429 as long as Retry-after says, then succeeds, without creating the ticket twice", async () => {
    const { client, clock, fake } = await setup();
    fake.failNextRequests(2, { status: 429, retryAfterSeconds: 4 });
    expect((await client.createTicket(handoff)).id).toBe(1);
    expect(clock.waits).toEqual([4000, 4000]);
    expect(fake.tickets()).toHaveLength(1);
  });

  it("is held to its call limit by the fake, reported in X-Gorgias-Account-Api-Call-Limit", async () => {
    const { client, clock, fake } = await setup({ callLimit: 2, windowMs: 20_000 });
    for (let i = 0; i < 3; i++) await client.verifyCredentials();
    expect(clock.waits).toEqual([20_000]);
    const answer = await fetch(`${fake.url}/api/account`, {
      headers: { authorization: `Basic ${Buffer.from(`${EMAIL}:${KEY}`).toString("base64")}` },
    });
    expect(answer.headers.get("x-gorgias-account-api-call-limit")).toBe("2/2");
  });

  it("sends the key only to a *.gorgias.com host named in the form", () => {
    expect(normalizeGorgiasDomain(" https://Acme.gorgias.com/app ")).toBe("acme");
    expect(() => normalizeGorgiasDomain("evil.example/x")).toThrow(RangeError);
  });
});

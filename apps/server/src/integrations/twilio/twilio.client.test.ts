import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IntegrationError } from "../integration-error";
import { createTwilioClient } from "./twilio.client";
import { type FakeTwilio, startFakeTwilio } from "./twilio.fake-server";

const ACCOUNT = "AC0123456789abcdef0123456789abcdef";
const TOKEN = "twilio-auth-token-for-tests";
const FROM = "+15005550006";
const SERVICE = "MG0123456789abcdef0123456789abcdef";

let twilio: FakeTwilio;

beforeAll(async () => {
  twilio = await startFakeTwilio({ accountSid: ACCOUNT, authToken: TOKEN, senders: [FROM, SERVICE] });
});
afterAll(async () => {
  await twilio?.close();
});

const client = (overrides: { authToken?: string; from?: string } = {}) =>
  createTwilioClient({ accountSid: ACCOUNT, authToken: TOKEN, from: FROM, baseUrl: twilio.url, ...overrides });

async function failureOf(promise: Promise<unknown>): Promise<IntegrationError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(IntegrationError);
  return error as IntegrationError;
}

describe("Twilio client", () => {
  it("sends a text from the account's number and reads the Message resource Twilio answers", async () => {
    const sent = await client().sendMessage({ to: "+31612345678", body: "Your code: 123456" });
    expect(sent.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(sent.status).toBe("queued");
    expect(twilio.receivedBy("+31612345678").at(-1)).toEqual({
      sid: sent.sid,
      to: "+31612345678",
      from: FROM,
      body: "Your code: 123456",
    });
  });

  it("sends through a Messaging Service when the sender is one (MG…)", async () => {
    const sent = await client({ from: SERVICE }).sendMessage({ to: "+972501234567", body: "שלום" });
    expect(sent.status).toBe("accepted");
    expect(twilio.receivedBy("+972501234567").at(-1)?.from).toBe(SERVICE);
  });

  it("reports a wrong Auth Token as an auth failure, sending nothing", async () => {
    const before = twilio.received().length;
    const error = await failureOf(client({ authToken: "wrong" }).sendMessage({ to: "+31612345678", body: "x" }));
    expect(error.kind).toBe("auth");
    expect(error.status).toBe(401);
    expect(error.message).toBe("Twilio rejected the Account SID and Auth Token.");
    expect(error.vendorMessage).toBe("Authenticate");
    expect(twilio.received().length).toBe(before);
  });

  it("reports a number Twilio cannot text as an invalid request, with Twilio's own words", async () => {
    const error = await failureOf(client().sendMessage({ to: "0612345678", body: "x" }));
    expect(error.kind).toBe("invalid");
    expect(error.status).toBe(400);
    expect(error.vendorMessage).toBe("Invalid 'To' Phone Number: 0612345678");
  });

  it("reports Twilio's 429 as rate limited, without sending twice", async () => {
    twilio.failNextRequests(1, { status: 429 });
    const before = twilio.received().length;
    const error = await failureOf(client().sendMessage({ to: "+31612345678", body: "x" }));
    expect(error.kind).toBe("rate_limited");
    expect(error.status).toBe(429);
    expect(error.vendorMessage).toBe("Too Many Requests");
    expect(twilio.received().length).toBe(before);
  });
});

import { type FakeHttpServer, type FakeRequest, type FakeResponse, startFakeHttpServer } from "../fake-http-server";

export interface FakeTwilioOptions {
  accountSid: string;
  authToken: string;
  /** The account's own numbers (`From`) and Messaging Services (`MessagingServiceSid`). */
  senders: string[];
  /** Messages a second per account before 429 (the fake's stand-in for Twilio's queue limits). */
  messagesPerSecond?: number;
  now?: () => number;
}

/** A message the fake accepted, as a test reads it ("the phone received"). */
export interface ReceivedSms {
  sid: string;
  to: string;
  from: string;
  body: string;
}

export interface FakeTwilio extends FakeHttpServer {
  received(): ReceivedSms[];
  /** The messages to one number. */
  receivedBy(to: string): ReceivedSms[];
}

/** Twilio's error body: `{code, message, more_info, status}`. */
const twilioError = (status: number, code: number, message: string): FakeResponse => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * A fake Twilio Programmable Messaging API on loopback: HTTP Basic auth with the Account SID and
 * Auth Token, `POST /2010-04-01/Accounts/{sid}/Messages.json` taking a form with `To`, `From` or
 * `MessagingServiceSid` and `Body`, answering 201 with the Message resource, and Twilio's error
 * bodies and codes (20003 auth, 21211 invalid To, 21602 no Body, 21604 no To, 21606/21659 unknown
 * sender, 20429 too many requests).
 */
export async function startFakeTwilio(options: FakeTwilioOptions): Promise<FakeTwilio> {
  const { accountSid, authToken, senders, messagesPerSecond = 10, now = Date.now } = options;
  const messages: ReceivedSms[] = [];
  let window = { startedAt: now(), count: 0 };

  function handle(request: FakeRequest): FakeResponse {
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
    if (request.headers.authorization !== expected) return twilioError(401, 20003, "Authenticate");
    if (request.url.pathname !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
      return twilioError(404, 20404, `The requested resource ${request.url.pathname} was not found`);
    }
    if (request.method !== "POST") return twilioError(405, 20004, "Method not allowed");
    if (!String(request.headers["content-type"]).startsWith("application/x-www-form-urlencoded")) {
      return twilioError(400, 21604, "A 'To' phone number is required.");
    }
    if (now() - window.startedAt >= 1000) window = { startedAt: now(), count: 0 };
    window.count++;
    if (window.count > messagesPerSecond) return twilioError(429, 20429, "Too Many Requests");

    const form = new URLSearchParams(request.body);
    const to = form.get("To") ?? "";
    const body = form.get("Body") ?? "";
    const from = form.get("From") ?? form.get("MessagingServiceSid") ?? "";
    if (to === "") return twilioError(400, 21604, "A 'To' phone number is required.");
    if (!E164.test(to)) return twilioError(400, 21211, `Invalid 'To' Phone Number: ${to}`);
    if (from === "") return twilioError(400, 21603, "A 'From' phone number is required.");
    if (!senders.includes(from)) {
      return form.has("MessagingServiceSid")
        ? twilioError(400, 21705, "The Messaging Service Sid is invalid.")
        : twilioError(400, 21659, `${from} is not a Twilio phone number or Short Code country mismatch`);
    }
    if (body.trim() === "") return twilioError(400, 21602, "Message body is required.");
    if (body.length > 1600)
      return twilioError(400, 21617, "The concatenated message body exceeds the 1600 character limit.");

    const sid = `SM${crypto.randomUUID().replace(/-/g, "")}`;
    messages.push({ sid, to, from, body });
    const created = new Date(now()).toUTCString().replace("GMT", "+0000");
    return {
      status: 201,
      body: {
        sid,
        account_sid: accountSid,
        to,
        from: form.has("From") ? from : null,
        messaging_service_sid: form.get("MessagingServiceSid"),
        body,
        status: form.has("MessagingServiceSid") ? "accepted" : "queued",
        num_segments: "1",
        num_media: "0",
        direction: "outbound-api",
        api_version: "2010-04-01",
        price: null,
        price_unit: "USD",
        error_code: null,
        error_message: null,
        date_created: created,
        date_updated: created,
        date_sent: null,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
        subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
      },
    };
  }

  const server = await startFakeHttpServer({
    handle,
    failureBody: (status) => {
      if (status === 401) return twilioError(401, 20003, "Authenticate").body;
      if (status === 429) return twilioError(429, 20429, "Too Many Requests").body;
      return twilioError(status, 20500, "Internal Server Error").body;
    },
  });
  return {
    ...server,
    received: () => [...messages],
    receivedBy: (to) => messages.filter((message) => message.to === to),
  };
}

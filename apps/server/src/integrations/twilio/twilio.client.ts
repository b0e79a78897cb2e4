import { z } from "zod";
import { createHttpClient } from "../http-client";
import type { VendorLabel } from "../integration-error";

const TWILIO: VendorLabel = { name: "Twilio", credential: "Account SID and Auth Token" };
const DEFAULT_BASE_URL = "https://api.twilio.com";

/** The part of Twilio's Message resource Harbor reads (the answer to a send, HTTP 201). */
const messageSchema = z.object({
  sid: z.string(),
  status: z.string(),
  to: z.string(),
  error_code: z.number().nullish(),
});

export type TwilioMessage = z.infer<typeof messageSchema>;

export interface TwilioClientOptions {
  accountSid: string;
  authToken: string;
  /**
   * The sender: a Twilio phone number in E.164 (`From`), or a Messaging Service (`MG…`, sent as
   * `MessagingServiceSid`, which picks the number itself).
   */
  from: string;
  /** Overrides https://api.twilio.com (the fake's URL in tests). */
  baseUrl?: string;
  timeoutMs?: number;
  /**
   * Retries after the first attempt. A send is not idempotent, so only answers Twilio says it did
   * not process (429, 503) are retried; a visitor waiting on a code gets none by default.
   */
  maxRetries?: number;
  fetch?: typeof globalThis.fetch;
  sleep?: (ms: number) => Promise<void>;
}

export interface TwilioClient {
  /** Sends a text message; throws IntegrationError (auth, invalid number, rate limited, …). */
  sendMessage(message: { to: string; body: string }): Promise<TwilioMessage>;
}

/** Twilio's Programmable Messaging API: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded. */
export function createTwilioClient(options: TwilioClientOptions): TwilioClient {
  const basic = Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64");
  const http = createHttpClient({
    vendor: TWILIO,
    baseUrl: options.baseUrl ?? DEFAULT_BASE_URL,
    headers: { authorization: `Basic ${basic}` },
    timeoutMs: options.timeoutMs ?? 10_000,
    maxRetries: options.maxRetries ?? 0,
    fetch: options.fetch,
    sleep: options.sleep,
  });
  const sender: Record<string, string> = options.from.startsWith("MG")
    ? { MessagingServiceSid: options.from }
    : { From: options.from };

  return {
    sendMessage: ({ to, body }) =>
      http.request({
        method: "POST",
        path: `/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`,
        form: { To: to, ...sender, Body: body },
        schema: messageSchema,
      }),
  };
}

import { z } from "zod";
import { createHttpClient } from "../http-client";
import type { VendorLabel } from "../integration-error";

const GORGIAS: VendorLabel = { name: "Gorgias", credential: "API key" };
/** Gorgias pages at most 100 items. */
const MAX_PAGE_SIZE = 100;

const ticketSchema = z.object({
  id: z.number(),
  uri: z.string().nullish(),
  subject: z.string().nullish(),
  status: z.string(),
  channel: z.string().nullish(),
  created_datetime: z.string().nullish(),
  customer: z.object({ id: z.number().nullish(), email: z.string().nullish() }).passthrough().nullish(),
});

/** A ticket, in Gorgias's own field names (what Harbor reads of it). */
export type GorgiasTicket = z.infer<typeof ticketSchema>;

const ticketsPageSchema = z.object({
  data: z.array(ticketSchema),
  meta: z.object({ next_cursor: z.string().nullish(), prev_cursor: z.string().nullish() }),
});

const accountSchema = z.object({ domain: z.string() }).passthrough();

export interface GorgiasMessage {
  /** Plain text of the message; Gorgias shows it when there is no HTML. */
  bodyText: string;
  bodyHtml?: string;
  /** True for what the shop (or Harbor's AI, speaking for it) wrote; false for the customer. */
  isFromAgent: boolean;
}

export interface NewGorgiasTicket {
  subject: string;
  customer: { email: string; name?: string };
  /** At least one; oldest first. */
  messages: GorgiasMessage[];
  tags?: string[];
  status?: "open" | "closed";
}

export interface GorgiasClientOptions {
  /** `acme` or `acme.gorgias.com`. */
  domain?: string;
  /** Overrides `https://{domain}.gorgias.com` (the fake's URL in tests). */
  baseUrl?: string;
  email: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  sleep?: (ms: number) => Promise<void>;
}

export interface GorgiasClient {
  createTicket(ticket: NewGorgiasTicket): Promise<GorgiasTicket>;
  /** Pages of tickets, newest first, by cursor (optionally one customer's). */
  iterateTickets(options?: { customerId?: number; pageSize?: number }): AsyncGenerator<GorgiasTicket[]>;
  /** Cheapest authenticated call: proves the e-mail and key work (used before saving them). */
  verifyCredentials(): Promise<{ domain: string }>;
}

export function createGorgiasClient(options: GorgiasClientOptions): GorgiasClient {
  const http = createHttpClient({
    vendor: GORGIAS,
    baseUrl: options.baseUrl ?? `https://${normalizeGorgiasDomain(options.domain)}.gorgias.com`,
    headers: { authorization: `Basic ${Buffer.from(`${options.email}:${options.apiKey}`).toString("base64")}` },
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    sleep: options.sleep,
  });

  async function createTicket(ticket: NewGorgiasTicket): Promise<GorgiasTicket> {
    if (ticket.messages.length === 0) throw new RangeError("A ticket needs at least one message.");
    const customer = { email: ticket.customer.email, ...(ticket.customer.name ? { name: ticket.customer.name } : {}) };
    return http.request({
      method: "POST",
      path: "/api/tickets",
      body: {
        subject: ticket.subject,
        channel: "api",
        via: "api",
        status: ticket.status ?? "open",
        customer,
        tags: (ticket.tags ?? []).map((name) => ({ name })),
        messages: ticket.messages.map((message) => ({
          channel: "api",
          via: "api",
          from_agent: message.isFromAgent,
          // Gorgias wants a sender on each message; the customer's, or the account's own for agent lines.
          sender: message.isFromAgent ? { email: options.email } : { email: customer.email },
          body_text: message.bodyText,
          ...(message.bodyHtml ? { body_html: message.bodyHtml } : {}),
        })),
      },
      schema: ticketSchema,
    });
  }

  async function* iterateTickets({
    customerId,
    pageSize = 30,
  }: {
    customerId?: number;
    pageSize?: number;
  } = {}): AsyncGenerator<GorgiasTicket[]> {
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
      throw new RangeError(`pageSize must be 1–${MAX_PAGE_SIZE}`);
    }
    let cursor: string | undefined;
    do {
      const page = await http.request({
        method: "GET",
        path: "/api/tickets",
        query: { limit: pageSize, cursor, customer_id: customerId, order_by: "created_datetime:desc" },
        schema: ticketsPageSchema,
      });
      if (page.data.length > 0) yield page.data;
      cursor = page.meta.next_cursor ?? undefined;
    } while (cursor);
  }

  async function verifyCredentials(): Promise<{ domain: string }> {
    const account = await http.request({ method: "GET", path: "/api/account", schema: accountSchema });
    return { domain: account.domain };
  }

  return { createTicket, iterateTickets, verifyCredentials };
}

/** Only `*.gorgias.com` hosts get the key: the domain comes from a form. */
export function normalizeGorgiasDomain(domain: string | undefined): string {
  const name = (domain ?? "")
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/\/.*$/, "")
    .replace(/\.gorgias\.com$/, "");
  if (/^[a-z0-9][a-z0-9-]*$/.test(name)) return name;
  throw new RangeError(`Not a Gorgias domain: "${domain ?? ""}"`);
}

import { type FakeHttpServer, type FakeRequest, type FakeResponse, startFakeHttpServer } from "../fake-http-server";

export interface FakeGorgiasOptions {
  domain: string;
  email: string;
  apiKey: string;
  /** Gorgias: 40 requests per 20 seconds per account. */
  callLimit?: number;
  windowMs?: number;
  now?: () => number;
}

/** A ticket as the fake keeps it: what was sent, plus what Gorgias adds. */
export interface FakeGorgiasTicket {
  id: number;
  uri: string;
  subject: string | null;
  status: string;
  channel: string;
  via: string;
  created_datetime: string;
  customer: { id: number; email: string; name: string | null };
  tags: { name: string }[];
  messages: {
    channel: string;
    via: string;
    from_agent: boolean;
    sender: { email: string };
    body_text: string | null;
    body_html: string | null;
  }[];
}

export interface FakeGorgias extends FakeHttpServer {
  tickets(): FakeGorgiasTicket[];
  addTicket(ticket: Pick<FakeGorgiasTicket, "subject"> & { customerEmail: string }): FakeGorgiasTicket;
}

const CHANNELS = new Set(["api", "chat", "email", "contact_form", "help-center", "sms", "phone"]);
const VIAS = new Set(["api", "chat", "email", "contact_form", "helpdesk", "form", "sms", "phone"]);
const MAX_PAGE_SIZE = 100;

/**
 * A fake Gorgias REST API on loopback: Basic auth (e-mail + API key), the account, tickets with
 * messages (validated as Gorgias does, its `{error:{msg, data}}` body on failure), cursor pages,
 * and the account call limit reported in `X-Gorgias-Account-Api-Call-Limit` with 429 beyond it.
 */
export async function startFakeGorgias(options: FakeGorgiasOptions): Promise<FakeGorgias> {
  const { domain, email, apiKey, callLimit = 40, windowMs = 20_000, now = Date.now } = options;
  const authorization = `Basic ${Buffer.from(`${email}:${apiKey}`).toString("base64")}`;
  const tickets: FakeGorgiasTicket[] = [];
  const customers = new Map<string, { id: number; email: string; name: string | null }>();
  let nextId = 1;
  let window = { startedAt: now(), count: 0 };

  function customerFor(address: string, name: string | null) {
    const key = address.toLowerCase();
    const existing = customers.get(key);
    if (existing) return existing;
    const created = { id: 500 + customers.size, email: address, name };
    customers.set(key, created);
    return created;
  }

  function store(ticket: Omit<FakeGorgiasTicket, "id" | "uri" | "created_datetime">): FakeGorgiasTicket {
    const id = nextId++;
    const saved = {
      ...ticket,
      id,
      uri: `/api/tickets/${id}/`,
      created_datetime: new Date(now() + id).toISOString(),
    };
    tickets.push(saved);
    return saved;
  }

  function handle(request: FakeRequest): FakeResponse {
    if (request.headers.authorization !== authorization) {
      return { status: 401, body: { error: { msg: "Unauthorized: wrong e-mail or API key" } } };
    }
    const { pathname, searchParams } = request.url;
    if (request.method === "GET" && pathname === "/api/account") {
      return { status: 200, body: { domain, status: { status: "active" }, created_datetime: "2024-01-01T00:00:00Z" } };
    }
    if (request.method === "POST" && pathname === "/api/tickets") return createTicket(request.body);
    if (request.method === "GET" && pathname === "/api/tickets") return listTickets(searchParams);
    return { status: 404, body: { error: { msg: "Resource not found" } } };
  }

  function createTicket(text: string): FakeResponse {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return invalid({ _schema: ["Invalid input type."] });
    }
    const messages = Array.isArray(body.messages) ? (body.messages as Record<string, unknown>[]) : [];
    if (messages.length === 0) return invalid({ messages: ["Shorter than minimum length 1."] });
    const problems: Record<string, Record<string, string[]>> = {};
    messages.forEach((message, index) => {
      const issues: Record<string, string[]> = {};
      if (!CHANNELS.has(String(message.channel))) issues.channel = ["Must be one of the ticket channels."];
      if (!VIAS.has(String(message.via))) issues.via = ["Must be one of the message vias."];
      if (typeof message.from_agent !== "boolean") issues.from_agent = ["Field may not be null."];
      const sender = message.sender as { email?: unknown } | undefined;
      if (typeof sender?.email !== "string" || !sender.email.includes("@"))
        issues.sender = ["A sender e-mail is required."];
      if (typeof message.body_text !== "string" && typeof message.body_html !== "string") {
        issues.body_text = ["body_text or body_html is required."];
      }
      if (Object.keys(issues).length > 0) problems[String(index)] = issues;
    });
    if (Object.keys(problems).length > 0) return invalid({ messages: problems });
    const customer = body.customer as { email?: unknown; name?: unknown } | undefined;
    const customerEmail =
      typeof customer?.email === "string"
        ? customer.email
        : String(
            (messages.find((message) => message.from_agent === false)?.sender as { email: string } | undefined)
              ?.email ?? "",
          );
    const saved = store({
      subject: typeof body.subject === "string" ? body.subject : null,
      status: body.status === "closed" ? "closed" : "open",
      channel: String(body.channel ?? "api"),
      via: String(body.via ?? "api"),
      customer: customerFor(customerEmail, typeof customer?.name === "string" ? customer.name : null),
      tags: Array.isArray(body.tags) ? (body.tags as { name: string }[]) : [],
      messages: messages.map((message) => ({
        channel: String(message.channel),
        via: String(message.via),
        from_agent: message.from_agent === true,
        sender: { email: String((message.sender as { email: string }).email) },
        body_text: typeof message.body_text === "string" ? message.body_text : null,
        body_html: typeof message.body_html === "string" ? message.body_html : null,
      })),
    });
    return { status: 201, body: saved };
  }

  function listTickets(params: URLSearchParams): FakeResponse {
    const limit = Number(params.get("limit") ?? 30);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
      return invalid({ limit: [`Must be greater than or equal to 1 and less than or equal to ${MAX_PAGE_SIZE}.`] });
    }
    const customerId = params.get("customer_id");
    const newestFirst = [...tickets]
      .filter((ticket) => customerId === null || String(ticket.customer.id) === customerId)
      .sort((a, b) => b.id - a.id);
    const cursor = params.get("cursor");
    const beforeId = cursor ? Number(Buffer.from(cursor, "base64url").toString("utf8")) : Number.POSITIVE_INFINITY;
    if (Number.isNaN(beforeId)) return invalid({ cursor: ["Invalid cursor."] });
    const remaining = newestFirst.filter((ticket) => ticket.id < beforeId);
    const page = remaining.slice(0, limit);
    const last = page.at(-1);
    return {
      status: 200,
      body: {
        data: page,
        object: "list",
        uri: "/api/tickets",
        meta: {
          next_cursor:
            remaining.length > page.length && last ? Buffer.from(String(last.id)).toString("base64url") : null,
          prev_cursor: null,
        },
      },
    };
  }

  const server = await startFakeHttpServer({
    handle: (request) => {
      if (now() - window.startedAt >= windowMs) window = { startedAt: now(), count: 0 };
      window.count++;
      if (window.count > callLimit) {
        const seconds = Math.ceil((window.startedAt + windowMs - now()) / 1000);
        return {
          status: 429,
          headers: { "retry-after": String(seconds) },
          body: { error: { msg: "Too many requests" } },
        };
      }
      return handle(request);
    },
    failureBody: (status) =>
      status === 429 ? { error: { msg: "Too many requests" } } : { error: { msg: "Service unavailable" } },
    commonHeaders: () => ({ "x-gorgias-account-api-call-limit": `${Math.min(window.count, callLimit)}/${callLimit}` }),
  });

  return {
    ...server,
    tickets: () => tickets,
    addTicket({ subject, customerEmail }) {
      return store({
        subject,
        status: "open",
        channel: "email",
        via: "email",
        customer: customerFor(customerEmail, null),
        tags: [],
        messages: [],
      });
    },
  };
}

function invalid(data: unknown): FakeResponse {
  return { status: 400, body: { error: { msg: "Failed to validate the request.", data } } };
}

import { z } from "zod";
import { createHttpClient } from "../http-client";
import { IntegrationError, type VendorLabel } from "../integration-error";

const articleSchema = z.object({
  id: z.number(),
  html_url: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  locale: z.string(),
  section_id: z.number().nullable(),
  label_names: z.array(z.string()),
  draft: z.boolean(),
  updated_at: z.string(),
});

/** A Help Center article, in Zendesk's own field names. */
export type ZendeskArticle = z.infer<typeof articleSchema>;

const macroSchema = z.object({
  id: z.number(),
  title: z.string(),
  actions: z.array(
    z.object({
      field: z.string(),
      // `comment_value` may be a string or `["channel:all", "text"]`; other actions set numbers or flags.
      value: z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.union([z.string(), z.number()]))]),
    }),
  ),
});

export type ZendeskMacro = z.infer<typeof macroSchema>;

// Zendesk answers users/me for anyone; without valid credentials it is the anonymous user (id null).
const meSchema = z.object({
  user: z.object({
    id: z.number().nullable(),
    email: z.string().nullish(),
    name: z.string().nullish(),
    role: z.string().nullish(),
  }),
});

const ticketSchema = z.object({
  id: z.number(),
  url: z.string().nullish(),
  subject: z.string().nullish(),
  status: z.string(),
  requester_id: z.number().nullish(),
});

/** A created ticket, in Zendesk's own field names (what Harbor reads of it). */
export type ZendeskTicket = z.infer<typeof ticketSchema>;

export type ZendeskTicketStatus = "new" | "open" | "pending" | "hold" | "solved";

export interface NewZendeskTicket {
  subject: string;
  /** The first comment: a chat transcript and summary, as HTML. */
  htmlBody: string;
  /** Internal notes stay out of the requester's mail. */
  isPublic?: boolean;
  requester: { email: string; name?: string };
  status?: ZendeskTicketStatus;
  priority?: "low" | "normal" | "high" | "urgent";
  tags?: string[];
  /**
   * Zendesk's `Idempotency-Key`: a request sent again with the same key and body answers the
   * ticket the first one made instead of making another, so the create may be retried after a
   * 5xx or a timeout.
   */
  idempotencyKey?: string;
}

export type ZendeskAuth = { type: "bearer"; token: string } | { type: "basic"; email: string; apiToken: string };

export interface ZendeskClientOptions {
  /** `acme` or `acme.zendesk.com`. */
  subdomain?: string;
  /** Overrides `https://{subdomain}.zendesk.com` (the fake's URL in tests). */
  baseUrl?: string;
  auth: ZendeskAuth;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  sleep?: (ms: number) => Promise<void>;
}

export interface ZendeskClient {
  /** Pages of a locale's articles, by cursor pagination. */
  iterateArticles(options: { locale: string; pageSize?: number }): AsyncGenerator<ZendeskArticle[]>;
  /** Pages of articles changed since `startTime` (epoch seconds), by the incremental export. */
  iterateIncrementalArticles(options: { startTime: number }): AsyncGenerator<ZendeskArticle[]>;
  listActiveMacros(): Promise<ZendeskMacro[]>;
  /** Who the credentials belong to; anonymous (refused) credentials are an 'auth' error. */
  getCurrentUser(): Promise<{ id: number; email: string | null; name: string | null }>;
  createTicket(ticket: NewZendeskTicket): Promise<ZendeskTicket>;
}

/** Zendesk's cursor pagination allows at most 100 per page. */
const MAX_PAGE_SIZE = 100;

const articlesPageSchema = z.object({
  articles: z.array(articleSchema),
  meta: z.object({ has_more: z.boolean(), after_cursor: z.string().nullable() }),
});

const incrementalPageSchema = z.object({
  articles: z.array(articleSchema),
  next_page: z.string().nullish(),
  end_time: z.number().nullish(),
  end_of_stream: z.boolean().optional(),
});

// Offset pagination (`next_page`) or cursor pagination (`meta.has_more`, `links.next`): both are Zendesk's.
const macrosPageSchema = z.object({
  macros: z.array(macroSchema),
  next_page: z.string().nullish(),
  meta: z.object({ has_more: z.boolean() }).optional(),
  links: z.object({ next: z.string().nullish() }).optional(),
});

export function createZendeskClient(options: ZendeskClientOptions): ZendeskClient {
  const { auth } = options;
  const vendor: VendorLabel = { name: "Zendesk", credential: auth.type === "bearer" ? "access token" : "API token" };
  const http = createHttpClient({
    vendor,
    baseUrl: options.baseUrl ?? `https://${normalizeSubdomain(options.subdomain)}.zendesk.com`,
    headers: { authorization: authorizationHeader(auth) },
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    sleep: options.sleep,
  });

  async function* iterateArticles({
    locale,
    pageSize = MAX_PAGE_SIZE,
  }: {
    locale: string;
    pageSize?: number;
  }): AsyncGenerator<ZendeskArticle[]> {
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
      throw new RangeError(`pageSize must be 1–${MAX_PAGE_SIZE}`);
    }
    let after: string | undefined;
    do {
      const page = await http.request({
        method: "GET",
        path: `/api/v2/help_center/${encodeURIComponent(locale.toLowerCase())}/articles.json`,
        query: { "page[size]": pageSize, "page[after]": after },
        schema: articlesPageSchema,
      });
      if (page.articles.length > 0) yield page.articles;
      after = page.meta.has_more ? (page.meta.after_cursor ?? undefined) : undefined;
    } while (after);
  }

  /**
   * Zendesk's time-based export: each page names the next (`next_page`, starting at `end_time`).
   * The end shows either as `end_of_stream: true` or as no next page; both are honoured. Pages
   * overlap at `end_time`, so an article version already yielded is not yielded again.
   */
  async function* iterateIncrementalArticles({ startTime }: { startTime: number }): AsyncGenerator<ZendeskArticle[]> {
    const yielded = new Set<string>();
    let path: string | undefined = `/api/v2/help_center/incremental/articles.json?start_time=${Math.floor(startTime)}`;
    while (path) {
      const page: z.infer<typeof incrementalPageSchema> = await http.request({
        method: "GET",
        path,
        schema: incrementalPageSchema,
      });
      const fresh = page.articles.filter((article) => !yielded.has(`${article.id}@${article.updated_at}`));
      for (const article of fresh) yielded.add(`${article.id}@${article.updated_at}`);
      if (fresh.length > 0) yield fresh;

      const next: string | undefined = page.next_page ?? undefined;
      const isEnd = page.end_of_stream === true || page.articles.length === 0;
      // A next page equal to this one means more articles share one second than fit a page:
      // following it would loop forever.
      const isStuck: boolean = next !== undefined && sameRequest(next, path);
      path = isEnd || isStuck ? undefined : next;
    }
  }

  async function listActiveMacros(): Promise<ZendeskMacro[]> {
    const macros: ZendeskMacro[] = [];
    let path: string | undefined = `/api/v2/macros/active.json?per_page=${MAX_PAGE_SIZE}`;
    while (path) {
      const page: z.infer<typeof macrosPageSchema> = await http.request({
        method: "GET",
        path,
        schema: macrosPageSchema,
      });
      macros.push(...page.macros);
      path = page.next_page ?? (page.meta?.has_more ? (page.links?.next ?? undefined) : undefined);
    }
    return macros;
  }

  async function getCurrentUser() {
    const { user } = await http.request({ method: "GET", path: "/api/v2/users/me.json", schema: meSchema });
    if (user.id === null)
      throw new IntegrationError({ vendor, kind: "auth", status: 401, vendorMessage: "anonymous user" });
    return { id: user.id, email: user.email ?? null, name: user.name ?? null };
  }

  async function createTicket(ticket: NewZendeskTicket): Promise<ZendeskTicket> {
    const answer = await http.request({
      method: "POST",
      path: "/api/v2/tickets.json",
      ...(ticket.idempotencyKey ? { headers: { "idempotency-key": ticket.idempotencyKey }, isIdempotent: true } : {}),
      body: {
        ticket: {
          subject: ticket.subject,
          comment: { html_body: ticket.htmlBody, public: ticket.isPublic ?? false },
          requester: {
            email: ticket.requester.email,
            ...(ticket.requester.name ? { name: ticket.requester.name } : {}),
          },
          ...(ticket.status ? { status: ticket.status } : {}),
          ...(ticket.priority ? { priority: ticket.priority } : {}),
          ...(ticket.tags ? { tags: ticket.tags } : {}),
        },
      },
      schema: z.object({ ticket: ticketSchema }),
    });
    return answer.ticket;
  }

  return { iterateArticles, iterateIncrementalArticles, listActiveMacros, getCurrentUser, createTicket };
}

function authorizationHeader(auth: ZendeskAuth): string {
  if (auth.type === "bearer") return `Bearer ${auth.token}`;
  // Zendesk's API-token form of Basic auth: `{email}/token:{api_token}`.
  return `Basic ${Buffer.from(`${auth.email}/token:${auth.apiToken}`).toString("base64")}`;
}

/** Only `*.zendesk.com` hosts get the token: the subdomain comes from a form. */
function normalizeSubdomain(subdomain: string | undefined): string {
  const name = (subdomain ?? "")
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/\.zendesk\.com\/?$/, "");
  if (/^[a-z0-9][a-z0-9-]*$/.test(name)) return name;
  throw new RangeError(`Not a Zendesk subdomain: "${subdomain ?? ""}"`);
}

function sameRequest(next: string, current: string): boolean {
  const base = "http://compare.invalid";
  const a = new URL(next, base);
  const b = new URL(current, base);
  return a.pathname === b.pathname && a.search === b.search;
}

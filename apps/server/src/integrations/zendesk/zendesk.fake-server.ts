import { type FakeHttpServer, type FakeRequest, type FakeResponse, startFakeHttpServer } from "../fake-http-server";
import type { ZendeskArticle, ZendeskMacro } from "./zendesk.client";

export type FakeZendeskMacro = ZendeskMacro & { active?: boolean };

export interface FakeZendeskOptions {
  /** Accepted as an OAuth bearer token and as the API token in Basic `{email}/token:{token}`. */
  token: string;
  articles: ZendeskArticle[];
  macros: FakeZendeskMacro[];
  email?: string;
  /** Articles per page of the incremental export (Zendesk: 1,000). */
  incrementalPageSize?: number;
  /**
   * Zendesk's time-based exports mark the last page with `end_of_stream: true` and still give a
   * `next_page`; without this flag the fake instead ends with `next_page: null`, the other
   * reading of the docs. Clients must stop on either.
   */
  isEndOfStreamReported?: boolean;
  /** Requests per minute reported in `X-Rate-Limit`. */
  rateLimit?: number;
  /**
   * The OAuth client Zendesk knows (a global OAuth client of the app's maker). Its authorize page
   * consents at once, as an admin clicking "Allow" would, and sends the browser back with a code
   * (or, after `setConsent("deny")`, with `error=access_denied`).
   */
  oauthClient?: { clientId: string; clientSecret: string };
}

/** A ticket as the fake keeps it: the request's `ticket` plus what Zendesk adds. */
export interface FakeZendeskTicket {
  id: number;
  url: string;
  subject: string;
  status: string;
  priority: string | null;
  tags: string[];
  requester: { email: string; name: string | null };
  comment: { html_body: string; public: boolean };
}

export interface FakeZendesk extends FakeHttpServer {
  subdomain: string;
  tickets(): FakeZendeskTicket[];
  /**
   * The next `count` ticket creates are carried out but answered with a 502, as when Zendesk made
   * the ticket and the answer was lost on the way back.
   */
  loseNextTicketAnswers(count: number): void;
  setArticles(articles: ZendeskArticle[]): void;
  setMacros(macros: FakeZendeskMacro[]): void;
  /** What the admin clicks on the consent page from now on: "Allow" (the default) or "Deny". */
  setConsent(answer: "allow" | "deny"): void;
}

const MAX_PAGE_SIZE = 100;
const DEFAULT_OFFSET_PAGE_SIZE = 30;

/** A fake Zendesk (Help Center articles, incremental export, active macros) on loopback. */
export async function startFakeZendesk(options: FakeZendeskOptions): Promise<FakeZendesk> {
  const {
    token,
    email = "agent@fake-support.example",
    incrementalPageSize = 1000,
    isEndOfStreamReported = true,
    rateLimit = 700,
  } = options;
  let articles = [...options.articles].sort((a, b) => a.id - b.id);
  let macros = [...options.macros].sort((a, b) => a.id - b.id);
  const validAuthorizations = new Set([
    `Bearer ${token}`,
    `Basic ${Buffer.from(`${email}/token:${token}`).toString("base64")}`,
  ]);
  let window = { startedAt: Date.now(), count: 0 };

  const tickets: FakeZendeskTicket[] = [];
  // Zendesk keeps an idempotency key's first answer (for two hours) with the body it came with.
  const idempotentAnswers = new Map<string, { body: string; answer: FakeResponse }>();
  let answersToLose = 0;

  // Authorization codes: one use each, for the redirect URI they were given for.
  const codes = new Map<string, { redirectUri: string; scope: string }>();
  let consent: "allow" | "deny" = "allow";

  /** `GET /oauth/authorizations/new`: consent, then back to the redirect URI with `code` and `state`. */
  function authorize(url: URL): FakeResponse {
    const client = options.oauthClient;
    const redirectUri = url.searchParams.get("redirect_uri") ?? "";
    if (!client || url.searchParams.get("client_id") !== client.clientId || !redirectUri) {
      return { status: 400, body: "Invalid OAuth request: unknown client or no redirect URI." };
    }
    const back = new URL(redirectUri);
    const state = url.searchParams.get("state");
    if (state !== null) back.searchParams.set("state", state);
    if (url.searchParams.get("response_type") !== "code") {
      back.searchParams.set("error", "unsupported_response_type");
      return { status: 302, headers: { location: back.toString() } };
    }
    if (consent === "deny") {
      // RFC 6749 §4.1.2.1's refusal for a declined consent (Zendesk's own wording not confirmed).
      back.searchParams.set("error", "access_denied");
      back.searchParams.set("error_description", "The end-user or authorization server denied the request.");
      return { status: 302, headers: { location: back.toString() } };
    }
    const code = `code-${crypto.randomUUID()}`;
    codes.set(code, { redirectUri, scope: url.searchParams.get("scope") ?? "read" });
    back.searchParams.set("code", code);
    return { status: 302, headers: { location: back.toString() } };
  }

  /** `POST /oauth/tokens`: an authorization code for the token. */
  function exchangeCode(request: FakeRequest): FakeResponse {
    const client = options.oauthClient;
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(request.body) as Record<string, unknown>;
    } catch {
      return { status: 400, body: { error: "invalid_request", error_description: "The body is not JSON." } };
    }
    if (!client || body.client_id !== client.clientId || body.client_secret !== client.clientSecret) {
      return { status: 401, body: { error: "invalid_client", error_description: "Client authentication failed." } };
    }
    const grant = typeof body.code === "string" ? codes.get(body.code) : undefined;
    if (body.grant_type !== "authorization_code" || !grant || grant.redirectUri !== body.redirect_uri) {
      return {
        status: 400,
        body: { error: "invalid_grant", error_description: "The provided authorization grant is invalid." },
      };
    }
    codes.delete(body.code as string);
    return { status: 200, body: { access_token: token, token_type: "bearer", scope: grant.scope } };
  }

  function handle(request: FakeRequest): FakeResponse {
    const { pathname, searchParams } = request.url;
    if (request.method === "GET" && pathname === "/oauth/authorizations/new") return authorize(request.url);
    if (request.method === "POST" && pathname === "/oauth/tokens") return exchangeCode(request);
    const isAuthenticated = validAuthorizations.has(request.headers.authorization ?? "");
    // Zendesk answers users/me for anyone: wrong or missing credentials get the anonymous user.
    if (request.method === "GET" && pathname === "/api/v2/users/me.json") {
      return {
        status: 200,
        body: {
          user: isAuthenticated
            ? { id: 9001, email, name: "Fake Agent", role: "admin" }
            : { id: null, email: null, name: "Anonymous user", role: "end-user" },
        },
      };
    }
    if (!isAuthenticated) {
      return { status: 401, body: { error: "Couldn't authenticate you" } };
    }
    if (request.method === "POST" && pathname === "/api/v2/tickets.json") return createIdempotently(request);
    if (request.method !== "GET") return notFound();

    const articlesPath = /^\/api\/v2\/help_center\/([a-z]{2,3}(?:-[a-z0-9]+)*)\/articles\.json$/i.exec(pathname);
    if (articlesPath?.[1]) {
      const locale = articlesPath[1].toLowerCase();
      return paginate({
        key: "articles",
        items: articles.filter((article) => article.locale.toLowerCase() === locale),
        url: request.url,
      });
    }
    if (pathname === "/api/v2/help_center/incremental/articles.json") {
      return incrementalExport(request.url, Number(searchParams.get("start_time")));
    }
    if (pathname === "/api/v2/macros/active.json") {
      const active = macros.filter((macro) => macro.active !== false).map(({ active: _active, ...macro }) => macro);
      return paginate({ key: "macros", items: active, url: request.url });
    }
    return notFound();
  }

  /**
   * Zendesk's `Idempotency-Key` on ticket creation: the same key with the same body answers the
   * first answer again (`x-idempotency-lookup: hit`); with another body it is refused.
   */
  function createIdempotently(request: FakeRequest): FakeResponse {
    const key = request.headers["idempotency-key"];
    const keyText = typeof key === "string" && key !== "" ? key : null;
    const earlier = keyText ? idempotentAnswers.get(keyText) : undefined;
    if (earlier) {
      if (earlier.body !== request.body) {
        return {
          status: 400,
          body: {
            error: "IdempotentRequestError",
            description: "Request parameters do not match the original request for this idempotency key",
          },
        };
      }
      return { ...earlier.answer, headers: { ...earlier.answer.headers, "x-idempotency-lookup": "hit" } };
    }
    const answer = createTicket(request.body);
    if (keyText && answer.status < 300) idempotentAnswers.set(keyText, { body: request.body, answer });
    if (answer.status < 300 && answersToLose > 0) {
      answersToLose--;
      return { status: 502, body: { error: "BadGateway", description: "Bad gateway" } };
    }
    return keyText ? { ...answer, headers: { ...answer.headers, "x-idempotency-lookup": "miss" } } : answer;
  }

  function createTicket(text: string): FakeResponse {
    let ticket: Record<string, unknown> | undefined;
    try {
      ticket = (JSON.parse(text) as { ticket?: Record<string, unknown> }).ticket;
    } catch {
      ticket = undefined;
    }
    const comment = ticket?.comment as { html_body?: unknown; body?: unknown; public?: unknown } | undefined;
    const requester = ticket?.requester as { email?: unknown; name?: unknown } | undefined;
    const details: Record<string, { description: string; error: string }[]> = {};
    if (!comment || (typeof comment.html_body !== "string" && typeof comment.body !== "string")) {
      details.description = [{ description: "Description: cannot be blank", error: "BlankValue" }];
    }
    if (typeof requester?.email !== "string" || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(requester.email)) {
      details.requester = [{ description: "Requester: Email is not properly formatted", error: "InvalidValue" }];
    }
    const status = ticket?.status ?? "new";
    if (typeof status !== "string" || !["new", "open", "pending", "hold", "solved"].includes(status)) {
      details.status = [{ description: "Status: is not valid", error: "InvalidValue" }];
    }
    if (!ticket || Object.keys(details).length > 0) {
      return { status: 422, body: { error: "RecordInvalid", description: "Record validation errors", details } };
    }
    const id = tickets.length + 1;
    const saved: FakeZendeskTicket = {
      id,
      url: `https://fake-support.zendesk.com/api/v2/tickets/${id}.json`,
      subject: String(ticket.subject ?? ""),
      status: String(status),
      priority: typeof ticket.priority === "string" ? ticket.priority : null,
      tags: Array.isArray(ticket.tags) ? ticket.tags.map(String) : [],
      requester: { email: String(requester?.email), name: typeof requester?.name === "string" ? requester.name : null },
      comment: { html_body: String(comment?.html_body ?? comment?.body), public: comment?.public !== false },
    };
    tickets.push(saved);
    return {
      status: 201,
      body: {
        ticket: {
          id,
          url: saved.url,
          subject: saved.subject,
          status: saved.status,
          requester_id: 7000 + id,
          tags: saved.tags,
        },
        audit: { id: 50_000 + id, ticket_id: id, events: [] },
      },
    };
  }

  function incrementalExport(url: URL, startTime: number): FakeResponse {
    if (!Number.isInteger(startTime) || startTime < 0) {
      return {
        status: 400,
        body: { error: "InvalidValue", description: "start_time must be a Unix epoch time in seconds" },
      };
    }
    const changed = articles
      .map((article) => ({ article, updatedAt: Math.floor(Date.parse(article.updated_at) / 1000) }))
      .filter(({ updatedAt }) => updatedAt >= startTime)
      .sort((a, b) => a.updatedAt - b.updatedAt || a.article.id - b.article.id);
    const page = changed.slice(0, incrementalPageSize);
    const hasMore = changed.length > page.length;
    const endTime = page.at(-1)?.updatedAt ?? startTime;
    const nextUrl = new URL(url);
    nextUrl.searchParams.set("start_time", String(endTime));
    const next = nextUrl.toString();
    return {
      status: 200,
      body: {
        articles: page.map(({ article }) => article),
        count: page.length,
        end_time: endTime,
        ...(isEndOfStreamReported
          ? { next_page: next, end_of_stream: !hasMore }
          : { next_page: hasMore ? next : null }),
      },
    };
  }

  const server = await startFakeHttpServer({
    handle,
    failureBody: (status) =>
      status === 429
        ? { error: "APIRateLimitExceeded", description: "Number of allowed API requests per minute exceeded" }
        : { error: "ServiceUnavailable", description: "Zendesk is temporarily unavailable" },
    commonHeaders: () => {
      if (Date.now() - window.startedAt >= 60_000) window = { startedAt: Date.now(), count: 0 };
      window.count++;
      return {
        "x-rate-limit": String(rateLimit),
        "x-rate-limit-remaining": String(Math.max(0, rateLimit - window.count)),
      };
    },
  });

  return {
    ...server,
    subdomain: "fake-support",
    tickets: () => tickets,
    loseNextTicketAnswers(count) {
      answersToLose = count;
    },
    setArticles(list) {
      articles = [...list].sort((a, b) => a.id - b.id);
    },
    setMacros(list) {
      macros = [...list].sort((a, b) => a.id - b.id);
    },
    setConsent(answer) {
      consent = answer;
    },
  };
}

function notFound(): FakeResponse {
  return { status: 404, body: { error: "InvalidEndpoint", description: "Not found" } };
}

interface PaginateOptions<T extends { id: number }> {
  key: string;
  items: T[];
  url: URL;
}

/**
 * Zendesk's two pagination styles: cursor (`page[size]`, `page[after]` → `meta`, `links`) when
 * `page[size]` is given, offset (`page`, `per_page` → `next_page`) otherwise.
 */
function paginate<T extends { id: number }>({ key, items, url }: PaginateOptions<T>): FakeResponse {
  const cursorSize = url.searchParams.get("page[size]");
  if (cursorSize !== null) {
    const size = Number(cursorSize);
    if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
      return {
        status: 400,
        body: { error: "InvalidPaginationParameter", description: `page[size] must be between 1 and ${MAX_PAGE_SIZE}` },
      };
    }
    const after = url.searchParams.get("page[after]");
    const afterId = after ? Number(Buffer.from(after, "base64url").toString("utf8")) : Number.NEGATIVE_INFINITY;
    const remaining = items.filter((item) => item.id > afterId);
    const page = remaining.slice(0, size);
    const hasMore = remaining.length > page.length;
    const cursorOf = (item: T | undefined) => (item ? Buffer.from(String(item.id)).toString("base64url") : null);
    const afterCursor = cursorOf(page.at(-1));
    const next = new URL(url);
    if (afterCursor) next.searchParams.set("page[after]", afterCursor);
    return {
      status: 200,
      body: {
        [key]: page,
        meta: { has_more: hasMore, after_cursor: afterCursor, before_cursor: cursorOf(page[0]) },
        links: { next: hasMore ? next.toString() : null, prev: null },
      },
    };
  }

  const perPage = Math.min(
    MAX_PAGE_SIZE,
    Number(url.searchParams.get("per_page") ?? DEFAULT_OFFSET_PAGE_SIZE) || DEFAULT_OFFSET_PAGE_SIZE,
  );
  const pageNumber = Math.max(1, Number(url.searchParams.get("page") ?? 1) || 1);
  const page = items.slice((pageNumber - 1) * perPage, pageNumber * perPage);
  const linkTo = (target: number) => {
    const link = new URL(url);
    link.searchParams.set("page", String(target));
    link.searchParams.set("per_page", String(perPage));
    return link.toString();
  };
  const pageCount = Math.ceil(items.length / perPage);
  return {
    status: 200,
    body: {
      [key]: page,
      next_page: pageNumber < pageCount ? linkTo(pageNumber + 1) : null,
      previous_page: pageNumber > 1 ? linkTo(pageNumber - 1) : null,
      count: items.length,
    },
  };
}

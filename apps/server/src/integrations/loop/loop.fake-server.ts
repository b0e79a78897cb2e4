import { type FakeHttpServer, type FakeRequest, type FakeResponse, startFakeHttpServer } from "../fake-http-server";
import type { LoopReturn } from "./loop.client";

export interface FakeLoopOptions {
  apiKey: string;
  returns: LoopReturn[];
  /**
   * How the fake says an order has no return: HTTP 404, or HTTP 200 with only a message (both are
   * seen from Loop; docs/integrations.md marks it "?"). Clients must cope with either.
   */
  notFoundStyle?: "404" | "200";
  /** Requests per minute per key before 429 (Loop: 300). */
  requestsPerMinute?: number;
  now?: () => number;
}

export interface FakeLoop extends FakeHttpServer {
  setReturns(returns: LoopReturn[]): void;
}

const UNAUTHORIZED = { error: { code: "401", http_code: "GEN-UNAUTHORIZED", message: "Unauthorized." } };
const MAX_PAGE_SIZE = 750;
const MAX_RANGE_MS = 120 * 86_400_000;

/**
 * A fake Loop Returns API on loopback: `X-Authorization`, return details by order, the return
 * list with its date span rule and `nextPageUrl` pagination, 300 requests a minute, and Loop's
 * error bodies (401 `{error:{…}}`, 422 `{message, errors}`).
 */
export async function startFakeLoop(options: FakeLoopOptions): Promise<FakeLoop> {
  const { apiKey, notFoundStyle = "404", requestsPerMinute = 300, now = Date.now } = options;
  let returns = [...options.returns].sort((a, b) => a.id - b.id);
  let window = { startedAt: now(), count: 0 };

  function handle(request: FakeRequest): FakeResponse {
    if (request.headers["x-authorization"] !== apiKey) return { status: 401, body: UNAUTHORIZED };
    if (now() - window.startedAt >= 60_000) window = { startedAt: now(), count: 0 };
    window.count++;
    if (window.count > requestsPerMinute) {
      const retryAfter = Math.ceil((window.startedAt + 60_000 - now()) / 1000);
      return { status: 429, headers: { "retry-after": String(retryAfter) }, body: { message: "Too Many Attempts." } };
    }
    const { pathname, searchParams } = request.url;
    if (request.method !== "GET") return { status: 405, body: { message: "Method not allowed." } };
    if (pathname === "/api/v1/warehouse/return/details") return details(searchParams);
    if (pathname === "/api/v1/warehouse/return/list") return list(request.url);
    return { status: 404, body: { message: "Not found." } };
  }

  function details(params: URLSearchParams): FakeResponse {
    const orderName = params.get("order_name")?.replace(/^#/, "");
    const returnId = params.get("return_id");
    const orderId = params.get("order_id");
    if (!orderName && !returnId && !orderId) {
      return {
        status: 422,
        body: {
          message: "The given data was invalid.",
          errors: { order_name: ["An order_name, order_id or return_id is required."] },
        },
      };
    }
    const found = returns.filter(
      (item) =>
        (orderName && item.order_name?.replace(/^#/, "") === orderName) ||
        (returnId && String(item.id) === returnId) ||
        (orderId && String(item.order_id) === orderId),
    );
    if (found.length === 0) {
      return notFoundStyle === "404"
        ? { status: 404, body: { message: "Return not found." } }
        : { status: 200, body: { message: "Return not found." } };
    }
    return { status: 200, body: found.length === 1 ? found[0] : found };
  }

  function list(url: URL): FakeResponse {
    const params = url.searchParams;
    const from = Date.parse(`${params.get("from") ?? ""}Z`.replace(" ", "T"));
    const to = Date.parse(`${params.get("to") ?? ""}Z`.replace(" ", "T"));
    if (Number.isNaN(from) || Number.isNaN(to)) {
      return {
        status: 422,
        body: { message: "The given data was invalid.", errors: { from: ["The from field is required."] } },
      };
    }
    if (to < from || to - from > MAX_RANGE_MS) {
      return {
        status: 422,
        body: { message: "The given data was invalid.", errors: { to: ["The date range may not exceed 120 days."] } },
      };
    }
    const field = params.get("filter") === "updated_at" ? "updated_at" : "created_at";
    const state = params.get("state");
    const found = returns.filter((item) => {
      const at = Date.parse(item[field] ?? item.created_at);
      return at >= from && at <= to && (state === null || item.state === state);
    });
    if (params.get("paginate") !== "true") return { status: 200, body: found };

    const pageSize = Number(params.get("pageSize") ?? MAX_PAGE_SIZE);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
      return {
        status: 422,
        body: {
          message: "The given data was invalid.",
          errors: { pageSize: [`The page size may not be greater than ${MAX_PAGE_SIZE}.`] },
        },
      };
    }
    const page = Math.max(1, Number(params.get("page") ?? 1) || 1);
    const slice = found.slice((page - 1) * pageSize, page * pageSize);
    const linkTo = (target: number) => {
      const link = new URL(url);
      link.searchParams.set("page", String(target));
      return link.toString();
    };
    return {
      status: 200,
      body: {
        returns: slice,
        nextPageUrl: page * pageSize < found.length ? linkTo(page + 1) : null,
        previousPageUrl: page > 1 ? linkTo(page - 1) : null,
      },
    };
  }

  const server = await startFakeHttpServer({
    handle,
    failureBody: (status) => {
      if (status === 401) return UNAUTHORIZED;
      if (status === 422) {
        return { message: "The given data was invalid.", errors: { order_name: ["The order name is not valid."] } };
      }
      return status === 429 ? { message: "Too Many Attempts." } : { message: "Service Unavailable." };
    },
  });
  return {
    ...server,
    // The client's base URL includes Loop's /api/v1 prefix.
    url: `${server.url}/api/v1`,
    setReturns(list) {
      returns = [...list].sort((a, b) => a.id - b.id);
    },
  };
}

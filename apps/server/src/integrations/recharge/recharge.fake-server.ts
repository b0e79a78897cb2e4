import { type FakeHttpServer, type FakeRequest, type FakeResponse, startFakeHttpServer } from "../fake-http-server";
import type { RechargeCustomer, RechargeSubscription } from "./recharge.client";

export interface FakeRechargeOptions {
  apiKey: string;
  customers: RechargeCustomer[];
  subscriptions: RechargeSubscription[];
  /** Today in the store, `YYYY-MM-DD` (or how to tell it, for a fake that runs for days): dates before it are refused like Recharge does. */
  today?: string | (() => string);
  /** Recharge's leaky bucket: 40 requests, leaking 2 per second. */
  bucketSize?: number;
  leakPerSecond?: number;
  /** Milliseconds clock for the bucket, so a test's virtual sleep lets it drain. */
  now?: () => number;
}

export interface FakeRecharge extends FakeHttpServer {
  subscription(id: number): RechargeSubscription | undefined;
  /** Request bodies the fake accepted as writes, in order (what Recharge would have changed). */
  writes: { method: string; path: string; body: unknown }[];
}

const MAX_PAGE_SIZE = 250;
const DEFAULT_PAGE_SIZE = 50;
const INVALID_TOKEN = "A valid access token must be passed in the X-Recharge-Access-Token header";

/**
 * A fake Recharge API (2021-11) on loopback: token and version headers, customers by e-mail,
 * subscriptions with cursor pagination (a cursor refuses other filters), next-charge date and
 * frequency changes with Recharge's validation, and the leaky bucket that answers 429.
 */
export async function startFakeRecharge(options: FakeRechargeOptions): Promise<FakeRecharge> {
  const { apiKey, customers, now = Date.now } = options;
  const today = () =>
    typeof options.today === "function" ? options.today() : (options.today ?? new Date().toISOString().slice(0, 10));
  const bucketSize = options.bucketSize ?? 40;
  const leakPerSecond = options.leakPerSecond ?? 2;
  const subscriptions = new Map(options.subscriptions.map((item) => [item.id, { ...item }]));
  const writes: FakeRecharge["writes"] = [];
  let bucket = { level: 0, at: now() };

  /** One more request in the bucket; false when it would overflow. */
  function admit(): boolean {
    const current = now();
    const leaked = ((current - bucket.at) / 1000) * leakPerSecond;
    bucket = { level: Math.max(0, bucket.level - leaked), at: current };
    if (bucket.level + 1 > bucketSize) return false;
    bucket.level += 1;
    return true;
  }

  function handle(request: FakeRequest): FakeResponse {
    if (request.headers["x-recharge-access-token"] !== apiKey) return { status: 401, body: { errors: INVALID_TOKEN } };
    if (request.headers["x-recharge-version"] !== "2021-11") {
      return { status: 400, body: { errors: "Unsupported X-Recharge-Version" } };
    }
    if (!admit()) {
      // Seconds until one request's room has leaked out of the bucket.
      return {
        status: 429,
        headers: { "retry-after": String(Math.ceil(1 / leakPerSecond)) },
        body: { errors: "Too many requests" },
      };
    }
    const { pathname, searchParams } = request.url;
    if (request.method === "GET" && pathname === "/customers") {
      const email = searchParams.get("email")?.toLowerCase();
      const found = email === undefined ? customers : customers.filter((item) => item.email.toLowerCase() === email);
      return paginate("customers", found, searchParams, ["email"]);
    }
    if (request.method === "GET" && pathname === "/subscriptions") {
      return listSubscriptions(searchParams);
    }
    const nextCharge = /^\/subscriptions\/(\d+)\/set_next_charge_date$/.exec(pathname);
    if (request.method === "POST" && nextCharge?.[1]) return setNextChargeDate(Number(nextCharge[1]), request);
    const one = /^\/subscriptions\/(\d+)$/.exec(pathname);
    if (request.method === "PUT" && one?.[1]) return updateSubscription(Number(one[1]), request);
    return { status: 404, body: { errors: "Not Found" } };
  }

  function listSubscriptions(params: URLSearchParams): FakeResponse {
    const customerId = params.get("customer_id");
    const status = params.get("status");
    const found = [...subscriptions.values()].filter(
      (item) =>
        (customerId === null || String(item.customer_id) === customerId) &&
        (status === null || item.status.toLowerCase() === status.toLowerCase()),
    );
    return paginate("subscriptions", found, params, ["customer_id", "status"]);
  }

  function setNextChargeDate(id: number, request: FakeRequest): FakeResponse {
    const subscription = subscriptions.get(id);
    if (!subscription) return { status: 404, body: { errors: "Not Found" } };
    const body = parseBody(request.body);
    const date = typeof body?.date === "string" ? body.date : "";
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return { status: 422, body: { errors: { date: ["Invalid date format"] } } };
    if (date < today()) return { status: 422, body: { errors: { date: ["Date must be in the future"] } } };
    subscription.next_charge_scheduled_at = date;
    writes.push({ method: "POST", path: request.url.pathname, body });
    return { status: 200, body: { subscription } };
  }

  function updateSubscription(id: number, request: FakeRequest): FakeResponse {
    const subscription = subscriptions.get(id);
    if (!subscription) return { status: 404, body: { errors: "Not Found" } };
    const body = parseBody(request.body) ?? {};
    const interval = ["order_interval_unit", "order_interval_frequency", "charge_interval_frequency"] as const;
    const given = interval.filter((field) => body[field] !== undefined);
    if (given.length > 0 && given.length < interval.length) {
      return {
        status: 422,
        body: {
          errors: {
            order_interval_unit: [
              "order_interval_unit, order_interval_frequency and charge_interval_frequency must be updated together",
            ],
          },
        },
      };
    }
    if (given.length === interval.length) {
      const unit = body.order_interval_unit;
      const frequency = Number(body.order_interval_frequency);
      if (unit !== "day" && unit !== "week" && unit !== "month") {
        return { status: 422, body: { errors: { order_interval_unit: ["must be one of day, week, month"] } } };
      }
      if (!Number.isInteger(frequency) || frequency < 1) {
        return { status: 422, body: { errors: { order_interval_frequency: ["must be a positive integer"] } } };
      }
      subscription.order_interval_unit = unit;
      subscription.order_interval_frequency = frequency;
      subscription.charge_interval_frequency = Number(body.charge_interval_frequency);
    }
    writes.push({ method: "PUT", path: request.url.pathname, body });
    return { status: 200, body: { subscription } };
  }

  const server = await startFakeHttpServer({
    handle,
    failureBody: (status) =>
      status === 429 ? { errors: "Too many requests" } : { errors: "Service temporarily unavailable" },
  });
  return { ...server, writes, subscription: (id) => subscriptions.get(id) };
}

/**
 * Recharge's cursor pagination: a page names the next by an opaque cursor, and a request that
 * carries a cursor may not carry the first request's filters.
 */
function paginate<T extends { id: number }>(
  key: string,
  items: T[],
  params: URLSearchParams,
  filters: string[],
): FakeResponse {
  const limit = Number(params.get("limit") ?? DEFAULT_PAGE_SIZE);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    return { status: 422, body: { errors: { limit: [`must be between 1 and ${MAX_PAGE_SIZE}`] } } };
  }
  const cursor = params.get("cursor");
  let afterId = Number.NEGATIVE_INFINITY;
  let filtered = items;
  if (cursor !== null) {
    if (filters.some((name) => params.has(name))) {
      return { status: 422, body: { errors: "Cursor cannot be combined with other filters" } };
    }
    const decoded = decodeCursor(cursor);
    if (!decoded) return { status: 422, body: { errors: { cursor: ["is invalid"] } } };
    afterId = decoded.afterId;
    // The cursor carries the first request's filters, as Recharge's opaque cursors do.
    filtered = items.filter((item) => decoded.ids.includes(item.id));
  }
  const sorted = [...filtered].sort((a, b) => a.id - b.id);
  const remaining = sorted.filter((item) => item.id > afterId);
  const page = remaining.slice(0, limit);
  const last = page.at(-1);
  const hasMore = remaining.length > page.length;
  return {
    status: 200,
    body: {
      next_cursor: hasMore && last ? encodeCursor({ afterId: last.id, ids: sorted.map((item) => item.id) }) : null,
      previous_cursor: null,
      [key]: page,
    },
  };
}

function encodeCursor(cursor: { afterId: number; ids: number[] }): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeCursor(cursor: string): { afterId: number; ids: number[] } | null {
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { afterId?: unknown; ids?: unknown };
    if (typeof value.afterId !== "number" || !Array.isArray(value.ids)) return null;
    return { afterId: value.afterId, ids: value.ids.filter((id): id is number => typeof id === "number") };
  } catch {
    return null;
  }
}

function parseBody(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

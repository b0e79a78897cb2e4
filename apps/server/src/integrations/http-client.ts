import type { z } from "zod";
import { IntegrationError, type IntegrationErrorKind, type VendorLabel } from "./integration-error";
import { parseVendorAnswer } from "./parse-vendor-answer";
import { extractVendorMessage } from "./vendor-message";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type QueryValue = string | number | boolean | undefined;

export interface HttpClientOptions {
  vendor: VendorLabel;
  baseUrl: string;
  headers: Record<string, string>;
  timeoutMs?: number;
  /** Retries after the first attempt. */
  maxRetries?: number;
  fetch?: typeof globalThis.fetch;
  sleep?: (ms: number) => Promise<void>;
  /**
   * How long a vendor's error body says to wait when it sends no Retry-After header (Shopify
   * reports its leaky bucket in the body of a throttled answer).
   */
  retryDelayFromBody?: (body: unknown) => number | undefined;
}

export interface HttpRequest {
  method: HttpMethod;
  /** A path under the base URL, or an absolute URL on the same origin (a vendor's "next page" link). */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Fields sent form-encoded instead of a JSON body (vendors such as Twilio take only forms). */
  form?: Record<string, string>;
  /**
   * Whether sending this twice is harmless. Defaults to true for GET/PUT/DELETE; a POST that only
   * reads (a GraphQL query) should say so. Non-idempotent requests are retried only when the
   * vendor said it did not process them (429, 503).
   */
  isIdempotent?: boolean;
  /** Headers of this request only (a vendor's idempotency key). */
  headers?: Record<string, string>;
}

export interface HttpClient {
  request<T>(request: HttpRequest & { schema: z.ZodType<T> }): Promise<T>;
  request(request: HttpRequest): Promise<unknown>;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_RETRIES = 4;
const BACKOFF_BASE_MS = 500;
/** No single wait longer than this: a sync job would rather fail and run again later. */
const MAX_WAIT_MS = 30_000;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The shared client core: JSON over HTTP with timeouts, retries and typed errors. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const {
    vendor,
    headers,
    timeoutMs = DEFAULT_TIMEOUT_MS,
    maxRetries = DEFAULT_MAX_RETRIES,
    fetch = globalThis.fetch,
    sleep = realSleep,
    retryDelayFromBody,
  } = options;
  const baseUrl = new URL(options.baseUrl);

  async function attempt(request: HttpRequest, url: URL): Promise<AttemptResult> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: request.method,
        headers: {
          accept: "application/json",
          ...(request.body === undefined ? {} : { "content-type": "application/json" }),
          ...(request.form === undefined ? {} : { "content-type": "application/x-www-form-urlencoded" }),
          ...headers,
          ...request.headers,
        },
        body: bodyOf(request),
        // A redirect would carry vendor headers (tokens) to wherever it points; APIs don't redirect.
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
      // Read inside the try: the timeout also covers a body that never finishes.
      text = await response.text();
    } catch (error) {
      const kind = isTimeout(error) ? "timeout" : "network";
      return { isOk: false, error: new IntegrationError({ vendor, kind, cause: error }), isRetryable: true };
    }

    const body = parseJson(text);
    if (response.ok) {
      if (body === invalidJson) {
        const error = new IntegrationError({
          vendor,
          kind: "unavailable",
          status: response.status,
          vendorMessage: extractVendorMessage(text),
        });
        return { isOk: false, error, isRetryable: false };
      }
      return { isOk: true, body };
    }

    const errorBody = body === invalidJson ? text : body;
    const error = new IntegrationError({
      vendor,
      kind: kindForStatus(response.status),
      status: response.status,
      vendorMessage: extractVendorMessage(errorBody),
    });
    return {
      isOk: false,
      error,
      isRetryable: isRetryableStatus(response.status),
      isNotProcessed: response.status === 429 || response.status === 503,
      waitMs: parseRetryAfterMs(response.headers.get("retry-after")) ?? retryDelayFromBody?.(errorBody),
    };
  }

  function request<T>(request: HttpRequest & { schema: z.ZodType<T> }): Promise<T>;
  function request(request: HttpRequest): Promise<unknown>;
  async function request(request: HttpRequest & { schema?: z.ZodType<unknown> }): Promise<unknown> {
    const url = resolveUrl(baseUrl, request);
    const isIdempotent = request.isIdempotent ?? request.method !== "POST";
    for (let retry = 0; ; retry++) {
      const result = await attempt(request, url);
      if (result.isOk) {
        return request.schema ? parseVendorAnswer({ vendor, schema: request.schema, body: result.body }) : result.body;
      }

      const canRetry = result.isRetryable && (isIdempotent || result.isNotProcessed === true);
      if (!canRetry || retry >= maxRetries) throw result.error;
      await sleep(Math.min(result.waitMs ?? backoffMs(retry), MAX_WAIT_MS));
    }
  }

  return { request };
}

type AttemptResult =
  | { isOk: true; body: unknown }
  | { isOk: false; error: IntegrationError; isRetryable: boolean; isNotProcessed?: boolean; waitMs?: number };

const invalidJson = Symbol("invalid JSON");

function bodyOf(request: HttpRequest): string | undefined {
  if (request.form !== undefined) return new URLSearchParams(request.form).toString();
  return request.body === undefined ? undefined : JSON.stringify(request.body);
}

function parseJson(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return invalidJson;
  }
}

function resolveUrl(baseUrl: URL, { path, query }: HttpRequest): URL {
  const isAbsolute = /^https?:\/\//i.test(path);
  const url = isAbsolute ? new URL(path) : new URL(`${baseUrl.pathname.replace(/\/$/, "")}${path}`, baseUrl);
  // Links come from the vendor's answers; never send its credentials anywhere else.
  if (url.origin !== baseUrl.origin) throw new Error(`Refusing to follow a link off ${baseUrl.origin}: ${url.origin}`);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url;
}

function kindForStatus(status: number): IntegrationErrorKind {
  if (status === 401 || status === 403) return "auth";
  if (status === 404) return "not_found";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "unavailable";
  return "invalid";
}

function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 500 || status === 502 || status === 503 || status === 504;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === "TimeoutError";
}

/** Retry-After is seconds (Shopify sends "2.0") or an HTTP date. */
function parseRetryAfterMs(header: string | null): number | undefined {
  if (header === null || header.trim() === "") return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds >= 0 ? Math.ceil(seconds * 1000) : undefined;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Exponential backoff with "equal jitter": half fixed, half random, so clients don't retry in step. */
function backoffMs(retry: number): number {
  const ceiling = Math.min(BACKOFF_BASE_MS * 2 ** retry, MAX_WAIT_MS);
  return Math.ceil(ceiling / 2 + Math.random() * (ceiling / 2));
}

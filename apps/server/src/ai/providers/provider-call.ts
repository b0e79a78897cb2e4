import { APICallError } from "ai";
import { ProviderError } from "./llm-provider";

/** How hard one provider call tries before it gives up. Every remote provider takes these. */
export type ProviderCallPolicy = {
  /** The whole call: every attempt and every wait between attempts. */
  timeoutMs?: number;
  /** Retries after the first attempt. */
  maxRetries?: number;
  /** The first backoff wait; it doubles each retry. Tests make it tiny. */
  retryBaseDelayMs?: number;
  /** Injectable so tests can assert the waits (see integrations/virtual-clock.ts). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
};

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_RETRY_BASE_DELAY_MS = 1_000;
/** Vendor messages are for logs; an HTML error page must not flood them. */
const MAX_VENDOR_MESSAGE_LENGTH = 300;

export type ProviderCallOptions<T> = {
  /** "openai gpt-4o-mini": names the call in errors. */
  label: string;
  /** Cut out of every error message, whatever the vendor echoes back. */
  secret: string;
  policy: ProviderCallPolicy;
  callerSignal?: AbortSignal;
  /** One attempt; it must stop when `signal` aborts. */
  attempt: (signal: AbortSignal) => Promise<T>;
  /**
   * Whether a failed attempt may be repeated. A stream that already handed text to its reader
   * can't be: the reader would see the answer twice.
   */
  canRetry?: () => boolean;
};

/**
 * Runs one provider call with our own retries instead of the SDK's (which we switch off with
 * `maxRetries: 0`): the SDK honours Retry-After too, but its first backoff is a fixed 2 s and it
 * knows nothing of our overall deadline. One deadline covers the whole call, so a caller waiting
 * on an answer is never held longer than `timeoutMs`, retries included.
 */
export async function callProvider<T>(options: ProviderCallOptions<T>): Promise<T> {
  const { label, secret, policy, callerSignal, attempt, canRetry = () => true } = options;
  const timeoutMs = policy.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRetries = policy.maxRetries ?? DEFAULT_MAX_RETRIES;
  const baseDelayMs = policy.retryBaseDelayMs ?? DEFAULT_RETRY_BASE_DELAY_MS;
  const sleep = policy.sleep ?? abortableSleep;

  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, deadline]) : deadline;
  const fail = (error: unknown) =>
    failure({ error, label, secret, timeoutMs, isTimedOut: deadline.aborted, isCancelled: !!callerSignal?.aborted });

  for (let retry = 0; ; retry++) {
    try {
      signal.throwIfAborted();
      return await attempt(signal);
    } catch (error) {
      if (signal.aborted || !isRetryable(error) || !canRetry() || retry >= maxRetries) throw fail(error);
      try {
        await sleep(retryAfterMs(error) ?? backoffMs(baseDelayMs, retry), signal);
      } catch (sleepError) {
        throw fail(sleepError);
      }
    }
  }
}

/** 408/409/429/5xx and network failures, as the SDK classifies them on `APICallError`. */
function isRetryable(error: unknown): boolean {
  return APICallError.isInstance(error) && error.isRetryable;
}

/** `retry-after-ms` (OpenAI) or `retry-after` in seconds or as an HTTP date. */
function retryAfterMs(error: unknown): number | undefined {
  if (!APICallError.isInstance(error)) return undefined;
  const headers = error.responseHeaders ?? {};
  const milliseconds = Number(headers["retry-after-ms"]);
  if (headers["retry-after-ms"] && Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const header = headers["retry-after"]?.trim();
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds >= 0 ? Math.ceil(seconds * 1000) : undefined;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Exponential backoff with "equal jitter": half fixed, half random, so clients don't retry in step. */
function backoffMs(baseDelayMs: number, retry: number): number {
  const ceiling = baseDelayMs * 2 ** retry;
  return Math.ceil(ceiling / 2 + Math.random() * (ceiling / 2));
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

function failure(options: {
  error: unknown;
  label: string;
  secret: string;
  timeoutMs: number;
  isTimedOut: boolean;
  isCancelled: boolean;
}): ProviderError {
  const { error, label, secret, timeoutMs, isTimedOut, isCancelled } = options;
  if (error instanceof ProviderError) return error;
  let reason: string;
  if (isCancelled) reason = "cancelled by the caller";
  else if (isTimedOut) reason = `no answer within ${timeoutMs} ms`;
  else if (APICallError.isInstance(error) && error.statusCode !== undefined) {
    reason = `HTTP ${error.statusCode}: ${clip(error.message)}`;
  } else reason = clip(error instanceof Error ? error.message : String(error));
  return new ProviderError(redact(`${label} failed: ${reason}`, secret), { cause: error });
}

function clip(text: string): string {
  return text.length > MAX_VENDOR_MESSAGE_LENGTH ? `${text.slice(0, MAX_VENDOR_MESSAGE_LENGTH)}…` : text;
}

/** Vendors echo keys back in auth errors; our message goes to logs and must never carry one. */
export function redact(text: string, secret: string): string {
  return secret.length >= 4 ? text.split(secret).join("[redacted]") : text;
}
